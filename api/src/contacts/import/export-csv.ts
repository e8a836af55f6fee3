import Papa from 'papaparse';
import { GENDER_LABELS, type Member } from '@ushirika/shared/contract';
import { FORMULA_TRIGGER } from './cell-text';

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

/** Excel opens a CSV file as UTF-8 only when it starts with a byte-order mark. */
const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';

/**
 * Contacts as CSV text (RFC 4180: comma-separated, CRLF line ends, cells quoted when needed).
 * A cell that starts like a formula (= + - @, tab, CR) gets a leading apostrophe (and quotes), so a
 * spreadsheet shows it as text instead of running it: contact fields are typed by outside people.
 * E.164 mobiles start with + and so are written as '+254…; the import takes the apostrophe back.
 *
 * With `header` (the default) the text starts with the byte-order mark and the header row; without
 * it, only the rows, so a large export can be written in batches: the first with the header,
 * the next ones without. Every row, the last too, ends with CRLF.
 */
export function contactsToCsv(contacts: readonly ExportedContact[], { header = true }: { header?: boolean } = {}): string {
  const table = contacts.map((contact) => COLUMNS.map((column) => column.value(contact)));
  if (header) table.unshift(COLUMNS.map((column) => column.header));
  if (table.length === 0) return '';
  // Our own trigger pattern: papaparse's default (/^[=+\-@\t\r].*$/) misses a formula followed by a line break.
  const lines = Papa.unparse(table, { newline: LINE_END, escapeFormulae: FORMULA_TRIGGER });
  return (header ? BYTE_ORDER_MARK : '') + lines + LINE_END;
}
