import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { loginRequest, loginResponse, type ErrorBody, type LoginRequest, type LoginResponse } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { NO_AUTH } from '../http/openapi';
import { failures, jsonSchemaOf } from '../http/schema';
import { LoginThrottle } from './login-throttle';
import { spendVerifyTime, verifyPassword } from './passwords';
import { findLoginUser } from './queries';
import { issueToken } from './tokens';

interface LoginOptions {
  db: Kysely<Database>;
  tokenTtlSeconds: number;
}

const INVALID: ErrorBody = { status_msg: 'Invalid email or password' };
const THROTTLED: ErrorBody = { status_msg: 'Too many failed logins for this email. Please wait 15 minutes and try again.' };

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
    ...failures(400, 401, 429),
  },
};

export async function loginRoutes(app: FastifyInstance, { db, tokenTtlSeconds }: LoginOptions) {
  const throttle = new LoginThrottle();
  app.post<{ Body: LoginRequest }>('/login', { schema: loginSchema }, async (request, reply) => {
    const { email, password } = request.body;
    // Checked before the password, so a correct guess after the limit is refused as well.
    if (throttle.isBlocked(email)) return reply.code(429).send(THROTTLED);

    const user = await findLoginUser(db, email);
    const ok = user ? await verifyPassword(user.password_hash, password) : (await spendVerifyTime(password), false);
    if (!user || !ok) {
      throttle.recordFailure(email);
      request.log.info({ email }, 'login failed');
      return reply.code(401).send(INVALID);
    }
    throttle.reset(email);
    const body: LoginResponse = {
      access_token: issueToken(app, user.id, user.partner_id, tokenTtlSeconds),
      user: {
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        Partner: { id: user.partner_id, name: user.partner_name, product: user.product, country: user.country },
      },
    };
    return body;
  });
}
