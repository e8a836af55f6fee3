import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@ushirika/shared/contract';

/**
 * Two-step sign-in's recovery codes: for the day the phone is lost. Ten, shown once at enrolment, each
 * `xxxx-xxxx` in lower-case base32 (40 random bits; no 0/1/8/9 to mistake for letters), each good once.
 * Only their SHA-256 is kept (user_recovery_codes), salted with the user's id.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** A recovery code as typed: case, spaces and the dash do not matter. */
const TYPED = /^[a-z2-7]{8}$/;

function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** RECOVERY_CODE_COUNT new codes, all different. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** The stored form of `code` for `userId`, or undefined when `code` cannot be a recovery code. */
export function recoveryCodeHash(userId: number, code: string): string | undefined {
  const compact = code.toLowerCase().replace(/[\s-]/g, '');
  if (!TYPED.test(compact)) return undefined;
  return createHash('sha256').update(`${userId}:${compact}`).digest('hex');
}
