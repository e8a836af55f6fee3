/**
 * `pnpm bench`: list and search latency on a large tenant, through the real app (inject, no network).
 *
 * Seeds a throwaway database - PGlite in a temp folder always, and PostgreSQL too when DATABASE_URL
 * is set (a uniquely named database on that server, dropped afterwards) - with MEETINGS meetings for
 * one tenant plus NOISE for another, then times each scenario RUNS times after a warm-up and prints
 * median and p99. No assertions: the numbers go to docs/benchmarks.md.
 * Then the contacts part (bench/contacts.ts), the messaging enqueue (bench/enqueue.ts) and the outbox's send rate
 * (bench/outbox.ts), then finance: the income list at 500,000 incomes and C2B confirmations per second
 * (bench/finance.ts), then every list and search under load against a bare baseline (bench/lists/lists.ts) and beside
 * it what the permission check costs the contacts list (bench/permissions.ts), then the capacity curve: staff thinking
 * 5-15 s at rising counts on one API process and on two (bench/load.ts), what a file of 100,000 numbers sent over HTTP costs other requests
 * (bench/upload-stall.ts), what the activity log costs an income save (bench/activity.ts), and last the dry run and import of
 * 20,000 contacts into a partner with a million (bench/import.ts). BENCH_ONLY=meetings, contacts, enqueue, outbox, finance,
 * lists, permissions, load, upload, activity or import runs one part.
 */
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseTarget } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { createPartner } from '../src/partners/queries';
import { runActivityBench } from './activity';
import { runContactsBench } from './contacts';
import { runEnqueueBench } from './enqueue';
import { runFinanceBench } from './finance';
import { runImportBench } from './import';
import { runListsBench } from './lists/lists';
import { runLoadBench } from './load';
import { runOutboxBench } from './outbox';
import { runPermissionsBench } from './permissions';
import { runUploadStallBench } from './upload-stall';
import { insertMeetings } from './seeding';
import { benchAuthorization, timeRequest, withTempPglite, withTempPostgres } from './support';

const MEETINGS = Number(process.env.BENCH_MEETINGS ?? 50_000);
const NOISE = Math.round(MEETINGS / 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARM_UP = 5;

const SCENARIOS: Array<[label: string, url: string]> = [
  ['meetings page 1', '/api/v2/meetings?page=1&pagesize=15&startdate=2020-01-01&enddate=2030-12-31'],
  ['meetings deep page', `/api/v2/meetings?page=${Math.floor(MEETINGS / 15) - 1}&pagesize=15&startdate=2020-01-01&enddate=2030-12-31`],
  ['search, broad (kamau)', '/api/v2/meetings?page=1&pagesize=15&searchKey=kamau'],
  ['search, narrow (#4242)', '/api/v2/meetings?page=1&pagesize=15&searchKey=%234242'],
  ['search, type name', '/api/v2/meetings?page=1&pagesize=15&searchKey=youth'],
  ['meeting types page 1', '/api/v2/meeting_types?page=1&pagesize=15'],
  ['attendance, 12 months', '/api/v2/meetings/attendance'],
];

interface Result {
  database: string;
  label: string;
  median: number;
  p99: number;
  total: number | undefined;
}

async function seed(db: Kysely<Database>): Promise<number> {
  const tenant = await createPartner(db, { name: 'Bench Church', product: 'general', smsUnits: 0 });
  const noise = await createPartner(db, { name: 'Noise Traders', product: 'general', smsUnits: 0 });
  await insertMeetings(db, tenant, MEETINGS, ['Sunday Service', 'Midweek Bible Study', 'Youth Fellowship', "Women's Guild", 'Prayer Meeting', "Leaders' Meeting"]);
  await insertMeetings(db, noise, NOISE, ['Monthly Members Meeting', 'Committee Meeting']);
  // What autovacuum would have done on a live server: planner statistics and an all-visible map,
  // without which a count cannot use an index-only scan.
  await sql`vacuum analyze`.execute(db);
  return tenant;
}

async function measure(name: string, target: DatabaseTarget): Promise<Result[]> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle.db);
    const started = Date.now();
    const tenant = await seed(handle.db);
    console.log(`${name}: seeded ${MEETINGS + NOISE} meetings in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({ db: handle.db, config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, webRoot: undefined }, logger: false });
    const authorization = await benchAuthorization(app, handle.db, tenant);
    const results: Result[] = [];
    for (const [label, url] of SCENARIOS) {
      results.push({ database: name, label, ...(await timeRequest(app, url, authorization, RUNS, WARM_UP)) });
    }
    await app.close();
    return results;
  } finally {
    await handle.close();
  }
}

function printTable(results: Result[]): void {
  const header = ['database', 'scenario', 'rows total', 'median ms', 'p99 ms', 'median vs page 1'];
  const rows = results.map((r) => {
    const base = results.find((b) => b.database === r.database && b.label === SCENARIOS[0]![0])!;
    return [r.database, r.label, r.total === undefined ? '-' : String(r.total), r.median.toFixed(2), r.p99.toFixed(2), `${(r.median / base.median).toFixed(1)}x`];
  });
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(['', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  if (results.some((r) => r.database === 'PostgreSQL')) {
    console.log('\nPostgreSQL vs PGlite (median):');
    for (const [label] of SCENARIOS) {
      const pg = results.find((r) => r.database === 'PostgreSQL' && r.label === label)!;
      const lite = results.find((r) => r.database === 'PGlite' && r.label === label)!;
      console.log(`  ${label.padEnd(24)} PGlite/PostgreSQL = ${(lite.median / pg.median).toFixed(1)}x`);
    }
  }
}

/** BENCH_ONLY=meetings, contacts, enqueue, outbox, finance, lists, permissions, load, upload, activity or import runs one part. */
async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'meetings') await meetingsBench();
  if (!only || only === 'contacts') await runContactsBench();
  if (!only || only === 'enqueue') await runEnqueueBench();
  if (!only || only === 'outbox') await runOutboxBench();
  if (!only || only === 'finance') await runFinanceBench();
  if (!only || only === 'lists') await runListsBench();
  if (!only || only === 'permissions') await runPermissionsBench();
  // The capacity curve (about 25 minutes at its defaults): only when asked for, or in the full run.
  if (!only || only === 'load') await runLoadBench();
  if (!only || only === 'upload') await runUploadStallBench();
  if (!only || only === 'activity') await runActivityBench();
  if (!only || only === 'import') await runImportBench();
}

async function meetingsBench(): Promise<void> {
  console.log(`Benchmark: ${MEETINGS} meetings for the measured tenant, ${NOISE} for another; ${RUNS} runs per scenario after ${WARM_UP} warm-up.`);
  const results = await withTempPglite((target) => measure('PGlite', target));
  if (process.env.DATABASE_URL) results.push(...(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target))));
  printTable(results);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
