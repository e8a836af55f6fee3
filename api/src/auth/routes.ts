import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { loginRequest, loginResponse, type ErrorBody, type LoginRequest, type LoginResponse } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { NO_AUTH } from '../http/openapi';
import { failures, jsonSchemaOf } from '../http/schema';
import { spendVerifyTime, verifyPassword } from './passwords';
import { findLoginUser } from './queries';
import type { Attempt, RateLimits } from './rate-limits';
import { startSession } from './sessions';
import { effectivePermissions } from './tenant-hook';
import { issueToken } from './tokens';
import { needs } from './permissions';

interface LoginOptions {
  db: Kysely<Database>;
  tokenTtlSeconds: number;
  limits: RateLimits;
}

const INVALID: ErrorBody = { status_msg: 'Invalid email or password' };

/**
 * The body is checked by Fastify's Ajv against the contract's `loginRequest` (both fields strings, not too
 * long; a failure answers 400 with Ajv's message, e.g. "body must have required property 'password'").
 */
const loginSchema = {
  tags: ['Session'],
  summary: 'Log in: a token for the other calls',
  security: NO_AUTH,
  body: jsonSchemaOf(loginRequest, 'input'),
  response: {
    200: { description: 'The token and the signed-in user', ...jsonSchemaOf(loginResponse, 'output') },
    ...failures(400, 401),
    429: { ...failures(429)[429], description: 'Too many login attempts from this address, or for this email from this address: see Retry-After' },
  },
};

/** The 429 to throw for a refused attempt: `{ status_msg: <the limit's text> }` with Retry-After (seconds). */
export function refusal(reply: FastifyReply, refused: NonNullable<Attempt['refused']>): HttpError {
  reply.header('retry-after', String(refused.retryAfterSeconds));
  return new HttpError(429, refused.text);
}

export async function loginRoutes(app: FastifyInstance, { db, tokenTtlSeconds, limits }: LoginOptions) {
  app.post<{ Body: LoginRequest }>('/login', { ...needs('public'), schema: loginSchema }, async (request, reply) => {
    const { email, password } = request.body;
    // Counted before the password is checked: attempts sent at once each take a place, and past the limit
    // even the right password is refused.
    const attempt = await limits.login(request, email);
    if (attempt.refused) throw refusal(reply, attempt.refused);

    const user = await findLoginUser(db, email);
    // A deactivated member, or one whose invitation waits (no password yet), fails like a wrong password.
    const ok = user?.password_hash && user.active ? await verifyPassword(user.password_hash, password) : (await spendVerifyTime(password), false);
    if (!user || !ok) {
      // No email in the log: it is personal data, and often a password typed into the wrong field.
      request.log.info('login failed');
      return reply.code(401).send(INVALID);
    }
    await attempt.succeeded();
    const sessionId = await startSession(db, user.id, request);
    const body: LoginResponse = {
      access_token: issueToken(app, user.id, user.partner_id, tokenTtlSeconds, user.token_generation, sessionId),
      user: {
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email ?? '',
        Partner: { id: user.partner_id, name: user.partner_name, product: user.product, country: user.country, timeZone: user.time_zone },
        roles: user.roles,
        permissions: effectivePermissions(user),
      },
    };
    return body;
  });
}
