import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Stub: Safaricom Daraja C2B validation and confirmation callbacks, mounted at the configured prefix without a token. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function mpesaCallbackRoutes(_app: FastifyInstance, _options: { db: Kysely<Database> }) {}
