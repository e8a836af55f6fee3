import { fromCents, percentOf, sumAmounts, tidyAmount, toCents } from './money';

it('reads decimal strings as whole cents, and refuses what is not an amount', () => {
  expect(toCents('1250.5')).toBe(125050n);
  expect(toCents(' 0.05 ')).toBe(5n);
  expect(toCents('-300.50')).toBe(-30050n);
  expect(toCents('999999999999999.99')).toBe(99999999999999999n);
  for (const wrong of ['', '1.234', '1,000', 'abc', '.5', '1e3']) expect(toCents(wrong)).toBeNull();
});

it('writes cents back with two decimals', () => {
  expect([fromCents(0n), fromCents(5n), fromCents(-5n), fromCents(125050n), fromCents(-30050n)]).toEqual(['0.00', '0.05', '-0.05', '1250.50', '-300.50']);
});

it('sums exactly: 0.10 + 0.20 is 0.30, however many amounts', () => {
  expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
  expect(sumAmounts(Array.from({ length: 12 }, () => '0.10'))).toBe('1.20');
  expect(sumAmounts(['99999999999.99', '0.01'])).toBe('100000000000.00');
  expect(sumAmounts(['1', 'x'])).toBeNull();
  expect(sumAmounts([])).toBe('0.00');
});

it('gives a percentage to one decimal, rounded half away from zero, none of a zero whole', () => {
  expect(percentOf(-15000n, 100000n)).toBe('-15.0');
  expect(percentOf(1n, 3n)).toBe('33.3');
  expect(percentOf(2n, 3n)).toBe('66.7');
  expect(percentOf(1n, 2000n)).toBe('0.1'); // 0.05 % -> 0.1
  expect(percentOf(-1n, 2000n)).toBe('-0.1');
  expect(percentOf(0n, 5n)).toBe('0.0');
  expect(percentOf(5n, 0n)).toBeNull();
});

it('tidies typed amounts to two decimals and leaves the rest for the schema', () => {
  expect([tidyAmount('100'), tidyAmount(' 0.1 '), tidyAmount('12,5')]).toEqual(['100.00', '0.10', '12,5']);
});
