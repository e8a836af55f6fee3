/**
 * The outbox part of `pnpm bench`: the worker's sustained send rate, through the real Africa's Talking
 * adapter against the local fake gateway (api/test/support/fake-gateway.ts), on PGlite and, when
 * DATABASE_URL is set, on PostgreSQL. Budget (issue 8): 1,000 messages a second or more.
 *
 * BENCH_OUTBOX queued messages (default 20,000) of one text to distinct numbers - a group send - are
 * made by the database (generate_series), then one worker with its default settings (batches of 500,
 * up to 1,000 numbers per request) drains the queue; the rate is messages / wall time, claims, marks,
 * requests and records included. Then the same for personalised texts (one request per number,
 * BENCH_OUTBOX / 10 of them), which the gateway's bulk API cannot batch. Checks that the gateway took
 * every number exactly once. No assertions beyond that: the numbers go to docs/benchmarks.md.
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseTarget } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { OutboxWorker } from '../src/messaging/outbox/worker';
import { africasTalkingProvider } from '../src/messaging/sms/africas-talking';
import { createPartner } from '../src/partners/queries';
import { FakeGateway } from '../test/support/fake-gateway';
import { withTempPglite, withTempPostgres } from './support';

const MESSAGES = Number(process.env.BENCH_OUTBOX ?? 20_000);
const PERSONALISED = Math.max(1, Math.round(MESSAGES / 10));
const BUDGET_PER_SECOND = 1000;

export interface OutboxResult {
  database: string;
  scenario: string;
  messages: number;
  requests: number;
  seconds: number;
  perSecond: number;
}

/** `count` queued messages for one partner, one text each (`personalised`: a different text per number). */
async function seed(db: Kysely<Database>, count: number, personalised: boolean): Promise<void> {
  const tenant = await createPartner(db, { name: `Outbox Bench ${personalised ? 'Personalised' : 'Bulk'}`, product: 'general', smsUnits: 0 });
  const text = 'Dear member, the harambee for the new church roof is this Sunday after the second service. Karibu!';
  const { id: sendId } = await db
    .insertInto('message_sends')
    .values({ tenant_id: tenant, recipient_type: 'Group', message: text, recipients: count, units: count })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into notifications (tenant_id, send_id, recipient, message, units)
    select ${tenant}::int, ${sendId}::int, '+2547' || lpad(i::text, 8, '0'),
      ${text}::text || case when ${personalised}::boolean then ' #' || i else '' end, 1
    from generate_series(1, ${count}::int) as i`.execute(db);
  await sql`analyze notifications`.execute(db);
}

async function measure(database: string, target: DatabaseTarget, gateway: FakeGateway): Promise<OutboxResult[]> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle.db);
    const results: OutboxResult[] = [];
    for (const [scenario, count, personalised] of [
      ['one text to many', MESSAGES, false],
      ['personalised texts', PERSONALISED, true],
    ] as const) {
      gateway.reset();
      await seed(handle.db, count, personalised);
      const provider = africasTalkingProvider({ baseUrl: gateway.url, username: 'bench', apiKey: 'bench', timeoutMs: 30_000 });
      const worker = new OutboxWorker({ db: handle.db, provider });
      const started = process.hrtime.bigint();
      while ((await worker.runOnce()) > 0);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;

      const taken = gateway.taken();
      if (taken.length !== count || new Set(taken).size !== count)
        throw new Error(`${database}: the gateway took ${taken.length} messages (${new Set(taken).size} numbers), not ${count}`);
      results.push({ database, scenario, messages: count, requests: gateway.requests.length, seconds, perSecond: count / seconds });
      await handle.db.deleteFrom('notifications').execute();
    }
    return results;
  } finally {
    await handle.close();
  }
}

/** Runs the outbox benchmark and prints one line per database and scenario, beside the budget. */
export async function runOutboxBench(): Promise<OutboxResult[]> {
  console.log(`\nOutbox benchmark: ${MESSAGES} messages of one text, then ${PERSONALISED} personalised ones, through the real adapter to the local fake gateway.`);
  const gateway = await FakeGateway.start();
  try {
    const results = await withTempPglite((target) => measure('PGlite', target, gateway));
    if (process.env.DATABASE_URL) results.push(...(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target, gateway))));
    for (const result of results) {
      const rate = Math.round(result.perSecond).toLocaleString('en-US');
      const line =
        result.scenario === 'one text to many'
          ? `outbox send rate: ${rate} msg/s (budget ≥ ${BUDGET_PER_SECOND} msg/s, ratio ${(result.perSecond / BUDGET_PER_SECOND).toFixed(1)}x)`
          : `outbox send rate, personalised: ${rate} msg/s (one request per message; no budget)`;
      console.log(`  ${result.database.padEnd(10)} ${line} - ${result.messages} messages in ${result.requests} requests, ${result.seconds.toFixed(1)} s`);
    }
    return results;
  } finally {
    await gateway.close();
  }
}
