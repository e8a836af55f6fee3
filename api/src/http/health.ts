import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Kysely } from 'kysely';
import type { ErrorBody } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { DATABASE_UNAVAILABLE } from './errors';
import { NO_AUTH } from './openapi';
import { checkReadiness, pingDatabase, type Lifecycle, type WorkerExpectation } from './readiness';
import { failures } from './schema';
import { needs } from '../auth/permissions';

const healthSchema: FastifySchema = {
  tags: ['Session'],
  summary: 'Is the server up and its database reachable?',
  security: NO_AUTH,
  response: {
    200: { description: 'Ready', type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
    ...failures(503),
  },
};

/** Seconds a load balancer or client is asked to wait before asking again. */
const RETRY_AFTER_SECONDS = '5';

/**
 * `GET /api/v2/health`, without a token: 200 when the server can reach its database, else 503 with the
 * text every route answers while the database is away (http/errors.ts) and a Retry-After. The end-to-end
 * runner polls it to know the server is up. It never hangs: a database that does not answer within
 * READY_DEADLINE_MS (./readiness.ts) counts as unreachable. Load balancers should use `/readyz` (below).
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get('/health', { ...needs('public'), schema: healthSchema }, async (request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      const body: ErrorBody = { status_msg: DATABASE_UNAVAILABLE };
      return reply.code(503).header('retry-after', RETRY_AFTER_SECONDS).send(body);
    }
  });
}

const checksSchema = { type: 'object', additionalProperties: { type: 'string' } };
const probeSchema = (summary: string, statuses: number[]): FastifySchema => ({
  summary,
  security: NO_AUTH,
  response: Object.fromEntries(
    statuses.map((status) => [status, { type: 'object', required: ['status'], properties: { status: { type: 'string' }, checks: checksSchema } }]),
  ),
});

export interface ProbeOptions {
  db: Kysely<Database>;
  worker: WorkerExpectation;
  lifecycle: Lifecycle;
}

/**
 * The probes for orchestrators and load balancers, at the root (not under /api/v2), without a token, outside
 * every rate limit (no limit applies outside the signed-in routes), logged only when they fail (a probe every
 * few seconds would fill the log):
 *
 * - `GET /healthz`: the process is up and answers HTTP; touches nothing else. For liveness: restart when it fails.
 * - `GET /readyz`: 200 `{ status: 'ok', checks }` when this server can do its work; else 503
 *   `{ status: 'unready', checks }` naming each check (./readiness.ts: database, migrations, worker, shutdown)
 *   and a Retry-After. For readiness: send no traffic while it fails. Never hangs (READY_DEADLINE_MS).
 */
export async function probeRoutes(app: FastifyInstance, { db, worker, lifecycle }: ProbeOptions) {
  app.get('/healthz', { ...needs('public'), schema: probeSchema('Is the process up? (liveness; no database)', [200]), logLevel: 'warn' }, async () => ({ status: 'ok' }));

  // Logged when readiness changes, not on every probe.
  let wasReady: boolean | undefined;
  app.get('/readyz', { ...needs('public'), schema: probeSchema('Can this server take traffic? (readiness)', [200, 503]), logLevel: 'warn' }, async (_request, reply) => {
    const { ready, checks } = await checkReadiness(db, { worker, lifecycle });
    if (ready !== wasReady && (wasReady !== undefined || !ready)) {
      // The app's logger: this route's own logs only warnings.
      if (ready) app.log.info({ checks }, 'readiness: ready');
      else app.log.warn({ checks }, 'readiness: unready');
    }
    wasReady = ready;
    if (ready) return { status: 'ok', checks };
    return reply.code(503).header('retry-after', RETRY_AFTER_SECONDS).send({ status: 'unready', checks });
  });
}
