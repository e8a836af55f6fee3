import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ME_PATH, meResponse, type MeResponse } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { failures, jsonSchemaOf } from '../http/schema';
import { findUserById } from './login-lookup';
import { needs } from './permissions';
import { meOf } from './session-user';

/** The user was deleted between the token guard and the answer. */
const USER_GONE = 'Please log in again: your session is missing or has expired';

/**
 * GET /api/v2/me: the signed-in user as the server sees them now. The host reads it on start and when the
 * window comes back into focus, so roles changed since the login apply without a new login.
 */
export async function meRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  const schema = {
    tags: ['Session'],
    summary: 'The signed-in user: roles and permissions as they are now, mobile, two-step sign-in',
    response: { 200: { description: 'The signed-in user', ...jsonSchemaOf(meResponse, 'output') }, ...failures(401) },
  };
  app.get(`/${ME_PATH}`, { ...needs('signed-in'), schema }, async (request): Promise<MeResponse> => {
    const user = await findUserById(db, request.userId);
    if (!user) throw new HttpError(401, USER_GONE);
    return { user: meOf(user) };
  });
}
