import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { SMS_GATEWAY_PAUSE_REASONS, type ErrorBody } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { enableDefaultMetrics, httpRequestDuration, outboxOldestDueAge, outboxQueued, outboxWorkerBeatAge, registry, smsGatewayPaused } from '../metrics/registry';
import { beforeDeadline, READY_DEADLINE_MS } from './readiness';

/**
 * Prometheus metrics (docs/operations.md, "Health and metrics"): every request's latency by route pattern,
 * and `GET /metrics` in the text exposition format. The metrics themselves are defined in
 * ../metrics/registry.ts; the outbox gauges are computed here, at scrape time, with one cheap statement.
 *
 * `/metrics` is not public: it shows the load and the queue of every partner at once. It is served
 * - with `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set (and only then), or
 * - when METRICS_TOKEN is unset, to a caller on this machine: the socket's address is loopback and the
 *   request carries no forwarding header (a reverse proxy on the same host would otherwise make every
 *   client look local).
 */

/** The label of requests no route matched (404s, router errors): never the raw URL, which is unbounded and may be personal. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Observes every answer's latency, labelled with the route's pattern (`/api/v2/member/:id`). On the root app, before any route. */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { route: request.routeOptions.url ?? UNMATCHED_ROUTE, method: request.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const isLoopback = (address: string | undefined) => address !== undefined && (address === '::1' || /^127\./.test(address) || /^::ffff:127\./i.test(address));

/** Compares hashes, so neither the token's length nor its content leaks through timing. */
const sameSecret = (given: string, expected: string) => {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
};

/** Whether this request may read the metrics: 'ok', or why not (answered 401 or 403). */
export function metricsAccess(request: FastifyRequest, token: string | undefined): 'ok' | 'unauthorized' | 'forbidden' {
  if (token !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    return match && sameSecret(match[1]!, token) ? 'ok' : 'unauthorized';
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return isLoopback(request.socket.remoteAddress) && !forwarded ? 'ok' : 'forbidden';
}

/**
 * Sets the outbox gauges from the database: counts and ages only, across all partners. Each part uses an
 * index: the queued count and the oldest due time `notifications_due_idx` (partial, queued rows only), the
 * heartbeat the few rows of `worker_heartbeats`, the gateway pauses the few rows of `sms_gateway_pauses`. When
 * the database does not answer in time they are NaN.
 */
export async function refreshOutboxGauges(db: Kysely<Database>): Promise<void> {
  try {
    const { rows } = await beforeDeadline(
      sql<{ queued: number; oldest: number; beat_age: number | null; paused: string[] | null }>`
        select
          (select count(*) from notifications where state = 'queued')::float8 as queued,
          (select coalesce(extract(epoch from now() - min(due_at)), 0) from notifications where state = 'queued' and due_at <= now())::float8 as oldest,
          (select extract(epoch from now() - max(beat_at)) from worker_heartbeats)::float8 as beat_age,
          (select array_agg(distinct reason) from sms_gateway_pauses) as paused`.execute(db),
      Date.now() + READY_DEADLINE_MS,
    );
    const row = rows[0]!;
    outboxQueued.set(Number(row.queued));
    outboxOldestDueAge.set(Math.max(0, Number(row.oldest)));
    outboxWorkerBeatAge.set(row.beat_age === null ? NaN : Math.max(0, Number(row.beat_age)));
    for (const reason of SMS_GATEWAY_PAUSE_REASONS) smsGatewayPaused.set({ reason }, row.paused?.includes(reason) ? 1 : 0);
  } catch (error) {
    for (const gauge of [outboxQueued, outboxOldestDueAge, outboxWorkerBeatAge]) gauge.set(NaN);
    for (const reason of SMS_GATEWAY_PAUSE_REASONS) smsGatewayPaused.set({ reason }, NaN);
    throw error;
  }
}

const REFUSED: Record<'unauthorized' | 'forbidden', ErrorBody> = {
  unauthorized: { status_msg: 'The metrics need the metrics token (Authorization: Bearer).' },
  forbidden: { status_msg: 'The metrics are served to this machine only, or with the metrics token (METRICS_TOKEN).' },
};

/** `GET /metrics` at the root. Logged only when it fails; hidden from the API's OpenAPI document. */
export async function metricsRoutes(app: FastifyInstance, { db, token }: { db: Kysely<Database>; token: string | undefined }) {
  enableDefaultMetrics();
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request, token);
    if (access !== 'ok') {
      if (access === 'unauthorized') reply.header('www-authenticate', 'Bearer');
      return reply.code(access === 'unauthorized' ? 401 : 403).send(REFUSED[access]);
    }
    try {
      await refreshOutboxGauges(db);
    } catch (error) {
      // The process metrics are still worth answering: the outbox gauges say NaN.
      request.log.warn({ err: { name: (error as Error).name, code: (error as { code?: unknown }).code } }, 'metrics: the outbox gauges could not be read');
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
