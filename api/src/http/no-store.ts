import type { FastifyInstance } from 'fastify';
import { DOCS_PREFIX } from './openapi';

/** The API's paths (`/api/v2/…`, and any other `/api` path, which answers 404), but not its documentation. */
const API_PATH = /^\/api(\/|\?|$)/;
const DOCS_PATH = new RegExp(`^${DOCS_PREFIX}(/|\\?|$)`);

export const isApiPath = (url: string): boolean => API_PATH.test(url) && !DOCS_PATH.test(url);

/**
 * Every answer of the API says `Cache-Control: no-store` (security review): a partner's records, a login's
 * token, a refusal and a 404 alike are never kept by a browser's cache, a shared computer's disk or a proxy.
 * The header is set in the first hook of every request, before the token is checked or a rate limit counted,
 * so their refusals carry it too; a route that sends its own (a download's `private, no-store`) replaces it.
 * The front ends' files (web/static.ts: a year for hashed chunks, `no-cache` for entry files), `/remotes.json`
 * and the API's documentation (`/api/docs`, swagger-ui's own files) keep their own caching.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
