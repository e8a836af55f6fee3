import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config';

/**
 * The server (`api/src/main.ts`) and the separate SMS worker (`worker-cli.ts`) as real processes, started
 * the way `pnpm start` and `pnpm worker` start them, so a test can kill one with SIGKILL (no handler runs,
 * no buffer is flushed: what a power cut does to the process, not to the disk) and start it again.
 */

const ENTRIES = {
  server: join(REPO_ROOT, 'api/src/main.ts'),
  worker: join(REPO_ROOT, 'api/src/messaging/outbox/worker-cli.ts'),
} as const;

/** How long a start may take on a busy 2-CPU machine (PGlite's first start seeds the demo data). */
const START_TIMEOUT_MS = 90_000;
/** Lines of output kept per process, shown when it fails to start or misbehaves. */
const KEPT_LINES = 200;

export class AppProcess {
  /** The last KEPT_LINES lines: for showing, not for asking whether something was ever printed (`printed`). */
  readonly output: string[] = [];
  /** Every line ever printed that a `printed` call asked about, by the text asked for. */
  private readonly seen = new Set<string>();
  private readonly watched = new Set<string>();
  private readonly exited: Promise<number | null>;
  private exitCode: number | null | undefined;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      const lines = chunk.toString('utf8').split('\n').filter(Boolean);
      for (const text of this.watched) if (lines.some((line) => line.includes(text))) this.seen.add(text);
      this.output.push(...lines);
      this.output.splice(0, Math.max(0, this.output.length - KEPT_LINES));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? -1 : null);
        resolve(this.exitCode);
      }),
    );
  }

  /**
   * Starts remembering whether a line holding `text` is printed (a busy process prints far more than the
   * KEPT_LINES kept: an outage logs every refused request); `printed(text)` then answers.
   */
  watchFor(text: string): void {
    this.watched.add(text);
  }

  /** Whether a line holding `text` was printed since `watchFor(text)`. */
  printed(text: string): boolean {
    if (!this.watched.has(text)) throw new Error(`printed("${text}") asked without watchFor`);
    return this.seen.has(text);
  }

  static spawn(kind: keyof typeof ENTRIES, env: Record<string, string>): AppProcess {
    // Only what the test sets: no DATABASE_URL, DATA_DIR or SMS setting leaks in from the caller's shell.
    const base = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRIES[kind]], { cwd: REPO_ROOT, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    return new AppProcess(kind, child);
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  /** SIGKILL, then waits until the process is gone. */
  async kill9(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (the orderly stop: the batch in flight is recorded, PGlite is closed), then waits. */
  async stop(): Promise<number | null> {
    if (!this.running) return this.exitCode ?? null;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  /** Waits until `ready()` is true, failing with the process's output when it exits first or takes too long. */
  async waitUntil(ready: () => Promise<boolean>, what: string, timeoutMs = START_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} exited (${this.exitCode}) before ${what}:\n${this.output.join('\n')}`);
      if (await ready().catch(() => false)) return;
      await sleep(100);
    }
    throw new Error(`${this.name} was not ${what} after ${timeoutMs} ms:\n${this.output.join('\n')}`);
  }
}

/** The server on `port`, once `/api/v2/health` answers 200. */
export async function startServer(env: Record<string, string>): Promise<AppProcess> {
  const server = AppProcess.spawn('server', env);
  const health = `http://127.0.0.1:${env.PORT}/api/v2/health`;
  await server.waitUntil(async () => (await fetch(health, { signal: AbortSignal.timeout(2_000) })).status === 200, 'answering /api/v2/health');
  return server;
}

/** The separate SMS worker, once it printed its start banner. */
export async function startWorker(env: Record<string, string>): Promise<AppProcess> {
  const worker = AppProcess.spawn('worker', env);
  await worker.waitUntil(async () => worker.output.some((line) => line.startsWith('Ushirika SMS worker')), 'started');
  return worker;
}

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
