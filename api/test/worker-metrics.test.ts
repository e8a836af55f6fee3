import type { FastifyInstance } from 'fastify';
import { OutboxWorker } from '../src/messaging/outbox/worker';
import { workerMetricsServer } from '../src/messaging/outbox/worker-metrics';
import { devSmsProvider } from '../src/messaging/sms/dev-provider';
import { useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';

/**
 * A separate SMS worker's own GET /metrics (WORKER_METRICS_PORT): what it sent is counted in its process, so
 * only its own endpoint can show it; same access rule as the server's.
 */

const TOKEN = 'worker-metrics-token-0123456789';

describe.each(testDatabases)("the separate worker's metrics on %s", (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let open: FastifyInstance;
  let guarded: FastifyInstance;

  beforeAll(async () => {
    t = testApp();
    open = await workerMetricsServer({ db: t.db, token: undefined });
    guarded = await workerMetricsServer({ db: t.db, token: TOKEN });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  const scrape = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
  /** Messages whose gateway answer this process recorded, every outcome together. */
  const messagesCounted = (text: string) =>
    [...text.matchAll(/^ushirika_sms_messages_total\{outcome="[a-z_]+"\} (\d+)$/gm)].reduce((sum, [, count]) => sum + Number(count), 0);

  it('counts the messages this worker sent, beside the queue read from the database and the process', async () => {
    const before = messagesCounted((await scrape(open)).body);
    const tenant = await t.newTenant('Worker metrics');
    const { id: sendId } = await t.db
      .insertInto('message_sends')
      .values({ tenant_id: tenant.id, recipient_type: 'Typed', message: 'Hello', recipients: 2, units: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('notifications')
      .values(['+254712000101', '+254712000102'].map((recipient) => ({ tenant_id: tenant.id, send_id: sendId, recipient, message: 'Hello', units: 1 })))
      .execute();
    const worker = new OutboxWorker({ db: t.db, provider: devSmsProvider(() => undefined) });
    while ((await worker.runOnce()) > 0);

    const response = await scrape(open);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(messagesCounted(response.body)).toBe(before + 2);
    expect(response.body).toMatch(/^ushirika_outbox_queued_messages \d+$/m);
    expect(response.body).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('serves this machine only without METRICS_TOKEN, anyone with it, and nothing else', async () => {
    expect((await scrape(open, {}, '10.1.2.3')).statusCode).toBe(403);
    expect((await scrape(open, { 'x-forwarded-for': '10.1.2.3' })).statusCode).toBe(403);
    expect((await scrape(guarded)).statusCode).toBe(401);
    expect((await scrape(guarded, { authorization: `Bearer ${TOKEN}` }, '10.1.2.3')).statusCode).toBe(200);
    expect((await open.inject({ method: 'GET', url: '/api/v2/member' })).statusCode).toBe(404);
  });
});
