import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

export interface RunningApp {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * The built app as a user gets it (`pnpm start`: the server, the host and the remotes on one port) on a fresh
 * embedded database with the demo data, in a temporary folder removed at the end. `env` adds to the server's
 * environment (WEB_ROOT, for one); `dataDir` is where its database and remote pins are. `seedContacts` first
 * seeds the demo data with that many generated contacts added (`pnpm seed --contacts N`, compiled), for lists
 * longer than the demo's.
 */
export async function startBuiltApp(port: number, env: Record<string, string> = {}, { seedContacts }: { seedContacts?: number } = {}): Promise<RunningApp> {
  if (!existsSync(join(root, 'host', 'dist', 'build-info.json'))) throw new Error('host/dist is missing: run `pnpm build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'ushirika-app-'));
  if (seedContacts !== undefined) {
    execFileSync('node', [join(root, 'api', 'dist', 'seed-cli.js'), '--contacts', String(seedContacts)], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('node', [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 400_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode}) before it answered`);
    const healthy = await fetch(`${baseURL}/api/v2/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return { baseURL, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`${baseURL} did not answer within 400 s`);
}
