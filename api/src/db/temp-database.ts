import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TempDatabase {
  /** the new database's connection string */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * A new, empty, uniquely named database (`<prefix>_<12 hex digits>`) on `serverUrl`'s PostgreSQL
 * server, for tests and benchmarks that must not touch real data. The caller drops it.
 */
export async function createTempDatabase(serverUrl: string, prefix: string): Promise<TempDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * A plain DROP first: PostgreSQL itself stops an autovacuum worker busy in the database. FORCE
 * cannot: it refuses a role without pg_signal_backend when that worker's process is there (CI
 * failed so). FORCE is the fallback only for our own connections still open (SQLSTATE 55006).
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  try {
    await onServer(serverUrl, `drop database if exists ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
}

const OBJECT_IN_USE = '55006';

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
