import fc from 'fast-check';
import { groupedMoney, moneyValue } from './money-text';

/** Plain amounts as the schemas take them: up to 12 digits, optionally with one or two decimals. */
const amount = fc
  .tuple(fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.option(fc.stringMatching(/^\d{1,2}$/), { nil: undefined }))
  .map(([whole, decimals]) => (decimals === undefined ? String(whole) : `${whole}.${decimals}`));

describe('moneyValue', () => {
  it.each([
    ['1,500', '1500'],
    ['1 500', '1500'],
    ['1\u00a0500', '1500'],
    ['1\u202f500', '1500'],
    ['1500.50', '1500.50'],
    ['1,500.50', '1500.50'],
    ['1 500.50', '1500.50'],
    ['12,345,678.9', '12345678.9'],
    ['  2,000 ', '2000'],
    ['0.50', '0.50'],
    ['1,500.', '1500.'],
  ])('reads %j as the amount %j', (typed, value) => {
    expect(moneyValue(typed)).toBe(value);
  });

  it.each(['', 'abc', '1,50', '1,5000', '12.3.4', '-5', '1.500,50', 'KES 100', ',500'])('keeps %j as typed, for the schema to judge', (typed) => {
    expect(moneyValue(typed)).toBe(typed);
  });

  it('reads every amount back from its grouped text, with commas or spaces', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom(',', ' ', '\u00a0', '\u202f'), (value, separator) => {
        expect(moneyValue(groupedMoney(value).replaceAll(',', separator))).toBe(value);
      }),
    );
  });
});

describe('groupedMoney', () => {
  it.each([
    ['1500', '1,500'],
    ['1500.50', '1,500.50'],
    ['999', '999'],
    ['1000000', '1,000,000'],
    ['0.5', '0.5'],
    ['', ''],
    ['1,50', '1,50'],
    ['abc', 'abc'],
  ])('shows %j as %j', (value, shown) => {
    expect(groupedMoney(value)).toBe(shown);
  });

  it('only ever adds commas, between groups of three digits', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const shown = groupedMoney(value);
        expect(shown.replaceAll(',', '')).toBe(value);
        expect(shown.split('.')[0]).toMatch(/^\d{1,3}(,\d{3})*$/);
      }),
    );
  });
});
