import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createTempDatabase } from '../../src/db/temp-database';
import { openPgliteInMemory } from './databases';
import { onServer, PGLITE_SNAPSHOT, POSTGRES_TEMPLATE } from './snapshot-files';

/**
 * `node --import tsx make-snapshots.ts <folder>`, run once before the API tests (./global-setup.ts): a freshly
 * migrated, empty database of each kind, which every test database starts as a copy of (./databases.ts).
 * - PGlite: the in-memory database's files, dumped to `<folder>/pglite.tar`. A new PGlite runs initdb in
 *   WebAssembly (5 to 15 s on a busy 2-CPU machine); one loaded from the dump starts in about one.
 * - PostgreSQL (when DATABASE_URL is set): a migrated database on that server, its name in
 *   `<folder>/postgres-template`, closed to connections so that no session (autovacuum's included) holds it
 *   while a test copies it: CREATE DATABASE ... TEMPLATE refuses a template in use. ./global-teardown.ts drops it.
 * Both are what the same migrations leave, so every test still starts where a fresh migration would.
 */
async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: make-snapshots.ts <folder>');

  const pglite = await openPgliteInMemory();
  try {
    await migrateToLatest(pglite.db);
    const dump = await pglite.pglite.dumpDataDir('none');
    writeFileSync(join(folder, PGLITE_SNAPSHOT), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return;
  await dropForgottenTemplates(serverUrl);
  const template = await createTempDatabase(serverUrl, `${TEMPLATE_PREFIX}_${minuteStamp(new Date())}`);
  try {
    const handle = await openDatabase({ kind: 'postgres', url: template.url });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    const name = new URL(template.url).pathname.slice(1);
    await onServer(serverUrl, `alter database ${name} with allow_connections false`);
    writeFileSync(join(folder, POSTGRES_TEMPLATE), name);
  } catch (error) {
    await template.drop();
    throw error;
  }
}

const TEMPLATE_PREFIX = 'ushirika_template';
/** 202611270350 for 27 November 2026, 03:50 UTC: when a template was made, in its name. */
const minuteStamp = (at: Date) => at.toISOString().slice(0, 16).replace(/\D/g, '');
const DAY_MS = 86_400_000;

/**
 * A run stopped before its teardown (Ctrl-C) leaves its template behind: one made over a day ago belongs to no
 * run still going, and goes.
 */
async function dropForgottenTemplates(serverUrl: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}\\_%'`);
    const dayAgo = minuteStamp(new Date(Date.now() - DAY_MS));
    for (const { datname } of rows) {
      const made = new RegExp(`^${TEMPLATE_PREFIX}_(\\d{12})_[0-9a-f]{12}$`).exec(datname)?.[1];
      if (made !== undefined && made < dayAgo) await client.query(`drop database if exists ${datname}`);
    }
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
