import type { FastifyInstance } from 'fastify';

/**
 * Keep-alive and graceful shutdown. `app.close()` stops accepting connections and closes the idle keep-alive
 * ones (`forceCloseConnections: 'idle'`, app.ts), but a connection busy with a request at that moment
 * becomes idle only after its answer, and would then stay open until the keep-alive timeout (Fastify's is
 * 72 s), holding the close up. So every answer sent once closing has begun says `Connection: close`: the
 * client gets its answer, and Node ends the connection right after it.
 */
export function registerConnectionDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
