import type { ContactImportRow } from '@ushirika/shared/contract';
import { messagesFor, translateText } from '@ushirika/shared/i18n';
import { createIntl, type IntlShape } from 'react-intl';
import * as messages from '../messages';

const DUPLICATE_OF_LINE = 'contacts.import.duplicateOfLine';

/** The English catalogue, to recognise the server's English duplicate note ('Duplicate of line 4 (same mobile number)'). */
const english = createIntl({ locale: 'en', messages: { ...messagesFor('en'), ...messages.en } });

/**
 * A problem row's messages in the user's language. The schema's messages and the server's notes
 * are catalogue ids; the duplicate-of-line note carries a number, so it is rebuilt from
 * `duplicateOfLine` as the contract asks.
 */
export function rowMessages(intl: IntlShape, row: ContactImportRow): string[] {
  const line = row.duplicateOfLine;
  const note = line === undefined ? undefined : english.formatMessage({ id: DUPLICATE_OF_LINE }, { line });
  return row.errors.map((message) => (message === note ? intl.formatMessage({ id: DUPLICATE_OF_LINE }, { line }) : translateText(intl, message)));
}
