import type { SmsGatewayStatus } from '@ushirika/shared/contract';
import { sql } from 'kysely';
import { refreshOutboxGauges } from '../src/http/metrics';
import { registry } from '../src/metrics/registry';
import { liftPause } from '../src/messaging/outbox/gateway-pause';
import { OutboxWorker, type OutboxLog, type OutboxWorkerOptions } from '../src/messaging/outbox/worker';
import { africasTalkingProvider } from '../src/messaging/sms/africas-talking';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { FakeGateway, INSUFFICIENT_BALANCE, INVALID_PHONE_NUMBER, REJECTED_BY_GATEWAY, RISK_HOLD, SUCCESS, USER_IN_BLACKLIST } from './support/fake-gateway';
import { messagingClient } from './support/messaging';

/**
 * Issue 31.1: a gateway account that cannot send (405 InsufficientBalance, 401 RiskHold per number, or the whole
 * request refused with HTTP 401) pauses the outbox instead of failing or retrying the messages; they stay queued,
 * charged once, and go out exactly once after `pnpm ops resume-sms` or a successful probe. Also 502 (final at
 * once) and 406 (the units go back). Through the API (real charges) and the real adapter against the fake gateway.
 */

jest.setTimeout(30_000);

const API_KEY = 'atsk_credit_test';
const number = (n: number) => `+2547130${String(n).padStart(5, '0')}`;
const numbers = (count: number, from = 1) => Array.from({ length: count }, (_, i) => number(from + i));

describe.each(testDatabases)('an SMS gateway account that cannot send, on %s', (_name, kind) => {
  const testApp = useTestApp(kind);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  let gateway: FakeGateway;
  let warnings: Array<{ details: object; message: string }>;
  const log: OutboxLog = { info: () => undefined, warn: (details, message) => warnings.push({ details, message }), error: () => undefined };
  const worker = (options: Partial<OutboxWorkerOptions> = {}, apiKey = API_KEY) =>
    new OutboxWorker({ db: t.db, provider: africasTalkingProvider({ baseUrl: gateway.url, username: 'ushirika', apiKey, timeoutMs: 5_000 }), log, ...options });
  const drain = async (outbox: OutboxWorker) => {
    while ((await outbox.runOnce()) > 0);
  };

  const rows = (tenant: Tenant) =>
    t.db
      .selectFrom('notifications')
      .select(['recipient', 'state', 'attempts', 'failure_reason', 'units'])
      .where('tenant_id', '=', tenant.id)
      .orderBy('recipient')
      .execute();
  const states = async (tenant: Tenant) => (await rows(tenant)).map((row) => row.state);
  const pauses = () => t.db.selectFrom('sms_gateway_pauses').select(['account', 'reason', 'detail', 'probes']).execute();
  const status = (tenant: Tenant) => m.get<SmsGatewayStatus>(tenant, 'smsgateway');
  const ledger = async (tenant: Tenant) => (await m.ledger(tenant)).map(({ change, reason }) => [reason, change]);
  /** How often each number reached the gateway (taken for sending). */
  const timesTaken = () => {
    const counts = new Map<string, number>();
    for (const taken of gateway.taken()) counts.set(taken, (counts.get(taken) ?? 0) + 1);
    return counts;
  };
  /** As if the back-off had passed: the next probe is due now. */
  const probeDueNow = () => sql`update sms_gateway_pauses set probe_at = now()`.execute(t.db);
  /** Seconds until the next probe. */
  const probeWait = async () =>
    Number((await sql<{ wait: number }>`select extract(epoch from probe_at - now())::float8 as wait from sms_gateway_pauses`.execute(t.db)).rows[0]?.wait);

  /** A partner with units that sent `to` one 1-part message through the API (charged now). */
  async function broadcast(to: string[], units = 50): Promise<Tenant> {
    const tenant = await m.tenantWith(units);
    await m.sent(tenant, m.typed(to.join(', ')));
    return tenant;
  }

  beforeAll(async () => {
    t = testApp();
    m = messagingClient(t);
    gateway = await FakeGateway.start({ apiKey: API_KEY });
  });
  afterAll(() => gateway.close());
  beforeEach(async () => {
    gateway.reset();
    warnings = [];
    await t.db.deleteFrom('notifications').execute();
    await liftPause(t.db);
  });

  it('keeps a broadcast through an exhausted account queued and charged once, shows the pause, and sends it once after resume-sms', async () => {
    const to = numbers(6);
    const tenant = await broadcast(to);
    const bystander = await m.tenantWith(0);
    const charged = await ledger(tenant);
    expect(charged).toEqual([
      ['send', -6],
      ['top-up', 50],
    ]);
    gateway.statusOf = () => INSUFFICIENT_BALANCE;
    const outbox = worker({ maxRecipientsPerRequest: 2, concurrency: 1 });

    expect(await outbox.runOnce()).toBe(6);
    // One request answered 405 and the batch stopped: the rest were given back without reaching the gateway.
    expect(gateway.requests).toHaveLength(1);
    expect(await rows(tenant)).toEqual(to.map((recipient) => expect.objectContaining({ recipient, state: 'queued', attempts: 0, failure_reason: null, units: 1 })));
    expect(await pauses()).toEqual([{ account: 'africastalking:ushirika', reason: 'credit', detail: 'InsufficientBalance', probes: 0 }]);

    // Paused: nothing is claimed, however often the worker looks.
    for (let i = 0; i < 3; i += 1) expect(await outbox.runOnce()).toBe(0);
    expect(gateway.requests).toHaveLength(1);
    expect(await ledger(tenant)).toEqual(charged);

    // The partner's staff see it, each partner with its own waiting messages.
    expect(await status(tenant)).toEqual({ paused: true, reason: 'credit', since: expect.any(String), waiting: 6 });
    expect(await status(bystander)).toEqual({ paused: true, reason: 'credit', since: expect.any(String), waiting: 0 });
    // The ops log says what happened, with counts and reasons only.
    expect(warnings).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^SMS outbox: gateway credit exhausted: sending is paused .*`pnpm ops resume-sms`$/),
        details: expect.objectContaining({ reason: 'credit', detail: 'InsufficientBalance', kept: 2, waiting: 6 }),
      }),
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/\+?2547130|Service at 10am/);
    // And the metrics.
    await refreshOutboxGauges(t.db);
    expect(await registry.getSingleMetricAsString('ushirika_sms_gateway_paused')).toMatch(/ushirika_sms_gateway_paused\{reason="credit"\} 1/);

    // Topped up, then `pnpm ops resume-sms`.
    gateway.statusOf = () => SUCCESS;
    expect((await liftPause(t.db)).map((pause) => pause.reason)).toEqual(['credit']);
    await drain(outbox);
    expect(await states(tenant)).toEqual(Array(6).fill('sent'));
    expect(timesTaken()).toEqual(new Map(to.map((recipient) => [recipient, 1])));
    expect(await ledger(tenant)).toEqual(charged);
    expect(await status(tenant)).toEqual({ paused: false, reason: null, since: null, waiting: 0 });
    await refreshOutboxGauges(t.db);
    expect(await registry.getSingleMetricAsString('ushirika_sms_gateway_paused')).toMatch(/ushirika_sms_gateway_paused\{reason="credit"\} 0/);
  });

  it('probes with one message after the back-off, waits twice as long when still refused, and resumes when the probe is taken', async () => {
    const to = numbers(4, 11);
    const tenant = await broadcast(to);
    gateway.statusOf = () => RISK_HOLD;
    const outbox = worker();
    await outbox.runOnce();
    expect((await pauses()).map((pause) => pause.reason)).toEqual(['held']);
    expect(await probeWait()).toBeGreaterThan(55);
    expect(await probeWait()).toBeLessThanOrEqual(60);

    await probeDueNow();
    expect(await outbox.runOnce()).toBe(1);
    expect(gateway.requests.map((request) => request.to.length)).toEqual([4, 1]);
    expect(await pauses()).toEqual([expect.objectContaining({ reason: 'held', probes: 1 })]);
    expect(await probeWait()).toBeGreaterThan(115);
    expect(await states(tenant)).toEqual(Array(4).fill('queued'));
    expect(warnings.at(-1)?.message).toMatch(/^SMS outbox: the gateway holds the account \(RiskHold\), still, at the probe/);

    gateway.statusOf = () => SUCCESS;
    expect(await outbox.runOnce()).toBe(0);
    await probeDueNow();
    await drain(outbox);
    expect(await pauses()).toEqual([]);
    expect(await states(tenant)).toEqual(Array(4).fill('sent'));
    expect(timesTaken()).toEqual(new Map(to.map((recipient) => [recipient, 1])));
    expect(await ledger(tenant)).toEqual([
      ['send', -4],
      ['top-up', 50],
    ]);
    expect(warnings.at(-1)?.message).toBe('SMS outbox: the gateway took the probe message: sending resumed');
  });

  it('resumes when the probe number itself is refused (InvalidPhoneNumber): the account could judge it, so it can send', async () => {
    const to = numbers(3, 31);
    const tenant = await broadcast(to);
    gateway.statusOf = () => INSUFFICIENT_BALANCE;
    const outbox = worker();
    await outbox.runOnce();
    expect((await pauses()).map((pause) => pause.reason)).toEqual(['credit']);

    gateway.statusOf = (number) => (number === to[0] ? INVALID_PHONE_NUMBER : SUCCESS);
    await probeDueNow();
    await drain(outbox);
    expect(await pauses()).toEqual([]);
    expect(await states(tenant)).toEqual(['failed', 'sent', 'sent']);
  });

  it('pauses on a whole-request HTTP 401 (wrong key or sender id) instead of retrying it five times', async () => {
    const tenant = await broadcast(numbers(3, 21));
    const outbox = worker({ retryBaseSeconds: 0 }, 'a-wrong-key');

    expect(await outbox.runOnce()).toBe(3);
    expect(await outbox.runOnce()).toBe(0);
    expect(await outbox.runOnce()).toBe(0);
    expect(gateway.requests.map((request) => request.answeredWith)).toEqual([401]);
    expect((await rows(tenant)).map((row) => [row.state, row.attempts])).toEqual(Array(3).fill(['queued', 0]));
    expect(await pauses()).toEqual([
      expect.objectContaining({ reason: 'refused', detail: 'Gateway refused the API key or sender id (HTTP 401: The supplied authentication is invalid)' }),
    ]);
    expect(await status(tenant)).toMatchObject({ paused: true, reason: 'refused', waiting: 3 });
    expect(warnings.map((warning) => warning.message)).toEqual([expect.stringMatching(/^SMS outbox: the gateway refused the API key or sender id: sending is paused/)]);

    // The key fixed (a worker restarted with it) and the pause lifted: sent once.
    await liftPause(t.db);
    await drain(worker());
    expect(await states(tenant)).toEqual(Array(3).fill('sent'));
    expect(gateway.taken()).toEqual(numbers(3, 21));
  });

  it('keeps the pause for a new worker instance (another process, or after a restart), and a running worker notices resume-sms', async () => {
    const tenant = await broadcast(numbers(3, 31));
    gateway.statusOf = () => INSUFFICIENT_BALANCE;
    await worker().runOnce();
    expect(gateway.requests).toHaveLength(1);

    const restarted = worker({ pollIntervalMs: 50 });
    expect(await restarted.runOnce()).toBe(0);
    gateway.statusOf = () => SUCCESS;
    restarted.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(gateway.requests).toHaveLength(1);
      await liftPause(t.db);
      const deadline = Date.now() + 10_000;
      while ((await states(tenant)).some((state) => state !== 'sent') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await restarted.stop();
    }
    expect(await states(tenant)).toEqual(Array(3).fill('sent'));
    expect(gateway.taken()).toEqual(numbers(3, 31));
  });

  it('fails a number answered 502 RejectedByGateway at once, without a retry or a pause', async () => {
    const tenant = await broadcast(numbers(3, 41));
    gateway.statusOf = (to) => (to === number(42) ? REJECTED_BY_GATEWAY : SUCCESS);
    await drain(worker({ retryBaseSeconds: 0 }));
    expect((await rows(tenant)).map((row) => [row.state, row.attempts, row.failure_reason])).toEqual([
      ['sent', 0, null],
      ['failed', 0, 'RejectedByGateway'],
      ['sent', 0, null],
    ]);
    expect(gateway.requests).toHaveLength(1);
    expect(await pauses()).toEqual([]);
  });

  it('gives back the units of a number the gateway refused as opted out (406), in the ledger', async () => {
    const tenant = await broadcast(numbers(3, 51), 10);
    expect(await m.balance(tenant)).toBe(7);
    gateway.statusOf = (to) => (to === number(52) ? USER_IN_BLACKLIST : SUCCESS);
    await drain(worker());

    expect((await rows(tenant)).map((row) => [row.state, row.units])).toEqual([
      ['sent', 1],
      ['opted_out', 0],
      ['sent', 1],
    ]);
    expect(await m.balance(tenant)).toBe(8);
    expect(await ledger(tenant)).toEqual([
      ['refund', 1],
      ['send', -3],
      ['top-up', 10],
    ]);
  });
});
