/**
 * The permissions part of `pnpm bench` (BENCH_ONLY=permissions): what checking the route's permission costs
 * each request (issue 25), beside the contacts list's throughput, which it may lower by at most 3%.
 *
 * The check is two pieces, each timed alone, since neither can be taken out of the app to compare:
 * - in the process: the token guard turns the user's roles into their permissions (`effectivePermissions`)
 *   and the `authorize` hook compares them with what the route declared, on a real Fastify request;
 * - in the database: the guard's one lookup also reads the roles and joins the partner for its two-step rule.
 *   It is timed against the same lookup without them (what the guard read before roles), interleaved.
 * Then the contacts list's page 1 through the whole app (inject, CONNECTIONS at a time, BENCH_SECONDS) on a
 * partner of BENCH_CONTACTS contacts. Each piece's share of the list's throughput is its time per request × the
 * list's requests per second (the loss if the list spent that time in series; an upper bound on PostgreSQL,
 * where the database works beside the process). PGlite always; PostgreSQL too when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Role } from '@ushirika/shared/contract';
import { buildApp } from '../src/app';
import { authorize, needs, requireDeclaredPermissions } from '../src/auth/permissions';
import { findSessionUser } from '../src/auth/queries';
import { effectivePermissions } from '../src/auth/tenant-hook';
import { issueToken } from '../src/auth/tokens';
import { insertGeneratedContacts } from '../src/contacts/generate';
import { describeTarget, openDatabase, type DatabaseTarget } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { createPartner, createUser } from '../src/partners/queries';
import { markdownTable, percentile, withTempPglite, withTempPostgres } from './support';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOOKUPS = Number(process.env.BENCH_RUNS ?? 2_000);
const CHECKS = 200_000;
const CONNECTIONS = 10;
/** Issue 25: the permission check costs at most 3% of the contacts list's throughput. */
export const PERMISSION_CHECK_BUDGET = 0.03;
/** A role holding the permission the contacts list needs, and not every permission (the owner's). */
const ROLE: Role = 'secretary';
const LIST_URL = '/api/v2/member?action=display&page=1&pagesize=15&startdate=2020-01-01&enddate=2099-12-31';

interface PermissionsResult {
  database: string;
  /** The contacts list's page 1, requests per second through the app. */
  listPerSecond: number;
  /** effectivePermissions + authorize, microseconds per request. */
  checkMicros: number;
  /** The guard's lookup, median ms, with the roles and the partner's two-step rule and without. */
  lookupMs: number;
  lookupBareMs: number;
}

/** The guard's lookup as it was before roles: the user's partner and token generation, and the sign-in. */
const bareLookup = (db: Kysely<Database>, userId: number, sessionId: string) =>
  sql`
  select u.partner_id, u.token_generation, s.id as session_id, s.ended_at as session_ended_at, s.last_seen_at as session_last_seen_at
  from users u left join user_sessions s on s.id = ${sessionId}::uuid and s.user_id = u.id
  where u.id = ${userId}`.execute(db);

/** CONNECTIONS requests at a time for `seconds`: answers per second (every one must be a 200). */
async function throughput(app: Awaited<ReturnType<typeof buildApp>>, authorization: string, seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let answered = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const response = await app.inject({ method: 'GET', url: LIST_URL, headers: { authorization } });
        if (response.statusCode !== 200) throw new Error(`${LIST_URL}: ${response.statusCode} ${response.body}`);
        answered += 1;
      }
    }),
  );
  return answered / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** The check in the process, on a real request of a route that declares a permission: microseconds per request. */
async function checkCost(): Promise<number> {
  const probe = Fastify({ logger: false });
  requireDeclaredPermissions(probe);
  const user = { roles: [ROLE], totp_enabled_at: null, require_two_step: false };
  probe.get('/api/v2/probe', needs('contacts.read'), async (request, reply) => {
    const time = async (runs: number) => {
      const started = process.hrtime.bigint();
      for (let run = 0; run < runs; run += 1) {
        request.permissions = new Set(effectivePermissions(user));
        await authorize(request, reply);
      }
      return Number(process.hrtime.bigint() - started) / 1e3 / runs;
    };
    await time(CHECKS / 10);
    const micros = await time(CHECKS);
    if (reply.sent) throw new Error('the probe was refused');
    return { micros };
  });
  const response = await probe.inject({ method: 'GET', url: '/api/v2/probe' });
  await probe.close();
  return response.json<{ micros: number }>().micros;
}

/** Both lookups LOOKUPS times each, interleaved, after a warm-up: median ms of each. */
async function lookupCost(db: Kysely<Database>, userId: number, sessionId: string): Promise<[withRoles: number, bare: number]> {
  const withRoles: number[] = [];
  const bare: number[] = [];
  const timed = async (into: number[] | undefined, run: () => Promise<unknown>) => {
    const started = process.hrtime.bigint();
    await run();
    into?.push(Number(process.hrtime.bigint() - started) / 1e6);
  };
  for (let run = 0; run < LOOKUPS + 50; run += 1) {
    const warm = run >= 50;
    await timed(warm ? withRoles : undefined, () => findSessionUser(db, userId, sessionId));
    await timed(warm ? bare : undefined, () => bareLookup(db, userId, sessionId));
  }
  return [
    percentile(
      withRoles.sort((a, b) => a - b),
      0.5,
    ),
    percentile(
      bare.sort((a, b) => a - b),
      0.5,
    ),
  ];
}

async function measure(database: string, target: DatabaseTarget): Promise<PermissionsResult> {
  const handle = await openDatabase(target);
  try {
    const db = handle.db;
    await migrateToLatest(db);
    const started = Date.now();
    const partner = await createPartner(db, { name: 'Bench Church', product: 'general', smsUnits: 0 });
    await insertGeneratedContacts(db, partner, CONTACTS);
    await sql`vacuum analyze`.execute(db);
    console.log(`${database} (${describeTarget(target)}): seeded ${CONTACTS} contacts in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({ db, config: { jwtSecret: 'bench-permissions-secret', tokenTtlSeconds: 3600, webRoot: undefined }, logger: false });
    const userId = await createUser(db, {
      partnerId: partner,
      email: 'staff@bench.test',
      password: 'bench-password',
      firstName: 'Bench',
      lastName: 'Staff',
      roles: [ROLE],
    });
    // A token naming a sign-in, as every login now gives: the guard reads the session with the user.
    const sessionId = randomUUID();
    await db.insertInto('user_sessions').values({ id: sessionId, user_id: userId }).execute();
    const authorization = `Bearer ${issueToken(app, userId, partner, 3600, 0, sessionId)}`;

    await throughput(app, authorization, 1);
    const listPerSecond = await throughput(app, authorization, SECONDS);
    const [lookupMs, lookupBareMs] = await lookupCost(db, userId, sessionId);
    await app.close();
    return { database, listPerSecond, checkMicros: await checkCost(), lookupMs, lookupBareMs };
  } finally {
    await handle.close();
  }
}

function printResults(results: PermissionsResult[]): void {
  const percent = (share: number) => `${(share * 100).toFixed(2)}%`;
  const rows = results.map((r) => {
    const checkShare = (r.checkMicros / 1e6) * r.listPerSecond;
    const lookupShare = Math.max(0, (r.lookupMs - r.lookupBareMs) / 1e3) * r.listPerSecond;
    const total = checkShare + lookupShare;
    return [
      r.database,
      r.listPerSecond.toFixed(0),
      r.checkMicros.toFixed(2),
      percent(checkShare),
      `${r.lookupMs.toFixed(3)} / ${r.lookupBareMs.toFixed(3)}`,
      percent(lookupShare),
      percent(total),
      total <= PERMISSION_CHECK_BUDGET ? 'within' : 'OVER',
    ];
  });
  const header = [
    'database',
    'contacts list req/s',
    'check µs/request',
    'check share',
    'lookup ms (roles / without)',
    'lookup share',
    'total share',
    `budget ≤ ${percent(PERMISSION_CHECK_BUDGET)}`,
  ];
  console.log(`\n${markdownTable(header, rows)}`);
}

export async function runPermissionsBench(): Promise<PermissionsResult[]> {
  console.log(
    `\nPermission check per request (issue 25) beside the contacts list (${CONTACTS} contacts, page 1, ${CONNECTIONS} at a time for ${SECONDS} s); ` +
      `the check ${CHECKS} times, the lookup ${LOOKUPS} times each way.`,
  );
  const results = [await withTempPglite((target) => measure('PGlite', target))];
  if (process.env.DATABASE_URL) results.push(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target)));
  printResults(results);
  return results;
}
