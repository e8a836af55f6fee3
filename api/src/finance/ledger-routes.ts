import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { crudRoutes } from '../http/crud-routes';
import type { OutboxNudge } from '../messaging/outbox/nudge';
import { accounts } from './accounts';
import { expenses } from './expenses';
import { incomeContactRoutes } from './income-contact';
import { incomes } from './incomes';

/**
 * The ledger (spec 2.10, 3, 7): accounts, income and expenses, each a resource of the CRUD route factory.
 * An income saved with sendMessage queues the payer's SMS receipt, so the outbox is woken after it.
 */
export async function ledgerRoutes(app: FastifyInstance, { outbox }: { db: Kysely<Database>; outbox: OutboxNudge }) {
  await app.register(crudRoutes(accounts));
  await app.register(crudRoutes(incomes), { outbox });
  // An M-Pesa income's contact, linked by hand (issue 31.3).
  await app.register(incomeContactRoutes);
  await app.register(crudRoutes(expenses));
}
