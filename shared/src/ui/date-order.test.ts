import fc from 'fast-check';
import { dateOrderOf, dateText, readDateText } from './date-order';

describe('dateOrderOf', () => {
  it.each(['KE', 'UG', 'TZ', 'RW', 'BI', 'SS', 'ET', 'GB', 'FR', 'ke'])('writes the day first in %s', (country) => {
    expect(dateOrderOf(country)).toBe('dmy');
  });

  it('writes the month first in the United States only', () => {
    expect(dateOrderOf('US')).toBe('mdy');
    expect(dateOrderOf('us')).toBe('mdy');
  });

  it('writes the day first for a partner whose country is not known', () => {
    expect(dateOrderOf(undefined)).toBe('dmy');
    expect(dateOrderOf('')).toBe('dmy');
  });
});

describe('dateText', () => {
  it('writes a date in the order given, with two-digit day and month', () => {
    expect(dateText('2026-01-05', 'dmy')).toBe('05/01/2026');
    expect(dateText('2026-01-05', 'mdy')).toBe('01/05/2026');
  });

  it('leaves empty and other text as it is', () => {
    expect(dateText('', 'dmy')).toBe('');
    expect(dateText('soon', 'dmy')).toBe('soon');
  });
});

describe('readDateText', () => {
  it.each([
    ['5/1/2026', '2026-01-05'],
    ['05/01/2026', '2026-01-05'],
    ['5-1-2026', '2026-01-05'],
    ['5.1.2026', '2026-01-05'],
    ['5 1 2026', '2026-01-05'],
    [' 05 / 01 / 2026 ', '2026-01-05'],
    ['05012026', '2026-01-05'],
    ['2026-01-05', '2026-01-05'],
    ['29/2/2024', '2024-02-29'],
    ['31/12/2026', '2026-12-31'],
  ])('reads %j day first as %j', (typed, iso) => {
    expect(readDateText(typed, 'dmy')).toBe(iso);
  });

  it('reads the same text month first in the United States', () => {
    expect(readDateText('5/1/2026', 'mdy')).toBe('2026-05-01');
    expect(readDateText('12/31/2026', 'mdy')).toBe('2026-12-31');
    expect(readDateText('2026-01-05', 'mdy')).toBe('2026-01-05');
  });

  it("reads empty text as no date ('')", () => {
    expect(readDateText('', 'dmy')).toBe('');
    expect(readDateText('   ', 'mdy')).toBe('');
  });

  it.each(['5/1', '5/1/26', '5/1/202', '31/2/2026', '29/2/2025', '13/13/2026', '0/1/2026', 'tomorrow', '2026-13-01'])(
    'reads %j as no day of the calendar (null)',
    (typed) => {
      expect(readDateText(typed, 'dmy')).toBeNull();
    },
  );

  it('reads back every date it writes, in either order', () => {
    const day = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.constantFrom('dmy' as const, 'mdy' as const), (iso, order) => {
        expect(readDateText(dateText(iso, order), order)).toBe(iso);
      }),
    );
  });
});
