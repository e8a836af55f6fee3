import { monthNumber, readDate } from './import-dates';

const YEAR = 2026;
const dmy = (text: string) => readDate(text, 'DMY', YEAR);

describe('readDate', () => {
  it('reads day-first dates by default, with any separator', () => {
    expect(['03/11/1990', '3/11/1990', '3-11-1990', '03.11.1990', '3 11 1990', '03/11/90'].map(dmy)).toEqual(Array(6).fill('1990-11-03'));
  });

  it('reads the order the person chose', () => {
    expect(readDate('03/11/1990', 'MDY', YEAR)).toBe('1990-03-11');
    expect(readDate('90/11/03', 'YMD', YEAR)).toBe('1990-11-03');
  });

  it('reads a four-digit first part as the year, whatever the order: ISO, and single-digit month and day', () => {
    for (const order of ['DMY', 'MDY', 'YMD'] as const) {
      expect(readDate('1990-11-03', order, YEAR)).toBe('1990-11-03');
      expect(readDate('1990-3-7', order, YEAR)).toBe('1990-03-07');
      expect(readDate('1990/11/03', order, YEAR)).toBe('1990-11-03');
    }
  });

  it('never swaps day and month to make a date fit, and never makes up a year', () => {
    expect(dmy('12/31/1990')).toBeNull();
    expect(readDate('31/12/1990', 'MDY', YEAR)).toBeNull();
    expect(dmy('31/02/1990')).toBeNull();
    // ChurchCRM writes month-day without the year when it is hidden; a year alone is not a date either.
    expect(dmy('11-3')).toBeNull();
    expect(dmy('1990')).toBeNull();
    expect(readDate('03/11/1990', 'YMD', YEAR)).toBeNull();
  });

  it('reads month names in English and Swahili, whole or cut, in any order', () => {
    expect(['3 Nov 1990', '3rd November 1990', 'Nov 3, 1990', 'November 3 1990', '03-Nov-1990', '1990 Nov 3', '3 Novemba 1990', '3 nov. 90'].map(dmy)).toEqual(
      Array(8).fill('1990-11-03'),
    );
    expect(readDate('7 Agosti 1979', 'MDY', YEAR)).toBe('1979-08-07');
    expect(['jan', 'mac', 'mar', 'mei', 'may', 'sept', 'okt', 'oct', 'des', 'dec', 'ago', 'aug'].map(monthNumber)).toEqual([1, 3, 3, 5, 5, 9, 10, 10, 12, 12, 8, 8]);
    expect(dmy('3 Brumaire 1990')).toBeNull();
  });

  it('reads two-digit years as 20yy up to this year, else 19yy', () => {
    expect(dmy('03/11/26')).toBe('2026-11-03');
    expect(dmy('03/11/27')).toBe('1927-11-03');
    expect(dmy('03/11/05')).toBe('2005-11-03');
    expect(readDate('03/11/26', 'DMY', 2025)).toBe('1926-11-03');
  });

  it('ignores a time after the date', () => {
    expect(readDate('9/26/1990 12:00:00 AM', 'MDY', YEAR)).toBe('1990-09-26');
    expect(dmy('1990-11-03T00:00:00.000Z')).toBe('1990-11-03');
    expect(dmy('1990-11-03 00:00')).toBe('1990-11-03');
    expect(dmy('03/11/1990 14:30')).toBe('1990-11-03');
  });

  it('reads an Excel serial date number (a date cell saved without its format)', () => {
    expect(dmy('33180')).toBe('1990-11-03');
    expect(dmy('33180.5')).toBe('1990-11-03');
    expect(dmy('10000')).toBe('1927-05-18');
  });
});
