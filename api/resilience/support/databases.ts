import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, targetFromConfig, type DatabaseHandle } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createTempDatabase } from '../../src/db/temp-database';

/**
 * A fresh database for one crash test, as the server's environment names it (DATA_DIR or DATABASE_URL),
 * and a way for the test itself to open it: before the server starts (to prepare data) and after it stopped
 * (to check what was stored). A PGlite folder serves one process, so the test never opens it while a server runs.
 */
export interface CrashTestDatabase {
  kind: 'PGlite' | 'PostgreSQL';
  /** DATA_DIR (always a temporary folder: the JWT secret and the PGlite data go there) and DATABASE_URL. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Opens it in this process, migrated. */
  open(): Promise<DatabaseHandle>;
  /** Runs `work` on it, then closes it. */
  use<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T>;
  /** Throws it away. */
  drop(): Promise<void>;
}

async function create(kind: CrashTestDatabase['kind']): Promise<CrashTestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ushirika-resilience-'));
  // A copy of the run's migrated template (./global-setup.ts): a new PGlite folder costs an initdb.
  const template = process.env.RESILIENCE_PGLITE_TEMPLATE;
  if (kind === 'PGlite' && template) cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const temp = kind === 'PostgreSQL' ? await createTempDatabase(process.env.DATABASE_URL!, 'ushirika_resilience') : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: temp?.url ?? '' };
  const open = async () => {
    const handle = await openDatabase(targetFromConfig({ databaseUrl: temp?.url, dataDir }));
    await migrateToLatest(handle.db).catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    return handle;
  };
  return {
    kind,
    env,
    open,
    async use(work) {
      const handle = await open();
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (temp) await dropSoon(temp.drop);
    },
  };
}

/**
 * Drops a test database, waiting out an autovacuum worker: after the tests' thousands of writes PostgreSQL
 * may vacuum it, and `drop database ... with (force)` may not end a superuser's process (42501). A database
 * that still cannot be dropped is left with a warning rather than failing the run.
 */
async function dropSoon(drop: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await drop();
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error;
      if (attempt === 10) return console.warn(`resilience: a test database could not be dropped yet: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). For `describe.each`. */
export const crashTestDatabases: Array<[CrashTestDatabase['kind'], () => Promise<CrashTestDatabase>]> = [
  ['PGlite', () => create('PGlite')],
  ...(process.env.DATABASE_URL ? [['PostgreSQL', () => create('PostgreSQL')] as [CrashTestDatabase['kind'], () => Promise<CrashTestDatabase>]] : []),
];

/** A PostgreSQL database on DATABASE_URL's server, when it is set. */
export const postgresAvailable = Boolean(process.env.DATABASE_URL);
export const createPostgresDatabase = () => create('PostgreSQL');
