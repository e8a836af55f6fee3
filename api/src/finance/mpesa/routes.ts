import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OutboxNudge } from '../../messaging/outbox/nudge';

/** Stub: replaced by the finance work. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function mpesaRoutes(_app: FastifyInstance, _options: { db: Kysely<Database>; outbox: OutboxNudge }) {}
