import { Client } from 'pg';

/**
 * The migrated, empty databases the API tests start from, made once per run (./make-snapshots.ts, from
 * ./global-setup.ts) in the folder named by USHIRIKA_TEST_SNAPSHOTS. Without it (a test run by another config)
 * every test database is made and migrated from nothing, as before (./databases.ts).
 */
export const SNAPSHOTS_ENV = 'USHIRIKA_TEST_SNAPSHOTS';
/** The in-memory PGlite's files, as PGlite's dumpDataDir writes them (a tar). */
export const PGLITE_SNAPSHOT = 'pglite.tar';
/** A file holding the name of the migrated template database on DATABASE_URL's server. */
export const POSTGRES_TEMPLATE = 'postgres-template';

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
