import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REMOTE_NAMES, remoteDist } from './remote-versions';
import { remotesRoute } from './remotes-route';

/**
 * Entry files (index.html, main.js, remoteEntry.js, mf-manifest.json) keep their names across builds and name
 * the current build's chunks, so the browser must revalidate them (ETag) to see a new deployment. Only a file whose name carries webpack's content hash (`[name].[contenthash:8].js`)
 * can never change, and is cached for a year.
 */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
/** The build's precompressed copies (`main.js.br`, `main.js.gz`): cached like the file they compress. */
const PRECOMPRESSED = /\.(br|gz)$/;

/** Source maps hold the full sources: a production build has none, and a stray one is never served. */
const notSourceMap = (path: string) => !path.endsWith('.map');

function setCacheHeaders(reply: FastifyReply, path: string): void {
  const file = basename(path).replace(PRECOMPRESSED, '');
  reply.header('cache-control', CONTENT_HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built host at `/`, the remotes' builds under `/remotes/<name>/<version>+<build>/` and which build
 * each area runs at `/remotes.json` (remotes-route.ts), each file as the build's brotli or gzip copy when the
 * browser accepts it (`Content-Encoding`, `Vary: Accept-Encoding`). A remote that has not been built is simply
 * absent (404): the host shows its error panel for that area.
 * Returns the host's dist folder, for the SPA fallback in the not-found handler.
 */
export async function registerWeb(app: FastifyInstance, { webRoot, remotesFile }: { webRoot: string; remotesFile?: string }): Promise<string> {
  // Loaded only when the front ends are served: an API-only server never needs it.
  const { default: fastifyStatic } = await import('@fastify/static');
  const hostDist = join(webRoot, 'host', 'dist');
  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    cacheControl: false,
    setHeaders: setCacheHeaders,
    allowedPath: notSourceMap,
    preCompressed: true,
    // Files are looked up per request (not listed once at start), so a rebuild is served without a restart;
    // unknown paths fall through to the not-found handler, which answers the SPA's index.html.
    wildcard: true,
  });
  await app.register(remotesRoute, { webRoot, remotesFile });
  for (const name of REMOTE_NAMES) {
    const dist = remoteDist(webRoot, name);
    if (!existsSync(dist)) continue;
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      allowedPath: notSourceMap,
      preCompressed: true,
    });
  }
  return hostDist;
}

/**
 * GET paths outside /api and /remotes are client-side routes of the host (e.g. /meetings/default). A path
 * naming a file (`/main.js.map`, `/favicon.ico`) is not: a missing file is a 404, not the app's page.
 */
export function isSpaRoute(method: string, url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  const file = /\.[a-z0-9]+$/i.test(path);
  return (method === 'GET' || method === 'HEAD') && !file && !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/remotes/');
}

export function sendSpaIndex(reply: FastifyReply, hostDist: string): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html', hostDist);
}
