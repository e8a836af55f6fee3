import { Blob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/schema';
import { createTempDatabase, type TempDatabase } from '../../src/db/temp-database';
import { onServer, PGLITE_SNAPSHOT, POSTGRES_TEMPLATE, SNAPSHOTS_ENV } from './snapshot-files';

/** A named way to get a fresh, migrated, empty database; `close` also throws the database away. */
export interface TestDatabaseKind {
  name: string;
  open(): Promise<DatabaseHandle>;
}

/** This run's migrated databases to copy (./global-setup.ts), when the run made them. */
const snapshot = (file: string): string | undefined => {
  const folder = process.env[SNAPSHOTS_ENV];
  return folder && existsSync(join(folder, file)) ? join(folder, file) : undefined;
};

/**
 * PGlite in memory as src/db/connection.ts opens it (the same extensions: keep them alike), optionally loaded
 * from a dump of a migrated one instead of starting with initdb, which takes seconds.
 */
export async function openPgliteInMemory(loadDataDir?: Blob): Promise<DatabaseHandle & { pglite: PGlite }> {
  const pglite = await PGlite.create(undefined, { extensions: { pg_trgm, btree_gin }, loadDataDir });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    pglite,
    target: { kind: 'pglite', dataDir: undefined },
    close: async () => {
      // Kysely closes PGlite only if it ever ran a query through it.
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * Writes this run's migrated, empty PGlite database into `folder` (`<DATA_DIR>/pglite`, as the server keeps it),
 * for the tests of commands run on a DATA_DIR: opening it then finds a database, as after the server's first
 * start, without running initdb. Without the run's copy it does nothing (the first open makes the database).
 */
export async function writeMigratedPglite(folder: string): Promise<void> {
  const dump = snapshot(PGLITE_SNAPSHOT);
  if (!dump) return;
  mkdirSync(folder, { recursive: true });
  const pglite = await PGlite.create(folder, { extensions: { pg_trgm, btree_gin }, loadDataDir: new Blob([readFileSync(dump)]) });
  await pglite.close();
}

const pgliteInMemory: TestDatabaseKind = {
  name: 'PGlite',
  open: () => {
    const dump = snapshot(PGLITE_SNAPSHOT);
    return migrated(dump ? openPgliteInMemory(new Blob([readFileSync(dump)])) : openDatabase({ kind: 'pglite', dataDir: undefined }));
  },
};

/** A uniquely named database on DATABASE_URL's server, dropped when the handle closes. */
function postgres(serverUrl: string): TestDatabaseKind {
  return {
    name: 'PostgreSQL',
    async open() {
      const template = snapshot(POSTGRES_TEMPLATE);
      const temp = template ? await copyOf(serverUrl, readFileSync(template, 'utf8').trim()) : await createTempDatabase(serverUrl, 'ushirika_test');
      const handle = await migrated(openDatabase({ kind: 'postgres', url: temp.url }));
      return {
        ...handle,
        close: async () => {
          await handle.close();
          await temp.drop();
        },
      };
    },
  };
}

/**
 * A new database on the server as a copy of the run's migrated `template` (a fraction of a second, where
 * migrating a new one takes one or two), named and dropped like src/db/temp-database.ts's.
 */
async function copyOf(serverUrl: string, template: string): Promise<TempDatabase> {
  const name = `ushirika_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name} template ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await onServer(serverUrl, `drop database if exists ${name}`);
      } catch (error) {
        // Our own connections still open (55006): as temp-database.ts does.
        if ((error as { code?: string }).code !== '55006') throw error;
        await onServer(serverUrl, `drop database if exists ${name} with (force)`);
      }
    },
  };
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). For `describe.each`. */
export const testDatabases: Array<[string, TestDatabaseKind]> = [pgliteInMemory, ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : [])].map(
  (kind) => [kind.name, kind],
);

/** Brings the database up to date: on a copy of this run's migrated one, a check that finds nothing to do. */
async function migrated(opening: Promise<DatabaseHandle>): Promise<DatabaseHandle> {
  const handle = await opening;
  await migrateToLatest(handle.db);
  return handle;
}
