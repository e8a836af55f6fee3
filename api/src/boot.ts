import type { Config } from './config';
import { ConfigError } from './config';
import { openDatabase, targetFromConfig, type DatabaseHandle } from './db/connection';
import { DataDirLockedError } from './db/data-lock';
import { migrateToLatest } from './db/migrate';

/** Opens the configured database and brings its schema up to date: the first step of every command. */
export async function openMigratedDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  const handle = await openDatabase(targetFromConfig(config));
  try {
    await migrateToLatest(handle.db);
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
