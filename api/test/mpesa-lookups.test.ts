import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { AllocationResult, ErrorBody, ListResponse, LoginResponse, LookupRow, OnlineTransaction, Role } from '@ushirika/shared/contract';
import { ALLOCATE_PATH, LOOKUPS_PATH, noPermissionText, UNALLOCATED_TRANSACTIONS_PATH } from '@ushirika/shared/contract';
import type { AppConfig } from '../src/app';
import { replayCallbacks } from '../src/finance/mpesa/inbox';
import { LOOKUP_TEXTS } from '../src/finance/mpesa/lookups/lookups';
import { judgeStatusResult, LOOKUP_WORDS, readStatusResult } from '../src/finance/mpesa/lookups/status-result';
import { parseCallbackJson } from '../src/finance/mpesa/daraja';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, fakeDarajaApp, newPaybill, saveMpesaSetup, useFakeDaraja, type Paybill } from './support/daraja';
import { expectFailure } from './support/expect';
import { receiptNumber, type FakeDaraja } from './support/fake-daraja';

/**
 * Looking up a payment a member reports by its M-Pesa code (issue 29.4): Daraja's Transaction Status API asked (the
 * fake Daraja server), its result callback sent by the test as Safaricom would (late, twice, for another paybill,
 * timed out), and what the treasurer then sees: the look-up and the payment waiting to be allocated.
 */

const PUBLIC_URL = 'https://ushirika.example.org';
const PREFIX = '/api/v2/c2b';
const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' };

describe('a Transaction Status result', () => {
  const read = (body: unknown) => {
    const reading = readStatusResult(parseCallbackJson(JSON.stringify(body)));
    if (!reading.ok) throw new Error(reading.reason);
    return reading.result;
  };
  const lookup = { transId: 'TK60708BHZ', shortCodes: ['600100'], receivedAt: new Date('2026-03-01T07:00:00Z') };

  it('is read by Key, never by position: any order, a repeated Key, a single parameter, numbers as written', () => {
    const result = read({
      Result: {
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: '10571-7910404-1',
        ResultParameters: {
          ResultParameter: [
            { Key: 'Amount', Value: 750.5 },
            { Key: 'ReceiptNo', Value: 'tk60708bhz' },
            { Key: 'TransactionReason' },
            { Key: 'CreditPartyName', Value: '600100 - Grace Community Church' },
            { Key: 'CreditPartyName', Value: '999999 - Someone Else' },
            { Key: 'InitiatedTime', Value: 20260301103000 },
            { Key: 'DebitPartyName', Value: '2547 ***** 126 - Amina Wanjiru' },
          ],
        },
      },
    });
    expect(judgeStatusResult(result, lookup)).toEqual({
      kind: 'payment',
      payment: {
        transId: 'TK60708BHZ',
        amount: '750.5',
        transTime: new Date('2026-03-01T07:30:00Z'),
        shortCode: '600100',
        msisdn: '2547 ***** 126',
        firstName: 'Amina',
        middleName: '',
        lastName: 'Wanjiru',
        checks: [],
      },
    });
    const single = read({
      Result: { ResultCode: 0, OriginatorConversationID: 'x-1', ResultParameters: { ResultParameter: { Key: 'CreditPartyName', Value: '700700 - Other' } } },
    });
    expect(judgeStatusResult(single, lookup)).toEqual({ kind: 'not-found', words: LOOKUP_WORDS.notYours });
  });

  it('is not a payment of the partner when M-Pesa says it was not completed, or answers about another code', () => {
    const judged = (parameters: Record<string, string>) =>
      judgeStatusResult(
        read({
          Result: {
            ResultCode: 0,
            OriginatorConversationID: 'x-2',
            ResultParameters: { ResultParameter: Object.entries(parameters).map(([Key, Value]) => ({ Key, Value })) },
          },
        }),
        lookup,
      );
    const paid = '600100 - Grace';
    expect(judged({ TransactionStatus: 'Reversed', CreditPartyName: paid })).toEqual({ kind: 'not-found', words: LOOKUP_WORDS.notCompleted('Reversed') });
    expect(judged({ ReceiptNo: 'OTHER12345', CreditPartyName: paid })).toEqual({ kind: 'failed', words: LOOKUP_WORDS.otherReceipt });
    expect(judged({ CreditPartyName: paid, Amount: 'many' })).toEqual({ kind: 'failed', words: LOOKUP_WORDS.noAmount, hold: true });
    expect(judged({ Amount: '750' })).toEqual({ kind: 'failed', words: LOOKUP_WORDS.noCreditParty, hold: true });
  });

  it('names whose look-up it is, or is refused', () => {
    expect(readStatusResult({ Result: { ResultCode: 0 } })).toEqual({ ok: false, reason: expect.stringContaining('OriginatorConversationID') });
    expect(readStatusResult([])).toEqual({ ok: false, reason: 'the body is not a JSON object' });
  });
});

describe.each(testDatabases)('M-Pesa look-ups on %s', (_name, database) => {
  const config: Partial<AppConfig> = { publicUrl: PUBLIC_URL };
  const daraja = useFakeDaraja(config);
  const testApp = useTestApp(database, config);
  let fake: FakeDaraja;
  beforeAll(() => (fake = daraja.fake));

  let t: TestApp;
  let grace: Paybill;
  let other: Paybill;

  /** A colleague of the tenant's owner with only `role`, signed in. */
  let staffCounter = 0;
  async function staffWith(tenant: Tenant, role: Role): Promise<Tenant> {
    staffCounter += 1;
    const email = `lookups.${role}.${staffCounter}.${Date.now()}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'Staff', lastName: role, roles: [role] });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };
  }

  /** The partner's Daraja app at the fake, as its owner enters it in Settings → M-Pesa (no initiator: `initiator: ''`). */
  async function enterCredentials(paybill: Paybill, initiator = 'testapi'): Promise<void> {
    await saveMpesaSetup(t, paybill, {
      ...fakeDarajaApp(paybill.shortCode),
      initiator,
      securityCredential: initiator === '' ? '' : 'sealed-initiator-password',
    });
  }

  beforeAll(async () => {
    t = testApp();
    grace = await newPaybill(t, '600100', 'Grace');
    other = await newPaybill(t, '600200', 'Other');
    await enterCredentials(grace);
    await enterCredentials(other);
  });

  beforeEach(() => fake.reset());

  const lookUp = (who: Tenant, transId: string) => t.as(who, { method: 'POST', url: `/api/v2/${LOOKUPS_PATH}`, payload: { transId } });
  const lookups = async (who: Tenant) => {
    const response = await t.as(who, { method: 'GET', url: `/api/v2/${LOOKUPS_PATH}?page=1&pagesize=100` });
    expect(response.statusCode).toBe(200);
    return response.json<ListResponse<'lookups', LookupRow>>();
  };
  const lookupOf = async (who: Tenant, id: number) => (await lookups(who)).lookups.find((lookup) => lookup.id === id);
  const waitingFor = async (who: Paybill, transId: string) => {
    const response = await lookUp(who, transId);
    expect(response.statusCode).toBe(201);
    const lookup = response.json<LookupRow>();
    expect(lookup).toMatchObject({ transId, status: 'waiting', transactionId: null, settledAt: null });
    return lookup;
  };

  /** Daraja posting a Transaction Status callback to `<prefix>/<secret>/<kind>`, as Safaricom would. */
  async function deliver(secret: string, kind: 'status-result' | 'status-timeout', body: unknown) {
    const response = await t.app.inject({
      method: 'POST',
      url: `${PREFIX}/${secret}/${kind}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  }

  const paymentsOf = (tenantId: number, transId: string) =>
    t.db
      .selectFrom('online_transactions')
      .select(['id', 'origin', 'account_id', 'callback_id'])
      .where('tenant_id', '=', tenantId)
      .where('trans_id', '=', transId)
      .execute();
  const eventsOf = (tenantId: number, lookupId: number) =>
    t.db
      .selectFrom('activity_events')
      .select(['action', 'actor_type', 'details'])
      .where('tenant_id', '=', tenantId)
      .where('entity', '=', 'mpesa_lookup')
      .where('entity_id', '=', String(lookupId))
      .orderBy('id')
      .execute();

  it('answers a code already in the M-Pesa list at once, without asking Safaricom', async () => {
    const transId = receiptNumber();
    const confirmation = await t.app.inject({
      method: 'POST',
      url: `${PREFIX}/${grace.secret}/confirmation`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(darajaPayment({ TransID: transId, BusinessShortCode: grace.shortCode })),
    });
    expect(confirmation.statusCode).toBe(200);
    const [payment] = await paymentsOf(grace.id, transId);

    // Typed as the member read it out: lower case, with spaces around.
    const response = await lookUp(grace, ` ${transId.toLowerCase()} `);
    expect(response.statusCode).toBe(201);
    const lookup = response.json<LookupRow>();
    expect(lookup).toMatchObject({ transId, status: 'found', transactionId: payment!.id, resultDesc: LOOKUP_TEXTS.stored });
    expect(lookup.settledAt).not.toBeNull();
    expect(fake.requests.transactionstatus).toHaveLength(0);
    expect(await eventsOf(grace.id, lookup.id)).toEqual([{ action: 'look_up', actor_type: 'staff', details: { status: 'found' } }]);
  });

  it('asks Safaricom, and its result stores the payment for a person to allocate, once however often it comes', async () => {
    const transId = receiptNumber();
    const lookup = await waitingFor(grace, transId);
    const [asked] = fake.requests.transactionstatus;
    expect(asked!.body).toMatchObject({
      Initiator: 'testapi',
      CommandID: 'TransactionStatusQuery',
      TransactionID: transId,
      PartyA: grace.shortCode,
      IdentifierType: '4',
      ResultURL: `${PUBLIC_URL}${PREFIX}/${grace.secret}/status-result`,
      QueueTimeOutURL: `${PUBLIC_URL}${PREFIX}/${grace.secret}/status-timeout`,
    });
    // Nothing is stored until Safaricom answers.
    expect(await paymentsOf(grace.id, transId)).toEqual([]);

    const result = fake.statusResultBody(transId, { amount: 1200, debitPartyName: '254712345678 - Amina W Wanjiru' });
    expect(await deliver(grace.secret, 'status-result', result)).toEqual({ status: 200, body: ACCEPTED });

    const payments = await paymentsOf(grace.id, transId);
    expect(payments).toEqual([expect.objectContaining({ origin: 'status', account_id: null })]);
    const found = await lookupOf(grace, lookup.id);
    expect(found).toMatchObject({ status: 'found', transactionId: payments[0]!.id });
    expect(found!.settledAt).not.toBeNull();

    // On the M-Pesa screen, waiting for an account like any C2B payment.
    const waiting = await t.as(grace, { method: 'GET', url: `/api/v2/${UNALLOCATED_TRANSACTIONS_PATH}?searchKey=${transId}` });
    expect(waiting.json<ListResponse<'transactions', OnlineTransaction>>().transactions).toEqual([
      expect.objectContaining({ trxnid: transId, amount: '1200.00', sender: 'Amina W Wanjiru', msisdn: '254712345678', AccountId: null, checkReason: null }),
    ]);

    // A treasurer allocates it as any other: one income with the receipt number.
    const { id: tithe } = await t.db
      .insertInto('accounts')
      .values({ tenant_id: grace.id, name: 'Tithe', type: 'CR', parent_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const allocated = await t.as(grace, { method: 'POST', url: `/api/v2/${ALLOCATE_PATH}`, payload: { account: tithe, selectedRecords: String(payments[0]!.id) } });
    expect(allocated.json<AllocationResult>()).toMatchObject({ allocated: 1 });
    const [income] = await t.db
      .selectFrom('incomes')
      .select(['amount', 'reference', 'mode'])
      .where('id', '=', allocated.json<AllocationResult>().incomeIds[0]!)
      .execute();
    expect(income).toMatchObject({ reference: transId, mode: 'M-PESA' });
    expect(Number(income!.amount)).toBe(1200);

    // Safaricom sends it again: answered alike, still one payment, the look-up unchanged.
    expect(await deliver(grace.secret, 'status-result', result)).toEqual({ status: 200, body: ACCEPTED });
    expect(await paymentsOf(grace.id, transId)).toHaveLength(1);
    expect(await lookupOf(grace, lookup.id)).toEqual(found);
    expect(await eventsOf(grace.id, lookup.id)).toEqual([
      { action: 'look_up', actor_type: 'staff', details: { status: 'waiting' } },
      { action: 'receive', actor_type: 'mpesa', details: { kind: 'status-result', outcome: 'accepted', status: 'found' } },
      { action: 'receive', actor_type: 'mpesa', details: { kind: 'status-result', outcome: 'duplicate', status: 'found' } },
    ]);
  });

  it('links a payment that arrived by its C2B confirmation while the look-up waited', async () => {
    const transId = receiptNumber();
    const lookup = await waitingFor(grace, transId);
    await t.app.inject({
      method: 'POST',
      url: `${PREFIX}/${grace.secret}/confirmation`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(darajaPayment({ TransID: transId, BusinessShortCode: grace.shortCode })),
    });
    expect(await deliver(grace.secret, 'status-result', fake.statusResultBody(transId))).toEqual({ status: 200, body: ACCEPTED });
    const payments = await paymentsOf(grace.id, transId);
    expect(payments).toEqual([expect.objectContaining({ origin: 'c2b' })]);
    expect(await lookupOf(grace, lookup.id)).toMatchObject({ status: 'found', transactionId: payments[0]!.id });
  });

  it('records nothing for a payment to another paybill, and says so', async () => {
    const transId = receiptNumber();
    const lookup = await waitingFor(grace, transId);
    const result = fake.statusResultBody(transId, { creditPartyName: '700700 - Another Church' });
    expect(await deliver(grace.secret, 'status-result', result)).toEqual({ status: 200, body: ACCEPTED });
    expect(await lookupOf(grace, lookup.id)).toMatchObject({ status: 'not-found', resultDesc: 'This payment was not made to your paybill or till', transactionId: null });
    expect(await paymentsOf(grace.id, transId)).toEqual([]);
  });

  it('says not-found when Safaricom knows no such payment, and failed with its words when it could not look', async () => {
    const unknown = await waitingFor(grace, receiptNumber());
    expect(await deliver(grace.secret, 'status-result', fake.statusResultBody(unknown.transId, { resultCode: 2032 }))).toEqual({ status: 200, body: ACCEPTED });
    expect(await lookupOf(grace, unknown.id)).toMatchObject({ status: 'not-found', resultDesc: 'The transaction could not be found', transactionId: null });

    const refused = await waitingFor(grace, receiptNumber());
    expect(await deliver(grace.secret, 'status-result', fake.statusResultBody(refused.transId, { resultCode: 2001 }))).toEqual({ status: 200, body: ACCEPTED });
    expect(await lookupOf(grace, refused.id)).toMatchObject({ status: 'failed', resultDesc: 'The initiator information is invalid.' });
  });

  it('fails a look-up Safaricom timed out, and still records the payment when its result comes after all', async () => {
    const transId = receiptNumber();
    const lookup = await waitingFor(grace, transId);
    const result = fake.statusResultBody(transId);
    const timeout = { Result: { ...result.Result, ResultCode: 1, ResultDesc: 'The request timed out in the queue', ResultParameters: undefined } };
    expect(await deliver(grace.secret, 'status-timeout', timeout)).toEqual({ status: 200, body: ACCEPTED });
    expect(await lookupOf(grace, lookup.id)).toMatchObject({ status: 'failed', resultDesc: 'Safaricom did not answer in time; try again later' });
    // The time-out again changes nothing.
    expect(await deliver(grace.secret, 'status-timeout', timeout)).toEqual({ status: 200, body: ACCEPTED });
    expect(await lookupOf(grace, lookup.id)).toMatchObject({ status: 'failed', resultDesc: LOOKUP_WORDS.timedOut });

    expect(await deliver(grace.secret, 'status-result', result)).toEqual({ status: 200, body: ACCEPTED });
    expect(await lookupOf(grace, lookup.id)).toMatchObject({ status: 'found' });
    expect(await paymentsOf(grace.id, transId)).toHaveLength(1);
  });

  it("refuses a result for another partner's look-up, and lists each partner's look-ups only", async () => {
    const transId = receiptNumber();
    const lookup = await waitingFor(grace, transId);
    const answer = await deliver(other.secret, 'status-result', fake.statusResultBody(transId, { creditPartyName: `${other.shortCode} - Other` }));
    expect(answer.status).toBe(400);
    expect(await lookupOf(grace, lookup.id)).toMatchObject({ status: 'waiting' });
    expect(await paymentsOf(other.id, transId)).toEqual([]);

    const mine = await waitingFor(other, receiptNumber());
    const othersList = await lookups(other);
    expect(othersList.lookups.map((row) => row.id)).toEqual([mine.id]);
    expect(othersList.total).toBe(1);
    expect((await lookups(grace)).lookups.map((row) => row.id)).toContain(lookup.id);
    expect((await lookups(grace)).lookups.map((row) => row.id)).not.toContain(mine.id);
  });

  it('lists look-ups newest first', async () => {
    const first = await waitingFor(grace, receiptNumber());
    const second = await waitingFor(grace, receiptNumber());
    const ids = (await lookups(grace)).lookups.map((row) => row.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it('holds a result that overtook its look-up, and records it when replayed', async () => {
    const transId = receiptNumber();
    const lookup = await waitingFor(grace, transId);
    const result = fake.statusResultBody(transId);
    // As if the result came before the look-up stored Daraja's answer (its conversation id).
    await t.db.updateTable('mpesa_lookups').set({ originator_conversation_id: null }).where('id', '=', String(lookup.id)).execute();
    expect(await deliver(grace.secret, 'status-result', result)).toEqual({ status: 200, body: ACCEPTED });
    const held = await t.db
      .selectFrom('mpesa_callbacks')
      .select([sql<string>`id::text`.as('id'), 'outcome'])
      .where('tenant_id', '=', grace.id)
      .where('kind', '=', 'status-result')
      .where('body', 'like', `%${result.Result.OriginatorConversationID}%`)
      .executeTakeFirstOrThrow();
    expect(held.outcome).toBe('held');
    expect(await paymentsOf(grace.id, transId)).toEqual([]);

    await t.db.updateTable('mpesa_lookups').set({ originator_conversation_id: result.Result.OriginatorConversationID }).where('id', '=', String(lookup.id)).execute();
    expect(await replayCallbacks(t.db, { id: held.id })).toEqual([expect.objectContaining({ outcome: 'accepted' })]);
    expect(await lookupOf(grace, lookup.id)).toMatchObject({ status: 'found' });
    expect(await paymentsOf(grace.id, transId)).toHaveLength(1);
  });

  it("answers Daraja's refusal with its words, the look-up stored failed", async () => {
    fake.failNext('transactionstatus', { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Initiator' });
    const transId = receiptNumber();
    const response = await lookUp(grace, transId);
    expect(response.statusCode).toBe(502);
    const words = response.json<ErrorBody>().status_msg;
    expect(words).not.toBe('');
    const [stored] = (await lookups(grace)).lookups.filter((row) => row.transId === transId);
    expect(stored).toMatchObject({ status: 'failed', resultDesc: words });
  });

  it('refuses what is no M-Pesa code, and says what to set before asking Safaricom', async () => {
    const before = (await lookups(grace)).total;
    for (const bad of ['', 'TK-6070', 'X'.repeat(41)]) expectFailure(await lookUp(grace, bad), 400, LOOKUP_TEXTS.badCode);
    expect((await lookups(grace)).total).toBe(before);

    const noPaybill = await t.newTenant('No paybill');
    expectFailure(await lookUp(noPaybill, receiptNumber()), 409, LOOKUP_TEXTS.noPaybill);

    const noInitiator = await newPaybill(t, '600300', 'No initiator');
    await enterCredentials(noInitiator, '');
    expectFailure(await lookUp(noInitiator, receiptNumber()), 409, LOOKUP_TEXTS.noInitiator);
    expect(fake.requests.transactionstatus).toHaveLength(0);
    expect((await lookups(noInitiator)).total).toBe(0);
  });

  it('is for those who allocate M-Pesa payments: a secretary is refused', async () => {
    const secretary = await staffWith(grace, 'secretary');
    const refused = (response: LightMyRequestResponse) => expectFailure(response, 403, noPermissionText('finance.allocate'));
    refused(await lookUp(secretary, receiptNumber()));
    refused(await t.as(secretary, { method: 'GET', url: `/api/v2/${LOOKUPS_PATH}` }));
    const clerk = await staffWith(grace, 'finance_clerk');
    expect((await lookUp(clerk, receiptNumber())).statusCode).toBe(201);
  });
});
