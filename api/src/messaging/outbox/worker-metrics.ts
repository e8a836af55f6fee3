import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { metricsRoutes } from '../../http/metrics';

/**
 * What a separate SMS worker (`pnpm worker`) serves when WORKER_METRICS_PORT is set: `GET /metrics` alone, the
 * server's own route (http/metrics.ts) with its access rule (METRICS_TOKEN, else this machine only). Its
 * counters are the worker's (`ushirika_sms_messages_total`, `ushirika_sms_gateway_errors_total`: recorded in
 * this process, which no server's /metrics can see), beside the outbox gauges read from the database and the
 * process metrics. Nothing else is served: a 404 for any other path, no request log.
 */
export async function workerMetricsServer({ db, token }: { db: Kysely<Database>; token: string | undefined }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(metricsRoutes, { db, token });
  return app;
}
