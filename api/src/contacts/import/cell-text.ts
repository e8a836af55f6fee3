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
 */
export function cellText(value: unknown): string {
  const text = rawText(value).trim();
  return DEFUSED.test(text) ? text.slice(FORMULA_DEFUSER.length).trim() : text;
}

/** Spreadsheet cells can be numbers, booleans or dates; a contact field is text. */
function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}
