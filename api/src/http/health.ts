import type { FastifyInstance, FastifySchema } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ErrorBody } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { DATABASE_UNAVAILABLE } from './errors';
import { NO_AUTH } from './openapi';
import { failures } from './schema';

const healthSchema: FastifySchema = {
  tags: ['Session'],
  summary: 'Is the server up and its database reachable?',
  security: NO_AUTH,
  response: {
    200: { description: 'Ready', type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
    ...failures(503),
  },
};

/**
 * `GET /api/v2/health`, without a token: 200 when the server can reach its database, else 503 with the
 * text every route answers while the database is away (http/errors.ts) and a Retry-After. Load balancers
 * and the end-to-end runner poll it to know the server is ready. It never hangs: on PostgreSQL a connection
 * that cannot be made in a few seconds fails (db/connection.ts).
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get('/health', { schema: healthSchema }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      const body: ErrorBody = { status_msg: DATABASE_UNAVAILABLE };
      return reply.code(503).header('retry-after', '5').send(body);
    }
  });
}
