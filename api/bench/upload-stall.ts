/**
 * The upload part of `pnpm bench` (security review, "one upload stalls every partner"): how long the server
 * keeps others waiting while `POST /notifyuploaded` reads, checks and queues a CSV of BENCH_UPLOAD_ROWS numbers
 * (default 100,000, the most one file may hold). The app listens on a port, as in production; two clients
 * ask, one after the other, `GET /healthz` (no database) and `GET /api/v2/health` (one `select 1`) while the
 * upload runs, and the event loop's longest block is sampled. Scenarios: the quote, one send, three sends in a
 * row, three at once. PGlite in a temp folder always, PostgreSQL too when DATABASE_URL is set. No assertions:
 * the numbers go to docs/security.md. `BENCH_ONLY=upload pnpm --filter @ushirika/api bench`.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SendQuote, SendResult } from '@ushirika/shared/contract';
import { buildApp } from '../src/app';
import { describeTarget, openDatabase, type DatabaseTarget } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createPartner } from '../src/partners/queries';
import { timedRequest, type TimedAnswer } from '../test/support/timed-request';
import { benchAuthorization, markdownTable, percentile, withTempPglite, withTempPostgres } from './support';

const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000);
const IDLE_ANSWERS = 100;

/** A CSV as a phone export writes it: a header, then distinct Kenyan mobiles in local form. */
export function numbersCsv(rows: number): string {
  const lines = ['Name,Phone'];
  for (let i = 0; i < rows; i += 1) lines.push(`Member ${i},07${String(10_000_000 + i).slice(-8)}`);
  return `${lines.join('\n')}\n`;
}

function multipart(csv: string): { body: Buffer; type: string } {
  const boundary = `----ushirika-bench-${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(`${field('message', 'Harvest thanksgiving this Sunday at 10am.')}${field('type', 'SMS')}${field('category', 'WEBSMS')}`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message_file"; filename="numbers.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

interface Polled {
  times: number[];
  /** Answers other than 200 (/api/v2/health answers 503 when the database has not answered within 2 s). */
  failed: number;
}

/** Asks `url` one answer after another until `until` settles; each answer's time. */
async function poll(url: string, until: Promise<unknown>): Promise<Polled> {
  let settled = false;
  void until.finally(() => (settled = true)).catch(() => undefined);
  const polled: Polled = { times: [], failed: 0 };
  while (!settled) {
    const answer = await timedRequest(url, { method: 'GET' });
    if (answer.status !== 200) polled.failed += 1;
    polled.times.push(answer.ms);
  }
  return polled;
}

async function idle(url: string): Promise<Polled> {
  const polled: Polled = { times: [], failed: 0 };
  for (let i = 0; i < IDLE_ANSWERS; i += 1) {
    const answer = await timedRequest(url, { method: 'GET' });
    if (answer.status !== 200) polled.failed += 1;
    polled.times.push(answer.ms);
  }
  return polled;
}

const summary = ({ times, failed }: Polled) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, failed, p50: percentile(sorted, 0.5), max: sorted[sorted.length - 1] ?? NaN };
};

export interface UploadStallResult {
  database: string;
  scenario: string;
  seconds: number;
  healthz: ReturnType<typeof summary>;
  health: ReturnType<typeof summary>;
  loopMaxMs: number;
}

async function measure(name: string, target: DatabaseTarget): Promise<UploadStallResult[]> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle.db);
    const tenant = await createPartner(handle.db, { name: 'Bench Church', product: 'general', smsUnits: ROWS * 10 });
    const app = await buildApp({ db: handle.db, config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, webRoot: undefined }, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const authorization = await benchAuthorization(app, handle.db, tenant);
    console.log(`${name} (${describeTarget(target)}): listening on ${origin}`);
    const form = multipart(numbersCsv(ROWS));
    const upload = async (path: string, expected: number): Promise<TimedAnswer> => {
      const answer = await timedRequest(`${origin}/api/v2/${path}`, { method: 'POST', headers: { authorization, 'content-type': form.type }, body: form.body });
      if (answer.status !== expected) throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
      return answer;
    };
    // Warm up: the routes, libphonenumber's metadata, PGlite's plans (a small file).
    const small = multipart(numbersCsv(100));
    for (const path of ['notifyuploaded/quote', 'notifyuploaded']) {
      await timedRequest(`${origin}/api/v2/${path}`, { method: 'POST', headers: { authorization, 'content-type': small.type }, body: small.body });
    }

    const results: UploadStallResult[] = [];
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const run = async (scenario: string, work: () => Promise<unknown>) => {
      loop.reset();
      loop.enable();
      const started = performance.now();
      const done = work();
      const [healthz, health] = await Promise.all([poll(`${origin}/healthz`, done), poll(`${origin}/api/v2/health`, done), done]);
      const seconds = (performance.now() - started) / 1000;
      loop.disable();
      results.push({ database: name, scenario, seconds, healthz: summary(healthz), health: summary(health), loopMaxMs: loop.max / 1e6 });
    };

    const idleHealthz = await idle(`${origin}/healthz`);
    const idleHealth = await idle(`${origin}/api/v2/health`);
    results.push({ database: name, scenario: 'idle', seconds: 0, healthz: summary(idleHealthz), health: summary(idleHealth), loopMaxMs: NaN });

    await run(`quote of ${ROWS.toLocaleString('en-US')} rows`, async () => {
      const quote = JSON.parse((await upload('notifyuploaded/quote', 200)).body) as SendQuote;
      if (quote.recipients !== ROWS) throw new Error(`quote: ${quote.recipients} recipients`);
    });
    await run(`send of ${ROWS.toLocaleString('en-US')} rows`, async () => {
      const { send: sent } = JSON.parse((await upload('notifyuploaded', 201)).body) as SendResult;
      if (sent.queued !== ROWS) throw new Error(`send: ${sent.queued} queued`);
    });
    await run('3 sends in a row', async () => {
      for (let i = 0; i < 3; i += 1) await upload('notifyuploaded', 201);
    });
    await run('3 sends at once', () => Promise.all([0, 1, 2].map(() => upload('notifyuploaded', 201))));
    await app.close();
    return results;
  } finally {
    await handle.close();
  }
}

export async function runUploadStallBench(): Promise<UploadStallResult[]> {
  console.log(`\nUpload stall: GET /healthz and GET /api/v2/health answered while POST /notifyuploaded takes a CSV of ${ROWS.toLocaleString('en-US')} numbers.`);
  const results = await withTempPglite((target) => measure('PGlite', target));
  if (process.env.DATABASE_URL) results.push(...(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target))));
  const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0));
  const rows = results.map((r) => [
    r.database,
    r.scenario,
    r.seconds ? r.seconds.toFixed(2) : '-',
    String(r.healthz.n),
    `${ms(r.healthz.p50)} / ${ms(r.healthz.max)}`,
    r.health.failed ? `${r.health.n} (${r.health.failed} × 503)` : String(r.health.n),
    `${ms(r.health.p50)} / ${ms(r.health.max)}`,
    ms(r.loopMaxMs),
  ]);
  console.log(
    `\n${markdownTable(['database', 'scenario', 'seconds', '/healthz answers', '/healthz p50 / max ms', '/health answers', '/health p50 / max ms', 'longest event-loop block ms'], rows)}\n`,
  );
  return results;
}
