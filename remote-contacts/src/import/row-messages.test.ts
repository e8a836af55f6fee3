import type { ContactImportRow } from '@ushirika/shared/contract';
import { messagesFor } from '@ushirika/shared/i18n';
import { createIntl } from 'react-intl';
import * as messages from '../messages';
import { rowMessages } from './row-messages';

const intl = (locale: 'en' | 'fr') => createIntl({ locale, messages: { ...messagesFor(locale), ...messages[locale] } });

const row: ContactImportRow = {
  line: 7,
  input: { gender: 'F', firstName: 'Jane', lastName: 'W', mobile: '0712345678', residence: 'Nakuru', email: '' },
  errors: ['Name must be at least 2 characters', 'Duplicate of line 4 (same mobile number)'],
  status: 'invalid',
  duplicateOfLine: 4,
};

describe('rowMessages', () => {
  it("shows the server's English messages as they came", () => {
    expect(rowMessages(intl('en'), row)).toEqual(row.errors);
  });

  it('translates the schema messages and rebuilds the duplicate note from its line number', () => {
    expect(rowMessages(intl('fr'), row)).toEqual(['Le nom doit comporter au moins 2 caractères', 'Doublon de la ligne 4 (même numéro de mobile)']);
  });

  it('leaves a text no catalogue knows in English', () => {
    expect(rowMessages(intl('fr'), { ...row, errors: ['Something new'], duplicateOfLine: undefined })).toEqual(['Something new']);
  });
});
