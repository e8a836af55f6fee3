import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { OutboxNudge } from '../messaging/outbox/nudge';
import { ledgerRoutes } from './ledger-routes';
import { mpesaRoutes } from './mpesa/routes';
import { reportRoutes } from './reports/routes';

/** The finance area (spec 2.10, 7; issue 9). Mounted under /api/v2 behind the tenant hook. */
export async function financeRoutes(app: FastifyInstance, options: { db: Kysely<Database>; outbox: OutboxNudge }) {
  await app.register(ledgerRoutes, options);
  await app.register(mpesaRoutes, options);
  await app.register(reportRoutes, options);
}
