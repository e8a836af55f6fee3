/** Load from this process with autocannon: every response's latency kept, so rounds combine exactly. */
import autocannon from 'autocannon';

export const CONNECTIONS = 10;

export interface Load {
  /** every response's latency in ms, 2xx or not */
  latencies: number[];
  /** what went wrong, counted: `HTTP <status>` for each response that was not 2xx, and autocannon's connection errors and timeouts */
  errors: Record<string, number>;
  /** how long the round ran, as autocannon measured it */
  seconds: number;
}

const tally = (errors: Record<string, number>, kind: string, count = 1) => {
  if (count > 0) errors[kind] = (errors[kind] ?? 0) + count;
};

/** GETs `url` over CONNECTIONS connections (pipelining 1) for `seconds`. */
export function runLoad(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const errors: Record<string, number> = {};
    const instance = autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      // autocannon counts a timeout among its errors too: the rest are connection errors.
      tally(errors, 'timeout', result.timeouts);
      tally(errors, 'connection error', result.errors - result.timeouts);
      resolve({ latencies, errors, seconds: result.duration || seconds });
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) tally(errors, `HTTP ${statusCode}`);
    });
  });
}

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** every error of every round, by kind */
  errors: Record<string, number>;
  errorCount: number;
}

/**
 * The rounds of one server and scenario as one: every latency of every round in one sorted list (so p99 is
 * the p99 of all responses, not an average of per-round p99s), throughput as all responses over all rounds' time.
 */
export function combine(rounds: Load[]): Figures {
  const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(p * latencies.length) - 1))] ?? NaN;
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const errors: Record<string, number> = {};
  for (const round of rounds) for (const [kind, count] of Object.entries(round.errors)) tally(errors, kind, count);
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    errors,
    errorCount: Object.values(errors).reduce((sum, count) => sum + count, 0),
  };
}
