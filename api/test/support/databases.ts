import { openDatabase, type DatabaseHandle } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createTempDatabase } from '../../src/db/temp-database';

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
      const temp = await createTempDatabase(serverUrl, 'ushirika_test');
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

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). For `describe.each`. */
export const testDatabases: Array<[string, TestDatabaseKind]> = [pgliteInMemory, ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : [])].map(
  (kind) => [kind.name, kind],
);

async function migrated(opening: Promise<DatabaseHandle>): Promise<DatabaseHandle> {
  const handle = await opening;
  await migrateToLatest(handle.db);
  return handle;
}
