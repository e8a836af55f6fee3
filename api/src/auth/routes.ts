import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  loginChallenge,
  loginRequest,
  loginResponse,
  TWO_STEP_CHALLENGE_INVALID,
  TWO_STEP_CODE_NEEDED,
  TWO_STEP_CODE_WRONG,
  TWO_STEP_LOGIN_PATH,
  twoStepLoginRequest,
  type ErrorBody,
  type LoginChallenge,
  type LoginRequest,
  type LoginResponse,
  type TwoStepLoginRequest,
} from '@ushirika/shared/contract';
import { staffActor, writeActivity } from '../activity/record';
import type { Database } from '../db/schema';
import { badRequest, HttpError } from '../http/errors';
import { NO_AUTH } from '../http/openapi';
import { bodyFrom, failures, jsonSchemaOf } from '../http/schema';
import { issueChallenge, readChallenge } from './login-challenge';
import { accountKey, findLoginUsers, findUserById, type LoginUser } from './login-lookup';
import { spendVerifyTime, verifyPassword } from './passwords';
import type { Attempt, RateLimits } from './rate-limits';
import { sessionUserOf } from './session-user';
import { startSession } from './sessions';
import { issueToken } from './tokens';
import { acceptSecondStep } from './two-step';
import { needs } from './permissions';

interface LoginOptions {
  db: Kysely<Database>;
  tokenTtlSeconds: number;
  limits: RateLimits;
}

/** How a sign-in was made, as its `sign_in` event names it: the password alone, or with a code of the app or a recovery code. */
type SignInMethod = 'password' | 'two_step' | 'recovery_code';

const INVALID: ErrorBody = { status_msg: 'Invalid email or password' };

/**
 * The body is checked by Fastify's Ajv against the contract's `loginRequest` (both fields strings, not too
 * long; a failure answers 400 with Ajv's message, e.g. "body must have required property 'password'").
 */
const loginSchema = {
  tags: ['Session'],
  summary: 'Log in with an email or a mobile number: a token for the other calls, or a challenge for the second step',
  security: NO_AUTH,
  body: jsonSchemaOf(loginRequest, 'input'),
  response: {
    200: {
      description:
        'The token and the signed-in user; or, for a user with two-step sign-in on, no token but `{ status_msg, two_step: true, challenge }`: send the challenge with the code to /login/two-step',
      anyOf: [jsonSchemaOf(loginResponse, 'output'), jsonSchemaOf(loginChallenge, 'output')],
    },
    ...failures(400, 401),
    429: { ...failures(429)[429], description: 'Too many login attempts from this address, or for this email from this address: see Retry-After' },
  },
};

const twoStepSchema = {
  tags: ['Session'],
  summary: "Log in's second step: the challenge and a code of the authenticator app (or a recovery code, used once)",
  security: NO_AUTH,
  body: bodyFrom(twoStepLoginRequest),
  response: {
    200: { description: 'The token and the signed-in user', ...jsonSchemaOf(loginResponse, 'output') },
    ...failures(400, 401),
    429: { ...failures(429)[429], description: 'Too many codes from this address, or for this account: see Retry-After' },
  },
};

/** The 429 to throw for a refused attempt: `{ status_msg: <the limit's text> }` with Retry-After (seconds). */
export function refusal(reply: FastifyReply, refused: NonNullable<Attempt['refused']>): HttpError {
  reply.header('retry-after', String(refused.retryAfterSeconds));
  return new HttpError(429, refused.text);
}

/** The first candidate whose password is `password`; undefined when none (the time spent as for one wrong password at least). */
async function passwordOwner(users: readonly LoginUser[], password: string): Promise<LoginUser | undefined> {
  // A deactivated member, or one whose invitation waits (no password yet), fails like a wrong password.
  const able = users.filter((user) => user.password_hash !== null && user.active);
  if (able.length === 0) {
    await spendVerifyTime(password);
    return undefined;
  }
  for (const user of able) if (await verifyPassword(user.password_hash!, password)) return user;
  return undefined;
}

export async function loginRoutes(app: FastifyInstance, { db, tokenTtlSeconds, limits }: LoginOptions) {
  /**
   * A new sign-in of `user`: its session, token and the user as the screens read them. The session and its
   * `sign_in` event (as the user, from the request's address) commit together; a failed sign-in writes none.
   */
  async function signIn(user: LoginUser, request: FastifyRequest, method: SignInMethod): Promise<LoginResponse> {
    const sessionId = await db.transaction().execute(async (trx) => {
      const id = await startSession(trx, user.id, request);
      await writeActivity(trx, user.partner_id, staffActor(user.id, request.ip), {
        action: 'sign_in',
        entity: 'session',
        entityId: id,
        details: { method },
      });
      return id;
    });
    return { access_token: issueToken(app, user.id, user.partner_id, tokenTtlSeconds, user.token_generation, sessionId), user: sessionUserOf(user) };
  }

  app.post<{ Body: LoginRequest }>('/login', { ...needs('public'), schema: loginSchema }, async (request, reply): Promise<LoginResponse | LoginChallenge> => {
    const { email: login, password } = request.body;
    const users = await findLoginUsers(db, login);
    // Counted before the password is checked: attempts sent at once each take a place, and past the limit
    // even the right password is refused. Every form of one mobile number counts for its account.
    const attempt = await limits.login(request, accountKey(login, users));
    if (attempt.refused) throw refusal(reply, attempt.refused);

    const user = await passwordOwner(users, password);
    if (!user) {
      // No email in the log: it is personal data, and often a password typed into the wrong field.
      request.log.info('login failed');
      return reply.code(401).send(INVALID);
    }
    await attempt.succeeded();
    if (user.totp_enabled_at !== null) {
      request.log.info({ user: user.id }, 'login: second step asked');
      return { status_msg: TWO_STEP_CODE_NEEDED, two_step: true, challenge: issueChallenge(app, user.id, user.token_generation) };
    }
    return signIn(user, request, 'password');
  });

  app.post(`/${TWO_STEP_LOGIN_PATH}`, { ...needs('public'), schema: twoStepSchema }, async (request, reply): Promise<LoginResponse> => {
    const { challenge, code } = request.body as TwoStepLoginRequest;
    const first = readChallenge(app, challenge);
    if (!first) throw new HttpError(401, TWO_STEP_CHALLENGE_INVALID);
    // Counted before the code is checked, per address and per account (rate-limits.ts).
    const attempt = await limits.twoStepCode(request, first.userId);
    if (attempt.refused) throw refusal(reply, attempt.refused);

    const user = await findUserById(db, first.userId);
    // Deactivated, or the password changed (or "log out everywhere") since the first step: sign in again.
    if (!user || !user.active || user.token_generation !== first.generation || user.totp_enabled_at === null) throw new HttpError(401, TWO_STEP_CHALLENGE_INVALID);
    const step = await acceptSecondStep(db, user.id, code);
    if (!step) {
      request.log.info({ user: user.id }, 'login: wrong second step');
      throw badRequest(TWO_STEP_CODE_WRONG);
    }
    await attempt.succeeded();
    request.log.info({ user: user.id, with: step }, 'login: second step given');
    return signIn(user, request, step === 'code' ? 'two_step' : 'recovery_code');
  });
}
