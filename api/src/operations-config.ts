import { ConfigError, parseDuration } from './config';
import type { WorkerExpectation } from './http/readiness';
import type { SmsConfig } from './messaging/sms/config';

/**
 * The environment variables of health, readiness, metrics and shutdown (docs/operations.md, "Health and
 * metrics"), read here rather than in config.ts so this part stays in one place; main.ts and worker-cli.ts
 * read them once at start, like the rest of the configuration.
 *
 * - METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>`; unset, only loopback callers
 *   that came through no proxy get it.
 * - SHUTDOWN_TIMEOUT: how long a SIGTERM/SIGINT shutdown may take before the process exits with code 1
 *   (a duration: 10, 10s, 1m; default 10s).
 * - READYZ_WORKER: `required`, `optional` or `auto` (the default): whether GET /readyz needs a fresh SMS
 *   outbox worker heartbeat. `auto` requires it when this server runs the worker itself (SMS_WORKER is not 0):
 *   then a dead worker is this process's fault. With a separate worker (SMS_WORKER=0) it is reported but
 *   optional, so that one dead worker process does not take every API server out of the load balancer; alert
 *   on `ushirika_outbox_worker_heartbeat_age_seconds` instead, or set READYZ_WORKER=required.
 * - WORKER_METRICS_PORT: the port on which a separate SMS worker (`pnpm worker`) serves its own GET /metrics
 *   (on HOST, with the same METRICS_TOKEN rule); unset, it serves none. The server's /metrics cannot show what
 *   another process counted.
 */

export interface OperationsConfig {
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  worker: WorkerExpectation;
  /** Where a separate SMS worker serves its metrics (WORKER_METRICS_PORT); undefined: nowhere. */
  workerMetricsPort: number | undefined;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

type Env = Record<string, string | undefined>;

export function readOperationsConfig(env: Env, sms: Pick<SmsConfig, 'worker'>): OperationsConfig {
  return {
    metricsToken: readMetricsToken(env),
    shutdownTimeoutMs: readShutdownTimeoutMs(env),
    worker: readWorkerExpectation(env, sms),
    workerMetricsPort: readWorkerMetricsPort(env),
  };
}

export function readWorkerMetricsPort(env: Env): number | undefined {
  const given = env.WORKER_METRICS_PORT?.trim();
  if (!given) return undefined;
  const port = /^\d{1,5}$/.test(given) ? Number(given) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new ConfigError(`WORKER_METRICS_PORT must be a port number from 1 to 65535, got "${given}"`);
  return port;
}

export function readMetricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  // The .env.example placeholder is public: in production it would open the metrics to anyone.
  if (env.NODE_ENV === 'production' && /change[-_ ]?me/i.test(token))
    throw new ConfigError('METRICS_TOKEN is the .env.example placeholder: set a random token of your own');
  return token;
}

export function readShutdownTimeoutMs(env: Env): number {
  const given = env.SHUTDOWN_TIMEOUT?.trim();
  return given ? parseDuration(given, 'SHUTDOWN_TIMEOUT') * 1000 : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

export function readWorkerExpectation(env: Env, sms: Pick<SmsConfig, 'worker'>): WorkerExpectation {
  const given = env.READYZ_WORKER?.trim().toLowerCase() || 'auto';
  if (given === 'required' || given === 'optional') return given;
  if (given !== 'auto') throw new ConfigError(`READYZ_WORKER must be required, optional or auto, got "${given}"`);
  return sms.worker.inProcess ? 'required' : 'optional';
}
