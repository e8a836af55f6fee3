import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SNAPSHOTS_ENV } from './snapshot-files';

const FOLDER_PREFIX = 'ushirika-test-snapshots-';

/**
 * Before the API tests: the migrated, empty databases every test database is copied from (./make-snapshots.ts,
 * in a child process, as the resilience tests make theirs). Their folder reaches the test workers in
 * USHIRIKA_TEST_SNAPSHOTS; ./global-teardown.ts removes it and drops the PostgreSQL template.
 */
export default function globalSetup(): void {
  removeForgottenFolders();
  const folder = mkdtempSync(join(tmpdir(), FOLDER_PREFIX));
  const made = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'make-snapshots.ts'), folder], {
    stdio: 'inherit',
    cwd: join(__dirname, '..', '..'),
  });
  if (made.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    const ended = made.error?.message ?? (made.signal ? `killed by ${made.signal}` : `exit ${made.status}`);
    throw new Error(`could not make the migrated test databases (${ended})`);
  }
  process.env[SNAPSHOTS_ENV] = folder;
}

/** A run stopped before its teardown (Ctrl-C) leaves its folder (some 40 MB): one over a day old is no running one's. */
function removeForgottenFolders(): void {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(FOLDER_PREFIX))) {
    const path = join(tmpdir(), name);
    if (Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
  }
}
