/**
 * The activity-log part of `pnpm bench` (issue 26; BENCH_ONLY=activity): what writing one event in each save's
 * transaction costs an income save, which it may slow by at most 10% (saves per second and p99).
 *
 * `POST /api/v2/income` through the whole app (inject, no network), for a partner that has BENCH_ACTIVITY_INCOMES
 * incomes already, two ways over the same database:
 * - with the log, as the server runs;
 * - without it: the same app on the same database, but through a Kysely plugin (`WithoutActivityLog`) that
 *   replaces the event's statement (the insert into activity_events, and with it the one into
 *   activity_personal_values an income's payer names need) by `select 1`. Everything else is the same code:
 *   validation, the income insert and its receipt number, the read-back in the transaction and the event's
 *   values computed from it, the answer. So the difference is the event's SQL, not the read-back the event
 *   needed (issue 26 added that too: it is counted in neither way; see docs/benchmarks.md).
 *
 * Measured twice, so a machine busy with other work cannot pass for the log's cost:
 * - one at a time, alternating save by save (BENCH_ACTIVITY_SECONDS): each save's own time, paired;
 * - CONNECTIONS at a time, in blocks of BENCH_ACTIVITY_BLOCK_SECONDS alternating with/without, then without/with
 *   (BENCH_ACTIVITY_PAIRS pairs): the saves of one partner wait for each other on its receipt counter (the
 *   partner's row, locked to the commit), so the event's time inside the transaction is what lowers their rate.
 *   The lost throughput is the median of the pairs' ratios; the p99 is of every save of each way.
 * Beside them, the event's statement alone (an income's `create` event with its payer's personal values, in a
 * transaction, against `select 1`): milliseconds per event. PGlite always; PostgreSQL too when DATABASE_URL is set.
 */
import {
  RawNode,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { staffActor, writeActivity } from '../src/activity/record';
import { describeTarget, openDatabase, type DatabaseTarget } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { createPartner } from '../src/partners/queries';
import { insertIncomes } from './seeding';
import { benchAuthorization, markdownTable, percentile, withTempPglite, withTempPostgres } from './support';

const INCOMES = Number(process.env.BENCH_ACTIVITY_INCOMES ?? 100_000);
const SECONDS = Number(process.env.BENCH_ACTIVITY_SECONDS ?? 30);
const BLOCK_SECONDS = Number(process.env.BENCH_ACTIVITY_BLOCK_SECONDS ?? 3);
const PAIRS = Number(process.env.BENCH_ACTIVITY_PAIRS ?? 10);
const EVENT_RUNS = 1_000;
const CONNECTIONS = 10;
/** Issue 26: income saves at most 10% slower with the log (throughput and p99). */
export const ACTIVITY_LOG_BUDGET = 0.1;

/** Replaces the activity log's writes (api/src/activity/record.ts, raw SQL) by `select 1`: the same app, no event. */
export class WithoutActivityLog implements KyselyPlugin {
  skipped = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (RawNode.is(node) && writesTheLog(node)) {
      this.skipped += 1;
      return RawNode.createWithSql('select 1');
    }
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

const writesTheLog = (node: RawNode) => /insert\s+into\s+activity_(events|personal_values)/i.test(node.sqlFragments.join(' '));

/** One way's saves: the ms of each, sorted, and (concurrent) the saves per second of each block. */
interface Way {
  latencies: number[];
  perSecond: number[];
}

interface ActivityResult {
  database: string;
  /** One at a time, alternating save by save. */
  serial: { with: Way; without: Way };
  /** CONNECTIONS at a time, alternating blocks. */
  concurrent: { with: Way; without: Way };
  /** The event's statement alone and `select 1`, median ms each. */
  eventMs: number;
  selectMs: number;
}

/** A save of an income as the form sends it, the n-th: payers, amounts and references vary. */
const incomeBody = (n: number, account: number) => ({
  firstname: ['Grace', 'John', 'Mercy', 'Peter'][n % 4],
  lastname: `Bench${n % 997}`,
  amount: `${100 + (n % 900)}.00`,
  phone: `+2547${String(10_000_000 + ((n * 7919) % 89_999_999)).padStart(8, '0')}`,
  account,
  mode: 'CASH',
  dateOfTransaction: new Date().toISOString().slice(0, 10),
  paymentFor: 'Tithe',
  reference: `BENCH${n}`,
  sendMessage: false,
});

/** Saves income through the apps, on `lanes` lanes for `seconds`, each lane going to `pick(turn)`'s app: the ms of each save, by app. */
async function saveFor(
  apps: readonly FastifyInstance[],
  pick: (turn: number) => number,
  lanes: number,
  seconds: number,
  request: { authorization: string; account: number; counter: { n: number } },
): Promise<{ latencies: number[][]; seconds: number }> {
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[][] = apps.map(() => []);
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (Date.now() < deadline) {
        const n = (request.counter.n += 1);
        const way = pick(n);
        const start = process.hrtime.bigint();
        const response = await apps[way]!.inject({
          method: 'POST',
          url: '/api/v2/income',
          headers: { authorization: request.authorization },
          payload: incomeBody(n, request.account),
        });
        latencies[way]!.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (response.statusCode !== 201) throw new Error(`POST /api/v2/income: ${response.statusCode} ${response.body}`);
      }
    }),
  );
  return { latencies, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** An income's `create` event (its payer's names and phone kept apart), and `select 1`, EVENT_RUNS times each, interleaved, each in its own transaction: median ms. */
async function eventCost(db: Kysely<Database>, tenant: number, userId: number): Promise<[event: number, select: number]> {
  const changes = ['firstname', 'lastname', 'phone', 'amount', 'account', 'Account.name', 'mode', 'dateOfTransaction', 'paymentFor', 'reference', 'receiptNumber'].map(
    (field, i) => ({ field, old: null, new: `value ${i}` }),
  );
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < EVENT_RUNS + 50; run += 1) {
    for (const which of [0, 1] as const) {
      await db.transaction().execute(async (trx) => {
        const start = process.hrtime.bigint();
        if (which === 0) await writeActivity(trx, tenant, staffActor(userId, '127.0.0.1'), { action: 'create', entity: 'income', entityId: run, changes });
        else await sql`select 1`.execute(trx);
        if (run >= 50) times[which].push(Number(process.hrtime.bigint() - start) / 1e6);
      });
    }
  }
  const median = (values: number[]) =>
    percentile(
      values.sort((a, b) => a - b),
      0.5,
    );
  return [median(times[0]), median(times[1])];
}

const eventCount = async (db: Kysely<Database>) => Number((await sql<{ n: string }>`select count(*)::text as n from activity_events`.execute(db)).rows[0]!.n);

async function measure(database: string, target: DatabaseTarget): Promise<ActivityResult> {
  const handle = await openDatabase(target);
  try {
    const db = handle.db;
    await migrateToLatest(db);
    const started = Date.now();
    const tenant = await createPartner(db, { name: 'Bench Church', product: 'general', smsUnits: 0 });
    await insertIncomes(db, tenant, INCOMES);
    await sql`vacuum analyze`.execute(db);
    console.log(`${database} (${describeTarget(target)}): seeded ${INCOMES} incomes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const account = (await db.selectFrom('accounts').select('id').where('tenant_id', '=', tenant).where('name', '=', 'Tithe').executeTakeFirstOrThrow()).id;

    const config = { jwtSecret: 'bench-activity-secret', tokenTtlSeconds: 3600, webRoot: undefined };
    const plugin = new WithoutActivityLog();
    /** [with the log, without]. */
    const apps = [await buildApp({ db, config, logger: false }), await buildApp({ db: db.withPlugin(plugin), config, logger: false })] as const;
    const request = { authorization: await benchAuthorization(apps[0], db, tenant), account, counter: { n: 0 } };
    const before = { events: await eventCount(db), skipped: plugin.skipped };
    const saves: [number, number] = [0, 0];
    const count = (run: { latencies: number[][] }) => run.latencies.forEach((each, way) => (saves[way as 0 | 1] += each.length));

    // A warm-up, then one at a time, alternating save by save.
    count(await saveFor(apps, (n) => n % 2, CONNECTIONS, 2, request));
    const serial = await saveFor(apps, (n) => n % 2, 1, SECONDS, request);
    count(serial);

    // CONNECTIONS at a time, in blocks: with then without, then without then with, ...
    const concurrent = { with: { latencies: [] as number[], perSecond: [] as number[] }, without: { latencies: [] as number[], perSecond: [] as number[] } };
    for (let pair = 0; pair < PAIRS; pair += 1) {
      for (const way of pair % 2 === 0 ? [0, 1] : [1, 0]) {
        const block = await saveFor(apps, () => way, CONNECTIONS, BLOCK_SECONDS, request);
        count(block);
        const into = way === 0 ? concurrent.with : concurrent.without;
        into.latencies.push(...block.latencies[way]!);
        into.perSecond.push(block.latencies[way]!.length / block.seconds);
      }
    }

    // One event per save with the log, none without (the plugin left out every one): the comparison is of that event.
    const written = (await eventCount(db)) - before.events;
    if (written !== saves[0]) throw new Error(`${saves[0]} saves with the log wrote ${written} events`);
    if (plugin.skipped - before.skipped !== saves[1]) throw new Error(`${saves[1]} saves without the log, ${plugin.skipped - before.skipped} events left out`);

    const userId = (await db.selectFrom('users').select('id').where('partner_id', '=', tenant).executeTakeFirstOrThrow()).id;
    const [eventMs, selectMs] = await eventCost(db, tenant, userId);
    for (const app of apps) await app.close();
    return {
      database,
      serial: { with: { latencies: sorted(serial.latencies[0]!), perSecond: [] }, without: { latencies: sorted(serial.latencies[1]!), perSecond: [] } },
      concurrent: {
        with: { latencies: sorted(concurrent.with.latencies), perSecond: concurrent.with.perSecond },
        without: { latencies: sorted(concurrent.without.latencies), perSecond: concurrent.without.perSecond },
      },
      eventMs,
      selectMs,
    };
  } finally {
    await handle.close();
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function printResults(results: ActivityResult[]): void {
  const ms = (value: number) => value.toFixed(1);
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const rows = results.flatMap((r) => {
    const row = (how: string, ways: { with: Way; without: Way }, perSecond: [number, number], lost: number) => {
      const p99 = [percentile(ways.with.latencies, 0.99), percentile(ways.without.latencies, 0.99)] as const;
      const p99Longer = p99[0] / p99[1] - 1;
      return [
        r.database,
        how,
        `${perSecond[0].toFixed(1)} / ${perSecond[1].toFixed(1)}`,
        `${ms(percentile(ways.with.latencies, 0.5))} / ${ms(percentile(ways.without.latencies, 0.5))}`,
        `${ms(p99[0])} / ${ms(p99[1])}`,
        percent(lost),
        percent(p99Longer),
        lost <= ACTIVITY_LOG_BUDGET && p99Longer <= ACTIVITY_LOG_BUDGET ? 'within' : 'OVER',
        `${r.eventMs.toFixed(2)} / ${r.selectMs.toFixed(2)}`,
        `${ways.with.latencies.length} / ${ways.without.latencies.length}`,
      ];
    };
    // One at a time: a save a second is 1000 / its mean ms.
    const serialRate: [number, number] = [1000 / mean(r.serial.with.latencies), 1000 / mean(r.serial.without.latencies)];
    const ratios = sorted(r.concurrent.with.perSecond.map((rate, pair) => rate / r.concurrent.without.perSecond[pair]!));
    const concurrentRate: [number, number] = [mean(r.concurrent.with.perSecond), mean(r.concurrent.without.perSecond)];
    return [
      row('one at a time, alternating', r.serial, serialRate, 1 - serialRate[0] / serialRate[1]),
      row(`${CONNECTIONS} at a time, ${PAIRS} pairs of blocks`, r.concurrent, concurrentRate, 1 - percentile(ratios, 0.5)),
    ];
  });
  const header = [
    'database',
    'saves',
    'saves/s (log / without)',
    'p50 ms',
    'p99 ms',
    'throughput lost',
    'p99 longer',
    `budget ≤ ${percent(ACTIVITY_LOG_BUDGET)}`,
    'event alone ms (event / select 1)',
    'saves timed',
  ];
  console.log(`\n${markdownTable(header, rows)}`);
  console.log(`(${CONNECTIONS} at a time: the throughput lost is the median of the ${PAIRS} pairs' ratios)`);
}

export async function runActivityBench(): Promise<ActivityResult[]> {
  console.log(
    `\nThe activity log's cost to an income save (issue 26): POST /api/v2/income on a partner with ${INCOMES} incomes, one at a time for ${SECONDS} s alternating ` +
      `with and without the log save by save, then ${CONNECTIONS} at a time in ${PAIRS} pairs of ${BLOCK_SECONDS} s blocks; 'without': the same app with the event's SQL replaced by select 1.`,
  );
  const results = [await withTempPglite((target) => measure('PGlite', target))];
  if (process.env.DATABASE_URL) results.push(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target)));
  printResults(results);
  return results;
}
