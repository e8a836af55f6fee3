import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from '../db/migrations';
import type { Database } from '../db/schema';
import { readHeartbeats } from '../messaging/outbox/heartbeat';

/**
 * What `GET /readyz` checks (./health.ts), kept apart from the routes so the checks can be read and tested
 * alone. A probe never hangs: the whole check has one deadline (READY_DEADLINE_MS); a database that does not
 * answer by then counts as down, whatever the pool's own connection timeout (db/connection.ts) is.
 *
 * - database: `select 1` answers.
 * - migrations: every migration this code ships (db/migrations/index.ts) is recorded as run in Kysely's
 *   migration table, as `migrateToLatest` (db/migrate.ts) would leave it. Migrations the database has and this
 *   code does not know (a newer server of a rolling deploy ran them) do not make an older server unready.
 * - worker: some SMS outbox worker, in this process or another, beat within STALE_AFTER_BEATS of its interval
 *   (messaging/outbox/heartbeat.ts). Whether a missing or stale worker makes this server unready depends on
 *   `WorkerExpectation` (./operations-config.ts decides it from the configuration).
 * - shutdown: once the process begins to shut down the answer is 503 without touching the database.
 */

export const READY_DEADLINE_MS = 2_000;

/** 'required': no fresh worker heartbeat makes this server unready; 'optional': reported only. */
export type WorkerExpectation = 'required' | 'optional';

/** Shared by the shutdown (which sets it first) and `/readyz` (which reads it). */
export interface Lifecycle {
  shuttingDown: boolean;
}

export interface ReadinessChecks {
  database?: 'ok' | 'down';
  migrations?: 'ok' | 'pending' | 'unknown';
  worker?: 'ok' | 'stale' | 'none' | 'unknown';
  shutdown?: 'started';
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessChecks;
}

export class DeadlineExceeded extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/** `work`, or DeadlineExceeded once `deadline` (a Date.now() instant) passes; the work itself is left to finish. */
export function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  const ms = Math.max(0, deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(ms)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** Throws when the database does not answer `select 1` by `deadline` (a Date.now() instant; READY_DEADLINE_MS from now by default). */
export async function pingDatabase(db: Kysely<Database>, deadline = Date.now() + READY_DEADLINE_MS): Promise<void> {
  await beforeDeadline(sql`select 1`.execute(db), deadline);
}

/**
 * The migrations this code ships that the database has not run: Kysely's own reading of its migration table
 * (a catalog lookup and one select of a few rows per probe).
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

export async function checkReadiness(db: Kysely<Database>, options: { worker: WorkerExpectation; lifecycle: Lifecycle }): Promise<Readiness> {
  if (options.lifecycle.shuttingDown) return { ready: false, checks: { shutdown: 'started' } };
  const deadline = Date.now() + READY_DEADLINE_MS;
  try {
    await pingDatabase(db, deadline);
  } catch {
    return { ready: false, checks: { database: 'down', migrations: 'unknown', worker: 'unknown' } };
  }
  const [migrations, worker] = await Promise.all([
    beforeDeadline(pendingMigrations(db), deadline).then(
      (pending) => (pending.length === 0 ? ('ok' as const) : ('pending' as const)),
      () => 'unknown' as const,
    ),
    beforeDeadline(readHeartbeats(db), deadline).then(
      (heartbeats) => heartbeats.liveness,
      () => 'unknown' as const,
    ),
  ]);
  const workerReady = worker === 'ok' || (options.worker === 'optional' && worker !== 'unknown');
  return { ready: migrations === 'ok' && workerReady, checks: { database: 'ok', migrations, worker } };
}
