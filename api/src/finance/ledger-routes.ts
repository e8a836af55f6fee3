import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { crudRoutes } from '../http/crud-routes';
import type { OutboxNudge } from '../messaging/outbox/nudge';
import { accounts } from './accounts';
import { expenseCorrectionRoutes, incomeCorrectionRoutes } from './correction-routes';
import { expenses } from './expenses';
import { incomeContactRoutes } from './income-contact';
import { incomes } from './incomes';
import { periodRoutes } from './period-routes';

/**
 * The ledger (spec 2.10, 3, 7): accounts, income and expenses, each a resource of the CRUD route factory; an
 * income's and an expense's change is the ledger's own (a correction, issue 26.3: correction-routes.ts); closed
 * months and the ledger's settings (issue 26.4: period-routes.ts). An income saved with sendMessage queues the
 * payer's SMS receipt, and a correction may queue a correction SMS, so the outbox is woken after them.
 */
export async function ledgerRoutes(app: FastifyInstance, { outbox, now = () => new Date() }: { db: Kysely<Database>; outbox: OutboxNudge; now?: () => Date }) {
  await app.register(crudRoutes(accounts));
  await app.register(crudRoutes(incomes), { outbox });
  await app.register(incomeCorrectionRoutes, { outbox });
  // An M-Pesa income's contact, linked by hand (issue 31.3).
  await app.register(incomeContactRoutes);
  await app.register(crudRoutes(expenses));
  await app.register(expenseCorrectionRoutes, { outbox });
  await app.register(periodRoutes, { now });
}
