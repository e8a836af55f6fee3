import { GENDER_LABELS, type Member } from '@ushirika/shared/contract';
import { CSV_BYTE_ORDER_MARK, csvLines } from '../../http/csv';

/** What an exported row needs: a contacts list row without the id and partner. */
export type ExportedContact = Pick<Member, 'firstName' | 'lastName' | 'gender' | 'phone' | 'email' | 'residence' | 'createdAt'>;

/**
 * The export's columns. Their headers are ones the import recognises, so an exported file can be
 * edited and imported again ('Date Added' is ignored on import).
 */
const COLUMNS: ReadonlyArray<{ header: string; value: (contact: ExportedContact) => string }> = [
  { header: 'First Name', value: (contact) => contact.firstName },
  { header: 'Last Name', value: (contact) => contact.lastName },
  { header: 'Gender', value: (contact) => GENDER_LABELS[contact.gender] },
  { header: 'Mobile', value: (contact) => contact.phone },
  { header: 'Email', value: (contact) => contact.email },
  { header: 'Residence', value: (contact) => contact.residence },
  { header: 'Date Added', value: (contact) => contact.createdAt },
];

/**
 * Contacts as CSV text, written by the one CSV writer (http/csv.ts: RFC 4180, CRLF line ends, cells quoted
 * when needed). Text a spreadsheet would run as a formula, at the start of a cell or after a separator inside
 * it, gets an apostrophe (and quotes), so a spreadsheet shows it as text whatever separator it splits on:
 * contact fields are typed by outside people. E.164 mobiles start with + and so are written as '+254…; the
 * import takes the leading apostrophe back.
 *
 * With `header` (the default) the text starts with the byte-order mark and the header row; without
 * it, only the rows, so a large export can be written in batches: the first with the header,
 * the next ones without. Every row, the last too, ends with CRLF.
 */
export function contactsToCsv(contacts: readonly ExportedContact[], { header = true }: { header?: boolean } = {}): string {
  const table = contacts.map((contact) => COLUMNS.map((column) => column.value(contact)));
  if (header) table.unshift(COLUMNS.map((column) => column.header));
  if (table.length === 0) return '';
  return (header ? CSV_BYTE_ORDER_MARK : '') + csvLines(table);
}
