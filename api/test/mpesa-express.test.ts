import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { CheckoutAnswer, ExpressRequestRow, ListResponse, MemberSaveResponse } from '@ushirika/shared/contract';
import { CONTACT_CHOICE_INVALID } from '@ushirika/shared/validation';
import type { AppConfig } from '../src/app';
import { INCOME_ACCOUNT_REFUSED } from '../src/finance/ledger-records';
import { CHECK_REASONS } from '../src/finance/mpesa/daraja';
import { ExpressReconciler, GAVE_UP, SENDING_STOPPED } from '../src/finance/mpesa/express/reconciler';
import { AMOUNT_NOT_WHOLE, amountOutside, PHONE_REFUSED, REQUEST_NOT_FOUND } from '../src/finance/mpesa/express/requests';
import { STK_CHECK_REASONS } from '../src/finance/mpesa/express/stk-callback';
import { darajaDepsFrom } from '../src/finance/mpesa/partner-daraja';
import { topUpUnits } from '../src/messaging/units';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, fakeDarajaApp, newPaybill, saveMpesaSetup, useFakeDaraja, type Paybill } from './support/daraja';
import { expectFailure } from './support/expect';
import { receiptNumber, type FakeDaraja } from './support/fake-daraja';

/**
 * M-Pesa Express from staff's 'Request payment' (issue 29): the prompt sent to the fake Daraja server, its callback
 * sent by the test as Safaricom would (on time, twice, late, never, for a prompt we never stored), the reconciler's
 * STK Query, and the same payment arriving also as a C2B confirmation: one income, linked to the contact, with its
 * SMS receipt queued, whatever the order.
 */

const PUBLIC_URL = 'https://ushirika.example.org';
const PREFIX = '/api/v2/c2b';
const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' };
const SUCCESS = { ResultCode: 0, ResultDesc: 'Success' };
const AMINA = '+254712345678';
const TWO_MINUTES = 121_000;

describe.each(testDatabases)('M-Pesa Express on %s', (_name, database) => {
  const secretsKey = randomBytes(32);
  const config: Partial<AppConfig> = { publicUrl: PUBLIC_URL, secretsKey };
  const daraja = useFakeDaraja(config);
  const testApp = useTestApp(database, config);
  let fake: FakeDaraja;
  beforeAll(() => (fake = daraja.fake));

  let t: TestApp;
  let grace: Paybill;
  let other: Paybill;
  let tithe: number;
  let amina: number;
  /** The reconciler's clock: moved on instead of waiting two minutes. */
  let clock = Date.now();
  let reconciler: ExpressReconciler;

  /** The partner's Daraja app at the fake, as its owner enters it in Settings → M-Pesa. */
  const enterCredentials = (paybill: Paybill) => saveMpesaSetup(t, paybill, fakeDarajaApp(paybill.shortCode));

  async function account(tenant: Tenant, name: string): Promise<number> {
    const { id } = await t.db.insertInto('accounts').values({ tenant_id: tenant.id, name, type: 'CR', parent_id: null }).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async function contact(tenant: Tenant, firstName: string, mobile: string): Promise<number> {
    const saved = await t.as(tenant, { method: 'POST', url: '/api/v2/member', payload: { firstName, lastName: 'Wanjiru', gender: 'F', mobile, residence: 'Rongai' } });
    expect(saved.statusCode).toBe(201);
    return saved.json<MemberSaveResponse>().member.id;
  }

  beforeAll(async () => {
    t = testApp();
    grace = await newPaybill(t, '600100', 'Grace');
    other = await newPaybill(t, '600200', 'Other');
    await enterCredentials(grace);
    await enterCredentials(other);
    await topUpUnits(t.db, grace.id, 100, 'test');
    tithe = await account(grace, 'Tithe & Harvest');
    amina = await contact(grace, 'Amina', '0712 345 678');
    const deps = darajaDepsFrom({ secretsKey, darajaBaseUrl: fake.url, publicUrl: PUBLIC_URL, mpesaCallbackPrefix: PREFIX }, false);
    reconciler = new ExpressReconciler({ db: t.db, deps, now: () => new Date(clock) });
  });

  const ask = (tenant: Tenant, payload: object) => t.as(tenant, { method: 'POST', url: '/api/v2/mpesa/express', payload });
  async function prompted(tenant: Tenant, payload: object): Promise<string> {
    const response = await ask(tenant, payload);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 200 });
    return response.json<CheckoutAnswer>().checkoutRequestId;
  }
  const row = async (tenant: Tenant, checkoutRequestId: string) => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/mpesa/express/${checkoutRequestId}` });
    expect(response.statusCode).toBe(200);
    return response.json<ExpressRequestRow>();
  };
  const post = (secret: string, kind: 'stk' | 'confirmation', body: unknown) =>
    t.app.inject({ method: 'POST', url: `${PREFIX}/${secret}/${kind}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json<unknown>() });
  const incomesOf = (receipt: string) =>
    t.db.selectFrom('incomes').select(['id', 'account_id', 'amount', 'member_id', 'phone', 'receipt_send_id']).where('reference', '=', receipt).execute();
  const paymentOf = (receipt: string) =>
    t.db
      .selectFrom('online_transactions')
      .select(['id', 'origin', 'account_id', 'income_id', 'check_reason', 'first_name', 'msisdn'])
      .where('trans_id', '=', receipt)
      .executeTakeFirst();
  /** A C2B confirmation of the same payment: MSISDN hashed, M-Pesa's names, the AccountReference as BillRefNumber. */
  const confirmation = (paybill: Paybill, receipt: string, amount: string) =>
    darajaPayment({
      TransID: receipt,
      BusinessShortCode: paybill.shortCode,
      TransAmount: amount,
      BillRefNumber: 'TitheHarvest',
      MSISDN: createHash('sha256').update('254712345678').digest('hex'),
      FirstName: 'AMINA',
      MiddleName: '',
      LastName: '',
    });

  it('sends the prompt to Daraja as documented and follows it to paid: one income in the fund, the contact linked, the SMS receipt queued', async () => {
    const id = await prompted(grace, { fund: tithe, amount: '1500', phone: '', memberId: amina });
    const push = fake.requests.stkpush.at(-1)!.body!;
    expect(push).toMatchObject({
      BusinessShortCode: '600100',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: '254712345678',
      PhoneNumber: '254712345678',
      CallBackURL: `${PUBLIC_URL}${PREFIX}/${grace.secret}/stk`,
      AccountReference: 'TitheHarvest',
    });
    expect(String(push.TransactionDesc).length).toBeLessThanOrEqual(13);
    expect(await row(grace, id)).toMatchObject({
      checkoutRequestId: id,
      status: 'waiting',
      fund: tithe,
      FundName: 'Tithe & Harvest',
      amount: '1500',
      memberId: amina,
      origin: 'staff',
    });

    const receipt = receiptNumber();
    expect(answer(await post(grace.secret, 'stk', fake.stkCallbackBody(id, 0, { receipt })))).toEqual({ status: 200, body: ACCEPTED });
    const paid = await row(grace, id);
    expect(paid).toMatchObject({ status: 'paid', receiptNumber: receipt, resultDesc: 'The service request is processed successfully.' });
    expect(paid.settledAt).not.toBeNull();
    const [income, ...more] = await incomesOf(receipt);
    expect(more).toEqual([]);
    expect(income).toMatchObject({ id: paid.incomeId, account_id: tithe, member_id: amina, phone: AMINA });
    expect(Number(income!.amount)).toBe(1500);
    expect(income!.receipt_send_id).not.toBeNull();
    const queued = await t.db.selectFrom('notifications').select(['recipient', 'message']).where('send_id', '=', income!.receipt_send_id!).execute();
    expect(queued).toEqual([expect.objectContaining({ recipient: AMINA, message: expect.stringContaining('Received with thanks KES 1,500.00') })]);
    expect(await paymentOf(receipt)).toMatchObject({
      origin: 'stk',
      account_id: tithe,
      income_id: income!.id,
      check_reason: null,
      first_name: 'Amina',
      msisdn: '254712345678',
    });

    // The activity: the prompt asked for by the staff member, its result received from M-Pesa; never the phone.
    const events = await t.db
      .selectFrom('activity_events')
      .select(['action', 'actor_type', 'details'])
      .where('tenant_id', '=', grace.id)
      .where('entity', '=', 'payment_request')
      .where('entity_id', '=', (await t.db.selectFrom('mpesa_express_requests').select('id').where('checkout_request_id', '=', id).executeTakeFirstOrThrow()).id)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { action: 'request', actor_type: 'staff', details: { fund: tithe, origin: 'staff' } },
      { action: 'receive', actor_type: 'mpesa', details: { status: 'paid', outcome: 'accepted' } },
    ]);
    expect(JSON.stringify(events)).not.toContain('712345678');

    // Safaricom sends it again: the same answer, nothing twice.
    expect(answer(await post(grace.secret, 'stk', fake.stkCallbackBody(id)))).toEqual({ status: 200, body: ACCEPTED });
    expect(await incomesOf(receipt)).toHaveLength(1);
    const inbox = await t.db.selectFrom('mpesa_callbacks').select(['kind', 'outcome']).where('trans_id', '=', receipt).orderBy('id').execute();
    expect(inbox).toEqual([
      { kind: 'stk', outcome: 'accepted' },
      { kind: 'stk', outcome: 'duplicate' },
    ]);
  });

  it('a result that never comes is asked about after two minutes and settled cancelled, timed out or failed', async () => {
    clock = Date.now();
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await prompted(grace, { fund: tithe, amount: '200', phone: '0712345678' }));
    // Not yet due.
    expect(await reconciler.runOnce()).toMatchObject({ queried: 0 });
    clock += TWO_MINUTES;
    const queries = fake.requests.stkquery.length;
    // Still being processed: asked again later.
    expect(await reconciler.runOnce()).toMatchObject({ queried: 3, settled: 0 });
    expect(fake.requests.stkquery.length).toBe(queries + 3);
    expect(await reconciler.runOnce()).toMatchObject({ queried: 0 });
    fake.settle(ids[0]!, 1032);
    fake.settle(ids[1]!, 1037);
    fake.settle(ids[2]!, 1);
    clock += 61_000;
    expect(await reconciler.runOnce()).toMatchObject({ queried: 3, settled: 3 });
    expect((await row(grace, ids[0]!)).status).toBe('cancelled');
    expect(await row(grace, ids[1]!)).toMatchObject({ status: 'timeout', resultDesc: 'DS timeout user cannot be reached' });
    expect(await row(grace, ids[2]!)).toMatchObject({ status: 'failed', resultDesc: 'The balance is insufficient for the transaction.' });
    // Its callback, late: nothing changes.
    expect(answer(await post(grace.secret, 'stk', fake.stkCallbackBody(ids[0]!)))).toEqual({ status: 200, body: ACCEPTED });
    expect((await row(grace, ids[0]!)).status).toBe('cancelled');
  });

  it('a prompt the query found paid gets its income when the callback comes late, once', async () => {
    clock = Date.now();
    const id = await prompted(grace, { fund: tithe, amount: '300', phone: '0712345678' });
    const receipt = receiptNumber();
    fake.settle(id, 0, { receipt });
    clock += TWO_MINUTES;
    expect(await reconciler.runOnce()).toMatchObject({ settled: 1 });
    // A query carries no receipt number: paid, waiting for the callback (or the C2B confirmation) to bring the income.
    expect(await row(grace, id)).toMatchObject({ status: 'paid', receiptNumber: null, incomeId: null });
    expect(answer(await post(grace.secret, 'stk', fake.stkCallbackBody(id)))).toEqual({ status: 200, body: ACCEPTED });
    const paid = await row(grace, id);
    expect(paid).toMatchObject({ status: 'paid', receiptNumber: receipt });
    const incomes = await incomesOf(receipt);
    expect(incomes).toEqual([expect.objectContaining({ id: paid.incomeId, account_id: tithe, member_id: amina })]);
    clock += 3_600_000;
    expect(await reconciler.runOnce()).toMatchObject({ queried: 0 });
    expect(await incomesOf(receipt)).toHaveLength(1);
  });

  it('the same receipt number also confirmed by C2B after the callback stays one income', async () => {
    const id = await prompted(grace, { fund: tithe, amount: '750', phone: '', memberId: amina });
    const receipt = receiptNumber();
    await post(grace.secret, 'stk', fake.stkCallbackBody(id, 0, { receipt }));
    expect(answer(await post(grace.secret, 'confirmation', confirmation(grace, receipt, '750.00')))).toEqual({ status: 200, body: SUCCESS });
    expect(await incomesOf(receipt)).toHaveLength(1);
    expect(await paymentOf(receipt)).toMatchObject({ origin: 'stk', check_reason: null, first_name: 'Amina' });
    const c2b = await t.db
      .selectFrom('mpesa_callbacks')
      .select(['outcome', 'detail'])
      .where('trans_id', '=', receipt)
      .where('kind', '=', 'confirmation')
      .executeTakeFirstOrThrow();
    expect(c2b).toEqual({ outcome: 'duplicate', detail: 'this TransID is stored already, from its M-Pesa Express callback' });
  });

  it('the C2B confirmation first: the callback allocates that payment to the prompt’s fund, one income linked to the contact', async () => {
    const id = await prompted(grace, { fund: tithe, amount: '750', phone: '', memberId: amina });
    const receipt = receiptNumber();
    expect(answer(await post(grace.secret, 'confirmation', confirmation(grace, receipt, '750.00')))).toEqual({ status: 200, body: SUCCESS });
    expect(await paymentOf(receipt)).toMatchObject({ origin: 'c2b', account_id: null });
    expect(answer(await post(grace.secret, 'stk', fake.stkCallbackBody(id, 0, { receipt })))).toEqual({ status: 200, body: ACCEPTED });
    const incomes = await incomesOf(receipt);
    expect(incomes).toEqual([expect.objectContaining({ account_id: tithe, member_id: amina, phone: AMINA })]);
    expect(incomes[0]!.receipt_send_id).not.toBeNull();
    expect(await row(grace, id)).toMatchObject({ status: 'paid', receiptNumber: receipt, incomeId: incomes[0]!.id });
    // And once more from C2B: a repeat.
    expect(answer(await post(grace.secret, 'confirmation', confirmation(grace, receipt, '750.00')))).toEqual({ status: 200, body: SUCCESS });
    expect(await incomesOf(receipt)).toHaveLength(1);
  });

  it('a C2B confirmation a rule allocated first keeps its one income; the prompt is linked to it', async () => {
    const rule = await t.as(grace, { method: 'POST', url: '/api/v2/mpesarules', payload: { billRef: 'TitheHarvest', account: tithe } });
    expect(rule.statusCode).toBe(201);
    try {
      const id = await prompted(grace, { fund: tithe, amount: '900', phone: '0712345678' });
      const receipt = receiptNumber();
      await post(grace.secret, 'confirmation', confirmation(grace, receipt, '900.00'));
      expect(await incomesOf(receipt)).toHaveLength(1);
      expect(answer(await post(grace.secret, 'stk', fake.stkCallbackBody(id, 0, { receipt })))).toEqual({ status: 200, body: ACCEPTED });
      const incomes = await incomesOf(receipt);
      expect(incomes).toHaveLength(1);
      expect(await row(grace, id)).toMatchObject({ status: 'paid', receiptNumber: receipt, incomeId: incomes[0]!.id });
    } finally {
      await t.db.deleteFrom('bill_ref_rules').where('tenant_id', '=', grace.id).execute();
    }
  });

  it('a paid result for a prompt we have no record of is stored flagged for a person, never lost', async () => {
    const receipt = receiptNumber();
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_191220191020363925',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'PhoneNumber', Value: 254712345678 },
              { Name: 'TransactionDate', Value: 20260301103000 },
              { Name: 'Amount', Value: 1.0 },
              { Name: 'MpesaReceiptNumber', Value: receipt },
            ],
          },
        },
      },
    };
    expect(answer(await post(grace.secret, 'stk', body))).toEqual({ status: 200, body: ACCEPTED });
    expect(await paymentOf(receipt)).toMatchObject({ origin: 'stk', account_id: null, check_reason: STK_CHECK_REASONS.unknownPrompt, first_name: 'Amina' });
    expect(await incomesOf(receipt)).toEqual([]);
    // Its unpaid result is only noted.
    const cancelled = { Body: { stkCallback: { ...body.Body.stkCallback, CheckoutRequestID: 'ws_CO_UNKNOWN', ResultCode: 1032, CallbackMetadata: undefined } } };
    expect(answer(await post(grace.secret, 'stk', cancelled))).toEqual({ status: 200, body: ACCEPTED });
  });

  it('a paid result with another amount than asked is stored flagged, not allocated', async () => {
    const id = await prompted(grace, { fund: tithe, amount: '400', phone: '0712345678' });
    const receipt = receiptNumber();
    await post(grace.secret, 'stk', fake.stkCallbackBody(id, 0, { receipt, amount: 40 }));
    expect(await paymentOf(receipt)).toMatchObject({ check_reason: STK_CHECK_REASONS.otherAmount, account_id: null });
    expect(await row(grace, id)).toMatchObject({ status: 'paid', receiptNumber: receipt, incomeId: null });
    // A repeat of the receipt with yet another amount flags it as a differing repeat too.
    await post(grace.secret, 'stk', fake.stkCallbackBody(id, 0, { receipt, amount: 41 }));
    expect((await paymentOf(receipt))?.check_reason).toContain(CHECK_REASONS.differingRepeat);
  });

  it('a partner short of SMS units still gets the income; the receipt is skipped and the inbox says so', async () => {
    const poor = await newPaybill(t, '600300', 'Poor');
    await enterCredentials(poor);
    const fund = await account(poor, 'Offering');
    const id = await prompted(poor, { fund, amount: '100', phone: '0712345678' });
    const receipt = receiptNumber();
    expect(answer(await post(poor.secret, 'stk', fake.stkCallbackBody(id, 0, { receipt })))).toEqual({ status: 200, body: ACCEPTED });
    const incomes = await incomesOf(receipt);
    expect(incomes).toEqual([expect.objectContaining({ account_id: fund, receipt_send_id: null, phone: AMINA })]);
    const inbox = await t.db.selectFrom('mpesa_callbacks').select('detail').where('trans_id', '=', receipt).executeTakeFirstOrThrow();
    expect(inbox.detail).toMatch(/SMS receipt not sent \(Not enough SMS units/);
    expect((await row(poor, id)).status).toBe('paid');
  });

  it('a prompt Daraja refuses fails with its words (502) and is never sent again', async () => {
    const pushes = fake.requests.stkpush.length;
    fake.failNext('stkpush', { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' });
    const refused = await ask(grace, { fund: tithe, amount: '50', phone: '0712345678' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ status_msg: string }>().status_msg).toMatch(/^M-Pesa did not send the prompt: /);
    const list = await t.as(grace, { method: 'GET', url: '/api/v2/mpesa/express?page=1&pagesize=1' });
    expect(list.json<ListResponse<'requests', ExpressRequestRow>>().requests[0]).toMatchObject({ status: 'failed', checkoutRequestId: '', amount: '50' });
    clock = Date.now() + 3_600_000;
    await reconciler.runOnce();
    expect(fake.requests.stkpush.length).toBe(pushes + 1);
  });

  it('a prompt left sending by a server that stopped is marked failed after five minutes, never re-sent; one waiting a day is given up', async () => {
    const pushes = fake.requests.stkpush.length;
    const old = new Date(Date.now() - 6 * 60_000);
    const { id } = await t.db
      .insertInto('mpesa_express_requests')
      .values({ tenant_id: grace.id, account_id: tithe, amount: '10', phone: '254712345678', origin: 'staff', created_at: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    const waiting = await t.db
      .insertInto('mpesa_express_requests')
      .values({
        tenant_id: grace.id,
        account_id: tithe,
        amount: '10',
        phone: '254712345678',
        origin: 'staff',
        status: 'waiting',
        checkout_request_id: `ws_CO_OLD${Date.now()}`,
        prompted_at: new Date(Date.now() - 25 * 3_600_000),
        next_query_at: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    clock = Date.now();
    expect(await reconciler.runOnce()).toMatchObject({ abandoned: 1, givenUp: 1 });
    const rows = await t.db.selectFrom('mpesa_express_requests').select(['id', 'status', 'result_desc']).where('id', 'in', [id, waiting.id]).orderBy('id').execute();
    expect(rows).toEqual([
      { id, status: 'failed', result_desc: SENDING_STOPPED },
      { id: waiting.id, status: 'failed', result_desc: GAVE_UP },
    ]);
    expect(fake.requests.stkpush.length).toBe(pushes);
  });

  it('checks the fund, the amount, the phone and the contact', async () => {
    const otherFund = await account(other, 'Their Tithe');
    const otherContact = await contact(other, 'Baraka', '0722000111');
    expectFailure(await ask(grace, { fund: otherFund, amount: '100', phone: '0712345678' }), 400, INCOME_ACCOUNT_REFUSED);
    expectFailure(await ask(grace, { fund: tithe, amount: '100.50', phone: '0712345678' }), 400, AMOUNT_NOT_WHOLE);
    expectFailure(await ask(grace, { fund: tithe, amount: '250001', phone: '0712345678' }), 400, amountOutside('1', '250000'));
    expectFailure(await ask(grace, { fund: tithe, amount: '0', phone: '0712345678' }), 400, amountOutside('1', '250000'));
    expectFailure(await ask(grace, { fund: tithe, amount: '100', phone: '+256772123456' }), 400, PHONE_REFUSED);
    expectFailure(await ask(grace, { fund: tithe, amount: '100', phone: '' }), 400, PHONE_REFUSED);
    expectFailure(await ask(grace, { fund: tithe, amount: '100', phone: '', memberId: otherContact }), 400, CONTACT_CHOICE_INVALID);
    // Other partners' prompts are not found.
    const theirs = await prompted(other, { fund: otherFund, amount: '100', phone: '0712345678' });
    expectFailure(await t.as(grace, { method: 'GET', url: `/api/v2/mpesa/express/${theirs}` }), 404, REQUEST_NOT_FOUND);
    expect((await row(other, theirs)).status).toBe('waiting');
  });

  it('lists the partner’s prompts, newest first', async () => {
    const first = await prompted(grace, { fund: tithe, amount: '11', phone: '0712345678' });
    const second = await prompted(grace, { fund: tithe, amount: '12', phone: '0712345678' });
    const response = await t.as(grace, { method: 'GET', url: '/api/v2/mpesa/express?page=1&pagesize=2' });
    expect(response.statusCode).toBe(200);
    const list = response.json<ListResponse<'requests', ExpressRequestRow>>();
    expect(list.requests.map((request) => request.checkoutRequestId)).toEqual([second, first]);
    expect(list.total).toBeGreaterThan(2);
  });
});
