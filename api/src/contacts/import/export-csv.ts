import { CONTACT_EXPORT_COLUMNS, GENDER_LABELS, type ContactImportField, type Gender } from '@ushirika/shared/contract';
import { CSV_BYTE_ORDER_MARK, csvLines } from '../../http/csv';

/** An exported contact: every field a file row has, as the API shows it ('' for none; household key, name and role). */
export type ExportedContact = Record<ContactImportField, string>;

/** A cell as the export writes it: gender spelled out (the import reads the words back); every other field as it is. */
const cellOf = (contact: ExportedContact, field: ContactImportField): string => (field === 'gender' ? (GENDER_LABELS[contact.gender as Gender] ?? '') : contact[field]);

/**
 * Contacts as CSV text, in CONTACT_EXPORT_COLUMNS (every field the import knows, under headers its dictionary
 * reads back: an exported file imports with every row unchanged). Dates are YYYY-MM-DD, statuses and household
 * roles their codes, the household its key (`H-<id>` for one made here).
 *
 * Written by the one CSV writer (http/csv.ts: RFC 4180, CRLF line ends, cells quoted when needed). Text a
 * spreadsheet would run as a formula, at the start of a cell or after a separator inside it, gets an apostrophe
 * (and quotes), so a spreadsheet shows it as text whatever separator it splits on: contact fields are typed by
 * outside people. E.164 mobiles start with + and so are written as '+254…; the import takes the leading
 * apostrophe back.
 *
 * With `header` (the default) the text starts with the byte-order mark and the header row; without it, only the
 * rows, so a large export can be written in batches: the first with the header, the next ones without. Every
 * row, the last too, ends with CRLF.
 */
export function contactsToCsv(contacts: readonly ExportedContact[], { header = true }: { header?: boolean } = {}): string {
  const table = contacts.map((contact) => CONTACT_EXPORT_COLUMNS.map(([, field]) => cellOf(contact, field)));
  if (header) table.unshift(CONTACT_EXPORT_COLUMNS.map(([title]) => title));
  if (table.length === 0) return '';
  return (header ? CSV_BYTE_ORDER_MARK : '') + csvLines(table);
}
