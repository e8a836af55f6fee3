import { FAKE_CONSUMER_KEY, FAKE_CONSUMER_SECRET, SANDBOX_PASSKEY, startFakeDaraja, type FakeDaraja } from '../test/support/fake-daraja';
import type { CheckoutAnswer, ExpressStatusAnswer, GivingPage, MpesaSetup } from '@ushirika/shared/contract';
import { DEMO_MPESA } from '../src/finance/demo-finance';
import { ApiClient, ok } from './support/client';
import { crashTestDatabases, type CrashTestDatabase } from './support/databases';
import { appEnv } from './support/env';
import { freePort, sleep, startServer, type AppProcess } from './support/processes';

/**
 * Issue 29, crashes: M-Pesa Express prompts whose server is killed with SIGKILL between the prompt and its
 * callback. The demo's Grace Community Church is given Daraja credentials (a fake Daraja in this process), and
 * two members give from its giving page. After each prompt reached Daraja the server is killed and started again:
 *
 * - the first prompt's callback comes after the restart, twice: one income, one SMS receipt;
 * - the second prompt's callback never comes: the reconciler asks STK Query (after MPESA_QUERY_AFTER) and settles it
 *   as Daraja answers (cancelled), with no income.
 * Nothing is lost and nothing is done twice: no prompt is sent again, and the payment is one income.
 */

jest.setTimeout(180_000);

const JANE = { email: 'jane@grace.test', password: 'Demo@2026' };

/** Polls `read` until `done` says so, or throws after `ms`. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await sleep(250);
  }
}

describe.each(crashTestDatabases)('M-Pesa Express on %s, the server killed between a prompt and its callback', (kind, create) => {
  let database: CrashTestDatabase;
  let fake: FakeDaraja;
  const processes: AppProcess[] = [];
  afterAll(async () => {
    for (const app of processes) await app.kill9();
    await fake?.close();
    await database?.drop();
  });

  it('records a late callback once and settles a prompt whose callback never comes by asking Daraja', async () => {
    const started = Date.now();
    database = await create();
    fake = await startFakeDaraja();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = appEnv(database.env, port, undefined, { SEED_DEMO: '1', DARAJA_BASE_URL: fake.url, PUBLIC_URL: base, MPESA_QUERY_AFTER: '2s' });
    const restart = async () => {
      await processes.at(-1)!.kill9();
      processes.push(await startServer(env));
    };
    processes.push(await startServer(env));

    // Grace's treasurer work, done by its owner: the credentials, entered once, sealed in the database.
    const staff = new ApiClient(base);
    await staff.login(JANE.email, JANE.password);
    const setup = ok(await staff.get<MpesaSetup>('/api/v2/mpesa/setup'), 'read the M-Pesa set-up');
    const saved = await staff.call<MpesaSetup>('PUT', '/api/v2/mpesa/setup', {
      consumerKey: FAKE_CONSUMER_KEY,
      consumerSecret: FAKE_CONSUMER_SECRET,
      passkey: SANDBOX_PASSKEY,
      expressShortCode: DEMO_MPESA.shortCode,
      version: setup.version,
    });
    expect(ok(saved, 'save the credentials').live).toBe(true);

    const giver = new ApiClient(base);
    const page = ok(await giver.get<GivingPage>('/api/v2/give/grace'), 'the giving page');
    const tithe = page.funds.find((fund) => fund.name === 'Tithe')!;
    const give = async (phone: string, amount: string) => {
      const { checkoutRequestId } = ok(await giver.post<CheckoutAnswer>('/api/v2/give/grace', { fund: tithe.id, amount, phone }), 'give');
      return checkoutRequestId;
    };
    const statusOf = async (checkoutRequestId: string) => (await giver.get<ExpressStatusAnswer>(`/api/v2/give/grace/${checkoutRequestId}`)).body?.status;

    // 1. A prompt reaches Daraja; the server dies before the member has entered the PIN.
    const first = await give('0712000001', '700');
    expect(fake.requests.stkpush).toHaveLength(1);
    await restart();
    // The member pays; Daraja's callback reaches the restarted server, and Daraja (unsure) sends it again.
    const body = fake.stkCallbackBody(first, 0);
    const receipt = (body.Body.stkCallback.CallbackMetadata as { Item: Array<{ Name: string; Value?: unknown }> }).Item.find(
      (item) => item.Name === 'MpesaReceiptNumber',
    )!.Value as string;
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await fake.postCallback(fake.callbackUrlOf(first), body);
      expect(answer.status).toBe(200);
    }
    expect(await statusOf(first)).toBe('paid');

    // 2. Another prompt reaches Daraja; the member cancels on the phone; the server dies and no callback ever comes.
    // (Cancelled before the restart: a query that comes before Daraja has the answer is asked again only a minute
    // later, EXPRESS_QUERY_INTERVAL_MS, which raced this test's minute.)
    const second = await give('0712000002', '300');
    expect(fake.requests.stkpush).toHaveLength(2);
    fake.settle(second, 1032);
    await restart();
    await eventually(
      () => statusOf(second),
      (status) => status === 'cancelled',
      60_000,
      'the unanswered prompt',
    );
    expect(fake.requests.stkquery.length).toBeGreaterThan(0);
    expect(await processes.at(-1)!.stop()).toBe(0);

    const { requests, incomes, receipts } = await database.use(async ({ db }) => ({
      requests: await db.selectFrom('mpesa_express_requests').select(['checkout_request_id', 'status', 'receipt_number']).orderBy('id').execute(),
      incomes: await db.selectFrom('incomes').select(['amount', 'reference', 'mode']).where('reference', '=', receipt).execute(),
      receipts: await db.selectFrom('notifications').select('id').where('recipient', '=', '+254712000001').execute(),
    }));
    expect(requests).toEqual([
      { checkout_request_id: first, status: 'paid', receipt_number: receipt },
      { checkout_request_id: second, status: 'cancelled', receipt_number: null },
    ]);
    // One income for the paid prompt, whatever the kill and the repeated callback did; no prompt was sent twice.
    expect(incomes).toEqual([{ amount: '700.00', reference: receipt, mode: 'M-PESA' }]);
    expect(fake.requests.stkpush).toHaveLength(2);
    // The member's SMS receipt, queued once.
    expect(receipts).toHaveLength(1);

    console.log(
      `resilience: M-Pesa Express on ${kind}: 2 prompts, 2 kills between prompt and callback; the late callback (sent twice) made ${incomes.length} income; ` +
        `the unanswered prompt settled by ${fake.requests.stkquery.length} STK Query call(s); ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
