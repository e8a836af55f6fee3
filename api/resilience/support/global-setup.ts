import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Before the crash tests: one migrated, empty PGlite folder that every PGlite test copies (a copy takes a
 * fraction of a second, a new one seconds). Made by a child process, as the server would make it; its path
 * reaches the tests in RESILIENCE_PGLITE_TEMPLATE and ./global-teardown.ts removes it.
 */
export default function globalSetup(): void {
  const folder = mkdtempSync(join(tmpdir(), 'ushirika-resilience-template-'));
  const made = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'pglite-template.ts'), folder], {
    stdio: 'inherit',
    cwd: join(__dirname, '..', '..', '..'),
  });
  if (made.status !== 0) throw new Error(`could not make the PGlite template (exit ${made.status})`);
  process.env.RESILIENCE_PGLITE_TEMPLATE = folder;
}
