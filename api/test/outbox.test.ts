import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../src/db/connection';
import type { Database } from '../src/db/schema';
import { INTERRUPTED_REASON, NOT_REPORTED_REASON } from '../src/messaging/outbox/queries';
import { OutboxWorker, type OutboxWorkerOptions } from '../src/messaging/outbox/worker';
import { africasTalkingProvider } from '../src/messaging/sms/africas-talking';
import type { SmsProvider } from '../src/messaging/sms/provider';
import { createPartner } from '../src/partners/queries';
import { bothDatabases } from './support/databases';
import { FakeGateway, GATEWAY_ERROR, INVALID_PHONE_NUMBER, SUCCESS, USER_IN_BLACKLIST } from './support/fake-gateway';

/**
 * The outbox worker against the fake gateway through the real adapter: what the gateway received is
 * the truth every test counts. Messages are queued directly in the tables (the enqueue side has its own tests).
 */

jest.setTimeout(30_000);

const number = (n: number) => `+2547120${String(n).padStart(5, '0')}`;
const numbers = (count: number, from = 1) => Array.from({ length: count }, (_, i) => number(from + i));

/** Thrown by a test to stand for the process dying at that point. */
class Crash extends Error {}

let partnerCount = 0;
async function newPartner(db: Kysely<Database>, senderId?: string): Promise<number> {
  partnerCount += 1;
  const id = await createPartner(db, { name: `Outbox Partner ${partnerCount}`, product: 'general', smsUnits: 0 });
  if (senderId) await db.insertInto('message_configs').values({ tenant_id: id, config: 'Sender_ID', value: senderId }).execute();
  return id;
}

/** One send of `message` to `to`, queued; `dueIn` seconds from now (a scheduled send) when given. */
async function queue(db: Kysely<Database>, tenantId: number, to: string[], message: string, dueIn?: number): Promise<number[]> {
  const { id: sendId } = await db
    .insertInto('message_sends')
    .values({ tenant_id: tenantId, recipient_type: 'Typed', message, recipients: to.length, units: to.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dueAt = dueIn === undefined ? sql<Date>`now()` : sql<Date>`now() + make_interval(secs => ${dueIn})`;
  const rows = await db
    .insertInto('notifications')
    .values(to.map((recipient) => ({ tenant_id: tenantId, send_id: sendId, recipient, message, units: 1, due_at: dueAt })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

const rowsOf = (db: Kysely<Database>, tenantId?: number) =>
  db
    .selectFrom('notifications')
    .select(['id', 'tenant_id', 'recipient', 'state', 'failure_reason', 'provider_message_id', 'cost', 'parts', 'attempts', 'sent_at'])
    .$if(tenantId !== undefined, (query) => query.where('tenant_id', '=', tenantId!))
    .orderBy('id')
    .execute();

const statesOf = async (db: Kysely<Database>, tenantId?: number) => (await rowsOf(db, tenantId)).map((row) => row.state);

/** Lets every retry come due now, as if its backoff had passed. */
const fastForward = (db: Kysely<Database>) => sql`update notifications set due_at = now() where state = 'queued'`.execute(db);

/** How often each number reached the gateway. */
function timesTaken(gateway: FakeGateway): Map<string, number> {
  const counts = new Map<string, number>();
  for (const taken of gateway.taken()) counts.set(taken, (counts.get(taken) ?? 0) + 1);
  return counts;
}

describe.each(bothDatabases)('the SMS outbox worker on %s', (_name, kind) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let gateway: FakeGateway;
  const provider = (timeoutMs = 5_000): SmsProvider => africasTalkingProvider({ baseUrl: gateway.url, username: 'ushirika', apiKey: 'key', timeoutMs });
  const worker = (options: Partial<OutboxWorkerOptions> = {}) => new OutboxWorker({ db, provider: provider(), ...options });
  /** Runs batches until nothing is due. */
  const drain = async (outbox: OutboxWorker) => {
    while ((await outbox.runOnce()) > 0);
  };

  beforeAll(async () => {
    handle = await kind.open();
    db = handle.db;
    gateway = await FakeGateway.start();
  }, 60_000);
  afterAll(async () => {
    await gateway.close();
    await handle.close();
  }, 60_000);
  beforeEach(async () => {
    gateway.reset();
    // The worker serves every partner: each test starts with an empty outbox.
    await db.deleteFrom('notifications').execute();
    await db.deleteFrom('sms_opt_outs').execute();
  });

  it("sends every due message exactly once, with the partner's sender id, and records id, cost and parts", async () => {
    const tenant = await newPartner(db, 'GRACECHURCH');
    const to = numbers(5);
    await queue(db, tenant, to, 'Service at 10am');

    expect(await worker().runOnce()).toBe(5);
    expect(await worker().runOnce()).toBe(0);

    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]).toMatchObject({ to, message: 'Service at 10am', from: 'GRACECHURCH' });
    const rows = await rowsOf(db, tenant);
    expect(rows).toEqual(
      to.map((recipient) =>
        expect.objectContaining({ recipient, state: 'sent', provider_message_id: expect.stringMatching(/^ATXid_/), cost: 'KES 0.8000', parts: 1, failure_reason: null }),
      ),
    );
    expect(rows.every((row) => row.sent_at instanceof Date)).toBe(true);
  });

  it("sends each partner's messages with that partner's sender id, or the gateway's default", async () => {
    const grace = await newPartner(db, 'GRACECHURCH');
    const upendo = await newPartner(db, 'UPENDO');
    const plain = await newPartner(db);
    await queue(db, grace, numbers(2, 1), 'Same text');
    await queue(db, upendo, numbers(2, 11), 'Same text');
    await queue(db, plain, numbers(2, 21), 'Same text');

    await drain(worker());

    const fromOf = (first: string) => gateway.requests.find((request) => request.to.includes(first))?.from;
    expect([fromOf(number(1)), fromOf(number(11)), fromOf(number(21))]).toEqual(['GRACECHURCH', 'UPENDO', null]);
    expect(gateway.requests.every((request) => request.to.length === 2)).toBe(true);
    expect(await statesOf(db)).toEqual(Array(6).fill('sent'));
  });

  it('puts the same number twice in separate requests and keeps each request within the size limit', async () => {
    const tenant = await newPartner(db);
    await queue(db, tenant, numbers(5), 'Reminder');
    await queue(db, tenant, [number(1)], 'Reminder');

    await drain(worker({ maxRecipientsPerRequest: 4 }));

    // The worker's lanes send at once: the two requests may reach the gateway in either order.
    expect(gateway.requests.map((request) => request.to.length).sort((a, b) => a - b)).toEqual([2, 4]);
    expect(gateway.requests.every((request) => new Set(request.to).size === request.to.length)).toBe(true);
    expect(timesTaken(gateway).get(number(1))).toBe(2);
    expect(await statesOf(db)).toEqual(Array(6).fill('sent'));
  });

  it("records a number the gateway refused as failed with the gateway's reason, and sends the rest", async () => {
    const tenant = await newPartner(db);
    gateway.statusOf = (to) => (to.endsWith('9') ? INVALID_PHONE_NUMBER : SUCCESS);
    await queue(db, tenant, numbers(10), 'Hello');

    await drain(worker());

    const rows = await rowsOf(db, tenant);
    expect(rows.filter((row) => row.state === 'failed')).toEqual([
      expect.objectContaining({ recipient: number(9), failure_reason: 'InvalidPhoneNumber', provider_message_id: null }),
    ]);
    expect(rows.filter((row) => row.state === 'sent')).toHaveLength(9);
    expect(gateway.requests).toHaveLength(1);
  });

  it("opts a number the gateway blacklisted out for that partner only, and skips it in that partner's later sends", async () => {
    const tenant = await newPartner(db);
    const other = await newPartner(db);
    gateway.statusOf = (to) => (to === number(2) ? USER_IN_BLACKLIST : SUCCESS);
    await queue(db, tenant, numbers(3), 'First');
    await drain(worker());

    expect(await statesOf(db, tenant)).toEqual(['sent', 'opted_out', 'sent']);
    const optOuts = await db.selectFrom('sms_opt_outs').select(['tenant_id', 'phone', 'source']).execute();
    expect(optOuts).toEqual([{ tenant_id: tenant, phone: number(2), source: 'gateway' }]);

    gateway.reset();
    await queue(db, tenant, [number(2)], 'Second');
    await queue(db, other, [number(2)], 'Second');
    await drain(worker());
    expect(gateway.requests.map((request) => request.to)).toEqual([[number(2)]]);
    expect((await rowsOf(db, tenant)).at(-1)?.state).toBe('opted_out');
    expect((await rowsOf(db, other)).at(-1)?.state).toBe('sent');
    // The unit charged when it was queued goes back, whether the gateway refused the number (406) or it was
    // known before sending: an opted-out number is never charged.
    const refunds = await db.selectFrom('sms_unit_entries').select(['tenant_id', 'change', 'reason', 'note']).where('reason', '=', 'refund').orderBy('id').execute();
    expect(refunds).toEqual([
      { tenant_id: tenant, change: 1, reason: 'refund', note: 'Numbers the gateway refused as opted out' },
      { tenant_id: tenant, change: 1, reason: 'refund', note: 'Numbers that opted out before sending' },
    ]);
    expect(await db.selectFrom('partners').select('sms_units').where('id', '=', tenant).executeTakeFirstOrThrow()).toEqual({ sms_units: 2 });
    expect(
      (await db.selectFrom('notifications').select('units').where('tenant_id', '=', tenant).where('state', '=', 'opted_out').execute()).map((row) => row.units),
    ).toEqual([0, 0]);
  });

  it('retries after an HTTP 5xx with a growing backoff, then sends once', async () => {
    const tenant = await newPartner(db);
    await queue(db, tenant, numbers(3), 'Hello');
    gateway.failNext(2, 503);
    const outbox = worker();

    expect(await outbox.runOnce()).toBe(3);
    const waits = async () =>
      (await sql<{ wait: number }>`select extract(epoch from due_at - now())::float8 as wait from notifications where tenant_id = ${tenant}`.execute(db)).rows.map(
        (row) => row.wait,
      );
    expect(await statesOf(db, tenant)).toEqual(['queued', 'queued', 'queued']);
    expect((await rowsOf(db, tenant)).map((row) => [row.attempts, row.failure_reason])).toEqual(Array(3).fill([1, null]));
    for (const wait of await waits()) expect(wait).toBeGreaterThan(25);
    // not due yet: nothing is sent
    expect(await outbox.runOnce()).toBe(0);

    await fastForward(db);
    expect(await outbox.runOnce()).toBe(3);
    for (const wait of await waits()) expect(wait).toBeGreaterThan(55);

    await fastForward(db);
    await drain(outbox);
    expect(await statesOf(db, tenant)).toEqual(['sent', 'sent', 'sent']);
    expect(gateway.requests.map((request) => request.answeredWith)).toEqual([503, 503, 201]);
    expect([...timesTaken(gateway).values()]).toEqual([1, 1, 1]);
  });

  it('fails a message for good after five attempts the gateway refused', async () => {
    const tenant = await newPartner(db);
    await queue(db, tenant, [number(1)], 'Hello');
    gateway.failNext(5, 500);
    const outbox = worker();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await fastForward(db);
      expect(await outbox.runOnce()).toBe(1);
    }
    const [row] = await rowsOf(db, tenant);
    expect(row).toMatchObject({ state: 'failed', attempts: 5, failure_reason: 'Gateway unavailable after 5 attempts (Gateway refused the request (HTTP 500))' });
    await fastForward(db);
    expect(await outbox.runOnce()).toBe(0);
    expect(gateway.requests).toHaveLength(5);
  });

  it('retries only the numbers the gateway could not take for now (per-recipient 5xx)', async () => {
    const tenant = await newPartner(db);
    await queue(db, tenant, numbers(3), 'Hello');
    gateway.statusOf = (to) => (to === number(3) ? GATEWAY_ERROR : SUCCESS);
    const outbox = worker();
    await outbox.runOnce();
    expect(await statesOf(db, tenant)).toEqual(['sent', 'sent', 'queued']);

    gateway.statusOf = () => SUCCESS;
    await fastForward(db);
    await drain(outbox);
    expect(await statesOf(db, tenant)).toEqual(['sent', 'sent', 'sent']);
    expect(gateway.requests.map((request) => request.to)).toEqual([numbers(3), [number(3)]]);
  });

  it('marks messages unconfirmed when the gateway took the request but never answered, and never resends them', async () => {
    const tenant = await newPartner(db);
    await queue(db, tenant, numbers(3), 'Hello');
    gateway.mode = 'hang';
    const outbox = new OutboxWorker({ db, provider: provider(300) });
    await outbox.runOnce();

    const rows = await rowsOf(db, tenant);
    expect(rows.map((row) => [row.state, row.failure_reason])).toEqual(Array(3).fill(['unknown', 'Gateway did not answer in time; it may have been sent']));
    gateway.mode = 'answer';
    await fastForward(db);
    expect(await outbox.runOnce()).toBe(0);
    await outbox.recover(0);
    expect(await outbox.runOnce()).toBe(0);
    expect(gateway.taken()).toEqual(numbers(3));
  });

  it('marks a number the gateway did not report on as unconfirmed', async () => {
    const tenant = await newPartner(db);
    await queue(db, tenant, numbers(2), 'Hello');
    const forgetful: SmsProvider = {
      name: 'forgetful',
      account: 'forgetful',
      send: async (request) => [{ number: request.to[0]!, outcome: 'sent', messageId: 'only-one', cost: null, parts: 1 }],
    };
    await worker({ provider: forgetful }).runOnce();
    expect((await rowsOf(db, tenant)).map((row) => [row.state, row.failure_reason])).toEqual([
      ['sent', null],
      ['unknown', NOT_REPORTED_REASON],
    ]);
  });

  it('does not send a scheduled message before it is due', async () => {
    const tenant = await newPartner(db);
    await queue(db, tenant, numbers(2), 'Tomorrow', 3600);
    await queue(db, tenant, [number(9)], 'Now');
    await drain(worker());
    expect(gateway.taken()).toEqual([number(9)]);
    expect(await statesOf(db, tenant)).toEqual(['queued', 'queued', 'sent']);

    await sql`update notifications set due_at = now() - interval '1 second' where state = 'queued'`.execute(db);
    await drain(worker());
    expect(gateway.taken()).toEqual([number(9), ...numbers(2)]);
  });

  it('lets two workers share the queue without sending anything twice', async () => {
    const tenant = await newPartner(db);
    await queue(db, tenant, numbers(300), 'Busy day');
    const first = worker({ batchSize: 40, maxRecipientsPerRequest: 25 });
    const second = worker({ batchSize: 40, maxRecipientsPerRequest: 25 });
    await Promise.all([drain(first), drain(second)]);
    expect(gateway.taken()).toHaveLength(300);
    expect(new Set(gateway.taken()).size).toBe(300);
    expect(new Set(await statesOf(db, tenant))).toEqual(new Set(['sent']));
  });

  describe('when the worker dies mid-batch, a new worker (after recovery) sends every message exactly once', () => {
    /** 10 messages in requests of 3, 3, 3 and 1; the second request is where it dies. */
    const CRASHED_REQUEST = 2;

    /** A provider that dies on its `on`-th request, before passing it on or after the gateway took it. */
    function dyingProvider(inner: SmsProvider, on: number, when: 'before' | 'after'): SmsProvider & { dyingRequest: string[] } {
      let calls = 0;
      const dying: SmsProvider & { dyingRequest: string[] } = {
        name: 'dying',
        account: inner.account,
        dyingRequest: [],
        async send(request) {
          calls += 1;
          if (calls !== on) return inner.send(request);
          dying.dyingRequest = request.to;
          if (when === 'before') throw new Crash('died before the request left');
          await inner.send(request);
          throw new Crash('died before the answer was recorded');
        },
      };
      return dying;
    }

    async function crashAndRecover(first: OutboxWorker): Promise<{ tenant: number; to: string[] }> {
      const tenant = await newPartner(db, 'GRACECHURCH');
      const to = numbers(10);
      await queue(db, tenant, to, 'Harambee on Sunday');
      await expect(first.runOnce()).rejects.toBeInstanceOf(Crash);

      const second = worker();
      expect(await second.runOnce()).toBe(0);
      await second.recover(0);
      await drain(second);
      await second.recover(0);
      await drain(second);
      return { tenant, to };
    }

    const options = { maxRecipientsPerRequest: 3, concurrency: 1 };

    it('dying before the request reaches the gateway: that request is unconfirmed and never sent; the rest once', async () => {
      const dying = dyingProvider(provider(), CRASHED_REQUEST, 'before');
      const { tenant, to } = await crashAndRecover(worker({ ...options, provider: dying }));

      expect(dying.dyingRequest).toEqual(to.slice(3, 6));
      const unsent = new Set(dying.dyingRequest);
      expect([...timesTaken(gateway)].sort()).toEqual(to.filter((n) => !unsent.has(n)).map((n) => [n, 1]));
      for (const row of await rowsOf(db, tenant)) {
        expect([row.recipient, row.state, row.failure_reason]).toEqual(
          unsent.has(row.recipient) ? [row.recipient, 'unknown', INTERRUPTED_REASON] : [row.recipient, 'sent', null],
        );
      }
      expect(gateway.requests.every((request) => request.from === 'GRACECHURCH')).toBe(true);
    });

    it('dying after the gateway took the request but before the answer was recorded: unconfirmed, received once, not resent', async () => {
      const dying = dyingProvider(provider(), CRASHED_REQUEST, 'after');
      const { tenant, to } = await crashAndRecover(worker({ ...options, provider: dying }));

      expect([...timesTaken(gateway)].sort()).toEqual(to.map((n) => [n, 1]));
      const ambiguous = new Set(dying.dyingRequest);
      expect(ambiguous.size).toBe(3);
      for (const row of await rowsOf(db, tenant)) {
        expect([row.recipient, row.state]).toEqual([row.recipient, ambiguous.has(row.recipient) ? 'unknown' : 'sent']);
      }
    });

    it('dying between two requests of a batch: the rest was never sent, so it is queued again and sent once', async () => {
      let recorded = 0;
      const first = worker({
        ...options,
        onRequestRecorded: () => {
          recorded += 1;
          if (recorded === CRASHED_REQUEST - 1) throw new Crash('died between requests');
        },
      });
      const { tenant, to } = await crashAndRecover(first);

      expect([...timesTaken(gateway)].sort()).toEqual(to.map((n) => [n, 1]));
      expect(new Set(await statesOf(db, tenant))).toEqual(new Set(['sent']));
    });

    it('a recovery with the normal lease leaves a live worker’s fresh rows alone', async () => {
      const tenant = await newPartner(db);
      await queue(db, tenant, numbers(4), 'Hello');
      const dying = dyingProvider(provider(), 1, 'before');
      await expect(worker({ ...options, provider: dying }).runOnce()).rejects.toBeInstanceOf(Crash);

      expect(await worker().recover()).toEqual({ requeued: 0, unconfirmed: 0 });
      expect(await statesOf(db, tenant)).toEqual(['sending', 'sending', 'sending', 'claimed']);
      expect(await worker().recover(0)).toEqual({ requeued: 1, unconfirmed: 3 });
    });
  });

  describe('running in the background', () => {
    it('sends a send at once when woken, without waiting for the poll', async () => {
      const outbox = worker({ pollIntervalMs: 60_000 });
      outbox.start();
      try {
        // let the first (empty) look finish, so the worker is idle
        await new Promise((resolve) => setTimeout(resolve, 200));
        const tenant = await newPartner(db);
        await queue(db, tenant, numbers(3), 'Now');
        outbox.wake();
        await waitFor(async () => (await statesOf(db, tenant)).every((state) => state === 'sent'));
      } finally {
        await outbox.stop();
      }
      expect(gateway.taken()).toEqual(numbers(3));
    });

    it('stops after the request in flight and gives back what it had not sent', async () => {
      const tenant = await newPartner(db);
      await queue(db, tenant, numbers(6), 'Slowly');
      gateway.delayMs = 150;
      const outbox = worker({ maxRecipientsPerRequest: 1, concurrency: 1 });
      outbox.start();
      await waitFor(async () => gateway.requests.length >= 1);
      await outbox.stop();

      const rows = await rowsOf(db, tenant);
      expect(rows.every((row) => row.state === 'sent' || row.state === 'queued')).toBe(true);
      expect(rows.filter((row) => row.state === 'sent').length).toBe(gateway.requests.length);
      expect(rows.filter((row) => row.state === 'queued').length).toBeGreaterThan(0);

      gateway.delayMs = 0;
      await drain(worker());
      expect([...timesTaken(gateway).values()]).toEqual(Array(6).fill(1));
    });
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
