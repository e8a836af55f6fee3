import { MAX_CELL_CHARS } from './limits';

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): `=` `+` `-`
 * `@`, and tab and carriage return, which some spreadsheets skip before looking for them.
 */
export const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/** What our export puts in front of such a cell so that it stays text. */
export const FORMULA_DEFUSER = "'";

const DEFUSED = /^'[=+\-@\t\r]/;

/**
 * The text of one imported cell: trimmed, and without the apostrophe our export adds in front of
 * formula-like text, so an exported file imports back unchanged (`'+254712345678` is a mobile).
 * Cut to MAX_CELL_CHARS: no field takes that much, so a longer cell still fails its field's check,
 * while what is validated, compared and echoed in a preview stays small.
 */
export function cellText(value: unknown): string {
  const text = rawText(value).trim();
  const cell = DEFUSED.test(text) ? text.slice(FORMULA_DEFUSER.length).trim() : text;
  return cell.length > MAX_CELL_CHARS ? cell.slice(0, MAX_CELL_CHARS) : cell;
}

/**
 * A Date of any realm: the sheet reader's dates come from a worker thread, and under jest the test's realm has a
 * Date of its own, so `instanceof Date` is false for them there.
 */
const isDate = (value: unknown): value is Date => Object.prototype.toString.call(value) === '[object Date]';

/** Spreadsheet cells can be numbers, booleans or dates (YYYY-MM-DD, the day Excel's date cell names); a contact field is text. */
function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (isDate(value)) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/**
 * A cell's text cut to `max` characters (with an ellipsis), to quote it in a message or a preview: the
 * file's own limits allow a cell of megabytes, which no answer should echo whole.
 */
export function shortened(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
