import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { CheckoutAnswer, ExpressStatusAnswer, GivingPage, MemberSaveResponse } from '@ushirika/shared/contract';
import type { AppConfig } from '../src/app';
import { ExpressReconciler } from '../src/finance/mpesa/express/reconciler';
import { NO_GIVING_PAGE, NO_SUCH_PROMPT, TOO_MANY_FOR_PHONE, TOO_MANY_FROM_ADDRESS } from '../src/finance/mpesa/express/giving-routes';
import { AMOUNT_NOT_WHOLE, amountOutside, EXPRESS_NOT_SET_UP, FUND_REFUSED, PHONE_REFUSED } from '../src/finance/mpesa/express/requests';
import { SIMULATOR_ANSWERS_AFTER_MS } from '../src/finance/mpesa/express/simulator';
import { darajaDepsFrom } from '../src/finance/mpesa/partner-daraja';
import { topUpUnits } from '../src/messaging/units';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { fakeDarajaApp, newPaybill, saveMpesaSetup, useFakeDaraja, type Paybill } from './support/daraja';
import { expectFailure } from './support/expect';
import { receiptNumber, type FakeDaraja } from './support/fake-daraja';

/**
 * The public giving page's API (issue 29): `GET /give/{code}`, `POST /give/{code}`, `GET /give/{code}/{checkoutRequestId}`
 * as the page calls them without signing in; the prompt answered by the fake Daraja server's callback, or, for a partner
 * without credentials on a development server, by the development simulator; the limits that keep the page from
 * being used to prompt strangers.
 */

const PUBLIC_URL = 'https://ushirika.example.org';
const PREFIX = '/api/v2/c2b';

/** Settings → M-Pesa: the giving code, and the Daraja app at the fake unless `live` is false (then the simulator answers). */
async function setUp(t: TestApp, tenant: Tenant & { shortCode?: string }, givingCode: string, live: boolean): Promise<void> {
  await saveMpesaSetup(t, tenant, { ...(live && tenant.shortCode ? fakeDarajaApp(tenant.shortCode) : {}), givingCode });
}

async function fund(t: TestApp, tenant: Tenant, name: string, open: boolean, type: 'CR' | 'DR' = 'CR'): Promise<number> {
  const { id } = await t.db
    .insertInto('accounts')
    .values({ tenant_id: tenant.id, name, type, parent_id: null, open_for_giving: open })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe.each(testDatabases)('The giving page on %s', (_name, database) => {
  const secretsKey = randomBytes(32);
  const config: Partial<AppConfig> = { publicUrl: PUBLIC_URL, secretsKey };
  const daraja = useFakeDaraja(config);
  const testApp = useTestApp(database, config);
  let fake: FakeDaraja;
  beforeAll(() => (fake = daraja.fake));

  let t: TestApp;
  let grace: Paybill;
  let other: Paybill;
  let simulated: Tenant;
  let tithe: number;
  let offering: number;
  let building: number;
  let rent: number;
  let theirs: number;
  let amina: number;
  let clock = Date.now();
  let reconciler: ExpressReconciler;

  beforeAll(async () => {
    t = testApp();
    grace = await newPaybill(t, '600100', 'Grace');
    other = await newPaybill(t, '600200', 'Other');
    simulated = await t.newTenant('Demo');
    await setUp(t, grace, 'grace', true);
    await setUp(t, other, 'other-church', true);
    await setUp(t, simulated, 'demo-church', false);
    for (const tenant of [grace, simulated]) await topUpUnits(t.db, tenant.id, 100, 'test');
    tithe = await fund(t, grace, 'Tithe', true);
    offering = await fund(t, grace, 'Offering', true);
    building = await fund(t, grace, 'Building', false);
    rent = await fund(t, grace, 'Rent', true, 'DR');
    theirs = await fund(t, other, 'Tithe', true);
    const saved = await t.as(grace, {
      method: 'POST',
      url: '/api/v2/member',
      payload: { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '0712345678', residence: 'Rongai' },
    });
    amina = saved.json<MemberSaveResponse>().member.id;
    const deps = darajaDepsFrom({ secretsKey, darajaBaseUrl: fake.url, publicUrl: PUBLIC_URL, mpesaCallbackPrefix: PREFIX }, false);
    reconciler = new ExpressReconciler({ db: t.db, deps, now: () => new Date(clock) });
  });

  /** The page's calls: no token, from `address`. */
  const call = (options: InjectOptions, address = '192.0.2.1') => t.app.inject({ ...options, remoteAddress: address });
  const give = (code: string, payload: object, address?: string) => call({ method: 'POST', url: `/api/v2/give/${code}`, payload }, address);
  const statusOf = async (code: string, checkoutRequestId: string) => {
    const response = await call({ method: 'GET', url: `/api/v2/give/${code}/${checkoutRequestId}` });
    expect(response.statusCode).toBe(200);
    return response.json<ExpressStatusAnswer>().status;
  };
  async function given(code: string, payload: object, address?: string): Promise<string> {
    const response = await give(code, payload, address);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 200 });
    return response.json<CheckoutAnswer>().checkoutRequestId;
  }
  const stk = (secret: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: `${PREFIX}/${secret}/stk`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('shows the partner’s name, the funds open for giving by name, and the amounts allowed', async () => {
    const response = await call({ method: 'GET', url: '/api/v2/give/grace' });
    expect(response.statusCode).toBe(200);
    expect(response.json<GivingPage>()).toEqual({
      partner: { name: expect.stringMatching(/^Grace/) },
      funds: [
        { id: offering, name: 'Offering' },
        { id: tithe, name: 'Tithe' },
      ],
      minAmount: '10',
      maxAmount: '150000',
    });
    // The code as typed in a link, any case.
    expect((await call({ method: 'GET', url: '/api/v2/give/Grace' })).statusCode).toBe(200);
    expectFailure(await call({ method: 'GET', url: '/api/v2/give/nowhere' }), 404, NO_GIVING_PAGE);
    expectFailure(await call({ method: 'GET', url: '/api/v2/give/a' }), 404, NO_GIVING_PAGE);
    expectFailure(await call({ method: 'GET', url: `/api/v2/give/${'x'.repeat(60)}` }), 404, NO_GIVING_PAGE);
  });

  it('refuses funds not open for giving, amounts outside the partner’s and numbers that are not M-Pesa’s, sending nothing', async () => {
    const pushes = fake.requests.stkpush.length;
    expectFailure(await give('grace', { fund: tithe, amount: '5', phone: '0712345678' }), 400, amountOutside('10', '150000'));
    expectFailure(await give('grace', { fund: tithe, amount: '150001', phone: '0712345678' }), 400, amountOutside('10', '150000'));
    expectFailure(await give('grace', { fund: tithe, amount: '12.50', phone: '0712345678' }), 400, AMOUNT_NOT_WHOLE);
    expectFailure(await give('grace', { fund: building, amount: '100', phone: '0712345678' }), 400, FUND_REFUSED);
    expectFailure(await give('grace', { fund: rent, amount: '100', phone: '0712345678' }), 400, FUND_REFUSED);
    expectFailure(await give('grace', { fund: theirs, amount: '100', phone: '0712345678' }), 400, FUND_REFUSED);
    expectFailure(await give('grace', { fund: tithe, amount: '100', phone: '12345' }), 400, PHONE_REFUSED);
    expectFailure(await give('grace', { fund: tithe, amount: '100', phone: '0712345678'.repeat(10) }), 400, PHONE_REFUSED);
    expectFailure(await give('nowhere', { fund: tithe, amount: '100', phone: '0712345678' }), 404, NO_GIVING_PAGE);
    expect((await give('grace', { fund: tithe, amount: '100', phone: 'x'.repeat(5000) })).statusCode).toBe(413);
    expect(fake.requests.stkpush.length).toBe(pushes);
  });

  it('gives: the prompt is followed to paid, the income is the contact’s with its receipt queued', async () => {
    const id = await given('grace', { fund: tithe, amount: '500', phone: '0712 345 678' });
    expect(fake.requests.stkpush.at(-1)!.body).toMatchObject({ Amount: 500, PhoneNumber: '254712345678', AccountReference: 'Tithe', TransactionDesc: 'Giving' });
    expect(await statusOf('grace', id)).toBe('waiting');
    const receipt = receiptNumber();
    expect((await stk(grace.secret, fake.stkCallbackBody(id, 0, { receipt }))).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await statusOf('grace', id)).toBe('paid');
    const income = await t.db.selectFrom('incomes').select(['account_id', 'member_id', 'phone', 'receipt_send_id']).where('reference', '=', receipt).execute();
    expect(income).toEqual([{ account_id: tithe, member_id: amina, phone: '+254712345678', receipt_send_id: expect.any(Number) }]);
    // The prompt was the public's, from the page's address.
    const request = await t.db
      .selectFrom('activity_events')
      .select(['actor_type', 'user_id', 'address', 'details'])
      .where('tenant_id', '=', grace.id)
      .where('entity', '=', 'payment_request')
      .where('action', '=', 'request')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ actor_type: 'system', user_id: null, address: '192.0.2.1', details: { fund: tithe, origin: 'giving-page' } });

    const cancelled = await given('grace', { fund: offering, amount: '50', phone: '0712345678' });
    await stk(grace.secret, fake.stkCallbackBody(cancelled, 1032));
    expect(await statusOf('grace', cancelled)).toBe('cancelled');
  });

  it('shows only the partner’s own prompts', async () => {
    const id = await given('other-church', { fund: theirs, amount: '100', phone: '0712345678' }, '192.0.2.50');
    expect(await statusOf('other-church', id)).toBe('waiting');
    expectFailure(await call({ method: 'GET', url: `/api/v2/give/grace/${id}` }), 404, NO_SUCH_PROMPT);
    expectFailure(await call({ method: 'GET', url: '/api/v2/give/grace/ws_CO_NOPE' }), 404, NO_SUCH_PROMPT);
    expectFailure(await call({ method: 'GET', url: '/api/v2/give/grace/not%20an%20id' }), 404, NO_SUCH_PROMPT);
    expectFailure(await call({ method: 'GET', url: `/api/v2/give/nowhere/${id}` }), 404, NO_GIVING_PAGE);

    // A prompt staff sent from a contact's page is not followed on the public page, even by its own partner's code.
    const staff = await t.as(grace, { method: 'POST', url: '/api/v2/mpesa/express', payload: { fund: tithe, amount: '200', phone: '0712345678' } });
    expect(staff.statusCode).toBe(200);
    expectFailure(await call({ method: 'GET', url: `/api/v2/give/grace/${staff.json<{ checkoutRequestId: string }>().checkoutRequestId}` }), 404, NO_SUCH_PROMPT);
  });

  it('sends at most 3 prompts an hour to one number, whatever the address', async () => {
    for (let i = 1; i <= 3; i += 1) await given('grace', { fund: tithe, amount: '100', phone: '0700000001' }, `198.51.100.${i}`);
    const refused = await give('grace', { fund: tithe, amount: '100', phone: '+254 700 000 001' }, '198.51.100.9');
    expectFailure(refused, 429, TOO_MANY_FOR_PHONE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another number is still prompted.
    await given('grace', { fund: tithe, amount: '100', phone: '0700000002' }, '198.51.100.9');
  });

  it('sends at most 10 prompts an hour from one address; refused ones do not count', async () => {
    const address = '203.0.113.7';
    expectFailure(await give('grace', { fund: tithe, amount: '1', phone: '0711000000' }, address), 400, amountOutside('10', '150000'));
    for (let i = 10; i < 20; i += 1) await given('grace', { fund: tithe, amount: '100', phone: `07110000${i}` }, address);
    const refused = await give('grace', { fund: tithe, amount: '100', phone: '0711000099' }, address);
    expectFailure(refused, 429, TOO_MANY_FROM_ADDRESS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await given('grace', { fund: tithe, amount: '100', phone: '0711000099' }, '203.0.113.8');
  });

  it('a partner without Daraja credentials gives through the development simulator: paid a few seconds later, no money moved', async () => {
    const demoFund = await fund(t, simulated, 'Tithe', true);
    const pushes = fake.requests.stkpush.length;
    clock = Date.now();
    const id = await given('demo-church', { fund: demoFund, amount: '250', phone: '0733000222' }, '192.0.2.99');
    expect(id).toMatch(/^ws_CO_SIM_/);
    expect(fake.requests.stkpush.length).toBe(pushes);
    expect(await statusOf('demo-church', id)).toBe('waiting');
    expect(await reconciler.runOnce()).toMatchObject({ queried: 0 });
    clock += SIMULATOR_ANSWERS_AFTER_MS + 1000;
    await reconciler.runOnce();
    expect(await statusOf('demo-church', id)).toBe('paid');
    const prompt = await t.db
      .selectFrom('mpesa_express_requests')
      .select(['simulated', 'receipt_number', 'online_transaction_id'])
      .where('checkout_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(prompt.simulated).toBe(true);
    expect(prompt.receipt_number).toMatch(/^SIM[A-Z0-9]{7}$/);
    const incomes = await t.db.selectFrom('incomes').select(['account_id', 'amount', 'receipt_send_id']).where('reference', '=', prompt.receipt_number!).execute();
    expect(incomes).toEqual([{ account_id: demoFund, amount: expect.stringMatching(/^250(\.00)?$/), receipt_send_id: expect.any(Number) }]);
    // Delivered through the inbox, like a real callback; asked again, nothing twice.
    const inbox = await t.db.selectFrom('mpesa_callbacks').select(['kind', 'outcome', 'source']).where('trans_id', '=', prompt.receipt_number!).execute();
    expect(inbox).toEqual([{ kind: 'stk', outcome: 'accepted', source: 'simulator' }]);
    clock += 3_600_000;
    await reconciler.runOnce();
    expect(await t.db.selectFrom('incomes').select('id').where('reference', '=', prompt.receipt_number!).execute()).toHaveLength(1);
  });
});

describe.each(testDatabases)('The giving page in production on %s', (_name, database) => {
  const environment = process.env.NODE_ENV;
  beforeAll(() => {
    process.env.NODE_ENV = 'production';
  });
  const testApp = useTestApp(database, { publicUrl: PUBLIC_URL, secretsKey: randomBytes(32) });
  afterAll(() => {
    process.env.NODE_ENV = environment;
  });

  it('refuses prompts for a partner without Daraja credentials: no simulator in production', async () => {
    const t = testApp();
    const partner = await t.newTenant('Live');
    await setUp(t, partner, 'live-church', false);
    const tithe = await fund(t, partner, 'Tithe', true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/give/live-church' })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/v2/give/live-church', payload: { fund: tithe, amount: '100', phone: '0712345678' } });
    expectFailure(refused, 503, EXPRESS_NOT_SET_UP);
    expect(await t.db.selectFrom('mpesa_express_requests').select('id').execute()).toEqual([]);
  });
});
