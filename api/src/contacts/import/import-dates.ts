import type { ImportDateOrder } from '@ushirika/shared/contract';

/*
 * Date cells as sheets write them, read in the order the person chose (day-month-year by default, as Kenya writes
 * dates). The rules (docs/import.md):
 * - YYYY-MM-DD (and YYYY/M/D, YYYY.M.D: a first part of four digits is a year) is read as year-month-day whatever
 *   the order: ISO dates, Planning Center's and our own export, ChurchCRM's '1990-11-3'.
 * - Otherwise three numbers are day, month, year in the chosen order ('03/11/1990', '3-11-1990', '03.11.1990' are
 *   3 November 1990 in DMY, 11 March in MDY). A day or month out of range is not a date: never swapped to fit.
 * - A month written as a word, English or Swahili, full or cut to three letters or more ('3 Nov 1990',
 *   'Nov 3, 1990', '3 Novemba 1990', '1990 Nov 3'), is read whatever the order.
 * - A two-digit year is 20yy when yy is at most this year's two digits, else 19yy ('03/11/90' is 1990, '03/11/05'
 *   is 2005): right for birth dates of living people except those over 100.
 * - A time after the date (Rock's '9/26/1990 12:00:00 AM', '1990-11-03T00:00:00') is ignored.
 * - A whole number of five digits is an Excel serial date (33180 is 1990-11-03): what Excel writes for a date
 *   cell saved without its date format.
 * - Anything else (a date without a year such as ChurchCRM's '11-3' for a hidden year, a year alone) is not a
 *   date: the row gets the form's message and the year is never made up.
 * Excel's date cells (formatted as dates) reach here as YYYY-MM-DD already (cell-text.ts).
 */

const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  ['january', 'januari'],
  ['february', 'februari'],
  ['march', 'machi'],
  ['april', 'aprili'],
  ['may', 'mei'],
  ['june', 'juni'],
  ['july', 'julai'],
  ['august', 'agosti'],
  ['september', 'septemba'],
  ['october', 'oktoba'],
  ['november', 'novemba'],
  ['december', 'desemba'],
];

const SEPARATOR = '[\\s/.\\-,]+';
/** A time of day after the date, with seconds, fractions, AM/PM, a zone: dropped. */
const TRAILING_TIME = /(?:[\sT]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?\s*(?:z|[+-]\d{2}:?\d{2})?)$/i;
const NUMERIC = new RegExp(`^(\\d{1,4})${SEPARATOR}(\\d{1,2})${SEPARATOR}(\\d{1,4})$`);
const DAY_MONTH_YEAR = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?${SEPARATOR}([a-z]{3,})${SEPARATOR}(\\d{2}|\\d{4})$`);
const MONTH_DAY_YEAR = new RegExp(`^([a-z]{3,})${SEPARATOR}(\\d{1,2})(?:st|nd|rd|th)?${SEPARATOR}(\\d{2}|\\d{4})$`);
const YEAR_MONTH_DAY = new RegExp(`^(\\d{4})${SEPARATOR}([a-z]{3,})${SEPARATOR}(\\d{1,2})$`);
const EXCEL_SERIAL = /^(\d{5})(?:\.\d+)?$/;

/** Day 0 of Excel's serial dates in the 1900 system, as it counts from 1 March 1900 (after its fictitious 29 February 1900). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * The date a cell names, as YYYY-MM-DD, or null when it names none (the caller keeps the text, which the form's
 * rule refuses with its message). `currentYear` decides two-digit years; it is this year (UTC) when not given.
 */
export function readDate(text: string, order: ImportDateOrder, currentYear = new Date().getUTCFullYear()): string | null {
  const cell = text.trim().toLowerCase().replace(TRAILING_TIME, '').trim();
  const serial = EXCEL_SERIAL.exec(cell);
  if (serial) return isoDay(new Date(EXCEL_EPOCH_MS + Number(serial[1]) * DAY_MS));

  const numeric = NUMERIC.exec(cell);
  if (numeric) {
    const [first, second, third] = [numeric[1]!, numeric[2]!, numeric[3]!];
    if (first.length === 4) return calendarDate(first, second, third, currentYear);
    if (first.length > 2) return null;
    if (order === 'YMD') return third.length <= 2 ? calendarDate(first, second, third, currentYear) : null;
    if (third.length !== 2 && third.length !== 4) return null;
    return order === 'DMY' ? calendarDate(third, second, first, currentYear) : calendarDate(third, first, second, currentYear);
  }

  const dayFirst = DAY_MONTH_YEAR.exec(cell);
  if (dayFirst) return withMonthName(dayFirst[3]!, dayFirst[2]!, dayFirst[1]!, currentYear);
  const monthFirst = MONTH_DAY_YEAR.exec(cell);
  if (monthFirst) return withMonthName(monthFirst[3]!, monthFirst[1]!, monthFirst[2]!, currentYear);
  const yearFirst = YEAR_MONTH_DAY.exec(cell);
  if (yearFirst) return withMonthName(yearFirst[1]!, yearFirst[2]!, yearFirst[3]!, currentYear);
  return null;
}

function withMonthName(year: string, monthName: string, day: string, currentYear: number): string | null {
  const month = monthNumber(monthName);
  return month === null ? null : calendarDate(year, String(month), day, currentYear);
}

/** 1-12 for a month's name in English or Swahili, whole or its first three letters or more; null otherwise. */
export function monthNumber(word: string): number | null {
  const index = MONTH_NAMES.findIndex((names) => names.some((name) => name.startsWith(word)));
  return index === -1 ? null : index + 1;
}

/** YYYY-MM-DD for a real calendar day, or null (30 February, month 13). */
function calendarDate(yearText: string, monthText: string, dayText: string, currentYear: number): string | null {
  const year = fullYear(yearText, currentYear);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year === null || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? isoDay(date) : null;
}

function fullYear(text: string, currentYear: number): number | null {
  if (text.length === 4) return Number(text);
  if (text.length !== 2) return null;
  const twoDigits = Number(text);
  return twoDigits <= currentYear % 100 ? 2000 + twoDigits : 1900 + twoDigits;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
