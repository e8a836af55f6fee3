import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { onServer, POSTGRES_TEMPLATE, SNAPSHOTS_ENV } from './snapshot-files';

/** After the API tests: the folder of ./global-setup.ts goes, and the PostgreSQL template with it. */
export default async function globalTeardown(): Promise<void> {
  const folder = process.env[SNAPSHOTS_ENV];
  if (!folder) return;
  const template = join(folder, POSTGRES_TEMPLATE);
  if (existsSync(template) && process.env.DATABASE_URL) {
    await onServer(process.env.DATABASE_URL, `drop database if exists ${readFileSync(template, 'utf8').trim()}`);
  }
  rmSync(folder, { recursive: true, force: true });
}
