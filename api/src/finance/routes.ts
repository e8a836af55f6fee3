import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { MsisdnHashForm } from '../config';
import type { Database } from '../db/schema';
import type { OutboxNudge } from '../messaging/outbox/nudge';
import { campaignRoutes } from './campaigns/routes';
import { ledgerRoutes } from './ledger-routes';
import { mpesaRoutes } from './mpesa/routes';
import { reportRoutes } from './reports/routes';

export interface FinanceRouteOptions {
  db: Kysely<Database>;
  outbox: OutboxNudge;
  /** The forms a hashed M-Pesa payer number may be in (MPESA_MSISDN_HASH_FORMS): an allocation matches the payer with them. */
  mpesaHashForms: readonly MsisdnHashForm[];
  /** The clock that says which months have ended (closing a month); the system's by default. */
  now?: () => Date;
}

/** The finance area (spec 2.10, 7; issue 9). Mounted under /api/v2 behind the tenant hook. */
export async function financeRoutes(app: FastifyInstance, options: FinanceRouteOptions) {
  await app.register(ledgerRoutes, options);
  await app.register(mpesaRoutes, options);
  await app.register(reportRoutes, options);
  await app.register(campaignRoutes, options);
}
