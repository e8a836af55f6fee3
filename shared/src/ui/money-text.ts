/*
 * Amounts as people type and read them: '1,500', '1 500' (a space, no-break or narrow no-break space, as phones
 * and spreadsheets group) and '1500.50' all mean the exact decimal text '1500.50' the schemas and the API take;
 * that text is shown grouped, '1,500.50'. Pure text work: no float ever touches an amount.
 */

/** What groups thousands: a comma, or any space (U+0020, no-break U+00A0, thin U+2009, narrow no-break U+202F). */
const SEPARATOR = '[,\\u0020\\u00a0\\u2009\\u202f]';
/** Digits, grouped by threes after a first group of one to three, with an optional decimal part. */
const GROUPED = new RegExp(`^(\\d{1,3}(?:${SEPARATOR}\\d{3})+)(\\.\\d*)?$`);
const SEPARATORS = new RegExp(SEPARATOR, 'g');
const PLAIN = /^\d+(\.\d+)?$/;

/**
 * The plain decimal text of an amount as typed: '1,500.50', '1 500.50' -> '1500.50'; '1500' stays. Surrounding
 * spaces go. Text that is not an amount grouped by threes ('abc', '1,50', '12.3.4') comes back as typed, for the
 * schema to say what is wrong with it.
 */
export function moneyValue(typed: string): string {
  // `trim` removes every Unicode space (no-break and narrow ones too).
  const text = typed.trim();
  const grouped = GROUPED.exec(text);
  if (grouped) return (grouped[1] ?? '').replace(SEPARATORS, '') + (grouped[2] ?? '');
  return /^\d+(\.\d*)?$/.test(text) ? text : typed;
}

/** An amount's plain decimal text grouped by thousands: '1500.50' -> '1,500.50'. Anything else as it is. */
export function groupedMoney(value: string): string {
  if (!PLAIN.test(value)) return value;
  const [whole = '', decimals] = value.split('.');
  const groupedWhole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals === undefined ? groupedWhole : `${groupedWhole}.${decimals}`;
}
