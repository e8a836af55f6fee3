import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect, type LogEvent } from 'kysely';
import { Pool } from 'pg';
import { lockDataDir } from './data-lock';
import type { Database } from './schema';

/** Where the data lives: a PostgreSQL server, a PGlite folder, or (dataDir undefined) PGlite in memory. */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | undefined };

export interface DatabaseHandle {
  db: Kysely<Database>;
  target: DatabaseTarget;
  /** Closes the connections and releases the data folder. */
  close(): Promise<void>;
}

/**
 * How the PostgreSQL pool rides out a database that goes away (a restart, a failover, a lost network): a
 * connection that cannot be made within 5 s fails, so a request answers 503 ("not reachable just now",
 * http/errors.ts) instead of hanging, and the next request connects again; TCP keep-alive finds a
 * connection whose server vanished without closing it. The same 5 s bound applies to waiting for a free
 * connection when all 10 are busy (pg-pool has one setting for both): also a 503. Queries themselves have
 * no time limit: a large report may take long on a healthy database. Proven by
 * api/resilience/postgres-restart.test.ts.
 */
const POOL_RECOVERY = { connectionTimeoutMillis: 5_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

export function targetFromConfig(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

export interface OpenOptions {
  /** Sees every query Kysely runs (its SQL and parameters): the benchmark's capture of our SQL. */
  log?: (event: LogEvent) => void;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new Pool({ connectionString: target.url, max: 10, ...POOL_RECOVERY });
    // An idle connection the server ends (a restart, a failover) is dropped from the pool and replaced on
    // the next query; without a listener node would take the 'error' event for a crash.
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
    return { db, target, close: () => db.destroy() };
  }
  const release = target.dataDir ? lockDataDir(target.dataDir) : () => undefined;
  try {
    const pglite = await PGlite.create(target.dataDir, { extensions: { pg_trgm, btree_gin } });
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log: options.log });
    return {
      db,
      target,
      close: async () => {
        try {
          // Kysely closes PGlite only if it ever ran a query through it.
          await db.destroy();
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Human-readable name for logs: never prints a password from DATABASE_URL. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return target.dataDir ? `PGlite in ${target.dataDir}` : 'PGlite in memory';
  const url = new URL(target.url);
  return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
