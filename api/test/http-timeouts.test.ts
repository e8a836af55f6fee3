import { connect, type AddressInfo, type Socket } from 'node:net';
import type { HttpTimeouts } from '../src/http/timeouts';
import { DEFAULT_HTTP_TIMEOUTS, httpTimeoutOptions } from '../src/http/timeouts';
import { useTestApp, type TestApp } from './support/app';
import { oneDatabase } from './support/databases';

/**
 * Security review, "Timeouts": the server set no request or connection timeout, and 50 connections sending
 * one byte every half second all stayed open past 30 s. Here over real HTTP (the server listening on a port),
 * with short timeouts so each test takes a few seconds: the production defaults are 20 s, 300 s, 60 s and 75 s
 * (http/timeouts.ts), which the same mechanisms enforce.
 */

const TIMEOUTS: HttpTimeouts = { headersMs: 1000, requestMs: 3000, idleMs: 1500, keepAliveMs: 1000 };
/** Node checks the headers and request deadlines every quarter of the headers timeout; what a busy CI machine adds. */
const LATE = 250 + 400;

// Nothing here depends on the database: PGlite is enough.

/** A raw connection, what it received, and when it was closed (ms after it opened). */
interface Client {
  socket: Socket;
  received: string;
  openedAt: number;
  closedAfter: number | undefined;
}

describe('HTTP timeouts over a real connection', () => {
  const testApp = useTestApp(oneDatabase, { httpTimeouts: TIMEOUTS });
  let t: TestApp;
  let port: number;
  const clients: Client[] = [];
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    t = testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterEach(() => {
    for (const timer of timers.splice(0)) clearInterval(timer);
    for (const client of clients.splice(0)) client.socket.destroy();
  });

  function open(): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const client: Client = { socket, received: '', openedAt: Date.now(), closedAfter: undefined };
      clients.push(client);
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (client.received += chunk));
      socket.on('close', () => (client.closedAfter = Date.now() - client.openedAt));
      socket.on('error', () => undefined); // a write after the server closed: expected here
      socket.once('connect', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** Writes `text` one character every `everyMs`, the first at once (then `filler` forever), while the connection is open. */
  function dribble(client: Client, text: string, everyMs: number, filler = ''): void {
    let next = 0;
    const write = () => {
      if (client.socket.destroyed || client.socket.writableEnded) return clearInterval(timer);
      const source = next < text.length ? text : filler;
      if (!source) return clearInterval(timer);
      client.socket.write(source[(next < text.length ? next : next - text.length) % source.length]!);
      next += 1;
    };
    const timer = setInterval(write, everyMs);
    timers.push(timer);
    write();
  }

  /** Waits until every client is closed, or `withinMs` after the first opened; the clients still open after it. */
  async function closedWithin(group: Client[], withinMs: number): Promise<Client[]> {
    const deadline = Math.min(...group.map((client) => client.openedAt)) + withinMs;
    while (Date.now() < deadline && group.some((client) => client.closedAfter === undefined)) await new Promise((resolve) => setTimeout(resolve, 20));
    return group.filter((client) => client.closedAfter === undefined);
  }

  it('closes slow-loris connections, headers one byte every half second, with 408 once the header timeout passes', async () => {
    const loris = await Promise.all(Array.from({ length: 20 }, open));
    for (const client of loris) dribble(client, 'GET /api/v2/health HTTP/1.1\r\nHost: ushirika.test\r\n', 500, 'X-Slow: loris\r\n');

    expect(await closedWithin(loris, TIMEOUTS.headersMs + LATE)).toHaveLength(0);
    for (const client of loris) {
      expect(client.closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
      expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
    }
    // The server kept answering everyone else meanwhile.
    expect((await fetch(`http://127.0.0.1:${port}/api/v2/health`)).status).toBe(200);
  });

  it('closes a connection that sends nothing at all once the header timeout passes', async () => {
    const silent = await open();
    expect(await closedWithin([silent], TIMEOUTS.headersMs + LATE)).toHaveLength(0);
  });

  it('lets a slow body finish within the request timeout: a slow upload is not a slow-loris', async () => {
    const client = await open();
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
    client.socket.write(`POST /api/v2/login HTTP/1.1\r\nHost: ushirika.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    // 2 s for the body: longer than the header timeout, shorter than the request timeout, never idle for long.
    const chunks = body.match(/.{1,4}/g)!;
    for (const chunk of chunks) {
      await new Promise((resolve) => setTimeout(resolve, 2000 / chunks.length));
      client.socket.write(chunk);
    }
    while (!client.received.includes('\r\n\r\n') && client.closedAfter === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.received).toMatch(/^HTTP\/1\.1 401 /);
    expect(Date.now() - client.openedAt).toBeGreaterThan(TIMEOUTS.headersMs + 500);
  });

  it('closes a connection whose body dribbles past the request timeout, with 408', async () => {
    const client = await open();
    client.socket.write('POST /api/v2/login HTTP/1.1\r\nHost: ushirika.test\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"');
    dribble(client, '', 300, 'a');
    expect(await closedWithin([client], TIMEOUTS.requestMs + LATE)).toHaveLength(0);
    expect(client.closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection on which nothing moves for the idle timeout, mid-request', async () => {
    const client = await open();
    client.socket.write('POST /api/v2/login HTTP/1.1\r\nHost: ushirika.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email"');
    // Idle (1.5 s) ends it before the request timeout (3 s) would.
    expect(await closedWithin([client], TIMEOUTS.idleMs + 700)).toHaveLength(0);
    expect(client.closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.idleMs - 50);
  });

  it('keeps an idle connection for the next request for the keep-alive timeout, then closes it', async () => {
    const client = await open();
    client.socket.write('GET /api/v2/health HTTP/1.1\r\nHost: ushirika.test\r\n\r\n');
    while (!client.received.includes('\r\n\r\n')) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received.toLowerCase()).toContain(`keep-alive: timeout=${TIMEOUTS.keepAliveMs / 1000}`);
    const answeredAfter = Date.now() - client.openedAt;
    // Node closes it 1 s after the time it announces (Keep-Alive: timeout=…), so a client never reuses a closing one.
    expect(await closedWithin([client], answeredAfter + TIMEOUTS.keepAliveMs + 1000 + 500)).toHaveLength(0);
    expect(client.closedAfter! - answeredAfter).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 100);
  });
});

describe('httpTimeoutOptions', () => {
  it('gives Fastify and Node the defaults for slow mobile networks, checking deadlines often', () => {
    expect(DEFAULT_HTTP_TIMEOUTS).toEqual({ headersMs: 20_000, requestMs: 300_000, idleMs: 60_000, keepAliveMs: 75_000 });
    // A 5 MB upload at 50 KB/s (slow 3G) takes 100 s: well within the request timeout.
    expect((5 * 1024 * 1024) / (50 * 1024)).toBeLessThan(DEFAULT_HTTP_TIMEOUTS.requestMs / 1000 / 2);
    expect(httpTimeoutOptions(DEFAULT_HTTP_TIMEOUTS)).toEqual({
      connectionTimeout: 60_000,
      requestTimeout: 300_000,
      keepAliveTimeout: 75_000,
      http: { headersTimeout: 20_000, requestTimeout: 300_000, connectionsCheckingInterval: 5_000 },
    });
    expect(() => httpTimeoutOptions({ ...DEFAULT_HTTP_TIMEOUTS, headersMs: 400_000 })).toThrow('HTTP_HEADERS_TIMEOUT must not be longer than HTTP_REQUEST_TIMEOUT');
  });
});
