import { sql } from 'kysely';
import type { AllocationResult, ListResponse, OnlineTransaction } from '@ushirika/shared/contract';
import { Migrator } from 'kysely/migration';
import { migrateToLatest } from '../src/db/migrate';
import { migrationProvider } from '../src/db/migrations';
import { formatTransTime, parseCallbackJson } from '../src/finance/mpesa/daraja';
import { listCallbacks, replayCallbacks } from '../src/finance/mpesa/inbox';
import { useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, newTithingPaybill, type Paybill } from './support/daraja';
import { partnerDay } from './support/days';

/**
 * The confirmation checks what the validation and the income form check (security review, item 4): TransIDs
 * compared without case, amounts as M-Pesa writes them, dates within the app's range. A payment that fails
 * what a person can put right is stored flagged for a person (never allocated by a rule, dated by its arrival
 * when its TransTime is out of range); one whose TransID or amount cannot be read is held in the inbox.
 */

const PREFIX = '/api/v2/mpesa/c2b';
const SUCCESS = { ResultCode: 0, ResultDesc: 'Success' };
const REFUSED = { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };
const BAD_AMOUNT = "TransAmount is not an amount as M-Pesa writes it: digits with at most two decimals, above 0, within the income form's maximum";
/** Why a payment waits for a person, as the M-Pesa screen receives it (checkReason). */
const REASONS = {
  msisdn: 'MSISDN is missing',
  billRef: 'BillRefNumber is longer than 100 characters',
  transTime: 'TransTime is not a time from 1900 to 2100: the time shown is when the payment arrived',
  text: 'Some details were not text or too long and were cut: the raw callback is kept',
  sameTransId: 'Another payment has the same TransID in other letter case',
};

describe('parseCallbackJson', () => {
  it('keeps every number as the text it was written as, and refuses what JSON.parse refuses', () => {
    expect(parseCallbackJson('{"a": 1e9, "b": "1e9", "c": [1.50, -2, 0], "d": "x\\"1", "e": true, "f": null}')).toEqual({
      a: '1e9',
      b: '1e9',
      c: ['1.50', '-2', '0'],
      d: 'x"1',
      e: true,
      f: null,
    });
    for (const bad of ['{"a": 01}', '{"a": 1.}', '{"a": -}', '{"a": 1', '']) expect(() => parseCallbackJson(bad)).toThrow(SyntaxError);
  });
});

describe.each(testDatabases)('M-Pesa confirmation checks on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let grace: Paybill;
  let tithe: number;
  let counter = 0;
  const transId = () => `TC${String((counter += 1)).padStart(8, '0')}`;

  beforeAll(async () => {
    t = testApp();
    // With a rule that would allocate every TITHE payment as it arrives.
    ({ tithe, ...grace } = await newTithingPaybill(t, '600100', 'Checks'));
  });

  /** Posts `body` (an object, or raw JSON text as written) to the partner's callback. */
  const callback = async (kind: 'validation' | 'confirmation', body: object | string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${PREFIX}/${grace.secret}/${kind}`,
      headers: { 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  };
  const payment = (fields: Record<string, unknown> = {}) => darajaPayment({ TransID: transId(), BusinessShortCode: grace.shortCode, ...fields });
  const payments = (trans: string) =>
    t.db
      .selectFrom('online_transactions')
      .selectAll()
      .where('tenant_id', '=', grace.id)
      .where(sql`upper(trans_id)`, '=', trans.toUpperCase())
      .execute();
  const inboxOf = (trans: string) =>
    t.db.selectFrom('mpesa_callbacks').select(['kind', 'outcome', 'detail', 'trans_id']).where('trans_id', '=', trans.toUpperCase()).orderBy('id').execute();
  const list = async (url: string) => {
    const response = await t.as(grace, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json<ListResponse<'transactions', OnlineTransaction>>();
  };

  it('compares TransIDs without case: tkreuse01 and TKREUSE01 are one payment, stored in upper case, answered Success each time', async () => {
    for (const sent of ['tkreuse01', 'TKREUSE01', ' TkReUse01 ']) {
      expect(await callback('confirmation', payment({ TransID: sent }))).toEqual({ status: 200, body: SUCCESS });
    }
    const stored = await payments('TKREUSE01');
    expect(stored.map((row) => row.trans_id)).toEqual(['TKREUSE01']);
    expect(await inboxOf('TKREUSE01')).toEqual([
      expect.objectContaining({ outcome: 'accepted', trans_id: 'TKREUSE01' }),
      expect.objectContaining({ outcome: 'duplicate', trans_id: 'TKREUSE01' }),
      expect.objectContaining({ outcome: 'duplicate', trans_id: 'TKREUSE01' }),
    ]);
    expect((await list('/api/v2/onlinetrans?searchKey=tkreuse01')).transactions.map((row) => row.trxnid)).toEqual(['TKREUSE01']);
  });

  it("refuses in the validation (C2B00013) and holds in the confirmation an amount not written as M-Pesa writes it, or over the income form's maximum", async () => {
    // The body as written: JSON.stringify would turn the number 1e9 into 1000000000.
    const written = (fields: Record<string, unknown>, amount: string) => JSON.stringify({ ...fields, TransAmount: '@' }).replace('"@"', amount);
    for (const amount of ['1e9', '"1e9"', '1E3', '"1000000000000.00"', '"12.345"', '0', '"-1"', '"0x10"']) {
      const fields = payment();
      const raw = written(fields, amount);
      expect([amount, await callback('validation', raw)]).toEqual([amount, { status: 200, body: { ResultCode: 'C2B00013', ResultDesc: 'Rejected' } }]);
      expect([amount, await callback('confirmation', raw)]).toEqual([amount, { status: 400, body: REFUSED }]);
      expect([amount, await payments(fields.TransID)]).toEqual([amount, []]);
      expect([amount, (await inboxOf(fields.TransID)).at(-1)]).toEqual([amount, { kind: 'confirmation', outcome: 'held', detail: BAD_AMOUNT, trans_id: fields.TransID }]);
    }
    // No amount at all: the validation cannot read the payment; the confirmation holds it.
    for (const [amount, detail] of [
      ['" "', BAD_AMOUNT],
      ['{"value": 5}', 'TransAmount is not text'],
    ]) {
      const fields = payment();
      expect(await callback('confirmation', written(fields, amount!))).toEqual({ status: 400, body: REFUSED });
      expect((await inboxOf(fields.TransID)).at(-1)).toMatchObject({ outcome: 'held', detail });
    }
    // As M-Pesa writes them, as text or as a JSON number, up to the form's maximum: stored exactly.
    for (const [writtenAs, amount] of [
      ['"1250.50"', '1250.50'],
      ['20', '20.00'],
      ['1250.5', '1250.50'],
      ['"999999999999.99"', '999999999999.99'],
    ]) {
      const fields = payment();
      expect(await callback('confirmation', written(fields, writtenAs!))).toEqual({ status: 200, body: SUCCESS });
      expect((await payments(fields.TransID)).map((row) => [row.amount, row.check_reason])).toEqual([[amount, null]]);
    }
  });

  it('holds, for a person, a confirmation of the partner whose TransID cannot be read: ops list it and show its body', async () => {
    const body = payment({ TransID: 'TK-not/an id' });
    expect(await callback('confirmation', body)).toEqual({ status: 400, body: REFUSED });
    const held = await listCallbacks(t.db, { tenantId: grace.id });
    expect(held[0]).toMatchObject({
      kind: 'confirmation',
      tenantId: grace.id,
      outcome: 'held',
      transId: null,
      detail: 'TransID is missing or not 1 to 40 letters and digits',
    });
    const [one] = await listCallbacks(t.db, { id: held[0]!.id });
    expect(one!.body).toBe(JSON.stringify(body));
    // A person decides: it is never replayed with the failed ones, and replayed by its id it is held again.
    expect((await replayCallbacks(t.db, { staleAfterMs: 0 })).map((row) => row.id)).not.toContain(one!.id);
    expect(await replayCallbacks(t.db, { id: one!.id })).toEqual([{ id: one!.id, kind: 'confirmation', outcome: 'held', detail: one!.detail }]);
    expect(await t.db.selectFrom('online_transactions').select('id').where('tenant_id', '=', grace.id).where('callback_id', '=', one!.id).execute()).toEqual([]);
  });

  it('stores flagged for a person, never refused nor allocated by a rule, a payment with no MSISDN, a long BillRefNumber or a TransTime outside the app’s dates, dated by its arrival; a person allocates it', async () => {
    const before = Date.now();
    const cases = [
      { fields: { MSISDN: '', BillRefNumber: 'TITHE', TransTime: formatTransTime(new Date(before)) }, reason: REASONS.msisdn },
      { fields: { BillRefNumber: `TITHE${'E'.repeat(195)}`, TransTime: formatTransTime(new Date(before)) }, reason: REASONS.billRef },
      { fields: { TransTime: '29991231235959', BillRefNumber: 'TITHE' }, reason: REASONS.transTime },
      { fields: { TransTime: '10000101000000', BillRefNumber: 'TITHE' }, reason: REASONS.transTime },
    ];
    const bodies = cases.map(({ fields }) => payment(fields));
    for (const body of bodies) expect(await callback('confirmation', body)).toEqual({ status: 200, body: SUCCESS });
    const after = Date.now();

    // Listed on the day they arrived, waiting for a person with the reason, though their account has a rule.
    const today = await list(`/api/v2/onlinetrans/0?startdate=${partnerDay()}&enddate=${partnerDay()}&pagesize=100`);
    const listed = bodies.map((body) => today.transactions.find((row) => row.trxnid === body.TransID));
    expect(listed.map((row) => row && { AccountId: row.AccountId, checkReason: row.checkReason })).toEqual(
      cases.map(({ reason }) => ({ AccountId: null, checkReason: reason })),
    );
    expect(listed[1]!.billRef).toHaveLength(200);
    for (const row of listed.slice(2)) {
      const time = Date.parse(row!.trxTime);
      expect(time >= before - 1000 && time <= after + 1000).toBe(true);
    }
    expect((await inboxOf(bodies[0]!.TransID))[0]).toMatchObject({ outcome: 'accepted', detail: `stored for a person to check: ${REASONS.msisdn}` });

    // No TransTime at all is dated by its arrival too, and every reason is listed.
    const untimed = payment({ TransTime: '', MSISDN: '', BillRefNumber: 'tithe' });
    expect(await callback('confirmation', untimed)).toEqual({ status: 200, body: SUCCESS });
    expect((await payments(untimed.TransID)).map((row) => [row.account_id, row.check_reason])).toEqual([[null, `${REASONS.transTime}; ${REASONS.msisdn}`]]);

    // Safaricom's repeat stays one payment, still waiting for a person.
    expect(await callback('confirmation', bodies[2]!)).toEqual({ status: 200, body: SUCCESS });
    expect((await payments(bodies[2]!.TransID)).map((row) => [row.account_id, row.check_reason])).toEqual([[null, REASONS.transTime]]);

    // A person allocates them: the income is dated on a day the lists reach.
    const ids = listed.map((row) => row!.id);
    const allocated = await t.as(grace, { method: 'POST', url: '/api/v2/allocateaccounts', payload: { account: tithe, selectedRecords: ids.join(',') } });
    expect(allocated.statusCode).toBe(200);
    const incomes = await t.db
      .selectFrom('incomes')
      .select((eb) => eb.fn<string>('to_char', [eb.ref('date_of_transaction'), eb.val('YYYY-MM-DD')]).as('date'))
      .where('tenant_id', '=', grace.id)
      .where('id', 'in', allocated.json<AllocationResult>().incomeIds)
      .execute();
    expect(incomes.map((income) => income.date)).toEqual(ids.map(() => partnerDay()));
    expect(
      (await list(`/api/v2/onlinetrans?startdate=${partnerDay()}&enddate=${partnerDay()}&pagesize=100`)).transactions.find((row) => row.id === ids[0]),
    ).toMatchObject({
      AccountId: tithe,
      allocatedBy: 'staff',
      checkReason: REASONS.msisdn,
    });
  });

  it('stores, cut and flagged, a payment whose names or other details are not text or too long, instead of refusing it', async () => {
    const body = payment({ FirstName: { first: 'Amina' }, LastName: 'W'.repeat(201), InvoiceNumber: 'I'.repeat(300), BillRefNumber: 'TITHE' });
    expect(await callback('confirmation', body)).toEqual({ status: 200, body: SUCCESS });
    const [row] = await payments(body.TransID);
    expect(row).toMatchObject({ first_name: '', last_name: 'W'.repeat(100), invoice_number: 'I'.repeat(200), account_id: null, check_reason: REASONS.text });
  });

  describe('migration 0016', () => {
    it('upper-cases stored TransIDs where no other payment of the partner differs only in case, flags those that do, and empties what unknown secrets left', async () => {
      const handle = await database.open();
      try {
        const names = Object.keys(await migrationProvider.getMigrations()).sort();
        const previous = names[names.indexOf('0016_mpesa_checks') - 1]!;
        expect((await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo(previous)).error).toBeUndefined();

        const { rows } = await sql<{ id: number }>`insert into partners (name, product) values ('Old Church', 'general') returning id`.execute(handle.db);
        const partner = rows[0]!.id;
        const pay = (trans: string) => sql`
          insert into online_transactions (tenant_id, trans_id, transaction_type, trans_time, amount, short_code, bill_ref, msisdn)
          values (${partner}, ${trans}, 'Pay Bill', now(), 10, '600100', 'TITHE', '254712345678')`;
        for (const trans of ['tkreuse01', 'TKREUSE01', 'tkalone02', 'tkpair03', 'TkPair03', 'TKFINE04']) await pay(trans).execute(handle.db);
        const flood = JSON.stringify(darajaPayment({ TransID: 'TKFLOOD', BusinessShortCode: '600100', InvoiceNumber: 'x'.repeat(16_000) }));
        await sql`insert into mpesa_callbacks (kind, tenant_id, body, outcome, trans_id) values
          ('confirmation', null, ${flood}, 'unknown-partner', 'tkflood'),
          ('confirmation', ${partner}, '{}', 'accepted', 'tkalone02')`.execute(handle.db);

        expect(await migrateToLatest(handle.db)).toContain('0016_mpesa_checks');

        const stored = await sql<{ trans_id: string; check_reason: string | null }>`
          select trans_id, check_reason from online_transactions where tenant_id = ${partner} order by id`.execute(handle.db);
        expect(stored.rows).toEqual([
          { trans_id: 'tkreuse01', check_reason: REASONS.sameTransId },
          { trans_id: 'TKREUSE01', check_reason: REASONS.sameTransId },
          { trans_id: 'TKALONE02', check_reason: null },
          { trans_id: 'TKPAIR03', check_reason: REASONS.sameTransId },
          { trans_id: 'TkPair03', check_reason: REASONS.sameTransId },
          { trans_id: 'TKFINE04', check_reason: null },
        ]);
        const inbox = await sql<{ body: string; body_size: number | null; trans_id: string }>`
          select body, body_size, trans_id from mpesa_callbacks order by id`.execute(handle.db);
        expect(inbox.rows).toEqual([
          { body: '', body_size: Buffer.byteLength(flood), trans_id: 'TKFLOOD' },
          { body: '{}', body_size: null, trans_id: 'TKALONE02' },
        ]);
      } finally {
        await handle.close();
      }
    });
  });
});
