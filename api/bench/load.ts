/**
 * The load part of `pnpm bench` (issue 10; the capacity curve of issue 32): simulated staff work against the real
 * server listening on a port (HTTP through the network stack, not inject), on PostgreSQL (DATABASE_URL; skipped
 * without it) with BENCH_LOAD_CONTACTS contacts (default 1,000,000) in the partner they work for, while M-Pesa
 * confirmations arrive for it at BENCH_LOAD_CALLBACKS_PER_SECOND (default 20).
 *
 * Each staff member is a user of their own (the per-user rate limit sees people, not one), and loops: think for
 * BENCH_LOAD_THINK seconds (default `5-15`, real staff; issue 10 measured `0.5-2`), then browse the contacts list
 * (a random page), search contacts by a name or phone fragment, open meetings or income, save a meeting type or an
 * income, or send a message to a few typed numbers. Their first request comes after a random part of one think, so
 * they arrive spread out, as a morning's staff do.
 *
 * The curve: for each count of API processes in BENCH_LOAD_PROCESSES (default `1,2`: the same database, staff
 * shared between the processes round-robin as a load balancer would), for each count of staff in BENCH_LOAD_STAFF
 * (default `1000,2000,3000,4000,5000`), BENCH_LOAD_SECONDS (default 120) of work, measured after the first think
 * (the ramp). The servers run in processes of their own (lists/server-process.ts: `dist/main.js` as production
 * runs it, NODE_ENV=production, its default rate limits counted where production counts them, the outbox worker in
 * the first with the development gateway, so sends are really sent), so the latencies measured here are the
 * servers', not those of this process's event loop. BENCH_CPU_PROF=1 profiles the servers (--cpu-prof; one profile
 * per process and count of processes, written when it stops after its last level).
 *
 * Prints per level and route: requests, errors (any status that is not the expected one), p50 and p99 in ms; then
 * the curve (staff, requests a second, errors, the worst route's p99) beside the budget (issue 32: 4,000 staff at
 * 5-15 s with every route's p99 ≤ 300 ms and 0 errors, on one 2-core machine). No assertions; the numbers go to
 * docs/benchmarks.md. An error is printed with its status, never hidden.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { issueToken } from '../src/auth/tokens';
import { insertGeneratedContacts } from '../src/contacts/generate';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createPartner, createUser, setPartnerMpesa } from '../src/partners/queries';
import { darajaPayment } from '../test/support/daraja';
import { buildApi, startServer, type ServerProcess } from './lists/server-process';
import { markdownTable, percentile, withTempPostgres } from './support';

/** `1000,2000` -> [1000, 2000] */
const counts = (text: string) => text.split(',').map((part) => Number(part.trim()));
const STAFF_LEVELS = counts(process.env.BENCH_LOAD_STAFF ?? '1000,2000,3000,4000,5000');
const PROCESSES = counts(process.env.BENCH_LOAD_PROCESSES ?? '1,2');
const [THINK_MIN_MS, THINK_MAX_MS] = (process.env.BENCH_LOAD_THINK ?? '5-15').split('-').map((part) => Number(part) * 1000) as [number, number];
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 120);
const CONTACTS = Number(process.env.BENCH_LOAD_CONTACTS ?? 1_000_000);
const CALLBACKS_PER_SECOND = Number(process.env.BENCH_LOAD_CALLBACKS_PER_SECOND ?? 20);
const SECRET = 'bench-load-c2b-secret';
const JWT_SECRET = 'bench-load-jwt-secret-long-enough-for-hs256';
const TOKEN_TTL_SECONDS = 3600;
const SHORT_CODE = '600300';
/** Issue 32's capacity budget: this many staff at 5-15 s of thinking, every route's p99 at most P99_BUDGET_MS, no error. */
const STAFF_BUDGET = 4000;
const P99_BUDGET_MS = 300;
const CPU_PROFILE = process.env.BENCH_CPU_PROF === '1';

interface Action {
  route: string;
  weight: number;
  expect: number;
  request: (ctx: { i: number; account: number }) => { method: 'GET' | 'POST'; path: string; body?: unknown };
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const SEARCHES = ['wanj', 'kamau', 'otieno', '712 3', 'achieng', '0722', 'mary', 'lemaiyan'];

const ACTIONS: Action[] = [
  {
    route: 'GET /member (list)',
    weight: 25,
    expect: 200,
    request: ({ i }) => ({ method: 'GET', path: `/api/v2/member?action=display&page=${1 + (i % 200)}&pagesize=15&startdate=2020-01-01&enddate=${tomorrow()}` }),
  },
  {
    route: 'GET /member (search)',
    weight: 15,
    expect: 200,
    request: ({ i }) => ({ method: 'GET', path: `/api/v2/member?action=display&page=1&pagesize=15&searchKey=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}` }),
  },
  { route: 'GET /meetings', weight: 10, expect: 200, request: () => ({ method: 'GET', path: '/api/v2/meetings?page=1&pagesize=15' }) },
  { route: 'GET /income', weight: 10, expect: 200, request: () => ({ method: 'GET', path: '/api/v2/income?page=1&pagesize=15' }) },
  {
    route: 'POST /meeting_types',
    weight: 10,
    expect: 201,
    request: ({ i }) => ({
      method: 'POST',
      path: '/api/v2/meeting_types',
      body: { name: `Load meeting ${process.pid}-${i}`, description: 'Made by the load benchmark' },
    }),
  },
  {
    route: 'POST /income',
    weight: 10,
    expect: 201,
    request: ({ i, account }) => ({
      method: 'POST',
      path: '/api/v2/income',
      body: {
        firstname: 'Load',
        lastname: `Payer ${i}`,
        phone: `07${String(10_000_000 + (i % 89_999_999)).padStart(8, '0')}`,
        amount: `${100 + (i % 900)}.50`,
        account,
        mode: 'CASH',
        dateOfTransaction: tomorrow(),
        paymentFor: 'Tithe',
        reference: `LOAD${i}`,
        sendMessage: false,
      },
    }),
  },
  {
    route: 'POST /notifymany',
    weight: 5,
    expect: 201,
    request: ({ i }) => ({
      method: 'POST',
      path: '/api/v2/notifymany',
      body: {
        recipient_type: 'Typed',
        recipients: `0712${String(i % 1_000_000).padStart(6, '0')}, 0722 000 111`,
        textmessage: 'Service at 10am',
        type: 'SMS',
        category: 'WEBSMS',
      },
    }),
  },
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, action) => sum + action.weight, 0);

function pick(i: number): Action {
  let roll = (i * 7919) % TOTAL_WEIGHT;
  for (const action of ACTIONS) {
    if (roll < action.weight) return action;
    roll -= action.weight;
  }
  return ACTIONS[0]!;
}

/** One level's answers, counted from `from` (after the ramp) on. */
class Tally {
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, Map<string, number>>();
  constructor(readonly from: number) {}
  record(route: string, ms: number, error?: string) {
    if (performance.now() - ms < this.from) return;
    (this.times.get(route) ?? this.times.set(route, []).get(route)!).push(ms);
    if (error) {
      const byKind = this.errors.get(route) ?? this.errors.set(route, new Map()).get(route)!;
      byKind.set(error, (byKind.get(error) ?? 0) + 1);
    }
  }
}

async function timed(tally: Tally, route: string, expected: number, send: () => Promise<Response>): Promise<void> {
  const start = performance.now();
  try {
    const response = await send();
    const body = await response.text();
    tally.record(route, performance.now() - start, response.status === expected ? undefined : `${response.status} ${body.slice(0, 120)}`);
  } catch (error) {
    tally.record(route, performance.now() - start, `network: ${(error as Error).message}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const transTime = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** What one level of the curve measured. */
interface Level {
  processes: number;
  staff: number;
  seconds: number;
  tally: Tally;
}

const perSecond = (level: Level) => [...level.tally.times.values()].reduce((sum, times) => sum + times.length, 0) / level.seconds;
const errorCount = (level: Level) => [...level.tally.errors.values()].flatMap((byKind) => [...byKind.values()]).reduce((sum, n) => sum + n, 0);
const p99Of = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    0.99,
  );
const worstP99 = (level: Level) => Math.max(...[...level.tally.times.values()].map(p99Of));

function printLevel(level: Level): void {
  const rows = [...level.tally.times.entries()].map(([route, times]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const errors = [...(level.tally.errors.get(route)?.values() ?? [])].reduce((sum, n) => sum + n, 0);
    return [route, String(times.length), String(errors), percentile(sorted, 0.5).toFixed(1), percentile(sorted, 0.99).toFixed(1)];
  });
  console.log(`\n${level.staff} staff, ${level.processes} API process(es): ${perSecond(level).toFixed(0)} requests/s, ${errorCount(level)} errors`);
  console.log(markdownTable(['route', 'requests', 'errors', 'p50 ms', 'p99 ms'], rows));
  for (const [route, byKind] of level.tally.errors) for (const [kind, count] of byKind) console.log(`  error ${route}: ${count} × ${kind}`);
}

function printCurve(levels: Level[]): void {
  const routes = [...new Set(levels.flatMap((level) => [...level.tally.times.keys()]))];
  const rows = levels.map((level) => {
    const worst = worstP99(level);
    const within = errorCount(level) === 0 && worst <= P99_BUDGET_MS;
    return [
      String(level.processes),
      String(level.staff),
      perSecond(level).toFixed(0),
      String(errorCount(level)),
      worst.toFixed(0),
      within ? 'yes' : '**no**',
      ...routes.map((route) => {
        const times = level.tally.times.get(route);
        return times?.length ? p99Of(times).toFixed(0) : '-';
      }),
    ];
  });
  console.log(`\nThe curve (think ${THINK_MIN_MS / 1000}-${THINK_MAX_MS / 1000} s, ${CALLBACKS_PER_SECOND} M-Pesa confirmations/s; p99 in ms per route):\n`);
  console.log(markdownTable(['processes', 'staff', 'req/s', 'errors', 'worst p99', `p99 ≤ ${P99_BUDGET_MS}, 0 errors?`, ...routes], rows));
  for (const processes of PROCESSES) {
    const met = levels.filter((level) => level.processes === processes && errorCount(level) === 0 && worstP99(level) <= P99_BUDGET_MS);
    const most = Math.max(0, ...met.map((level) => level.staff));
    console.log(`  ${processes} process(es): at most ${most} staff within budget (budget ${STAFF_BUDGET}: ${most >= STAFF_BUDGET ? 'met' : 'missed'})`);
  }
}

export async function runLoadBench(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('\nLoad benchmark skipped: it runs on PostgreSQL only (set DATABASE_URL).');
    return;
  }
  const mostStaff = Math.max(...STAFF_LEVELS);
  console.log(
    `\nLoad benchmark: ${STAFF_LEVELS.join(', ')} staff thinking ${THINK_MIN_MS / 1000}-${THINK_MAX_MS / 1000} s, ${SECONDS} s each, on ${PROCESSES.join(' and ')} API process(es); PostgreSQL, ${CONTACTS.toLocaleString('en')} contacts, ${CALLBACKS_PER_SECOND} M-Pesa confirmations/s.`,
  );
  await withTempPostgres(serverUrl, async (target) => {
    if (target.kind !== 'postgres') throw new Error('the load benchmark runs on PostgreSQL');
    const handle = await openDatabase(target);
    await migrateToLatest(handle.db);
    const started = Date.now();
    const tenant = await createPartner(handle.db, { name: 'Load Church', product: 'general', smsUnits: 100_000_000 });
    await setPartnerMpesa(handle.db, tenant, { shortCode: SHORT_CODE, secret: SECRET });
    await insertGeneratedContacts(handle.db, tenant, CONTACTS);
    const { id: account } = await handle.db
      .insertInto('accounts')
      .values({ tenant_id: tenant, name: 'Tithe', type: 'CR', parent_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Each staff member a user of their own; a few at a time, as argon2 hashes each password on the thread pool.
    const users: number[] = [];
    for (let first = 0; first < mostStaff; first += 16) {
      const batch = Array.from({ length: Math.min(16, mostStaff - first) }, (_, k) => first + k);
      users.push(
        ...(await Promise.all(
          batch.map((i) =>
            createUser(handle.db, { partnerId: tenant, email: `staff${i}@load.test`, password: `load-password-${i}`, firstName: 'Staff', lastName: `${i}` }),
          ),
        )),
      );
    }
    await sql`vacuum analyze`.execute(handle.db);
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    // Tokens signed with the server's secret by an app of our own: the server takes them for its own.
    const signer = await buildApp({ db: handle.db, config: { jwtSecret: JWT_SECRET, tokenTtlSeconds: TOKEN_TTL_SECONDS, webRoot: undefined }, logger: false });
    const tokens = users.map((user) => `Bearer ${issueToken(signer, user, tenant, TOKEN_TTL_SECONDS)}`);
    await signer.close();

    buildApi();
    const levels: Level[] = [];
    for (const processes of PROCESSES) {
      const servers = await startServers(target.url, processes);
      try {
        for (const staff of STAFF_LEVELS) {
          const level = await runLevel(
            servers.map((server) => server.origin),
            tokens.slice(0, staff),
            account,
            processes,
          );
          printLevel(level);
          levels.push(level);
        }
      } finally {
        // SIGTERM: each server closes, and its worker records the batch in flight before it exits.
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
    const { sent } = (await sql<{ sent: number }>`select count(*)::int as sent from notifications where state not in ('queued', 'claimed')`.execute(handle.db)).rows[0]!;
    await handle.close();
    printCurve(levels);
    console.log(`\n${sent} messages left the outbox over the whole run.`);
  });
}

/**
 * `count` API processes as production runs them: their default rate limits (the per-user one is part of the load),
 * the outbox worker in the first, with the development gateway, woken as sends are queued and polling every second.
 */
async function startServers(databaseUrl: string, count: number): Promise<ServerProcess[]> {
  const servers: ServerProcess[] = [];
  for (let index = 0; index < count; index += 1) {
    servers.push(
      await startServer(
        'dist/main.js',
        {
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          DATABASE_URL: databaseUrl,
          DATA_DIR: '',
          JWT_SECRET,
          // Production refuses to start without the key Daraja credentials are sealed with (issue 29); none is stored here.
          SECRETS_KEY: randomBytes(32).toString('hex'),
          SEED_DEMO: '0',
          SERVE_WEB: '0',
          SMS_PROVIDER: 'dev',
          SMS_WORKER: index === 0 ? '1' : '0',
          SMS_WORKER_POLL: '1s',
          RATE_LIMIT_STORE: '',
          API_LIMIT_PER_MINUTE: '',
          LOGIN_LIMIT_PER_IP: '',
          LOGIN_LIMIT_PER_EMAIL: '',
          MPESA_CALLBACK_PREFIX: '',
        },
        {
          readyPath: '/api/v2/health',
          nodeFlags: CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(tmpdir(), 'ushirika-load-prof')}`, `--cpu-prof-name=api-${count}-${index}.cpuprofile`] : [],
        },
      ),
    );
  }
  if (CPU_PROFILE) console.log(`  CPU profiles go to ${join(tmpdir(), 'ushirika-load-prof')}`);
  return servers;
}

/** Every confirmation of the run has its own TransID (a repeated one is answered as a duplicate, not saved again). */
let callbackSequence = 0;
/** Levels run so far: each level's staff number their steps apart from every other level's. */
let levelsRun = 0;

/** One level of the curve: `tokens.length` staff, shared round-robin between `origins`, for SECONDS after the ramp. */
async function runLevel(origins: string[], tokens: string[], account: number, processes: number): Promise<Level> {
  const ramp = THINK_MAX_MS;
  const tally = new Tally(performance.now() + ramp);
  const until = Date.now() + ramp + SECONDS * 1000;
  const think = (i: number) => THINK_MIN_MS + ((i * 131) % (THINK_MAX_MS - THINK_MIN_MS + 1));

  const staff = async (index: number) => {
    const authorization = tokens[index]!;
    const base = origins[index % origins.length]!;
    // The first request after a random part of one think: staff arrive spread out.
    await sleep((index * 7919) % THINK_MAX_MS);
    // Steps numbered apart from every other level's, so the meeting types' names stay unique.
    for (let i = levelsRun * 10_000_000_000 + index * 1_000_003; Date.now() < until; i += 1) {
      const action = pick(i);
      const { method, path, body } = action.request({ i, account });
      await timed(tally, action.route, action.expect, () =>
        fetch(base + path, {
          method,
          headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        }),
      );
      await sleep(think(i));
    }
  };
  const callbacks = async () => {
    const posted: Promise<void>[] = [];
    for (let i = 0; Date.now() < until; i += 1) {
      callbackSequence += 1;
      const body = darajaPayment({
        TransID: `LD${String(callbackSequence).padStart(8, '0')}`,
        BusinessShortCode: SHORT_CODE,
        TransTime: transTime(),
        TransAmount: `${100 + (i % 900)}.00`,
        BillRefNumber: 'UNKNOWN',
        MSISDN: `2547${String((i * 7919) % 100_000_000).padStart(8, '0')}`,
      });
      const base = origins[i % origins.length]!;
      posted.push(
        timed(tally, 'POST /mpesa/c2b/confirmation', 200, () =>
          fetch(`${base}/api/v2/mpesa/c2b/${SECRET}/confirmation`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        ),
      );
      await sleep(1000 / CALLBACKS_PER_SECOND);
    }
    await Promise.all(posted);
  };
  await Promise.all([...tokens.map((_, index) => staff(index)), callbacks()]);
  levelsRun += 1;
  return { processes, staff: tokens.length, seconds: SECONDS, tally };
}
