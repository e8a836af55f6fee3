/** What every `pnpm bench` part shares: throwaway databases and timing requests through the app. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import type { DatabaseTarget } from '../src/db/connection';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

export interface Timing {
  median: number;
  p99: number;
  /** the answer's `total`, when it has one */
  total: number | undefined;
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
  const name = `ushirika_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run({ kind: 'postgres', url: url.toString() });
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** A markdown table, columns padded to their widest cell. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
