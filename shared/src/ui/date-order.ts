/*
 * The order a partner writes a date in, whatever the interface language or the browser's locale: day first
 * (dd/mm/yyyy) in East Africa and most of the world, month first (mm/dd/yyyy) only in the United States. Date
 * boxes show and read dates in that order; their value stays YYYY-MM-DD, what the schemas and the API take.
 */

/** Day, month, year ('dmy', 05/01/2026 is 5 January) or month, day, year ('mdy', 01/05/2026 is 5 January). */
export type DateOrder = 'dmy' | 'mdy';

/** The countries (ISO 3166-1 alpha-2) that write the month first. */
const MONTH_FIRST: ReadonlySet<string> = new Set(['US']);

/** The date order of a partner's country ('KE', 'US'); day first when unknown. */
export function dateOrderOf(country: string | null | undefined): DateOrder {
  return country && MONTH_FIRST.has(country.trim().toUpperCase()) ? 'mdy' : 'dmy';
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** True when year, month and day make a day of the calendar (29 February only in a leap year). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoOf(year: number, month: number, day: number): string | null {
  return isCalendarDay(year, month, day) ? `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` : null;
}

/** A YYYY-MM-DD date as the partner writes it: '2026-01-05' -> '05/01/2026' (dmy) or '01/05/2026' (mdy); '' for ''. Other text as it is. */
export function dateText(iso: string, order: DateOrder): string {
  const match = ISO.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return order === 'mdy' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/**
 * The YYYY-MM-DD date of a date typed in the partner's order: '5/1/2026', '05-01-2026', '5.1.2026', '5 1 2026'
 * and '05012026' are 5 January 2026 in 'dmy' (1 May in 'mdy'); '2026-01-05' (year first) reads the same in both.
 * '' for empty text; null for text that is not (yet) a day of the calendar: a two-digit year, 31/02/2026, '5/1'.
 */
export function readDateText(text: string, order: DateOrder): string | null {
  const typed = text.trim();
  if (typed === '') return '';
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(typed);
  if (yearFirst) return isoOf(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const parts = /^(\d{1,2})\s*[-/.\s]\s*(\d{1,2})\s*[-/.\s]\s*(\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (!parts) return null;
  const [first, second, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return order === 'mdy' ? isoOf(year, first, second) : isoOf(year, second, first);
}
