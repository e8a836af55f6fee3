import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { ErrorBody } from '@ushirika/shared/contract';
import { useTestApp } from './support/app';
import { oneDatabase } from './support/databases';

/** A built host and two builds of one remote (meetings); the other remotes are missing on purpose. */
const webRoot = mkdtempSync(join(tmpdir(), 'ushirika-web-'));
const remotesFile = join(webRoot, 'pins', 'remotes.json');
const OLDER = '0.1.0+aaaa1111';
const NEWER = '0.2.0+bbbb2222';
const meetingsBuild = (release: string, version: string, builtAt: string): Record<string, string> => ({
  [`remote-meetings/dist/${release}/remoteEntry.js`]: `var meetings; // ${release}`,
  [`remote-meetings/dist/${release}/remoteEntry.js.map`]: '{"sources":["secret.ts"]}',
  [`remote-meetings/dist/${release}/mf-manifest.json`]: '{"name":"meetings"}',
  [`remote-meetings/dist/${release}/build-info.json`]: JSON.stringify({ name: 'meetings', version, release, builtAt }),
  [`remote-meetings/dist/${release}/assets/routes.77ab01ce.js`]: 'console.log("routes")',
});
const files: Record<string, string> = {
  'host/dist/index.html': '<!doctype html><title>Ushirika</title>',
  'host/dist/main.js': 'console.log("host")',
  'host/dist/main.js.map': '{"sources":["secret.ts"]}',
  'host/dist/assets/chunk.3f9a1c0b.js': 'console.log("chunk")',
  ...meetingsBuild(OLDER, '0.1.0', '2026-11-01T08:00:00.000Z'),
  ...meetingsBuild(NEWER, '0.2.0', '2026-11-20T08:00:00.000Z'),
  // Not a build: no manifest.
  'remote-meetings/dist/0.3.0+cccc3333/build-info.json': '{"version":"0.3.0","builtAt":"2026-11-24T08:00:00.000Z"}',
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

describe('serving the built front ends', () => {
  const testApp = useTestApp(oneDatabase, { webRoot, remotesFile });
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
    [`/remotes/meetings/${NEWER}/remoteEntry.js`, 'no-cache'],
    [`/remotes/meetings/${OLDER}/mf-manifest.json`, 'no-cache'],
    [`/remotes/meetings/${NEWER}/assets/routes.77ab01ce.js`, 'public, max-age=31536000, immutable'],
  ])('serves %s with cache-control %s', async (url, cacheControl) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it.each([
    '/remotes/contacts/remoteEntry.js',
    `/remotes/meetings/${NEWER}/missing.js`,
    '/api/v2/nothing-here',
    '/main.js.map',
    `/remotes/meetings/${NEWER}/remoteEntry.js.map`,
  ])('answers 404 JSON for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().status_msg).toMatch(/^Not found/);
  });

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

  describe('/remotes.json: the build each area runs', () => {
    const remotes = async () => (await get('/remotes.json')).json<Record<string, string>>();
    afterEach(() => rmSync(remotesFile, { force: true }));

    it("names each area's newest build, and a missing manifest for an area never built", async () => {
      expect(await remotes()).toEqual({
        contacts: '/remotes/contacts/mf-manifest.json',
        finance: '/remotes/finance/mf-manifest.json',
        meetings: `/remotes/meetings/${NEWER}/mf-manifest.json`,
        messaging: '/remotes/messaging/mf-manifest.json',
      });
    });

    it('follows a pin at once, without a restart, and answers 304 while nothing changed', async () => {
      const first = await get('/remotes.json');
      const again = await testApp().app.inject({ method: 'GET', url: '/remotes.json', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);

      mkdirSync(dirname(remotesFile), { recursive: true });
      writeFileSync(remotesFile, JSON.stringify({ meetings: OLDER, finance: '/cdn/remotes/finance/0.4.0+dddd4444/mf-manifest.json' }));
      const pinned = await testApp().app.inject({ method: 'GET', url: '/remotes.json', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(pinned.statusCode).toBe(200);
      expect(pinned.json()).toMatchObject({
        meetings: `/remotes/meetings/${OLDER}/mf-manifest.json`,
        finance: '/cdn/remotes/finance/0.4.0+dddd4444/mf-manifest.json',
      });
    });

    it('fails loudly on a pins file it cannot read, never switching builds silently', async () => {
      mkdirSync(dirname(remotesFile), { recursive: true });
      for (const pin of ['../../etc/passwd', 'https://elsewhere.example.org/remotes/meetings/mf-manifest.json', '//elsewhere.example.org/mf-manifest.json']) {
        writeFileSync(remotesFile, JSON.stringify({ meetings: pin }));
        expect((await get('/remotes.json')).statusCode).toBe(500);
      }
    });

    // Security review: a browser resolves . and .. away, so such a pin would load another area's (or any) build.
    it.each([
      `/remotes/finance/../meetings/${OLDER}/mf-manifest.json`,
      '/cdn/remotes/meetings/../../mf-manifest.json',
      `/remotes/meetings/./${OLDER}/mf-manifest.json`,
      '/../mf-manifest.json',
      '/./mf-manifest.json',
      `/remotes/meetings//${OLDER}/mf-manifest.json`,
    ])('refuses the pin %s (a . or .. segment, or //)', async (pin) => {
      mkdirSync(dirname(remotesFile), { recursive: true });
      writeFileSync(remotesFile, JSON.stringify({ meetings: pin }));
      expect((await get('/remotes.json')).statusCode).toBe(500);
    });
  });

  // Security review: API answers are never stored; the files beside them keep their own caching (above).
  it('says no-store on API answers, found or not, beside the files and their caching', async () => {
    for (const url of ['/api/v2/health', '/api/v2/nothing-here', '/api/v2/member']) expect((await get(url)).headers['cache-control']).toBe('no-store');
    expect((await get('/main.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/chunk.3f9a1c0b.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/meetings/apiary')).headers['cache-control']).toBe('no-cache');
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
