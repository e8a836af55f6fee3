import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  PASSWORD_RESET_CONFIRM_PATH,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_PATH,
  PASSWORD_RESET_SENT,
  passwordResetConfirmRequest,
  passwordResetRequest,
  RESET_CODE_MINUTES,
  RESET_CODE_TRIES,
  RESET_CODE_WRONG,
  statusOnly,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
  type StatusOnly,
} from '@ushirika/shared/contract';
import { staffActor, writeActivity } from '../activity/record';
import type { Database } from '../db/schema';
import { withinTransaction } from '../db/within-transaction';
import { badRequest } from '../http/errors';
import { NO_AUTH } from '../http/openapi';
import { bodyFrom, failures, jsonSchemaOf } from '../http/schema';
import { queueStaffSms } from '../messaging/staff-messages';
import type { OutboxNudge } from '../messaging/outbox/nudge';
import { accountKey, findLoginUsers, type LoginUser } from './login-lookup';
import { hashPassword } from './passwords';
import { needs } from './permissions';
import { startTokenGeneration } from './queries';
import type { RateLimits } from './rate-limits';
import { refusal } from './routes';

/**
 * A forgotten password (issue 25.5): a 6-digit code by SMS to the account's mobile, then the code and a new
 * password. The same answer whether or not the login names an account, so the form tells no one who has one.
 * The code is kept only as an HMAC (6 digits are a million guesses: a plain hash would give them away to
 * anyone who reads the table), for 10 minutes and 5 tries; asking again voids the older codes. The SMS goes
 * through the outbox in the same transaction as the code (durable, sent once). A new password starts a new
 * token generation: every session of the account ends. A second step, when on, is still asked at the next login.
 */

const TAG = 'Session';

const smsText = (code: string) => `Ushirika: ${code} is your code to set a new password. It is valid for ${RESET_CODE_MINUTES} minutes. Do not share it with anyone.`;

/** Six random digits, zeros in front kept. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

interface ResetOptions {
  db: Kysely<Database>;
  limits: RateLimits;
  outbox: OutboxNudge;
  /** The server's secret (JWT_SECRET): the codes' HMAC key is derived from it. */
  keySecret: string;
}

export async function passwordResetRoutes(app: FastifyInstance, { db, limits, outbox, keySecret }: ResetOptions) {
  const hmacKey = createHmac('sha256', keySecret).update('ushirika password-reset codes').digest();
  const codeHash = (userId: number, code: string) => createHmac('sha256', hmacKey).update(`${userId}:${code}`).digest('hex');

  /** Voids the user's older codes and queues the SMS of a new one, together. */
  async function sendCode(user: LoginUser & { phone: string }): Promise<void> {
    const code = newCode();
    await withinTransaction(db, async (trx) => {
      await trx
        .updateTable('password_resets')
        .set({ used_at: sql<Date>`now()` })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_resets')
        .values({ user_id: user.id, code_hash: codeHash(user.id, code), expires_at: sql<Date>`now() + make_interval(mins => ${RESET_CODE_MINUTES})` })
        .execute();
      await queueStaffSms(trx, { tenantId: user.partner_id, phone: user.phone, text: smsText(code), userId: null });
    });
  }

  /**
   * Takes one try of the user's newest live code: its id when `code` is it, else undefined. A try past
   * the fifth voids the code whatever it is. Tries are counted in one statement, so guesses sent at once each
   * take one.
   */
  async function tryCode(userId: number, code: string): Promise<number | undefined> {
    const { rows } = await sql<{ id: number; code_hash: string; tries: number }>`
      update password_resets set tries = tries + 1, used_at = case when tries + 1 > ${RESET_CODE_TRIES} then now() end
      where id = (
        select id from password_resets
        where user_id = ${userId} and used_at is null and expires_at > now()
        order by created_at desc, id desc limit 1
      ) and used_at is null
      returning id, code_hash, tries`.execute(db);
    const row = rows[0];
    if (!row || row.tries > RESET_CODE_TRIES) return undefined;
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(codeHash(userId, code), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given) ? row.id : undefined;
  }

  const ask = {
    tags: [TAG],
    summary: 'Forgot password: a 6-digit code by SMS to the mobile of the account with this email or mobile number',
    security: NO_AUTH,
    body: bodyFrom(passwordResetRequest),
    response: {
      200: { description: 'The same answer whether or not such an account exists', ...jsonSchemaOf(statusOnly, 'output') },
      ...failures(400),
      429: { ...failures(429)[429], description: 'Too many codes asked for from this address, or for this account: see Retry-After' },
    },
  };
  app.post(`/${PASSWORD_RESET_PATH}`, { ...needs('public'), schema: ask }, async (request, reply): Promise<StatusOnly> => {
    const { login } = request.body as PasswordResetRequest;
    const users = await findLoginUsers(db, login);
    const attempt = await limits.passwordResetRequest(request, accountKey(login, users));
    if (attempt.refused) throw refusal(reply, attempt.refused);
    // An active member with a mobile (an invitation waiting too: the code sets their first password).
    const reachable = users.filter((user): user is LoginUser & { phone: string } => user.active && user.phone !== null);
    for (const user of reachable) await sendCode(user);
    if (reachable.length > 0) outbox.wake();
    request.log.info({ users: reachable.map((user) => user.id) }, 'password reset asked');
    return { status_msg: PASSWORD_RESET_SENT };
  });

  const confirm = {
    tags: [TAG],
    summary: 'Forgot password, second step: the code from the SMS and a new password; every session of the account ends',
    security: NO_AUTH,
    body: bodyFrom(passwordResetConfirmRequest),
    response: {
      200: { description: 'Changed: sign in with the new password', ...jsonSchemaOf(statusOnly, 'output') },
      ...failures(400),
      429: { ...failures(429)[429], description: 'Too many codes entered from this address: see Retry-After' },
    },
  };
  app.post(`/${PASSWORD_RESET_CONFIRM_PATH}`, { ...needs('public'), schema: confirm }, async (request, reply): Promise<StatusOnly> => {
    const { login, code, new_password } = request.body as PasswordResetConfirmRequest;
    const attempt = await limits.passwordResetCode(request);
    if (attempt.refused) throw refusal(reply, attempt.refused);
    const typed = code.replace(/\s/g, '');
    const users = /^\d{6}$/.test(typed) ? (await findLoginUsers(db, login)).filter((user) => user.active) : [];
    let owner: { user: LoginUser; resetId: number } | undefined;
    for (const user of users) {
      const resetId = await tryCode(user.id, typed);
      if (resetId !== undefined) {
        owner = { user, resetId };
        break;
      }
    }
    if (!owner) {
      request.log.info('password reset: wrong code');
      throw badRequest(RESET_CODE_WRONG);
    }
    const passwordHash = await hashPassword(new_password);
    const changed = await withinTransaction(db, async (trx) => {
      // Used once, even by two right answers at the same instant.
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', owner.resetId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows === 0n) return false;
      await startTokenGeneration(trx, owner.user.id, passwordHash);
      // A member whose invitation waited has set their password now: the link is void.
      await trx.updateTable('users').set({ invitation_hash: null, invitation_expires_at: null }).where('id', '=', owner.user.id).execute();
      // A public route acting for the account's owner: the event is theirs, from the request's address.
      await writeActivity(trx, owner.user.partner_id, staffActor(owner.user.id, request.ip), { action: 'password', entity: 'staff', entityId: owner.user.id });
      return true;
    });
    if (!changed) throw badRequest(RESET_CODE_WRONG);
    await attempt.succeeded();
    request.log.info({ user: owner.user.id }, 'password reset: new password set, every session ended');
    return { status_msg: PASSWORD_RESET_DONE };
  });
}
