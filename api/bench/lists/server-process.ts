/**
 * A server of `pnpm bench` in a process of its own, so that the load generator (the bench process) and the
 * server never share an event loop: ours (`dist/main.js`, compiled as scripts/start.mjs runs it) or the bare baseline.
 * Used by the lists benchmark (lists.ts) and the 200-staff load benchmark (../load.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const API_DIR = join(__dirname, '..', '..');
const READY_WITHIN_MS = 300_000;
const EXIT_WITHIN_MS = 30_000;

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** SIGTERM (the server closes, its worker finishes, a --cpu-prof profile is written), then waits for the exit; SIGKILL after 30 s. */
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs `script` (a path under api/: compiled JavaScript as is, TypeScript with tsx) and `env` over this process's environment, on a free port given
 * as PORT (HOST 127.0.0.1), and resolves once `readyPath` answers 200. `nodeFlags` go before the script
 * (--cpu-prof …). Its standard output (the request log) is dropped; its last 4,000 characters of standard error
 * are shown if it dies before it is ready.
 */
export async function startServer(script: string, env: Record<string, string>, options: { readyPath: string; nodeFlags?: string[] }): Promise<ServerProcess> {
  const port = await freePort();
  const loader = script.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...loader, script], {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS);
    await exited;
    clearTimeout(killer);
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}: ${errors}`);
    const ready = await fetch(`${origin}${options.readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not answer ${options.readyPath} within ${READY_WITHIN_MS / 1000} s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, stop };
}

/** Compiles the API into api/dist (api/build.mjs, as `pnpm build` and `pnpm start` do), so our server runs as in production. */
export function buildApi(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: API_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
}
