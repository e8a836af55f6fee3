import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { withinTransaction } from '../db/within-transaction';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { newTotpSecret, TOTP_CODE, totpStep } from './totp';

/**
 * Two-step sign-in's state (issue 25.6, migration 0022): enrolment (a pending secret until its first code
 * comes back), the second step of a login or of turning it off (a code of the app, or a recovery code), and
 * turning it off. The routes are two-step-routes.ts and routes.ts (the login's second step).
 */

/** How the second step was given. */
export type SecondStep = 'code' | 'recovery code';

/**
 * Whether `code` is the user's second step now: a code of their app for a later time step than the last one
 * accepted, or one of their unused recovery codes (then used). Either is taken once, even by two requests
 * at the same instant (the conditional updates below). Undefined when it is neither, or two-step is off.
 */
export async function acceptSecondStep(db: Kysely<Database>, userId: number, code: string): Promise<SecondStep | undefined> {
  const user = await db.selectFrom('users').select(['totp_secret', 'totp_last_step']).where('id', '=', userId).executeTakeFirst();
  if (!user?.totp_secret) return undefined;
  const typed = code.replace(/\s/g, '');
  if (TOTP_CODE.test(typed)) {
    const step = await totpStep(user.totp_secret, typed, user.totp_last_step);
    if (step === undefined) return undefined;
    const taken = await db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where('totp_secret', '=', user.totp_secret)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return taken.numUpdatedRows > 0n ? 'code' : undefined;
  }
  const hash = recoveryCodeHash(userId, typed);
  if (hash === undefined) return undefined;
  const used = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n ? 'recovery code' : undefined;
}

/** A new secret waiting for its first code (the one waiting before, if any, is replaced); undefined when two-step is on already. */
export async function startEnrolment(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const secret = newTotpSecret();
  const result = await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).where('totp_enabled_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n ? secret : undefined;
}

/**
 * Turns two-step on when `code` is the pending secret's code now: answers the new recovery codes (shown once,
 * stored hashed), or undefined for a wrong code or when no secret is waiting.
 */
export async function confirmEnrolment(db: Kysely<Database>, userId: number, code: string): Promise<string[] | undefined> {
  const user = await db.selectFrom('users').select('totp_pending_secret').where('id', '=', userId).where('totp_enabled_at', 'is', null).executeTakeFirst();
  const pending = user?.totp_pending_secret;
  if (!pending) return undefined;
  const step = await totpStep(pending, code.replace(/\s/g, ''));
  if (step === undefined) return undefined;
  const codes = newRecoveryCodes();
  return withinTransaction(db, async (trx) => {
    const enabled = await trx
      .updateTable('users')
      .set({ totp_secret: pending, totp_pending_secret: null, totp_enabled_at: sql<Date>`now()`, totp_last_step: step })
      .where('id', '=', userId)
      .where('totp_pending_secret', '=', pending)
      .where('totp_enabled_at', 'is', null)
      .executeTakeFirst();
    if (enabled.numUpdatedRows === 0n) return undefined;
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(codes.map((recovery) => ({ user_id: userId, code_hash: recoveryCodeHash(userId, recovery)! })))
      .execute();
    return codes;
  });
}

/**
 * Turns two-step sign-in off: the secret, the one waiting and the recovery codes go. For the user themself
 * (after a code) and for an owner resetting another's second step (the staff routes; they also end the
 * member's sessions). Inside the caller's transaction, or one of its own.
 */
export async function clearTwoStep(db: Kysely<Database>, userId: number): Promise<void> {
  await withinTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null }).where('id', '=', userId).execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  });
}
