import type { ContactImportRow } from '@ushirika/shared/contract';
import { messagesFor } from '@ushirika/shared/i18n';
import { createIntl } from 'react-intl';
import * as messages from '../messages';
import { rowMessages } from './row-messages';

const intl = (locale: 'en' | 'fr') => createIntl({ locale, messages: { ...messagesFor(locale), ...messages[locale] } });

const row: Pick<ContactImportRow, 'messages'> = { messages: ['Name must be at least 2 characters', 'Last name is required'] };

describe('rowMessages', () => {
  it("shows the form's English messages as they came", () => {
    expect(rowMessages(intl('en'), row)).toEqual(row.messages);
  });

  it("translates the form's messages the catalogues know (the kit's and the area's)", () => {
    expect(rowMessages(intl('fr'), row)).toEqual(['Le nom doit comporter au moins 2 caractères', 'Le nom est obligatoire']);
  });

  it('leaves a text no catalogue knows in English, and a row without messages empty', () => {
    expect(rowMessages(intl('fr'), { messages: ['Something new'] })).toEqual(['Something new']);
    expect(rowMessages(intl('fr'), {})).toEqual([]);
  });
});
