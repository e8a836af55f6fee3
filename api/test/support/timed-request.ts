import { request as httpRequest } from 'node:http';

/** An answer over real HTTP: its status, body and how long it took. */
export interface TimedAnswer {
  status: number;
  body: string;
  ms: number;
}

/**
 * One HTTP request on a connection of its own (no keep-alive pool, so one slow answer never queues another
 * behind it): its status, body and time. For the tests and benchmarks that measure a server listening on a
 * port, as in production.
 */
export function timedRequest(url: string, options: { method: string; headers?: Record<string, string>; body?: Buffer }): Promise<TimedAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: options.method, headers: options.headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** The `p`th percentile of some timings (the nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Timings as a test prints them beside its verdict: count, median, 95th percentile and worst. */
export const describeLatency = (values: readonly number[]) =>
  `n=${values.length} p50=${percentile(values, 50).toFixed(1)} ms p95=${percentile(values, 95).toFixed(1)} ms max=${Math.max(...values).toFixed(1)} ms`;
