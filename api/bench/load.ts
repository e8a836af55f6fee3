/**
 * The load part of `pnpm bench` (issue 10): BENCH_LOAD_STAFF simulated staff (default 200) work for
 * BENCH_LOAD_SECONDS (default 300) against the real server listening on a port (HTTP through the network
 * stack, not inject), on PostgreSQL (DATABASE_URL; skipped without it) with BENCH_LOAD_CONTACTS contacts
 * (default 1,000,000) in the partner they work for, while M-Pesa confirmations arrive for it.
 *
 * Each staff member is a user of their own (the per-user rate limit sees 200 people, not one), and loops:
 * think for 0.5-2 s, then browse the contacts list (a random page), search contacts by a name or phone
 * fragment, open meetings or income, save a meeting type or an income, or send a message to a few typed
 * numbers. A separate stream posts Daraja confirmations at BENCH_LOAD_CALLBACKS_PER_SECOND (default 20).
 * The server runs in a process of its own (lists/server-process.ts: `src/main.ts` as production runs it,
 * NODE_ENV=production, its default rate limits counted where production counts them, the outbox worker in
 * the server with the development gateway, so sends are really sent), so the latencies measured here are the
 * server's, not those of this process's event loop, busy with 200 simulated staff.
 *
 * Prints per route: requests, errors (any status that is not the expected one), p50 and p99 in ms. No
 * assertions; the numbers go to docs/benchmarks.md. An error is printed with its status, never hidden.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { issueToken } from '../src/auth/tokens';
import { insertGeneratedContacts } from '../src/contacts/generate';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createPartner, createUser, setPartnerMpesa } from '../src/partners/queries';
import { darajaPayment } from '../test/support/daraja';
import { buildApi, startServer } from './lists/server-process';
import { markdownTable, percentile, withTempPostgres } from './support';

const STAFF = Number(process.env.BENCH_LOAD_STAFF ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const CONTACTS = Number(process.env.BENCH_LOAD_CONTACTS ?? 1_000_000);
const CALLBACKS_PER_SECOND = Number(process.env.BENCH_LOAD_CALLBACKS_PER_SECOND ?? 20);
const SECRET = 'bench-load-c2b-secret';
const JWT_SECRET = 'bench-load-jwt-secret-long-enough-for-hs256';
const TOKEN_TTL_SECONDS = 3600;
const SHORT_CODE = '600300';

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

class Tally {
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, Map<string, number>>();
  record(route: string, ms: number, error?: string) {
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

export async function runLoadBench(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('\nLoad benchmark skipped: it runs on PostgreSQL only (set DATABASE_URL).');
    return;
  }
  console.log(
    `\nLoad benchmark: ${STAFF} staff for ${SECONDS} s on PostgreSQL, ${CONTACTS.toLocaleString('en')} contacts, ${CALLBACKS_PER_SECOND} M-Pesa confirmations/s.`,
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
    const users: number[] = [];
    for (let i = 0; i < STAFF; i += 1) {
      users.push(await createUser(handle.db, { partnerId: tenant, email: `staff${i}@load.test`, password: `load-password-${i}`, firstName: 'Staff', lastName: `${i}` }));
    }
    await sql`vacuum analyze`.execute(handle.db);
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    // Tokens signed with the server's secret by an app of our own: the server takes them for its own.
    const signer = await buildApp({ db: handle.db, config: { jwtSecret: JWT_SECRET, tokenTtlSeconds: TOKEN_TTL_SECONDS, webRoot: undefined }, logger: false });
    const tokens = users.map((user) => `Bearer ${issueToken(signer, user, tenant, TOKEN_TTL_SECONDS)}`);
    await signer.close();

    // Production's server: its default rate limits (the per-user one is part of the load), the outbox worker
    // in the process with the development gateway, woken as sends are queued and polling every second.
    buildApi();
    const server = await startServer(
      'dist/main.js',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATABASE_URL: target.url,
        DATA_DIR: '',
        JWT_SECRET,
        // Production refuses to start without the key Daraja credentials are sealed with (issue 29); none is stored here.
        SECRETS_KEY: randomBytes(32).toString('hex'),
        SEED_DEMO: '0',
        SERVE_WEB: '0',
        SMS_PROVIDER: 'dev',
        SMS_WORKER: '1',
        SMS_WORKER_POLL: '1s',
        RATE_LIMIT_STORE: '',
        API_LIMIT_PER_MINUTE: '',
        LOGIN_LIMIT_PER_IP: '',
        LOGIN_LIMIT_PER_EMAIL: '',
        MPESA_CALLBACK_PREFIX: '',
      },
      { readyPath: '/api/v2/health' },
    );
    const base = server.origin;
    const tally = new Tally();
    try {
      const until = Date.now() + SECONDS * 1000;

      const staff = async (index: number) => {
        const authorization = tokens[index]!;
        for (let i = index * 1_000_003; Date.now() < until; i += 1) {
          await sleep(500 + ((i * 131) % 1500));
          const action = pick(i);
          const { method, path, body } = action.request({ i, account });
          await timed(tally, action.route, action.expect, () =>
            fetch(base + path, {
              method,
              headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
              body: body ? JSON.stringify(body) : undefined,
            }),
          );
        }
      };
      const callbacks = async () => {
        const posted: Promise<void>[] = [];
        for (let i = 0; Date.now() < until; i += 1) {
          const body = darajaPayment({
            TransID: `LD${String(i).padStart(8, '0')}`,
            BusinessShortCode: SHORT_CODE,
            TransTime: transTime(),
            TransAmount: `${100 + (i % 900)}.00`,
            BillRefNumber: 'UNKNOWN',
            MSISDN: `2547${String((i * 7919) % 100_000_000).padStart(8, '0')}`,
          });
          posted.push(
            timed(tally, 'POST /mpesa/c2b/confirmation', 200, () =>
              fetch(`${base}/api/v2/mpesa/c2b/${SECRET}/confirmation`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
            ),
          );
          await sleep(1000 / CALLBACKS_PER_SECOND);
        }
        await Promise.all(posted);
      };
      await Promise.all([...Array.from({ length: STAFF }, (_, index) => staff(index)), callbacks()]);
    } finally {
      // SIGTERM: the server closes, and its worker records the batch in flight before it exits.
      await server.stop();
    }
    const { sent } = (await sql<{ sent: number }>`select count(*)::int as sent from notifications where state not in ('queued', 'claimed')`.execute(handle.db)).rows[0]!;
    await handle.close();

    const rows = [...tally.times.entries()].map(([route, times]) => {
      times.sort((a, b) => a - b);
      const errors = [...(tally.errors.get(route)?.values() ?? [])].reduce((sum, n) => sum + n, 0);
      return [route, String(times.length), String(errors), percentile(times, 0.5).toFixed(1), percentile(times, 0.99).toFixed(1)];
    });
    const requests = [...tally.times.values()].reduce((sum, times) => sum + times.length, 0);
    const errors = [...tally.errors.values()].flatMap((byKind) => [...byKind.values()]).reduce((sum, n) => sum + n, 0);
    console.log(`\n${markdownTable(['route', 'requests', 'errors', 'p50 ms', 'p99 ms'], rows)}`);
    console.log(`\n${requests} requests in ${SECONDS} s (${(requests / SECONDS).toFixed(0)}/s), ${errors} errors (budget 0); ${sent} messages left the outbox.`);
    for (const [route, byKind] of tally.errors) for (const [kind, count] of byKind) console.log(`  error ${route}: ${count} × ${kind}`);
  });
}
