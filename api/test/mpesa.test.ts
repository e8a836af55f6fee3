import type { LightMyRequestResponse } from 'fastify';
import type { AllocationResult, BillRefRule, ListResponse, OnlineTransaction } from '@ushirika/shared/contract';
import { buildApp } from '../src/app';
import { isUniqueViolation } from '../src/db/errors';
import type { AccountType } from '../src/db/schema';
import { INCOME_ACCOUNT_REFUSED } from '../src/finance/ledger-records';
import { ALLOCATION_CONFLICT } from '../src/finance/mpesa/allocation';
import { RULE_DUPLICATE, RULE_NOT_FOUND } from '../src/finance/mpesa/bill-ref-rules';
import { formatTransTime, parseTransTime } from '../src/finance/mpesa/daraja';
import * as inbox from '../src/finance/mpesa/inbox';
import { MPESA_CALLBACK_SECRET, newCallbackSecret } from '../src/partners/queries';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { darajaPayment, newPaybill, type Paybill } from './support/daraja';
import { expectFailure } from './support/expect';

/** Safaricom Daraja C2B callbacks, the payments lists, allocation and BillRefNumber rules (issue 9). */

const PREFIX = '/api/v2/c2b';
const SUCCESS = { ResultCode: 0, ResultDesc: 'Success' };
const ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' };
const REFUSED = { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };

let counter = 0;
const transId = () => `TK${String((counter += 1)).padStart(8, '0')}`;

/** A Daraja body for `shortCode`, overridden by `fields`. */
const payment = (shortCode: string, fields: Record<string, unknown> = {}) => darajaPayment({ TransID: transId(), BusinessShortCode: shortCode, ...fields });

describe('TransTime', () => {
  it('is read in East Africa Time and refuses what is no time', () => {
    expect(parseTransTime('20260301013000')?.toISOString()).toBe('2026-02-28T22:30:00.000Z');
    expect(formatTransTime(new Date('2026-02-28T22:30:00Z'))).toBe('20260301013000');
    for (const bad of ['20261301103000', '20260230103000', '2026030110300', '20260301246000', 'abcd']) expect(parseTransTime(bad)).toBeNull();
  });

  it('set-mpesa generates 32 URL-safe characters', () => {
    const secret = newCallbackSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(MPESA_CALLBACK_SECRET.test(secret)).toBe(true);
    expect(newCallbackSecret()).not.toBe(secret);
  });
});

describe.each(bothDatabases)('M-Pesa C2B on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let grace: Paybill;
  let other: Paybill;
  let tithe: number;
  let offering: number;
  let rent: number;
  let otherIncome: number;

  async function account(tenant: Tenant, name: string, type: AccountType = 'CR'): Promise<number> {
    const { id } = await t.db.insertInto('accounts').values({ tenant_id: tenant.id, name, type, parent_id: null }).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  beforeAll(async () => {
    t = testApp();
    grace = await newPaybill(t, '600100');
    other = await newPaybill(t, '600200');
    tithe = await account(grace, 'Tithe');
    offering = await account(grace, 'Offering');
    rent = await account(grace, 'Rent', 'DR');
    otherIncome = await account(other, 'Other Tithe');
  });

  const callback = (kind: 'validation' | 'confirmation', secret: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${PREFIX}/${secret}/${kind}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const confirm = (who: Paybill, fields: Record<string, unknown> = {}) => callback('confirmation', who.secret, payment(who.shortCode, fields));
  const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json<unknown>() });
  const inboxRows = (trans: string) =>
    t.db.selectFrom('mpesa_callbacks').select(['kind', 'tenant_id', 'outcome', 'body', 'detail']).where('trans_id', '=', trans).orderBy('id').execute();
  const latestInbox = () => t.db.selectFrom('mpesa_callbacks').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const transactions = (tenant: Tenant, transIdValue: string) =>
    t.db.selectFrom('online_transactions').selectAll().where('tenant_id', '=', tenant.id).where('trans_id', '=', transIdValue).execute();
  /** A payment that arrived through the confirmation callback: its id. */
  async function arrived(who: Paybill, fields: Record<string, unknown> = {}): Promise<{ id: number; transId: string }> {
    const body = payment(who.shortCode, fields);
    expect(answer(await callback('confirmation', who.secret, body))).toEqual({ status: 200, body: SUCCESS });
    const [row] = await transactions(who, body.TransID as string);
    return { id: row!.id, transId: row!.trans_id };
  }
  const get = async <T>(who: Tenant, url: string) => {
    const response = await t.as(who, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const allocate = (who: Tenant, accountId: number, ids: number[]) =>
    t.as(who, { method: 'POST', url: '/api/v2/allocateaccounts', payload: { account: accountId, selectedRecords: ids.join(',') } });

  describe('callbacks', () => {
    it('stores a confirmation once per TransID and answers Success to the repeat too, keeping both raw bodies', async () => {
      const body = payment(grace.shortCode, { TransAmount: '1250.50' });
      const raw = JSON.stringify(body);
      expect(answer(await callback('confirmation', grace.secret, raw))).toEqual({ status: 200, body: SUCCESS });
      expect(answer(await callback('confirmation', grace.secret, raw))).toEqual({ status: 200, body: SUCCESS });

      const stored = await transactions(grace, body.TransID);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ amount: '1250.50', short_code: '600100', bill_ref: 'OFFERING', msisdn: '254712345678', account_id: null, income_id: null });
      expect(stored[0]!.trans_time.toISOString()).toBe('2026-03-01T07:30:00.000Z');
      expect(await inboxRows(body.TransID)).toEqual([
        { kind: 'confirmation', tenant_id: grace.id, outcome: 'accepted', body: raw, detail: null },
        { kind: 'confirmation', tenant_id: grace.id, outcome: 'duplicate', body: raw, detail: 'this TransID is stored already' },
      ]);
    });

    it('refuses an unknown secret, a body that is not JSON or not a payment, and one too large, in Daraja format, keeping what came', async () => {
      // Anyone's: its time, address and size are kept, not its body (mpesa-inbox-limits.test.ts).
      expect(answer(await callback('confirmation', 'no-such-secret-at-all', payment(grace.shortCode)))).toEqual({ status: 400, body: REFUSED });
      expect(await latestInbox()).toMatchObject({ kind: 'confirmation', tenant_id: null, outcome: 'unknown-partner', body: '' });

      expect(answer(await callback('confirmation', grace.secret, '{"TransID": "TK1", oops'))).toEqual({ status: 400, body: REFUSED });
      expect(await latestInbox()).toMatchObject({ tenant_id: grace.id, outcome: 'malformed', body: '{"TransID": "TK1", oops', detail: 'the body is not JSON' });

      // Any content type is read as text and stored.
      expect(answer(await callback('validation', grace.secret, 'TransID=TK1', { 'content-type': 'application/x-www-form-urlencoded' }))).toEqual({
        status: 400,
        body: REFUSED,
      });
      expect(await latestInbox()).toMatchObject({ kind: 'validation', outcome: 'malformed', body: 'TransID=TK1' });

      for (const [fields, detail] of [
        [{ TransID: '' }, 'TransID is missing or not 1 to 40 letters and digits'],
        [{ TransAmount: '-5' }, "TransAmount is not an amount as M-Pesa writes it: digits with at most two decimals, above 0, within the income form's maximum"],
      ] as const) {
        // The partner's payment, but nothing to store it with: held for a person (mpesa-confirmation-checks.test.ts).
        expect(answer(await confirm(grace, fields))).toEqual({ status: 400, body: REFUSED });
        expect(await latestInbox()).toMatchObject({ outcome: 'held', detail });
      }
      for (const [fields, detail] of [
        [{ BusinessShortCode: '' }, 'BusinessShortCode is missing or not 5 to 7 digits'],
        [{ FirstName: { first: 'x' } }, 'FirstName is not text'],
        [{ TransTime: '2026-03-01 10:30' }, 'TransTime is missing or not a YYYYMMDDHHmmss time'],
      ] as const) {
        const body = payment(grace.shortCode, fields);
        const kind = 'BusinessShortCode' in fields ? 'confirmation' : 'validation';
        expect(answer(await callback(kind, grace.secret, body))).toEqual({ status: 400, body: REFUSED });
        expect(await latestInbox()).toMatchObject({ kind, outcome: 'malformed', detail });
      }
      expect(answer(await callback('confirmation', grace.secret, '[1,2]'))).toEqual({ status: 400, body: REFUSED });

      const large = JSON.stringify(payment(grace.shortCode, { InvoiceNumber: 'x'.repeat(17 * 1024) }));
      expect(answer(await callback('confirmation', grace.secret, large))).toEqual({ status: 400, body: REFUSED });
      expect(await latestInbox()).toMatchObject({ kind: 'confirmation', outcome: 'malformed', body: '', detail: expect.stringContaining('BODY_TOO_LARGE') });
    });

    it("refuses the validation of a payment to another short code than the partner's, and stores its confirmation flagged", async () => {
      const body = payment('600999');
      expect(answer(await callback('validation', grace.secret, body))).toEqual({ status: 400, body: REFUSED });
      expect(await inboxRows(body.TransID)).toEqual([
        expect.objectContaining({ kind: 'validation', outcome: 'rejected', detail: "BusinessShortCode 600999 is not one of the partner's (600100)" }),
      ]);
      // The money has moved: kept for a person (api/test/mpesa-short-codes.test.ts).
      expect(answer(await callback('confirmation', grace.secret, body))).toEqual({ status: 200, body: SUCCESS });
      expect(await transactions(grace, body.TransID)).toEqual([expect.objectContaining({ check_reason: "BusinessShortCode is not one of the partner's short codes" })]);
    });

    it('validates: accepts a payment, rejects an amount not above 0 (C2B00013), no MSISDN (C2B00011), a long account (C2B00012)', async () => {
      expect(answer(await callback('validation', grace.secret, payment(grace.shortCode)))).toEqual({ status: 200, body: ACCEPTED });
      // A JSON number for the amount and the short code is read as its text.
      expect(answer(await callback('validation', grace.secret, payment(grace.shortCode, { TransAmount: 20, BusinessShortCode: 600100 })))).toEqual({
        status: 200,
        body: ACCEPTED,
      });
      for (const [fields, code] of [
        [{ TransAmount: '0.00' }, 'C2B00013'],
        [{ TransAmount: '10.005' }, 'C2B00013'],
        [{ TransAmount: 'ten' }, 'C2B00013'],
        [{ MSISDN: '' }, 'C2B00011'],
        [{ BillRefNumber: 'B'.repeat(101) }, 'C2B00012'],
      ] as const) {
        const body = payment(grace.shortCode, fields);
        expect(answer(await callback('validation', grace.secret, body))).toEqual({ status: 200, body: { ResultCode: code, ResultDesc: 'Rejected' } });
        expect(await inboxRows(body.TransID)).toEqual([expect.objectContaining({ kind: 'validation', outcome: 'rejected' })]);
        expect(await transactions(grace, body.TransID)).toEqual([]);
      }
    });

    it('answers Success to a confirmation whose processing failed, keeps it as failed, and a replay stores the payment', async () => {
      const body = payment(grace.shortCode);
      jest.spyOn(inbox, 'processCallback').mockRejectedValueOnce(new Error('connection lost'));
      expect(answer(await callback('confirmation', grace.secret, body))).toEqual({ status: 200, body: SUCCESS });
      expect(await latestInbox()).toMatchObject({ tenant_id: grace.id, outcome: 'failed', detail: 'Error: connection lost' });
      expect(await transactions(grace, body.TransID)).toEqual([]);

      expect(await inbox.replayCallbacks(t.db)).toEqual([expect.objectContaining({ kind: 'confirmation', outcome: 'accepted' })]);
      expect(await transactions(grace, body.TransID)).toHaveLength(1);
    });

    it('processes again the one callback asked for (pnpm ops replay-mpesa-callbacks --callback ID)', async () => {
      const body = payment(grace.shortCode);
      const { id } = await t.db
        .insertInto('mpesa_callbacks')
        .values({ kind: 'confirmation', tenant_id: grace.id, body: JSON.stringify(body), outcome: 'failed', detail: 'Error: connection lost' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const replayed = await inbox.replayCallbacks(t.db, { id: String(id) });
      expect(replayed).toEqual([{ id: String(id), kind: 'confirmation', outcome: 'accepted', detail: null }]);
      expect(await transactions(grace, body.TransID)).toHaveLength(1);
      expect(await inbox.replayCallbacks(t.db, { id: String(id) })).toEqual([expect.objectContaining({ outcome: 'duplicate' })]);
    });
  });

  describe('payments lists', () => {
    it("lists the partner's payments latest first, all or the unallocated, and searches TransID, names, number and account", async () => {
      const first = await arrived(grace, {
        TransTime: '20260410090000',
        FirstName: 'Baraka',
        MiddleName: 'K',
        LastName: 'Mwangi',
        MSISDN: '254722000111',
        BillRefNumber: 'BUILDING',
      });
      const second = await arrived(grace, {
        TransTime: '20260411090000',
        FirstName: 'Chebet',
        MiddleName: '',
        LastName: 'Koech',
        MSISDN: '254733000222',
        TransAmount: '20',
      });
      await arrived(other, { TransTime: '20260412090000', FirstName: 'Baraka', MSISDN: '254722000111', BillRefNumber: 'BUILDING' });

      const unallocated = await get<ListResponse<'transactions', OnlineTransaction>>(grace, '/api/v2/onlinetrans/0?startdate=2026-04-10&enddate=2026-04-11');
      expect(unallocated).toEqual({
        transactions: [
          {
            id: second.id,
            sender: 'Chebet Koech',
            msisdn: '254733000222',
            amount: '20.00',
            trxnid: second.transId,
            trxTime: '2026-04-11T06:00:00.000Z',
            billRef: 'OFFERING',
            AccountId: null,
            Account: null,
            incomeId: null,
            allocatedBy: null,
            checkReason: null,
          },
          expect.objectContaining({ id: first.id, sender: 'Baraka K Mwangi', billRef: 'BUILDING' }),
        ],
        total: 2,
      });

      const search = async (text: string) =>
        (await get<ListResponse<'transactions', OnlineTransaction>>(grace, `/api/v2/onlinetrans?searchKey=${encodeURIComponent(text)}`)).transactions.map(
          (row) => row.id,
        );
      expect(await search(first.transId.toLowerCase())).toEqual([first.id]);
      expect(await search('mwangi')).toEqual([first.id]);
      expect(await search('Chebet')).toEqual([second.id]);
      expect(await search('0722 000 111')).toEqual([first.id]);
      expect(await search('733000')).toEqual([second.id]);
      // A number's start, as M-Pesa stores it (2547…, no +).
      expect(await search('0733 00')).toEqual([second.id]);
      expect(await search('+254 722')).toEqual([first.id]);
      expect(await search('building')).toEqual([first.id]);

      // The day is East Africa's: 02:00 EAT on 11 April is still 10 April in UTC.
      const early = await arrived(grace, { TransTime: '20260420020000' });
      const onDay = await get<ListResponse<'transactions', OnlineTransaction>>(grace, '/api/v2/onlinetrans?startdate=2026-04-20&enddate=2026-04-20');
      expect(onDay.transactions.map((row) => row.id)).toEqual([early.id]);
    });
  });

  describe('allocation', () => {
    it('writes one income per payment (M-PESA, reference TransID, receipt numbers in order) and takes them off the unallocated list', async () => {
      // 01:30 in Nairobi on 1 May is 30 April in UTC: the income is dated 1 May.
      const a = await arrived(grace, { TransTime: '20260501013000', TransAmount: '0.10', FirstName: 'Dorcas', MiddleName: 'Auma', LastName: '', BillRefNumber: '' });
      const b = await arrived(grace, { TransTime: '20260502100000', TransAmount: '0.20', MSISDN: 'f'.repeat(64) });
      const before = await t.db.selectFrom('partners').select('last_receipt_number').where('id', '=', grace.id).executeTakeFirstOrThrow();

      const response = await allocate(grace, tithe, [b.id, a.id]);
      expect(response.statusCode).toBe(200);
      const result = response.json<AllocationResult>();
      expect(result).toEqual({ status_msg: 'New income saved successfully!', allocated: 2, incomeIds: [expect.any(Number), expect.any(Number)] });

      const incomes = await t.db
        .selectFrom('incomes')
        .select(['id', 'receipt_number', 'first_name', 'last_name', 'phone', 'amount', 'payment_for', 'account_id', 'mode', 'reference', 'online_transaction_id'])
        .select((eb) => eb.fn<string>('to_char', [eb.ref('date_of_transaction'), eb.val('YYYY-MM-DD')]).as('date'))
        .where('tenant_id', '=', grace.id)
        .where('id', 'in', result.incomeIds)
        .orderBy('receipt_number')
        .execute();
      expect(incomes).toEqual([
        {
          id: result.incomeIds[0],
          receipt_number: before.last_receipt_number + 1,
          first_name: 'Amina',
          last_name: 'Wanjiru',
          phone: '', // a hashed MSISDN is no phone number
          amount: '0.20',
          payment_for: 'OFFERING',
          account_id: tithe,
          mode: 'M-PESA',
          reference: b.transId,
          online_transaction_id: b.id,
          date: '2026-05-02',
        },
        {
          id: result.incomeIds[1],
          receipt_number: before.last_receipt_number + 2,
          first_name: 'Dorcas',
          last_name: 'Auma',
          phone: '+254712345678',
          amount: '0.10',
          payment_for: 'M-Pesa payment',
          account_id: tithe,
          mode: 'M-PESA',
          reference: a.transId,
          online_transaction_id: a.id,
          date: '2026-05-01',
        },
      ]);

      const all = await get<ListResponse<'transactions', OnlineTransaction>>(grace, '/api/v2/onlinetrans?startdate=2026-05-01&enddate=2026-05-02');
      expect(all.transactions.map(({ id, AccountId, Account, incomeId, allocatedBy }) => ({ id, AccountId, Account, incomeId, allocatedBy }))).toEqual([
        { id: b.id, AccountId: tithe, Account: { name: 'Tithe' }, incomeId: result.incomeIds[0], allocatedBy: 'staff' },
        { id: a.id, AccountId: tithe, Account: { name: 'Tithe' }, incomeId: result.incomeIds[1], allocatedBy: 'staff' },
      ]);
      expect((await get<ListResponse<'transactions', OnlineTransaction>>(grace, '/api/v2/onlinetrans/0?startdate=2026-05-01&enddate=2026-05-02')).total).toBe(0);

      // Allocated once: again is refused, and nothing changes.
      expectFailure(await allocate(grace, offering, [a.id]), 409, ALLOCATION_CONFLICT);
    });

    it('allocates a payment once when several people submit it at the same moment', async () => {
      const { id } = await arrived(grace);
      const answers = await Promise.all([tithe, offering, tithe, offering].map((accountId) => allocate(grace, accountId, [id])));
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const incomes = await t.db.selectFrom('incomes').select(['id', 'account_id']).where('tenant_id', '=', grace.id).where('online_transaction_id', '=', id).execute();
      expect(incomes).toHaveLength(1);
      const [row] = await t.db.selectFrom('online_transactions').select(['account_id', 'income_id']).where('tenant_id', '=', grace.id).where('id', '=', id).execute();
      expect(row).toEqual({ account_id: incomes[0]!.account_id, income_id: incomes[0]!.id });

      // And the database itself refuses a second income for the payment.
      const again = t.db
        .insertInto('incomes')
        .values({
          tenant_id: grace.id,
          receipt_number: 999_999,
          first_name: 'X',
          last_name: 'Y',
          phone: '',
          amount: '1.00',
          payment_for: 'x',
          account_id: tithe,
          date_of_transaction: '2026-03-01',
          mode: 'M-PESA',
          reference: 'again',
          online_transaction_id: id,
        })
        .execute();
      expect(
        isUniqueViolation(
          await again.then(
            () => undefined,
            (error: unknown) => error,
          ),
        ),
      ).toBe(true);
    });

    it("refuses another partner's payment among the selected (nothing allocated), and another partner's or an expense account", async () => {
      const mine = await arrived(grace);
      const theirs = await arrived(other);
      expectFailure(await allocate(grace, tithe, [mine.id, theirs.id]), 409, ALLOCATION_CONFLICT);
      expectFailure(await allocate(grace, tithe, [mine.id, 999_999]), 409, ALLOCATION_CONFLICT);
      expectFailure(await allocate(grace, otherIncome, [mine.id]), 400, INCOME_ACCOUNT_REFUSED);
      expectFailure(await allocate(grace, rent, [mine.id]), 400, INCOME_ACCOUNT_REFUSED);
      expectFailure(await allocate(grace, tithe, []), 400, 'Select at least one transaction');
      for (const [who, id] of [
        [grace, mine.id],
        [other, theirs.id],
      ] as const) {
        const [row] = await t.db.selectFrom('online_transactions').select('account_id').where('tenant_id', '=', who.id).where('id', '=', id).execute();
        expect(row).toEqual({ account_id: null });
        expect(await t.db.selectFrom('incomes').select('id').where('online_transaction_id', '=', id).where('tenant_id', '=', who.id).execute()).toEqual([]);
      }
      // Another partner's payments are not in the lists either.
      const listed = await get<ListResponse<'transactions', OnlineTransaction>>(grace, `/api/v2/onlinetrans?searchKey=${theirs.transId}`);
      expect(listed.total).toBe(0);
    });
  });

  describe('BillRefNumber rules', () => {
    it("allocates a payment whose account matches a rule as it arrives, ignoring case and spaces ('tithe' = 'TI THE')", async () => {
      const created = await t.as(grace, { method: 'POST', url: '/api/v2/mpesarules', payload: { billRef: ' tithe ', account: tithe } });
      expect(created.statusCode).toBe(201);
      const { rule } = created.json<{ rule: BillRefRule }>();
      expect(rule).toMatchObject({ billRef: 'tithe', AccountId: tithe, Account: { name: 'Tithe' } });

      const { id, transId: trans } = await arrived(grace, { BillRefNumber: 'TI THE', TransAmount: '300' });
      const [row] = await t.db
        .selectFrom('online_transactions')
        .select(['account_id', 'income_id', 'allocated_by'])
        .where('tenant_id', '=', grace.id)
        .where('id', '=', id)
        .execute();
      expect(row).toMatchObject({ account_id: tithe, allocated_by: 'rule', income_id: expect.any(Number) });
      const income = await t.db
        .selectFrom('incomes')
        .select(['amount', 'mode', 'reference', 'created_by'])
        .where('tenant_id', '=', grace.id)
        .where('id', '=', row!.income_id!)
        .executeTakeFirst();
      expect(income).toEqual({ amount: '300.00', mode: 'M-PESA', reference: trans, created_by: null });
      expect(await inboxRows(trans)).toEqual([expect.objectContaining({ outcome: 'accepted', detail: `allocated by rule to account ${tithe}` })]);

      // Another partner's payments with the same account wait for a person; an account without a rule too.
      const theirs = await arrived(other, { BillRefNumber: 'TITHE' });
      expect((await transactions(other, theirs.transId))[0]).toMatchObject({ account_id: null });
      const unmatched = await arrived(grace, { BillRefNumber: 'TITHES' });
      expect((await transactions(grace, unmatched.transId))[0]).toMatchObject({ account_id: null });
    });

    it("allocates on Safaricom's repeat a payment stored before its rule could allocate it (the server died in between), once", async () => {
      const body = payment(grace.shortCode, { BillRefNumber: 'BUILDING' });
      await callback('confirmation', grace.secret, body);
      expect((await transactions(grace, body.TransID as string))[0]).toMatchObject({ income_id: null });
      const rule = await t.as(grace, { method: 'POST', url: '/api/v2/mpesarules', payload: { billRef: 'building', account: tithe } });
      expect(rule.statusCode).toBe(201);

      const repeats = await Promise.all([1, 2, 3].map(() => callback('confirmation', grace.secret, body)));
      for (const repeat of repeats) expect(answer(repeat)).toEqual({ status: 200, body: SUCCESS });
      const [row] = await transactions(grace, body.TransID as string);
      expect(row).toMatchObject({ account_id: tithe, allocated_by: 'rule', income_id: expect.any(Number) });
      const incomes = await t.db
        .selectFrom('incomes')
        .select('id')
        .where('tenant_id', '=', grace.id)
        .where('reference', '=', body.TransID as string)
        .execute();
      expect(incomes).toHaveLength(1);
      expect((await inboxRows(body.TransID as string)).map((inbox) => inbox.outcome)).toEqual(['accepted', 'duplicate', 'duplicate', 'duplicate']);
      await t.as(grace, { method: 'DELETE', url: `/api/v2/mpesarules/${rule.json<{ rule: BillRefRule }>().rule.id}` });
    });

    it('are listed, changed and deleted by their partner only; one rule per key; income accounts only', async () => {
      const post = (who: Tenant, payload: object) => t.as(who, { method: 'POST', url: '/api/v2/mpesarules', payload });
      const created = await post(grace, { billRef: 'Building Fund', account: offering });
      expect(created.statusCode).toBe(201);
      const { rule } = created.json<{ rule: BillRefRule }>();
      expectFailure(await post(grace, { billRef: 'BUILDINGFUND', account: tithe }), 409, RULE_DUPLICATE);
      expectFailure(await post(grace, { billRef: 'RENT', account: rent }), 400, INCOME_ACCOUNT_REFUSED);
      expectFailure(await post(grace, { billRef: 'OTHER', account: otherIncome }), 400, INCOME_ACCOUNT_REFUSED);
      expectFailure(await post(grace, { billRef: '  ', account: tithe }), 400, 'Account reference is required');
      // The same key is free for another partner.
      expect((await post(other, { billRef: 'building fund', account: otherIncome })).statusCode).toBe(201);

      const list = await get<ListResponse<'rules', BillRefRule>>(grace, '/api/v2/mpesarules?searchKey=building');
      expect(list.rules.map((r) => [r.billRef, r.Account.name])).toEqual([['Building Fund', 'Offering']]);

      const changed = await t.as(grace, { method: 'PUT', url: `/api/v2/mpesarules/${rule.id}`, payload: { billRef: 'Building', account: tithe } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json<{ rule: BillRefRule }>().rule).toMatchObject({ id: rule.id, billRef: 'Building', Account: { name: 'Tithe' } });
      const key = await t.db.selectFrom('bill_ref_rules').select('bill_ref_key').where('tenant_id', '=', grace.id).where('id', '=', rule.id).executeTakeFirstOrThrow();
      expect(key.bill_ref_key).toBe('BUILDING');

      expectFailure(await t.as(other, { method: 'PUT', url: `/api/v2/mpesarules/${rule.id}`, payload: { billRef: 'X', account: otherIncome } }), 404, RULE_NOT_FOUND);
      expectFailure(await t.as(other, { method: 'DELETE', url: `/api/v2/mpesarules/${rule.id}` }), 404, RULE_NOT_FOUND);
      expect((await get<ListResponse<'rules', BillRefRule>>(other, '/api/v2/mpesarules')).rules.map((r) => r.billRef)).toEqual(['building fund']);

      const deleted = await t.as(grace, { method: 'DELETE', url: `/api/v2/mpesarules/${rule.id}` });
      expect(deleted.json()).toEqual({ status_msg: 'Rule deleted' });
      expectFailure(await t.as(grace, { method: 'DELETE', url: `/api/v2/mpesarules/${rule.id}` }), 404, RULE_NOT_FOUND);
    });
  });

  it('serves the callbacks at MPESA_CALLBACK_PREFIX, and not at the default path', async () => {
    const app = await buildApp({
      db: t.db,
      config: { jwtSecret: 'prefix-test', tokenTtlSeconds: 600, webRoot: undefined, mpesaCallbackPrefix: '/api/v2/pay' },
      logger: false,
    });
    try {
      const body = JSON.stringify(payment(grace.shortCode));
      const post = (url: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
      expect(answer(await post(`/api/v2/pay/${grace.secret}/confirmation`))).toEqual({ status: 200, body: SUCCESS });
      expect((await post(`${PREFIX}/${grace.secret}/confirmation`)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
