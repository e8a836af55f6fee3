/*
 * Exact money arithmetic in the browser, for what the budget screen computes before anything is saved
 * (totals, variance). Amounts are decimal strings ("1250.50"); sums are whole cents in BigInt, so
 * 0.10 + 0.20 is 0.30 and never 0.30000000000000004. No float touches an amount here.
 */

const DECIMAL = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;

/** "1250.5" -> 125050n; null for anything that is not an amount with at most two decimals ('' included). */
export function toCents(amount: string): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** 125050n -> "1250.50"; -5n -> "-0.05". */
export function fromCents(cents: bigint): string {
  const size = cents < 0n ? -cents : cents;
  const fraction = String(size % 100n).padStart(2, '0');
  return `${cents < 0n ? '-' : ''}${size / 100n}.${fraction}`;
}

/** The sum of amounts in cents; null when any of them is not an amount. */
export function sumCents(amounts: readonly string[]): bigint | null {
  let total = 0n;
  for (const amount of amounts) {
    const cents = toCents(amount);
    if (cents === null) return null;
    total += cents;
  }
  return total;
}

/** The sum of amounts as a decimal string ("0.30"); null when any of them is not an amount. */
export function sumAmounts(amounts: readonly string[]): string | null {
  const total = sumCents(amounts);
  return total === null ? null : fromCents(total);
}

/**
 * `part` as a percentage of `whole` to one decimal, rounded half away from zero (as SQL's round does):
 * percentOf(-150n, 1000n) -> "-15.0". null when `whole` is 0 (no budget: no percentage).
 */
export function percentOf(part: bigint, whole: bigint): string | null {
  if (whole === 0n) return null;
  const negative = part < 0n !== whole < 0n && part !== 0n;
  const numerator = (part < 0n ? -part : part) * 1000n;
  const denominator = whole < 0n ? -whole : whole;
  // Tenths of a per cent, rounded half up on the sizes: floor((2n + d) / 2d).
  const tenths = (2n * numerator + denominator) / (2n * denominator);
  return `${negative ? '-' : ''}${tenths / 10n}.${tenths % 10n}`;
}

/** An amount as typed, tidied to two decimals ("100" -> "100.00"); anything else is left as typed, for the schema to refuse. */
export function tidyAmount(amount: string): string {
  const cents = toCents(amount);
  return cents === null ? amount.trim() : fromCents(cents);
}
