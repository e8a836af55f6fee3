import type { FastifyRequest } from 'fastify';
import { loggableError } from '../db/errors';

/**
 * What a log line may say about a request and an error. The log must never hold a member's name or phone
 * number, a password, a token or a callback secret, and each of them can arrive in a URL: a contacts search
 * (`?search=0712…`), a callback path (`/mpesa/c2b/<secret>/confirmation`). So a request is logged by its
 * route pattern (`/api/v2/member/:id`) and the NAMES of its query parameters, never their values; a path no
 * route matched is logged without its query. Errors go through `loggableError` (no query parameters).
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({ method: request.method, url: loggableUrl(request), remoteAddress: request.ip }),
  err: loggableError,
};

export function loggableUrl(request: Pick<FastifyRequest, 'url' | 'query' | 'routeOptions'>): string {
  const pattern = request.routeOptions?.url;
  const path = pattern && !pattern.includes('*') ? pattern : (request.url.split('?', 1)[0] ?? '').slice(0, 200);
  const query = request.query && typeof request.query === 'object' ? Object.keys(request.query) : [];
  return query.length > 0 ? `${path}?${query.map((name) => `${name}=…`).join('&')}` : path;
}
