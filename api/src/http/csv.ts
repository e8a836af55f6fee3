import { FORMULA_DEFUSER, FORMULA_TRIGGER } from '../contacts/import/cell-text';

/*
 * The one CSV writer of every download (the contacts export, account statements): RFC 4180, comma-separated,
 * CRLF after every row, UTF-8 with a byte-order mark (Excel reads a CSV file as UTF-8 only with one).
 *
 * Spreadsheet formula injection (OWASP "CSV injection"): text typed by people (a contact's name, a payee, a
 * reference) must never reach a spreadsheet as a formula, whichever separator the spreadsheet splits on. A
 * spreadsheet set to `;` (or tab) does not split on our commas, and it honours a quote only at the start of
 * what it sees as a field, so our quoting protects nothing inside a line it reads that way: `x;=1+1` written
 * bare, or even quoted, becomes the cells `…x` and `=1+1…` there. So:
 *
 * - a cell that starts like a formula (`=` `+` `-` `@`, tab, CR) gets a leading apostrophe, as before;
 * - inside a cell, wherever a separator a spreadsheet may use (`,` `;` tab) or a line break is followed by
 *   such a character or by a quote, an apostrophe goes between them: there another reading starts a new
 *   cell, and that cell must start as text too (`x;=1+1` is written `"x;'=1+1"`);
 * - a cell holding `,` `;` a quote, a tab, a line break, the byte-order mark or an edge space, and every
 *   defused cell, is quoted, quotes doubled.
 *
 * The apostrophe is shown by the spreadsheet (it is text, not Excel's typed-in prefix); the contacts import
 * takes back the leading one (cell-text.ts), so an exported file imports unchanged unless a cell had a
 * formula after a separator, which then keeps its apostrophe: hostile text stays defused.
 */

/** A separator (`,` `;` tab) or line break inside a cell, followed by what would start a formula (or a quote) in a new cell. */
const FIELD_START_INSIDE = /([,;\t\r\n])(?=[=+\-@\t\r"])/g;
/** What makes a cell need quotes: every separator a spreadsheet may use, quotes, line breaks, the BOM, edge spaces. */
const NEEDS_QUOTES = /[",;\t\r\n\uFEFF]|^ | $/;
/** An amount as the database writes it (numeric::text): written bare, so a spreadsheet reads a number, negative ones too. */
const AMOUNT = /^-?\d+(\.\d+)?$/;

export const CSV_BYTE_ORDER_MARK = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/** `text` as a spreadsheet must read it: with an apostrophe wherever a cell could start as a formula (see above). */
export function defusedText(text: string): string {
  const inside = text.replace(FIELD_START_INSIDE, `$1${FORMULA_DEFUSER}`);
  return FORMULA_TRIGGER.test(inside) ? FORMULA_DEFUSER + inside : inside;
}

/** One text cell: defused, and quoted when it needs to be (or was defused). */
export function csvCell(text: string): string {
  const cell = defusedText(text);
  return cell !== text || NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** A cell of a CSV table: text, an exact decimal amount (written as a number), or empty. */
export type CsvValue = string | { amount: string } | null;

function csvValue(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return csvCell(value);
  // Only a plain decimal goes out bare; anything else is text and defused like text.
  return AMOUNT.test(value.amount) ? value.amount : csvCell(value.amount);
}

/** Rows as CSV lines, every one (the last too) ending with CRLF; no rows, no text. Rows may differ in length. */
export function csvLines(rows: ReadonlyArray<readonly CsvValue[]>): string {
  return rows.map((row) => row.map(csvValue).join(',') + CSV_LINE_END).join('');
}
