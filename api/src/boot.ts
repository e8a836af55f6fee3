import type { Config } from './config';
import { ConfigError } from './config';
import { openDatabase, targetFromConfig, type DatabaseHandle } from './db/connection';
import { DataDirLockedError } from './db/data-lock';
import { migrateToLatest } from './db/migrate';

/**
 * Opens the configured database and brings its schema up to date: the first step of every command. With a
 * MIGRATION_DATABASE_URL the migrations run as the database owner over a connection of their own, and the
 * command then works as the application's role (scripts/app-role.sql), which cannot change the schema nor the
 * activity log.
 */
export async function openMigratedDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'migrationDatabaseUrl'>>): Promise<DatabaseHandle> {
  if (config.migrationDatabaseUrl !== undefined) {
    const owner = await openDatabase({ kind: 'postgres', url: config.migrationDatabaseUrl });
    try {
      await migrateToLatest(owner.db);
    } finally {
      await owner.close();
    }
  }
  const handle = await openDatabase(targetFromConfig(config));
  try {
    if (config.migrationDatabaseUrl === undefined) await migrateToLatest(handle.db);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Ends a command-line program: expected problems print one line, anything else its stack. */
export function exitWithError(error: unknown): never {
  const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(expected ? `Error: ${error.message}` : error);
  process.exit(1);
}
