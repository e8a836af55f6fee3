import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ErrorBody, LoginResponse } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
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

const loginBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', maxLength: 320 }, password: { type: 'string', maxLength: 1024 } },
} as const;

export async function loginRoutes(app: FastifyInstance, { db, tokenTtlSeconds }: LoginOptions) {
  const throttle = new LoginThrottle();
  app.post<{ Body: { email: string; password: string } }>('/login', { schema: { body: loginBody } }, async (request, reply) => {
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
        Partner: { id: user.partner_id, name: user.partner_name, product: user.product },
      },
    };
    return body;
  });
}
