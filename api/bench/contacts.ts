/**
 * The contacts part of `pnpm bench`: contacts list and search latency on one large partner, through
 * the real app (inject, no network), on PGlite and, when DATABASE_URL is set, on PostgreSQL.
 *
 * BENCH_CONTACTS contacts (default 100,000; the Contacts issue's figure is 1,000,000) for the measured
 * tenant plus a tenth as many for another, made by the database (generate_series), then VACUUM
 * ANALYZE, then each scenario BENCH_RUNS times after a warm-up: median and p99 in ms, and the
 * PGlite / PostgreSQL ratio. It also prints the EXPLAIN ANALYZE of the search queries, to show the
 * trigram index at work. No assertions: the numbers go to docs/benchmarks.md.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { generatedPhone, insertGeneratedContacts, RARE_EVERY, RARE_SURNAME } from '../src/contacts/generate';
import { membersMatching } from '../src/contacts/member-queries';
import { describeTarget, openDatabase, type DatabaseTarget } from '../src/db/connection';
import { countAll } from '../src/db/list-sql';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { TenantScope } from '../src/db/tenant-scope';
import { parseListQuery } from '../src/http/list-query';
import { createPartner } from '../src/partners/queries';
import { benchAuthorization, markdownTable, timeRequest, withTempPglite, withTempPostgres, type Timing } from './support';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const NOISE = Math.round(CONTACTS / 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARM_UP = 3;
const PAGE_SIZE = 15;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
/** The list query the contacts screen sends (spec 7). */
const listUrl = (page: number, searchKey?: string) =>
  `/api/v2/member?action=display&page=${page}&pagesize=${PAGE_SIZE}&startdate=2020-01-01&enddate=${tomorrow()}` +
  (searchKey === undefined ? '' : `&searchKey=${encodeURIComponent(searchKey)}`);

/** The national digits (after +254) of one generated contact's mobile, typed as people do. */
const national = generatedPhone(Math.max(1, Math.floor(CONTACTS * 0.42))).slice(4);
const WHOLE_PHONE = `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
const PHONE_FRAGMENT = `${national.slice(3, 6)} ${national.slice(6)}`;
const RARE_TERM = RARE_SURNAME.toLowerCase();

/** [label, search text or undefined, page] */
const SCENARIOS: Array<[label: string, searchKey: string | undefined, page: number]> = [
  ['contacts page 1', undefined, 1],
  ['contacts deep page (last)', undefined, Math.max(1, Math.ceil(CONTACTS / PAGE_SIZE))],
  ['search, name fragment (wanj)', 'wanj', 1],
  [`search, phone fragment (${PHONE_FRAGMENT})`, PHONE_FRAGMENT, 1],
  [`search, whole phone (${WHOLE_PHONE})`, WHOLE_PHONE, 1],
  [`search, rare term (${RARE_TERM})`, RARE_TERM, 1],
];
/** Search terms whose query plans are printed. */
const EXPLAINED = ['wanj', PHONE_FRAGMENT, WHOLE_PHONE, RARE_TERM];

export interface ContactsResult extends Timing {
  database: string;
  label: string;
}

async function seed(db: Kysely<Database>): Promise<number> {
  const tenant = await createPartner(db, { name: 'Bench Church', product: 'general', smsUnits: 0 });
  const noise = await createPartner(db, { name: 'Noise Traders', product: 'general', smsUnits: 0 });
  await insertGeneratedContacts(db, tenant, CONTACTS);
  await insertGeneratedContacts(db, noise, NOISE);
  // What autovacuum would have done on a live server: statistics and the visibility map.
  await sql`vacuum analyze`.execute(db);
  return tenant;
}

async function explain(db: Kysely<Database>, tenantId: number, searchKey: string): Promise<string> {
  const params = parseListQuery({ searchKey, page: '1', pagesize: String(PAGE_SIZE), startdate: '2020-01-01', enddate: tomorrow() });
  const scope = new TenantScope(db, tenantId);
  const page = membersMatching(scope, params).select('m.id').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(PAGE_SIZE).compile();
  const count = membersMatching(scope, params).select(countAll).compile();
  const plans: string[] = [];
  for (const [what, query] of [
    ['page', page],
    ['count', count],
  ] as const) {
    const result = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]));
    plans.push(`-- ${what} of searchKey=${searchKey}\n${result.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
  return plans.join('\n');
}

async function measure(name: string, target: DatabaseTarget): Promise<ContactsResult[]> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle.db);
    const started = Date.now();
    const tenant = await seed(handle.db);
    console.log(`${name} (${describeTarget(target)}): seeded ${CONTACTS + NOISE} contacts and vacuumed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({ db: handle.db, config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, webRoot: undefined }, logger: false });
    const authorization = await benchAuthorization(app, handle.db, tenant);
    const results: ContactsResult[] = [];
    for (const [label, searchKey, page] of SCENARIOS) {
      results.push({ database: name, label, ...(await timeRequest(app, listUrl(page, searchKey), authorization, RUNS, WARM_UP)) });
    }
    await app.close();
    if (process.env.BENCH_EXPLAIN !== '0') {
      for (const term of EXPLAINED) console.log(`\n${name} EXPLAIN ANALYZE\n${await explain(handle.db, tenant, term)}`);
    }
    return results;
  } finally {
    await handle.close();
  }
}

function printResults(results: ContactsResult[]): void {
  const rows = results.map((r) => {
    const base = results.find((b) => b.database === r.database && b.label === SCENARIOS[0]![0])!;
    return [r.database, r.label, r.total === undefined ? '-' : String(r.total), r.median.toFixed(2), r.p99.toFixed(2), `${(r.median / base.median).toFixed(1)}x`];
  });
  console.log(`\n${markdownTable(['database', 'scenario', 'rows total', 'median ms', 'p99 ms', 'median vs page 1'], rows)}`);
  if (!results.some((r) => r.database === 'PostgreSQL')) return;
  const ratios = SCENARIOS.map(([label]) => {
    const pg = results.find((r) => r.database === 'PostgreSQL' && r.label === label)!;
    const lite = results.find((r) => r.database === 'PGlite' && r.label === label)!;
    return [label, `${(lite.median / pg.median).toFixed(1)}x`, `${(lite.p99 / pg.p99).toFixed(1)}x`];
  });
  console.log(`\n${markdownTable(['scenario', 'PGlite / PostgreSQL median', 'PGlite / PostgreSQL p99'], ratios)}`);
}

/** Runs the contacts benchmark on PGlite and, with DATABASE_URL, PostgreSQL; prints the tables. */
export async function runContactsBench(): Promise<ContactsResult[]> {
  console.log(
    `\nContacts benchmark: ${CONTACTS} contacts for the measured tenant (1 in ${RARE_EVERY} named ${RARE_SURNAME}), ` +
      `${NOISE} for another; ${RUNS} runs per scenario after ${WARM_UP} warm-up.`,
  );
  const results = await withTempPglite((target) => measure('PGlite', target));
  if (process.env.DATABASE_URL) results.push(...(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target))));
  printResults(results);
  return results;
}
