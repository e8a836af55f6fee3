import { request as httpRequest, Agent } from 'node:http';
import { DEFAULT_PAUSE_BACKOFF } from '../src/messaging/outbox/gateway-pause';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp, type OperationsOptions } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/connection';
import type { Database } from '../src/db/schema';
import type { Lifecycle } from '../src/http/readiness';
import { beat } from '../src/messaging/outbox/heartbeat';
import { OutboxWorker } from '../src/messaging/outbox/worker';
import { devSmsProvider } from '../src/messaging/sms/dev-provider';
import { mpesaCallbacks, mpesaPaymentsAllocated, smsMessages } from '../src/metrics/registry';
import { readOperationsConfig } from '../src/operations-config';
import { createPartner, newCallbackSecret, setPartnerMpesa } from '../src/partners/queries';
import { createShutdown } from '../src/shutdown';
import { oneDatabase, testDatabases, type TestDatabaseKind } from './support/databases';
import { darajaPayment } from './support/daraja';

/**
 * Operations: the probes (/healthz, /readyz), the Prometheus metrics (/metrics) and the graceful shutdown.
 * Each app here is built directly (buildApp) so its readiness and metrics options are the test's own.
 */

jest.setTimeout(30_000);
const START_TIMEOUT_MS = 60_000;

const CONFIG = { jwtSecret: 'test-secret-that-is-long-enough-for-hs256', tokenTtlSeconds: 3600, webRoot: undefined };
const TOKEN = 'metrics-token-for-the-tests-0123456789';

const build = (db: Kysely<Database>, operations: OperationsOptions = {}) =>
  buildApp({ db, config: CONFIG, logger: false, operations: { metricsToken: undefined, ...operations } });

/** A counter's current value for one set of labels (0 before its first increment). */
async function counted(counter: { get(): Promise<{ values: Array<{ labels: object; value: number }> }> }, labels: Record<string, string>): Promise<number> {
  const { values } = await counter.get();
  return values.find((value) => Object.entries(labels).every(([name, wanted]) => (value.labels as Record<string, unknown>)[name] === wanted))?.value ?? 0;
}

/** One sample of the exposition text, by metric name and labels (in any order); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([label, value]) => given[label] === value)) return Number(match[3]);
  }
  return undefined;
}

let partners = 0;
async function queueMessages(db: Kysely<Database>, count: number, dueSecondsAgo = 0): Promise<number> {
  partners += 1;
  const tenantId = await createPartner(db, { name: `Health Partner ${partners}`, product: 'general', smsUnits: 0 });
  const { id: sendId } = await db
    .insertInto('message_sends')
    .values({ tenant_id: tenantId, recipient_type: 'Typed', message: 'Hello', recipients: count, units: count })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('notifications')
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenant_id: tenantId,
        send_id: sendId,
        recipient: `+2547130${String(partners * 100 + i).padStart(5, '0')}`,
        message: 'Hello',
        units: 1,
        due_at: sql<Date>`now() - make_interval(secs => ${dueSecondsAgo})`,
      })),
    )
    .execute();
  return tenantId;
}

describe.each(testDatabases)('health and metrics on %s', (_name, kind: TestDatabaseKind) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const db = () => handle.db;

  beforeAll(async () => {
    handle = await kind.open();
    app = await build(handle.db, { worker: 'required' });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  }, START_TIMEOUT_MS);

  describe('probes', () => {
    it('GET /healthz answers 200 without a token', async () => {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers 503 naming the worker while no worker has a heartbeat, with a Retry-After', async () => {
      await sql`delete from worker_heartbeats`.execute(db());
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ status: 'unready', checks: { database: 'ok', migrations: 'ok', worker: 'none' } });
    });

    it("calls a worker whose last beat is older than three beat intervals 'stale', and unready", async () => {
      await sql`delete from worker_heartbeats`.execute(db());
      await db()
        .insertInto('worker_heartbeats')
        .values({ worker_id: 'gone:1:abcd', beat_interval_ms: 5_000, beat_at: sql<Date>`now() - interval '16 seconds'` })
        .execute();
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unready', checks: { worker: 'stale' } });
    });

    it('answers 200 once a worker beats: the running outbox worker writes its heartbeat itself', async () => {
      await sql`delete from worker_heartbeats`.execute(db());
      const worker = new OutboxWorker({ db: db(), provider: devSmsProvider(() => undefined), pollIntervalMs: 60_000 });
      worker.start();
      try {
        let response = await app.inject({ method: 'GET', url: '/readyz' });
        // The first beat is written as the worker starts; wait for it without a time limit of our own.
        for (let tries = 0; response.statusCode !== 200 && tries < 100; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          response = await app.inject({ method: 'GET', url: '/readyz' });
        }
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', worker: 'ok' } });
        const rows = await db().selectFrom('worker_heartbeats').select(['worker_id', 'beat_interval_ms']).execute();
        expect(rows).toEqual([{ worker_id: worker.workerId, beat_interval_ms: 30_000 }]);
      } finally {
        await worker.stop();
      }
    });

    it('does not need a worker when the worker is optional (a separate worker process), but still reports it', async () => {
      await sql`delete from worker_heartbeats`.execute(db());
      const optional = await build(db(), { worker: 'optional' });
      try {
        const response = await optional.inject({ method: 'GET', url: '/readyz' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', worker: 'none' } });
      } finally {
        await optional.close();
      }
    });

    it('answers 503 naming migrations when one this code ships is not recorded as run', async () => {
      await beat(db(), 'migrations-test', 5_000);
      const [latest] = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db()).then((r) => r.rows);
      await sql`delete from kysely_migration where name = ${latest!.name}`.execute(db());
      try {
        const response = await app.inject({ method: 'GET', url: '/readyz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'unready', checks: { database: 'ok', migrations: 'pending', worker: 'ok' } });
      } finally {
        await sql`insert into kysely_migration (name, timestamp) values (${latest!.name}, ${new Date().toISOString()})`.execute(db());
      }
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });

    it('answers 503 at once when shutdown has begun, without asking the database', async () => {
      const lifecycle: Lifecycle = { shuttingDown: true };
      const closing = await build(db(), { worker: 'optional', lifecycle });
      try {
        const response = await closing.inject({ method: 'GET', url: '/readyz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'unready', checks: { shutdown: 'started' } });
      } finally {
        await closing.close();
      }
    });

    it('needs no token and is outside the per-user rate limit', async () => {
      const limited = await buildApp({
        db: db(),
        config: { ...CONFIG, rateLimits: { store: 'memory', loginPerIp: 1, loginPerEmail: 1, apiPerMinute: 1 } },
        logger: false,
        operations: { worker: 'optional', metricsToken: undefined },
      });
      try {
        for (let i = 0; i < 5; i += 1) {
          expect((await limited.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
          expect((await limited.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
          expect((await limited.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
        }
      } finally {
        await limited.close();
      }
    });
  });

  describe('metrics', () => {
    const scrape = async (target = app) => {
      const response = await target.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.body;
    };

    it('observes request latency under the route pattern, never the raw URL', async () => {
      const before = sample(await scrape(), 'ushirika_http_request_duration_seconds_count', { route: '/api/v2/member/:id', method: 'PUT', status_class: '4xx' }) ?? 0;
      const response = await app.inject({ method: 'PUT', url: '/api/v2/member/987654', payload: {} });
      expect(response.statusCode).toBe(401);
      await app.inject({ method: 'GET', url: '/no/such/page/555444' });

      const text = await scrape();
      expect(sample(text, 'ushirika_http_request_duration_seconds_count', { route: '/api/v2/member/:id', method: 'PUT', status_class: '4xx' })).toBe(before + 1);
      expect(sample(text, 'ushirika_http_request_duration_seconds_bucket', { route: '/api/v2/member/:id', le: '+Inf' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'ushirika_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('987654');
      expect(text).not.toContain('555444');
      // Node's process metrics are there too.
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    });

    it('computes the outbox depth and the oldest due age from the database at scrape time, with no tenant in a label', async () => {
      const tenantId = await queueMessages(db(), 3, 600);
      const { queued } = await db()
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('queued'))
        .where('state', '=', 'queued')
        .executeTakeFirstOrThrow();
      const text = await scrape();
      expect(sample(text, 'ushirika_outbox_queued_messages')).toBe(Number(queued));
      expect(Number(queued)).toBeGreaterThanOrEqual(3);
      expect(sample(text, 'ushirika_outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(600);
      // No label names a tenant or a partner (label values are fixed words: routes, methods, outcomes).
      expect(text).not.toMatch(/[{,]\w*(tenant|partner)\w*=/i);
      await db().deleteFrom('notifications').where('tenant_id', '=', tenantId).execute();
    });

    it('counts the messages the worker records, by outcome', async () => {
      await queueMessages(db(), 2);
      const before = await counted(smsMessages, { outcome: 'delivered' });
      const worker = new OutboxWorker({ db: db(), provider: devSmsProvider(() => undefined) });
      let claimed = 0;
      while ((await worker.runOnce()) > 0) claimed += 1;
      expect(claimed).toBeGreaterThan(0);
      const sent = await db().selectFrom('notifications').select('id').where('state', '=', 'delivered').execute();
      expect(await counted(smsMessages, { outcome: 'delivered' })).toBe(before + sent.length);
      expect(sample(await scrape(), 'ushirika_sms_messages_total', { outcome: 'delivered' })).toBe(before + sent.length);
      expect(sample(await scrape(), 'ushirika_outbox_queued_messages')).toBe(0);
    });

    it('counts C2B callbacks by kind and outcome, and payments allocated by a BillRefNumber rule', async () => {
      const tenantId = await createPartner(db(), { name: 'Health Paybill', product: 'general', smsUnits: 0 });
      const secret = newCallbackSecret();
      const shortCode = `7${String(Date.now()).slice(-5)}`;
      expect(await setPartnerMpesa(db(), tenantId, { shortCode, secret })).toBe(true);
      const { id: accountId } = await db()
        .insertInto('accounts')
        .values({ tenant_id: tenantId, name: 'Tithe', type: 'CR', parent_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db().insertInto('bill_ref_rules').values({ tenant_id: tenantId, bill_ref: 'TITHE', bill_ref_key: 'TITHE', account_id: accountId }).execute();

      const confirmation = (secretInPath: string, body: unknown) =>
        app.inject({
          method: 'POST',
          url: `/api/v2/mpesa/c2b/${secretInPath}/confirmation`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const labels = (outcome: string) => ({ kind: 'confirmation', outcome });
      const before = {
        accepted: await counted(mpesaCallbacks, labels('accepted')),
        duplicate: await counted(mpesaCallbacks, labels('duplicate')),
        unknown: await counted(mpesaCallbacks, labels('unknown-partner')),
        rule: await counted(mpesaPaymentsAllocated, { by: 'rule' }),
      };
      const body = darajaPayment({ TransID: `HM${Date.now()}`, BusinessShortCode: shortCode, BillRefNumber: 'TITHE' });
      expect((await confirmation(secret, body)).statusCode).toBe(200);
      expect((await confirmation(secret, body)).statusCode).toBe(200);
      expect((await confirmation('no-such-secret-0000000000000000', body)).statusCode).toBe(400);

      expect(await counted(mpesaCallbacks, labels('accepted'))).toBe(before.accepted + 1);
      expect(await counted(mpesaCallbacks, labels('duplicate'))).toBe(before.duplicate + 1);
      expect(await counted(mpesaCallbacks, labels('unknown-partner'))).toBe(before.unknown + 1);
      expect(await counted(mpesaPaymentsAllocated, { by: 'rule' })).toBe(before.rule + 1);
      const text = await scrape();
      expect(sample(text, 'ushirika_mpesa_callbacks_total', labels('accepted'))).toBe(before.accepted + 1);
      expect(sample(text, 'ushirika_mpesa_payments_allocated_total', { by: 'rule' })).toBe(before.rule + 1);
      // Neither the secret in the path nor the payer is in the metrics.
      expect(text).not.toContain(secret);
      expect(text).not.toContain('254712345678');
    });

    it('refuses a caller that is not on this machine, or came through a proxy, when no token is configured', async () => {
      const remote = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
      expect(remote.statusCode).toBe(403);
      expect(remote.body).not.toContain('ushirika_');
      const proxied = await app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(proxied.statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    });

    it('with METRICS_TOKEN, serves the bearer of the token only, wherever it calls from', async () => {
      const guarded = await build(db(), { worker: 'optional', metricsToken: TOKEN });
      try {
        const get = (headers: Record<string, string>, remoteAddress = '10.1.2.3') => guarded.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
        const none = await get({}, '127.0.0.1');
        expect(none.statusCode).toBe(401);
        expect(none.headers['www-authenticate']).toBe('Bearer');
        expect((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
        expect((await get({ authorization: `Basic ${TOKEN}` })).statusCode).toBe(401);
        const allowed = await get({ authorization: `Bearer ${TOKEN}` });
        expect(allowed.statusCode).toBe(200);
        expect(allowed.body).toContain('ushirika_outbox_queued_messages');
      } finally {
        await guarded.close();
      }
    });
  });
});

describe('readiness when the database is down', () => {
  it(
    'answers 503 naming the database when its handle is closed',
    async () => {
      const kind = oneDatabase;
      const handle = await kind.open();
      const app = await build(handle.db, { worker: 'optional' });
      try {
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        await handle.close();
        const response = await app.inject({ method: 'GET', url: '/readyz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'unready', checks: { database: 'down', migrations: 'unknown', worker: 'unknown' } });
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/api/v2/health' })).statusCode).toBe(503);
        // The metrics still answer, without the outbox gauges' values.
        const metrics = await app.inject({ method: 'GET', url: '/metrics' });
        expect(metrics.statusCode).toBe(200);
        expect(sample(metrics.body, 'ushirika_outbox_queued_messages')).toBeNaN();
      } finally {
        await app.close();
      }
    },
    START_TIMEOUT_MS,
  );

  it('answers 503 naming the database when PostgreSQL refuses connections', async () => {
    // A port nobody listens on: taken, then given back.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const handle = await openDatabase({ kind: 'postgres', url: `postgres://nobody:nothing@127.0.0.1:${port}/nothing` });
    const app = await build(handle.db, { worker: 'required' });
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unready', checks: { database: 'down' } });
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('operations configuration', () => {
  const sms = (inProcess: boolean) => ({ worker: { inProcess, batchSize: 500, pollIntervalMs: 5_000, leaseMs: 300_000, pauseBackoff: DEFAULT_PAUSE_BACKOFF } });
  it('requires the worker when it runs in the server, not when it runs apart, unless READYZ_WORKER says otherwise', () => {
    expect(readOperationsConfig({}, sms(true))).toEqual({ metricsToken: undefined, shutdownTimeoutMs: 10_000, worker: 'required' });
    expect(readOperationsConfig({}, sms(false)).worker).toBe('optional');
    expect(readOperationsConfig({ READYZ_WORKER: 'required' }, sms(false)).worker).toBe('required');
    expect(readOperationsConfig({ READYZ_WORKER: 'optional' }, sms(true)).worker).toBe('optional');
    expect(() => readOperationsConfig({ READYZ_WORKER: 'sometimes' }, sms(true))).toThrow(/READYZ_WORKER/);
  });
  it('reads SHUTDOWN_TIMEOUT as a duration and METRICS_TOKEN when long enough', () => {
    expect(readOperationsConfig({ SHUTDOWN_TIMEOUT: '30s', METRICS_TOKEN: TOKEN }, sms(true))).toMatchObject({ shutdownTimeoutMs: 30_000, metricsToken: TOKEN });
    expect(() => readOperationsConfig({ SHUTDOWN_TIMEOUT: 'soon' }, sms(true))).toThrow(/SHUTDOWN_TIMEOUT/);
    expect(() => readOperationsConfig({ METRICS_TOKEN: 'short' }, sms(true))).toThrow(/METRICS_TOKEN/);
  });
});

describe('graceful shutdown', () => {
  const silent = { info: () => undefined, error: () => undefined };

  /** One HTTP request over `agent`; resolves with the status and body. */
  const get = (port: number, path: string, agent: Agent) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end();
    });

  it(
    'finishes the request in flight, closes idle keep-alive connections, then the worker and the database, in that order',
    async () => {
      const kind = oneDatabase;
      const handle = await kind.open();
      const lifecycle: Lifecycle = { shuttingDown: false };
      const app = await build(handle.db, { worker: 'optional', lifecycle });
      let entered!: () => void;
      const inFlight = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      app.get('/test/slow', async () => {
        entered();
        await released;
        return { finished: true };
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      const closed: string[] = [];
      let exitCode: number | undefined;
      try {
        // An idle keep-alive connection, and a request in flight on another.
        expect((await get(port, '/healthz', agent)).status).toBe(200);
        const slow = get(port, '/test/slow', agent);
        await inFlight;

        const shutdown = createShutdown({
          timeoutMs: 20_000,
          log: silent,
          onStart: () => (lifecycle.shuttingDown = true),
          exit: (code) => (exitCode = code),
          steps: [
            { name: 'http server', run: () => app.close().then(() => closed.push('http')) },
            { name: 'worker', run: () => closed.push('worker') },
            { name: 'database', run: () => handle.close().then(() => closed.push('database')) },
          ],
        });
        const done = shutdown('SIGTERM');
        expect(lifecycle.shuttingDown).toBe(true);
        // Nothing closed while the request is in flight.
        await new Promise((resolve) => setImmediate(resolve));
        expect(closed).toEqual([]);
        // New connections are refused now; a request on a connection still open would get 503.
        await expect(get(port, '/readyz', new Agent())).rejects.toThrow(/ECONNREFUSED/);

        release();
        expect(await slow).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
        await done;
        expect(closed).toEqual(['http', 'worker', 'database']);
        expect(exitCode).toBe(0);
        // A second signal does not shut down twice.
        await shutdown('SIGINT');
        expect(closed).toEqual(['http', 'worker', 'database']);
      } finally {
        agent.destroy();
        release();
        await app.close();
        if (!closed.includes('database')) await handle.close();
      }
    },
    START_TIMEOUT_MS,
  );

  it('exits with 1 when a step hangs past the deadline, and when a step fails', async () => {
    const codes: number[] = [];
    const order: string[] = [];
    await createShutdown({
      timeoutMs: 50,
      log: silent,
      exit: (code) => codes.push(code),
      steps: [{ name: 'stuck', run: () => new Promise(() => undefined) }],
    })('SIGTERM');
    await createShutdown({
      timeoutMs: 20_000,
      log: silent,
      exit: (code) => codes.push(code),
      steps: [
        {
          name: 'broken',
          run: () => {
            order.push('broken');
            throw new Error('cannot close');
          },
        },
        { name: 'database', run: () => order.push('database') },
      ],
    })('SIGINT');
    expect(codes).toEqual([1, 1]);
    // A failed step does not keep the next ones from closing.
    expect(order).toEqual(['broken', 'database']);
  });
});
