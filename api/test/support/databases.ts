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

const postgresKinds = process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : [];
const named = (kinds: TestDatabaseKind[]): Array<[string, TestDatabaseKind]> => kinds.map((kind) => [kind.name, kind]);

/**
 * The databases an API test file runs on, for `describe.each`: PostgreSQL, the production database, when
 * DATABASE_URL is set (CI sets it); PGlite, the embedded database `pnpm start` runs on, when it is not (a
 * developer's `pnpm test` with no server at hand), so every file runs on each database in one of the two.
 *
 * In CI, PGlite also runs every end-to-end journey (the app under test is `pnpm start`'s) and the files whose
 * subject is the SQL itself, which take `bothDatabases`. Running every API file on both had CI's API tests take
 * about 13 minutes on 2 cores, most of it PGlite's: a copy of the migrated database opens in 2 to 7 s inside jest,
 * where PostgreSQL makes one from its template in about 1, and WebAssembly runs each query slower.
 */
export const testDatabases = named(postgresKinds.length > 0 ? postgresKinds : [pgliteInMemory]);

/**
 * PGlite always, and PostgreSQL too when DATABASE_URL is set: for the files whose subject is the SQL (totals
 * kept by triggers, searches and their indexes, list pages and their counts, locks and concurrent saves, bulk
 * writes, the seed), where the two databases (PGlite is PostgreSQL 17 compiled to WebAssembly, in one process
 * with one connection) could differ.
 */
export const bothDatabases = named([pgliteInMemory, ...postgresKinds]);

/** One database, for a file whose subject is not the database (HTTP limits, the web root, error answers): the first of `testDatabases`. */
export const oneDatabase: TestDatabaseKind = testDatabases[0]![1];

/** Brings the database up to date: on a copy of this run's migrated one, a check that finds nothing to do. */
async function migrated(opening: Promise<DatabaseHandle>): Promise<DatabaseHandle> {
  const handle = await opening;
  await migrateToLatest(handle.db);
  return handle;
}
