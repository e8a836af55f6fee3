/*
 * What a member types on the giving page, read before anything is sent: the amount in whole shillings within the
 * partner's bounds, and a Kenyan mobile number (M-Pesa Express prompts Safaricom numbers). The server checks both
 * again (with the partner's country); these checks only say what is wrong before a round trip. No libphonenumber:
 * its metadata would weigh more than the whole page (docs/architecture.md, "Weight").
 */

/** A problem with a typed value: a text id of ./messages (`give.amount.range` takes the bounds as {min} and {max}). */
export type Problem = string;

/** Spaces (also the non-breaking and thin ones of formatted numbers) and thousands commas: '1,000', '1 000'. */
const AMOUNT_SEPARATORS = /[\s\u00a0\u202f,']/g;

/**
 * The amount in whole shillings ('1000' for '1,000', '1 000' or '1000.00'), or the problem with it. `min` and
 * `max` are the partner's bounds as the giving page gives them ("10", "150000").
 */
export function readAmount(typed: string, min: string, max: string): { amount: string } | { problem: Problem } {
  const compact = typed.trim().replace(AMOUNT_SEPARATORS, '');
  if (compact === '') return { problem: 'give.amount.missing' };
  const whole = /^(\d{1,9})(?:\.0{1,2})?$/.exec(compact);
  if (!whole) return { problem: 'give.amount.notWhole' };
  const amount = String(Number(whole[1]));
  if (Number(amount) < Number(min) || Number(amount) > Number(max)) return { problem: 'give.amount.range' };
  return { amount };
}

/** What people put between a number's digits. */
const PHONE_SEPARATORS = /[\s\u00a0\-./()]/g;

/**
 * A Kenyan mobile number as M-Pesa prompts it, 2547… or 2541… (E.164 without '+'), from 07…, 01…, +2547…, 2547…
 * (with any spaces or dashes), or the problem with it.
 */
export function readPhone(typed: string): { phone: string } | { problem: Problem } {
  const compact = typed.trim().replace(PHONE_SEPARATORS, '');
  if (compact === '') return { problem: 'give.phone.missing' };
  const mobile = /^(?:0|\+?254)([17]\d{8})$/.exec(compact);
  if (!mobile) return { problem: 'give.phone.invalid' };
  return { phone: `254${mobile[1]}` };
}
