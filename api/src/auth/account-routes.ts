import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CHANGE_PASSWORD_PATH,
  changePasswordRequest,
  changePasswordResponse,
  LOGGED_OUT_EVERYWHERE,
  LOGOUT_EVERYWHERE_PATH,
  logoutEverywhereResponse,
  PASSWORD_CHANGED,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type LogoutEverywhereResponse,
} from '@ushirika/shared/contract';
import { writeActivity } from '../activity/record';
import type { Database } from '../db/schema';
import { badRequest, HttpError } from '../http/errors';
import { bodyFrom, failures, jsonSchemaOf } from '../http/schema';
import { hashPassword, verifyPassword } from './passwords';
import { findPasswordUser, startTokenGeneration } from './queries';
import type { RateLimits } from './rate-limits';
import { refusal } from './routes';
import { issueToken } from './tokens';
import { needs } from './permissions';

interface AccountOptions {
  db: Kysely<Database>;
  tokenTtlSeconds: number;
  limits: RateLimits;
}

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const SAME_PASSWORD = 'The new password must be different from the current one.';
/** The user was deleted between the token guard and the change. */
const USER_GONE = 'Please log in again: your session is missing or has expired';

const TAG = 'Session';

/**
 * The signed-in user's own account: change the password, log out everywhere. Both start a new token
 * generation (users.token_generation), so every token issued before is refused by the token guard from the
 * next request on, in every API process. Registered inside the authenticated scope.
 */
export async function accountRoutes(app: FastifyInstance, { db, tokenTtlSeconds, limits }: AccountOptions) {
  const changePassword = {
    tags: [TAG],
    summary: 'Change the password: every other session ends, this one gets a new token',
    body: { ...bodyFrom(changePasswordRequest), examples: [{ current_password: 'the one used today', new_password: 'a long new passphrase' }] },
    response: {
      200: { description: 'Changed: the new token for this session', ...jsonSchemaOf(changePasswordResponse, 'output') },
      ...failures(400, 401, 403),
      429: { ...failures(429)[429], description: 'Too many attempts to change the password: see Retry-After' },
    },
  };
  app.post(`/${CHANGE_PASSWORD_PATH}`, { ...needs('signed-in'), schema: changePassword }, async (request, reply): Promise<ChangePasswordResponse> => {
    const { current_password, new_password } = request.body as ChangePasswordRequest;
    // Counted before the current password is checked: a stolen token must not become a password guesser.
    const attempt = await limits.passwordChange(request);
    if (attempt.refused) throw refusal(reply, attempt.refused);

    const user = await findPasswordUser(db, request.userId);
    if (!user?.password_hash) throw new HttpError(401, USER_GONE);
    if (!(await verifyPassword(user.password_hash, current_password))) {
      request.log.info({ user: user.id }, 'password change refused: wrong current password');
      throw badRequest(WRONG_CURRENT_PASSWORD);
    }
    if (await verifyPassword(user.password_hash, new_password)) throw badRequest(SAME_PASSWORD);

    const passwordHash = await hashPassword(new_password);
    // The new password, the other sessions' end and the `password` event commit together.
    const generation = await db.transaction().execute(async (trx) => {
      const started = await startTokenGeneration(trx, user.id, passwordHash, request.sessionId);
      if (started) await writeActivity(trx, request.tenantId, request.tenant.actor, { action: 'password', entity: 'staff', entityId: user.id });
      return started?.generation;
    });
    if (generation === undefined) throw new HttpError(401, USER_GONE);
    await attempt.succeeded();
    request.log.info({ user: user.id }, 'password changed; other sessions ended');
    return {
      status_msg: PASSWORD_CHANGED,
      access_token: issueToken(app, user.id, user.partner_id, tokenTtlSeconds, generation, request.sessionId),
    };
  });

  const logoutEverywhere = {
    tags: [TAG],
    summary: 'Log out everywhere: every token of this user, the one sent included, is refused from now on',
    response: {
      200: { description: 'Done: log in again to continue', ...jsonSchemaOf(logoutEverywhereResponse, 'output') },
      ...failures(401, 403),
    },
  };
  app.post(`/${LOGOUT_EVERYWHERE_PATH}`, { ...needs('signed-in'), schema: logoutEverywhere }, async (request): Promise<LogoutEverywhereResponse> => {
    // Every session ends; one `sign_out` event counts them (no one session: entityId null).
    const started = await db.transaction().execute(async (trx) => {
      const generation = await startTokenGeneration(trx, request.userId);
      if (generation) {
        await writeActivity(trx, request.tenantId, request.tenant.actor, {
          action: 'sign_out',
          entity: 'session',
          entityId: null,
          details: { sessions: generation.endedSessions },
        });
      }
      return generation;
    });
    if (started === undefined) throw new HttpError(401, USER_GONE);
    request.log.info({ user: request.userId }, 'logged out everywhere');
    return { status_msg: LOGGED_OUT_EVERYWHERE };
  });
}
