import type { FakeGateway } from '../../test/support/fake-gateway';

/** How long a dead worker's claimed and sending messages wait before recovery takes them back (SMS_WORKER_LEASE). */
export const LEASE_MS = 3_000;
/** Gateway requests an outbox worker has in flight at once (OutboxWorker's default concurrency). */
export const WORKER_LANES = 4;
export const GATEWAY_API_KEY = 'resilience-key';

/**
 * The environment of a server or worker under test: its database, a fixed JWT secret (tokens outlive a
 * restart), no web front end, warnings only, and the real Africa's Talking adapter pointed at the test's
 * fake gateway with a short lease, so a restarted worker takes back a dead one's messages at once.
 */
export function appEnv(database: { DATA_DIR: string; DATABASE_URL: string }, port: number, gateway: FakeGateway | undefined, extra: Record<string, string> = {}) {
  return {
    ...database,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: 'resilience-tests-jwt-secret-long-enough-for-hs256',
    SERVE_WEB: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ...(gateway
      ? {
          SMS_PROVIDER: 'africastalking',
          AT_USERNAME: 'resilience',
          AT_API_KEY: GATEWAY_API_KEY,
          AT_BASE_URL: gateway.url,
          AT_TIMEOUT: '2s',
          SMS_WORKER_LEASE: `${LEASE_MS / 1000}s`,
          SMS_WORKER_BATCH: '100',
          SMS_WORKER_POLL: '1s',
        }
      : { SMS_PROVIDER: 'dev' }),
    ...extra,
  };
}
