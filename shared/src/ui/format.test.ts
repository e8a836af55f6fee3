import { formatDate, formatMoney } from './format';

describe('formatMoney', () => {
  it('shows shillings with grouping and two decimals', () => {
    expect(formatMoney('1250.5')).toMatch(/^KES\s1,250\.50$/);
    expect(formatMoney('0')).toMatch(/^KES\s0\.00$/);
  });

  it('keeps every digit of amounts a float would round', () => {
    // 12 integer digits: a float keeps them, but not the cents of 90071992547409.99.
    expect(formatMoney('90071992547409.99')).toMatch(/90,071,992,547,409\.99$/);
  });

  it('follows the language', () => {
    expect(formatMoney('1250.5', 'fr')).toMatch(/^1\s250,50\sKES$/);
  });

  it('shows anything that is not an amount as it came', () => {
    expect(formatMoney('n/a')).toBe('n/a');
  });
});

describe('formatDate', () => {
  it('shows a calendar day as that day, also west of Greenwich', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('shows timestamps in the language chosen', () => {
    expect(formatDate('2026-03-01T10:00:00Z', 'fr')).toMatch(/mars 2026/);
  });

  it('shows an unreadable date as it came', () => {
    expect(formatDate('someday')).toBe('someday');
  });
});
