import type { ContactImportRow } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import type { IntlShape } from 'react-intl';

/**
 * A row's messages in the user's language: the contact form's messages (an error row) are English catalogue ids,
 * translated by the catalogues that hold the form's texts (the area's, the kit's); a text no catalogue knows
 * (a server note written later than the catalogues) is shown as it came, in English.
 */
export function rowMessages(intl: IntlShape, row: Pick<ContactImportRow, 'messages'>): string[] {
  return (row.messages ?? []).map((message) => translateText(intl, message));
}
