/**
 * The bare baseline of the lists benchmark (issue 32, "the fair baseline"): Fastify and a `pg` pool of 10 (as
 * ours), no Kysely, no validation, no routes of ours, but what any production request must do, done as ours does
 * it, per request:
 * - verifies the same HS256 token with the same JWT_SECRET (@fastify/jwt with auth/tokens.ts's algorithm options),
 *   answering 401 without one;
 * - sets the same security headers (http/security-headers.ts: @fastify/helmet with our policy);
 * - writes one log line (pino, Fastify's logger, at info; the line goes where ours goes: dropped by the bench);
 * - counts one metric (a prom-client histogram of the answer's time, labelled as ours: metrics/registry.ts).
 * `GET /bare/<n>` then runs scenario n's statements (STATEMENTS_FILE: the SQL our server ran for it, captured by
 * capture.ts) one after another and answers the rows of the statement with the most rows, and the first `total`
 * seen, as JSON. What our server does beyond this is our overhead. `GET /bare/health` needs no token.
 */
import { readFileSync } from 'node:fs';
import fastifyJwt from '@fastify/jwt';
import Fastify from 'fastify';
import { Pool } from 'pg';
import { Histogram, Registry } from 'prom-client';
import { jwtAlgorithmOptions } from '../../src/auth/tokens';
import { registerSecurityHeaders } from '../../src/http/security-headers';
import type { Statement } from './capture';

const HEALTH = '/bare/health';
const scenarios = JSON.parse(readFileSync(process.env.STATEMENTS_FILE!, 'utf8')) as Statement[][];
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const requestDuration = new Histogram({
  name: 'bare_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status class',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [new Registry()],
});

async function bareServer() {
  const app = Fastify({ logger: { level: 'info' }, disableRequestLogging: true });
  await registerSecurityHeaders(app);
  await app.register(fastifyJwt, { secret: process.env.JWT_SECRET!, ...jwtAlgorithmOptions });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === HEALTH) return;
    try {
      await request.jwtVerify();
    } catch {
      return reply.code(401).send({ status_msg: 'Unauthorized' });
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ route: request.routeOptions.url, statusCode: reply.statusCode, ms: reply.elapsedTime }, 'request completed');
    const labels = { route: request.routeOptions.url ?? 'unmatched', method: request.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    requestDuration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(HEALTH, async () => ({ ok: true }));
  app.get<{ Params: { n: string } }>('/bare/:n', async (request) => {
    let rows: unknown[] = [];
    let total: unknown;
    for (const statement of scenarios[Number(request.params.n)] ?? []) {
      const result = await pool.query(statement.sql, statement.parameters);
      if (result.rows.length > rows.length) rows = result.rows;
      total ??= (result.rows[0] as { total?: unknown } | undefined)?.total;
    }
    return { rows, total };
  });
  return app;
}

bareServer()
  .then(async (app) => {
    process.once('SIGTERM', () => void app.close().then(() => pool.end()));
    await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
