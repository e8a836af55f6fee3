import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

/**
 * How long the server waits on a client (security review: it set no request or connection timeout, and 50
 * connections sending one byte every half second all stayed open). Each is configurable (HTTP_*_TIMEOUT,
 * config.ts) and documented beside nginx's in docs/operations.md ("Timeouts"). The defaults are for phones on
 * slow, lossy mobile networks, where a request may crawl but a stalled one is cut:
 *
 * - `headersMs` (HTTP_HEADERS_TIMEOUT, 20 s): from a connection's first byte (or its opening, for one that
 *   sends nothing) to the end of the request's headers. Headers are a kilobyte or two, which even 2G carries in a
 *   second or two with retransmissions; a slow-loris dribbling them is closed with 408 after 20 s.
 * - `requestMs` (HTTP_REQUEST_TIMEOUT, 300 s): to the end of the whole request, body included. A 5 MB upload
 *   (the largest: a contacts or recipients file) takes 100 s at 50 KB/s on slow 3G; 300 s still lets it finish
 *   at 17 KB/s. Node checks it for every request alike, uploads or not.
 * - `idleMs` (HTTP_IDLE_TIMEOUT, 60 s): a connection on which no byte moves either way, during a request or its
 *   answer (a client that stopped reading), is closed. Longer than any request takes the server to answer (the
 *   slowest, a send to 100,000 contacts, is a few seconds: docs/benchmarks.md), and equal to nginx's
 *   `proxy_read_timeout` and `send_timeout` defaults.
 * - `keepAliveMs` (HTTP_KEEP_ALIVE_TIMEOUT, 75 s): how long an idle connection waits for the next request
 *   (announced in `Keep-Alive: timeout=75`; Node closes it a second later). A phone that comes back within it
 *   skips a new TCP (and, at the proxy, TLS) handshake, several round trips on a mobile network; it is longer
 *   than nginx's upstream `keepalive_timeout` (60 s), so the proxy, not the server, closes a pooled connection
 *   first and never reuses one the server is closing.
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 20_000, requestMs: 300_000, idleMs: 60_000, keepAliveMs: 75_000 };

/** What is wrong with a set of timeouts (Node refuses headers longer than the request), or undefined. */
export function httpTimeoutsProblem({ headersMs, requestMs }: HttpTimeouts): string | undefined {
  return headersMs > requestMs ? 'HTTP_HEADERS_TIMEOUT must not be longer than HTTP_REQUEST_TIMEOUT' : undefined;
}

/**
 * The Fastify options that set them. Node checks the headers and request deadlines on a timer (30 s by
 * default), so a late client could overstay its deadline by that much: the timer runs every quarter of the
 * headers timeout instead (at most every 5 s, at least every 100 ms).
 */
export function httpTimeoutOptions(timeouts: HttpTimeouts): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'http'> {
  const problem = httpTimeoutsProblem(timeouts);
  if (problem) throw new RangeError(problem);
  return {
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(timeouts.headersMs / 4))),
    },
  };
}
