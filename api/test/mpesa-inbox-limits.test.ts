import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { UNCONFIGURED_RATE_LIMITS } from '../src/auth/rate-limits';
import { useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, newPaybill, type Paybill } from './support/daraja';

/**
 * Who may fill the M-Pesa inbox (security review, item 3): a callback whose secret no partner has is anyone's.
 * It keeps only when it came, from where and how large it was, never its body, and at most
 * MPESA_CALLBACK_LIMIT_PER_IP of them a minute per source address are kept; beyond, Daraja's refusal with HTTP
 * 429 and nothing written. A partner's own callbacks are never counted, so a flood from an address never
 * refuses a real payment from it.
 */

const PREFIX = '/api/v2/mpesa/c2b';
const SUCCESS = { ResultCode: 0, ResultDesc: 'Success' };
const REFUSED = { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };
const LIMIT = 5;

describe.each(testDatabases)('the M-Pesa inbox against strangers on %s', (_name, database) => {
  // Counted where the server counts by default: this process's memory on PGlite, the shared table on PostgreSQL.
  const store = database.name === 'PostgreSQL' ? 'postgres' : 'memory';
  const testApp = useTestApp(database, { mpesaCallbackLimitPerIp: LIMIT, rateLimits: { ...UNCONFIGURED_RATE_LIMITS, store } });
  let t: TestApp;
  let paybill: Paybill;
  let counter = 0;

  beforeAll(async () => {
    t = testApp();
    paybill = await newPaybill(t, '600300', 'Inbox');
  });

  const body = (fields: Record<string, unknown> = {}) =>
    JSON.stringify(darajaPayment({ TransID: `TL${String((counter += 1)).padStart(8, '0')}`, BusinessShortCode: paybill.shortCode, ...fields }));
  const post = (source: string, secret: string, payload: string, kind: 'validation' | 'confirmation' = 'confirmation') =>
    t.app.inject({ method: 'POST', url: `${PREFIX}/${secret}/${kind}`, remoteAddress: source, headers: { 'content-type': 'application/json' }, payload });
  const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json<unknown>() });
  const fromSource = (source: string) =>
    t.db
      .selectFrom('mpesa_callbacks')
      .select(['kind', 'tenant_id', 'outcome', 'body', 'body_size', 'source', 'detail', 'received_at'])
      .where('source', '=', source)
      .orderBy('id')
      .execute();

  it("keeps an unknown secret's callback without its body: only when it came, from where and how large", async () => {
    const source = '203.0.113.50';
    const large = body({ InvoiceNumber: 'x'.repeat(15_000) });
    const before = Date.now();
    for (let i = 0; i < 3; i += 1) expect(answer(await post(source, `not-a-partners-secret-${i}`, large))).toEqual({ status: 400, body: REFUSED });
    // A body over 16 KB is never read: its declared size is kept.
    const tooLarge = body({ InvoiceNumber: 'y'.repeat(17 * 1024) });
    expect(answer(await post(source, 'not-a-partners-secret-3', tooLarge, 'validation'))).toEqual({ status: 400, body: REFUSED });

    // Nothing of what they sent is kept (before: 3 x 15 KB of a stranger's text).
    const { rows: kept } = await sql<{ characters: number }>`
      select coalesce(sum(length(body)), 0)::int as characters from mpesa_callbacks where tenant_id is null`.execute(t.db);
    expect(kept[0]!.characters).toBe(0);
    const rows = await fromSource(source);
    expect(rows.map(({ received_at: _at, ...row }) => row)).toEqual([
      ...[0, 1, 2].map(() => ({
        kind: 'confirmation',
        tenant_id: null,
        outcome: 'unknown-partner',
        body: '',
        body_size: Buffer.byteLength(large),
        source,
        detail: 'no partner has this callback secret: its body was not kept',
      })),
      {
        kind: 'validation',
        tenant_id: null,
        outcome: 'unknown-partner',
        body: '',
        body_size: Buffer.byteLength(tooLarge),
        source,
        detail: expect.stringMatching(/^no partner has this callback secret: its body was not kept; the body could not be read: .*BODY_TOO_LARGE/),
      },
    ]);
    for (const row of rows) expect(row.received_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it(`keeps at most ${LIMIT} unknown-secret callbacks a minute per address, refuses the rest with 429 in Daraja's format, and never a partner's payment`, async () => {
    const source = '198.51.100.7';
    for (let i = 0; i < LIMIT; i += 1) {
      expect(answer(await post(source, `guessed-secret-${i}`, body(), i % 2 === 0 ? 'confirmation' : 'validation'))).toEqual({ status: 400, body: REFUSED });
    }
    for (let i = 0; i < 3; i += 1) {
      const limited = await post(source, `guessed-secret-more-${i}`, body());
      expect(answer(limited)).toEqual({ status: 429, body: REFUSED });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    expect(await fromSource(source)).toHaveLength(LIMIT);

    // The partner's own callbacks from the same address, a burst of them at once: every one taken.
    const payments = Array.from({ length: 25 }, () => body());
    const answers = await Promise.all(payments.map((payload) => post(source, paybill.secret, payload)));
    expect(answers.map(answer)).toEqual(payments.map(() => ({ status: 200, body: SUCCESS })));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from online_transactions where tenant_id = ${paybill.id}`.execute(t.db);
    expect(rows[0]!.n).toBe(payments.length);
    expect(answer(await post(source, paybill.secret, body(), 'validation'))).toEqual({ status: 200, body: { ResultCode: '0', ResultDesc: 'Accepted' } });

    // Another address has a count of its own; an IPv6 client is counted by its /64.
    expect(answer(await post('198.51.100.8', 'guessed-secret-x', body()))).toEqual({ status: 400, body: REFUSED });
    for (let i = 0; i < LIMIT; i += 1) await post(`2001:db8:7:1::${i + 1}`, 'guessed-secret-v6', body());
    expect((await post('2001:db8:7:1::ff', 'guessed-secret-v6', body())).statusCode).toBe(429);
  });
});
