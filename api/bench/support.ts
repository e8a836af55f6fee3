/** What every `pnpm bench` part shares: throwaway databases and timing requests through the app. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { issueToken } from '../src/auth/tokens';
import type { DatabaseTarget } from '../src/db/connection';
import type { Database } from '../src/db/schema';
import { createTempDatabase } from '../src/db/temp-database';
import { createUser } from '../src/partners/queries';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

export interface Timing {
  median: number;
  p99: number;
  /** the answer's `total`, when it has one */
  total: number | undefined;
}

/** An `Authorization` header for a new user of the partner: the token guard refuses tokens of users that do not exist. */
export async function benchAuthorization(app: FastifyInstance, db: Kysely<Database>, partnerId: number): Promise<string> {
  const userId = await createUser(db, { partnerId, email: `bench${partnerId}@bench.test`, password: 'bench-password', firstName: 'Bench', lastName: 'User' });
  return `Bearer ${issueToken(app, userId, partnerId, 3600)}`;
}

/** GETs `url` through `inject` warmUp + runs times; the timed runs give median and p99 in ms. */
export async function timeRequest(app: FastifyInstance, url: string, authorization: string, runs: number, warmUp: number): Promise<Timing> {
  const times: number[] = [];
  let total: number | undefined;
  for (let run = 0; run < warmUp + runs; run += 1) {
    const start = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url, headers: { authorization } });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (run >= warmUp) times.push(ms);
    total = response.json<{ total?: number }>().total;
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99), total };
}

export async function withTempPglite<T>(run: (target: DatabaseTarget) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'ushirika-bench-'));
  try {
    return await run({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A uniquely named database on `serverUrl`'s server, dropped afterwards. */
export async function withTempPostgres<T>(serverUrl: string, run: (target: DatabaseTarget) => Promise<T>): Promise<T> {
  const temp = await createTempDatabase(serverUrl, 'ushirika_bench');
  try {
    return await run({ kind: 'postgres', url: temp.url });
  } finally {
    await temp.drop();
  }
}

/** A markdown table, columns padded to their widest cell. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
