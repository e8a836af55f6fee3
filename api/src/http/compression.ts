import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: a few hundred bytes gain nothing from compressing and cost a little CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly (@fastify/compress): the API's JSON, CSV exports, the SPA's index.html —
 * brotli at quality 4 (the plugin's default: fast enough per request, about gzip's CPU for a smaller answer),
 * else gzip, as the client's Accept-Encoding allows, with `Vary: Accept-Encoding`.
 *
 * The built front end is NOT compressed here: webpack writes a `.br` and a `.gz` beside every asset at build
 * time, at the highest quality, and @fastify/static serves those (web/static.ts). An answer that already has a
 * Content-Encoding is left alone by this plugin.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
