import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { liveRemotes, readPins, remoteMap } from './remote-versions';
import { needs } from '../auth/permissions';

/**
 * `GET /remotes.json`: which build of each area the host loads (web/remote-versions.ts), read afresh on every
 * request, so `pnpm remote:use` reaches every running server at once. `no-cache` with an ETag: the browser asks
 * each time it opens an area and is mostly answered 304. A broken pins file is a 500 that says so in the log,
 * never a silent switch to other builds.
 */
export async function remotesRoute(app: FastifyInstance, { webRoot, remotesFile }: { webRoot: string; remotesFile?: string }) {
  app.get('/remotes.json', { ...needs('public'), schema: { hide: true } }, async (request, reply) => {
    const body = JSON.stringify(remoteMap(liveRemotes(webRoot, remotesFile ? readPins(remotesFile) : {})));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
