/**
 * The finance part of `pnpm bench` (issue 9), through the real app (inject, no network), on PostgreSQL when
 * DATABASE_URL is set and on PGlite (BENCH_FINANCE_PGLITE=0 leaves it out):
 *
 * - the income list and its searches (`GET /api/v2/income`, the screen's list query) with BENCH_INCOMES
 *   incomes in one partner (default 500,000) plus a fifth as many in another, made by the database itself
 *   (INSERT … SELECT over generate_series), then VACUUM ANALYZE: median and p99 beside the budget;
 * - C2B confirmations per second: BENCH_CONFIRMATIONS Daraja confirmations (default 4,000) posted to the
 *   callback route, BENCH_C2B_CONCURRENCY at a time (default 16), each stored in the inbox and as a payment;
 *   once with a BillRefNumber nobody has a rule for, once with one a rule allocates (an income each).
 *
 * Ends with the EXPLAIN ANALYZE of the queries of the slowest search, as the income list runs them, on PostgreSQL.
 */
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { Pool } from 'pg';
import { buildApp } from '../src/app';
import { describeTarget, openDatabase, type DatabaseTarget } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { incomeQueries } from '../src/finance/incomes';
import { formatTransTime } from '../src/finance/mpesa/daraja';
import { TenantScope } from '../src/db/tenant-scope';
import { parseListQuery } from '../src/http/list-query';
import { createPartner, setPartnerMpesa } from '../src/partners/queries';
import { darajaPayment } from '../test/support/daraja';
import { insertIncomes, phoneOf } from './seeding';
import { benchAuthorization, markdownTable, timeRequest, withTempPglite, withTempPostgres } from './support';

const INCOMES = Number(process.env.BENCH_INCOMES ?? 500_000);
const NOISE = Math.round(INCOMES / 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARM_UP = 5;
const CONFIRMATIONS = Number(process.env.BENCH_CONFIRMATIONS ?? 4_000);
const CONCURRENCY = Number(process.env.BENCH_C2B_CONCURRENCY ?? 16);
/** The lists' budget on PostgreSQL, for page 1 and the searches people type (docs/benchmarks.md). */
const LIST_BUDGET = { median: 50, p99: 200 };
const C2B_BUDGET_PER_SECOND = 1_000;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const screen = (extra: string) => `/api/v2/income?action=display&pagesize=15&startdate=2020-01-01&enddate=${tomorrow()}&${extra}`;

/** [label, url, whether the budget applies]: the deep page is the pager's 'last' button, an OFFSET walk. */
const scenarios = (): Array<[label: string, url: string, budgeted: boolean]> => [
  ['income page 1', screen('page=1'), true],
  ['income, one month', `/api/v2/income?action=display&pagesize=15&page=1&startdate=${monthAgo()}&enddate=${tomorrow()}`, true],
  ['income deep page (page 1,000)', screen('page=1000'), false],
  ['search, name fragment (`wanj`)', screen('page=1&searchKey=wanj'), true],
  ['search, rare surname (`lemaiyan`)', screen('page=1&searchKey=lemaiyan'), true],
  [`search, whole phone (\`${phoneOf(4242, true)}\`)`, screen(`page=1&searchKey=${encodeURIComponent(phoneOf(4242, true))}`), true],
  [`search, phone fragment (\`${phoneOf(4242, true).slice(-7)}\`)`, screen(`page=1&searchKey=${encodeURIComponent(phoneOf(4242, true).slice(-7))}`), true],
  ['search, TransID (`tk0042424`)', screen('page=1&searchKey=tk0042424'), true],
  ['search, receipt number (`424242`)', screen('page=1&searchKey=424242'), true],
];

const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

interface ListResult {
  database: string;
  label: string;
  budgeted: boolean;
  median: number;
  p99: number;
  total: number | undefined;
}

interface RateResult {
  database: string;
  label: string;
  perSecond: number;
  /** This process's CPU time per confirmation (PGlite's database work included; PostgreSQL's not). */
  cpuMs: number;
  count: number;
}

async function seed(db: Kysely<Database>): Promise<number> {
  const tenant = await createPartner(db, { name: 'Bench Church', product: 'general', smsUnits: 0 });
  const noise = await createPartner(db, { name: 'Noise Church', product: 'general', smsUnits: 0 });
  await insertIncomes(db, tenant, INCOMES);
  await insertIncomes(db, noise, NOISE);
  await sql`vacuum analyze`.execute(db);
  return tenant;
}

/** A partner with a paybill and a rule TITHE -> Tithe; answers its secret and short code. */
async function paybill(db: Kysely<Database>): Promise<{ secret: string; shortCode: string }> {
  const tenant = await createPartner(db, { name: 'Paybill Church', product: 'general', smsUnits: 0 });
  const paybill = { secret: 'bench-c2b-secret', shortCode: '600100' };
  await setPartnerMpesa(db, tenant, paybill);
  const { id } = await db.insertInto('accounts').values({ tenant_id: tenant, name: 'Tithe', type: 'CR', parent_id: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('bill_ref_rules').values({ tenant_id: tenant, bill_ref: 'TITHE', bill_ref_key: 'TITHE', account_id: id }).execute();
  return paybill;
}

/** Posts CONFIRMATIONS confirmations, CONCURRENCY at a time; answers the rate per second and this process's CPU per confirmation. */
async function confirmationRate(app: Awaited<ReturnType<typeof buildApp>>, paybill: { secret: string; shortCode: string }, billRef: string, run: number) {
  const url = `/api/v2/mpesa/c2b/${paybill.secret}/confirmation`;
  const transTime = formatTransTime(new Date());
  let next = 0;
  const worker = async () => {
    while (next < CONFIRMATIONS) {
      const i = (next += 1);
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(
          darajaPayment({
            TransID: `B${run}${String(i).padStart(8, '0')}`,
            BusinessShortCode: paybill.shortCode,
            TransTime: transTime,
            TransAmount: `${100 + (i % 900)}.00`,
            BillRefNumber: billRef,
            MSISDN: `2547${String((i * 7919) % 100_000_000).padStart(8, '0')}`,
          }),
        ),
      });
      if (response.statusCode !== 200 || response.json<{ ResultCode: unknown }>().ResultCode !== 0)
        throw new Error(`confirmation: ${response.statusCode} ${response.body}`);
    }
  };
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const { user, system } = process.cpuUsage(cpu);
  return { perSecond: CONFIRMATIONS / seconds, cpuMs: (user + system) / 1000 / CONFIRMATIONS };
}

async function measure(name: string, target: DatabaseTarget): Promise<{ lists: ListResult[]; rates: RateResult[] }> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle.db);
    const started = Date.now();
    const tenant = await seed(handle.db);
    console.log(`${name} (${describeTarget(target)}): seeded ${INCOMES + NOISE} incomes in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({ db: handle.db, config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, webRoot: undefined }, logger: false });
    const authorization = await benchAuthorization(app, handle.db, tenant);
    const lists: ListResult[] = [];
    for (const [label, url, budgeted] of scenarios()) {
      lists.push({ database: name, label, budgeted, ...(await timeRequest(app, url, authorization, RUNS, WARM_UP)) });
    }

    const account = await paybill(handle.db);
    const rates: RateResult[] = [];
    const kinds: Array<[label: string, billRef: string]> = [
      ['no rule (waits for a person)', 'OFFERING'],
      ['TITHE rule (allocated, income written)', 'TITHE'],
    ];
    for (const [run, [label, billRef]] of kinds.entries()) {
      rates.push({ database: name, label, count: CONFIRMATIONS, ...(await confirmationRate(app, account, billRef, run)) });
    }
    if (target.kind === 'postgres') await explainSlowest(target.url, tenant, lists);
    await app.close();
    return { lists, rates };
  } finally {
    await handle.close();
  }
}

/**
 * The plans of the queries the income list runs for the slowest budgeted search: the list is run once more
 * on a Kysely that records its queries, and each is explained with its parameters written in.
 */
async function explainSlowest(url: string, tenantId: number, lists: ListResult[]): Promise<void> {
  const slowest = lists.filter((r) => r.budgeted && r.label.startsWith('search')).sort((a, b) => b.median - a.median)[0];
  const searchKey = slowest && /`([^`]+)`/.exec(slowest.label)?.[1];
  if (!searchKey) return;
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 2 }) }),
    log: (event) => void (event.level === 'query' && queries.push(event.query)),
  });
  try {
    const params = parseListQuery({ action: 'display', page: '1', pagesize: '15', startdate: '2020-01-01', enddate: tomorrow(), searchKey });
    await incomeQueries.list(new TenantScope(db, tenantId), params);
    for (const query of [...queries]) {
      const literal = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
        const value = query.parameters[Number(n) - 1];
        return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
      });
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off, timing off) ${sql.raw(literal)}`.execute(db);
      console.log(`\nEXPLAIN ANALYZE on PostgreSQL, "${slowest!.label}": ${query.sql.slice(0, 60)}…\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await db.destroy();
  }
}

/** Runs the finance benchmark and prints each number beside its budget. */
export async function runFinanceBench(): Promise<void> {
  console.log(
    `\nFinance benchmark: ${INCOMES} incomes for the measured partner, ${NOISE} for another; ${RUNS} runs per list after ${WARM_UP} warm-up; ` +
      `${CONFIRMATIONS} C2B confirmations ${CONCURRENCY} at a time.`,
  );
  const lists: ListResult[] = [];
  const rates: RateResult[] = [];
  const add = (result: { lists: ListResult[]; rates: RateResult[] }) => {
    lists.push(...result.lists);
    rates.push(...result.rates);
  };
  if (process.env.DATABASE_URL) add(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target)));
  if (process.env.BENCH_FINANCE_PGLITE !== '0') add(await withTempPglite((target) => measure('PGlite', target)));

  const budget = (r: ListResult) => {
    if (!r.budgeted) return '–';
    if (r.database !== 'PostgreSQL') return '(PostgreSQL only)';
    return r.median <= LIST_BUDGET.median && r.p99 <= LIST_BUDGET.p99 ? 'within' : 'MISSED';
  };
  console.log(
    `\n${markdownTable(
      ['database', 'scenario', 'rows total', 'median ms', 'p99 ms', `budget (median ≤ ${LIST_BUDGET.median}, p99 ≤ ${LIST_BUDGET.p99} ms)`],
      lists.map((r) => [r.database, r.label, r.total === undefined ? '-' : String(r.total), r.median.toFixed(2), r.p99.toFixed(2), budget(r)]),
    )}`,
  );
  const pgLists = lists.filter((r) => r.database === 'PostgreSQL');
  for (const pg of pgLists) {
    const lite = lists.find((r) => r.database === 'PGlite' && r.label === pg.label);
    if (lite) console.log(`  ${pg.label.padEnd(40)} PGlite/PostgreSQL median ${(lite.median / pg.median).toFixed(1)}x, p99 ${(lite.p99 / pg.p99).toFixed(1)}x`);
  }

  console.log(
    `\n${markdownTable(
      ['database', 'confirmations', 'count', 'per second', 'Node CPU ms each', `budget (≥ ${C2B_BUDGET_PER_SECOND}/s)`],
      rates.map((r) => [r.database, r.label, String(r.count), r.perSecond.toFixed(0), r.cpuMs.toFixed(2), r.perSecond >= C2B_BUDGET_PER_SECOND ? 'within' : 'MISSED']),
    )}`,
  );
  for (const r of rates.filter((rate) => rate.database === 'PostgreSQL')) {
    const lite = rates.find((rate) => rate.database === 'PGlite' && rate.label === r.label);
    const ratio = lite ? `, PGlite/PostgreSQL ${(lite.perSecond / r.perSecond).toFixed(2)}x` : '';
    console.log(`C2B confirmations, ${r.label}: ${r.perSecond.toFixed(0)}/s on PostgreSQL (budget ≥ ${C2B_BUDGET_PER_SECOND}/s${ratio})`);
  }
}
