/** What the demo data generators share: a seeded PRNG and day arithmetic in UTC days. */

export type Random = () => number;

/** Small, well-known 32-bit PRNG: the same seed gives the same demo data on every machine. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number from `min` to `max`, both included. */
export const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** YYYY-MM-DD of a UTC day. */
export const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** The UTC day `days` after (or before) `day`'s, at midnight. */
export function addDays(day: Date, days: number): Date {
  const result = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  result.setUTCDate(result.getUTCDate() + days);
  return result;
}
