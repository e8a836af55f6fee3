import { cutText, formatDate, formatDateTime, formatMoney } from './format';

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

  it('shows Kenyan Swahili shillings', () => {
    expect(formatMoney('1250.5', 'sw-KE')).toMatch(/^KES\s1,250\.50$/);
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

  it('names the month in Swahili', () => {
    expect(formatDate('2026-03-01', 'sw-KE')).toBe('1 Mac 2026');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatDate('someday')).toBe('someday');
  });
});

describe('formatDateTime', () => {
  it('shows an instant with its time, on the clock asked for', () => {
    expect(formatDateTime('2026-03-05T11:30:00Z', 'en', 'Africa/Nairobi')).toMatch(/^Mar 5, 2026,? 2:30\sPM$/);
    expect(formatDateTime('2026-03-05T11:30:00Z', 'en', 'UTC')).toMatch(/^Mar 5, 2026,? 11:30\sAM$/);
  });

  it('follows the language and shows an unreadable instant as it came', () => {
    expect(formatDateTime('2026-03-05T11:30:00Z', 'fr', 'Africa/Nairobi')).toMatch(/^5 mars 2026.*14:30$/);
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('cutText (spec 9)', () => {
  it("keeps the first characters of a longer text and adds '...'", () => {
    expect(cutText('Harambee on Saturday at 10 am in the main hall, all welcome', 40)).toBe('Harambee on Saturday at 10 am in the mai...');
    expect(cutText('x'.repeat(41), 40)).toBe(`${'x'.repeat(40)}...`);
  });

  it('leaves a text of the length or shorter whole', () => {
    expect(cutText('x'.repeat(40), 40)).toBe('x'.repeat(40));
    expect(cutText('Short', 40)).toBe('Short');
  });

  it('never cuts an emoji in half', () => {
    expect(cutText(`${'a'.repeat(39)}🙏🙏`, 40)).toBe(`${'a'.repeat(39)}🙏...`);
  });
});
