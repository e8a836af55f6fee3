import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';

/** A named way to get a fresh, migrated, empty database; `close` also throws the database away. */
export interface TestDatabaseKind {
  name: string;
  open(): Promise<DatabaseHandle>;
}

const pgliteInMemory: TestDatabaseKind = {
  name: 'PGlite',
  open: () => migrated(openDatabase({ kind: 'pglite', dataDir: undefined })),
};

/** A uniquely named database on DATABASE_URL's server, dropped when the handle closes. */
function postgres(serverUrl: string): TestDatabaseKind {
  return {
    name: 'PostgreSQL',
    async open() {
      const name = `ushirika_test_${randomBytes(6).toString('hex')}`;
      await onServer(serverUrl, `create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await migrated(openDatabase({ kind: 'postgres', url: url.toString() }));
      return {
        ...handle,
        close: async () => {
          await handle.close();
          await onServer(serverUrl, `drop database if exists ${name} with (force)`);
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). For `describe.each`. */
export const testDatabases: Array<[string, TestDatabaseKind]> = [pgliteInMemory, ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : [])].map(
  (kind) => [kind.name, kind],
);

async function migrated(opening: Promise<DatabaseHandle>): Promise<DatabaseHandle> {
  const handle = await opening;
  await migrateToLatest(handle.db);
  return handle;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
