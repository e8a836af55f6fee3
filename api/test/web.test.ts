import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { ErrorBody } from '@ushirika/shared/contract';
import { useTestApp } from './support/app';
import { testDatabases } from './support/databases';

/** A built host and one built remote (meetings); the other remotes are missing on purpose. */
const webRoot = mkdtempSync(join(tmpdir(), 'ushirika-web-'));
const files: Record<string, string> = {
  'host/dist/index.html': '<!doctype html><title>Ushirika</title>',
  'host/dist/main.js': 'console.log("host")',
  'host/dist/main.js.map': '{"sources":["secret.ts"]}',
  'host/dist/remotes.json': '{"meetings":"/remotes/meetings/mf-manifest.json"}',
  'host/dist/assets/chunk.3f9a1c0b.js': 'console.log("chunk")',
  'remote-meetings/dist/remoteEntry.js': 'var meetings;',
  'remote-meetings/dist/remoteEntry.js.map': '{"sources":["secret.ts"]}',
  'remote-meetings/dist/mf-manifest.json': '{}',
  'remote-meetings/dist/assets/routes.77ab01ce.js': 'console.log("routes")',
};
/** As the build writes them: a brotli and a gzip copy beside a file (tooling/webpack.cjs). */
const hostChunk = `console.log(${JSON.stringify('antd '.repeat(2000))})`;
const precompressed: Record<string, Buffer | string> = {
  'host/dist/antd.0a1b2c3d.js': hostChunk,
  'host/dist/antd.0a1b2c3d.js.br': brotliCompressSync(hostChunk),
  'host/dist/antd.0a1b2c3d.js.gz': gzipSync(hostChunk),
};
for (const [path, content] of Object.entries({ ...files, ...precompressed })) {
  mkdirSync(dirname(join(webRoot, path)), { recursive: true });
  writeFileSync(join(webRoot, path), content);
}
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

// Serving files does not depend on the database: PGlite is enough.
const pglite = testDatabases[0]![1];

describe('serving the built front ends', () => {
  const testApp = useTestApp(pglite, { webRoot });
  const get = (url: string) => testApp().app.inject({ method: 'GET', url });

  it.each(['/', '/dashboard/home', '/meetings/meetingtypes/edit?x=1'])('answers the host page for %s, never cached', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Ushirika</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/main.js', 'no-cache'],
    ['/remotes.json', 'no-cache'],
    ['/assets/chunk.3f9a1c0b.js', 'public, max-age=31536000, immutable'],
    ['/remotes/meetings/remoteEntry.js', 'no-cache'],
    ['/remotes/meetings/mf-manifest.json', 'no-cache'],
    ['/remotes/meetings/assets/routes.77ab01ce.js', 'public, max-age=31536000, immutable'],
  ])('serves %s with cache-control %s', async (url, cacheControl) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it.each(['/remotes/contacts/remoteEntry.js', '/remotes/meetings/missing.js', '/api/v2/nothing-here', '/main.js.map', '/remotes/meetings/remoteEntry.js.map'])(
    'answers 404 JSON for %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().status_msg).toMatch(/^Not found/);
    },
  );

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends a built chunk as its precompressed %s copy, cached for a year, varying on Accept-Encoding', async (encoding, decode) => {
    const response = await testApp().app.inject({ method: 'GET', url: '/antd.0a1b2c3d.js', headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(hostChunk.length / 10);
    expect(decode(response.rawPayload).toString()).toBe(hostChunk);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/antd.0a1b2c3d.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(hostChunk);
  });

  it('compresses API JSON above 1 KB and leaves a small answer as it is', async () => {
    const { app } = testApp();
    const big = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await app.inject({ method: 'GET', url: '/api/v2/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not answer the host page for other methods', async () => {
    const response = await testApp().app.inject({ method: 'POST', url: '/dashboard/home' });
    expect(response.statusCode).toBe(404);
  });

  it('sends security headers with the page and the API: no framing, no sniffing, scripts only from this origin', async () => {
    for (const url of ['/', '/api/v2/health']) {
      const response = await get(url);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    }
  });
});
