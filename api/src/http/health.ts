import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ErrorBody } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';

/**
 * `GET /api/v2/health`, without a token: 200 when the server can reach its database, else 503.
 * Load balancers and the end-to-end runner poll it to know the server is ready.
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get('/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      const body: ErrorBody = { status_msg: 'The database is not reachable' };
      return reply.code(503).send(body);
    }
  });
}
