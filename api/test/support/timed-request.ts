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
