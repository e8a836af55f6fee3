import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type {
  AccountStatement,
  Expense,
  Income,
  LedgerPeriod,
  LedgerPeriods,
  ListResponse,
  OnlineTransaction,
  PeriodSaved,
  Role,
  SaveResponse,
} from '@ushirika/shared/contract';
import { CLOSED_PERIOD_SQLSTATE } from '../src/db/migrations/0024_ledger_corrections';
import { closedMonthText, MONTH_INVALID, monthAlreadyClosed, monthNotClosed, monthNotEnded } from '../src/finance/periods';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, newPaybill, type Paybill } from './support/daraja';
import { expectFailure } from './support/expect';

/*
 * Closing a month (issue 26.4): a treasurer closes a month that has ended; nothing dated in it is recorded,
 * corrected or reversed by any writer (the forms, an M-Pesa allocation by hand or by rule, plain SQL); its
 * statements never change; an owner reopens it with a reason. The server's clock is the real one here.
 */

/** 'YYYY-MM' of now in Nairobi (the partners' zone). */
function thisMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  return `${parts.find((part) => part.type === 'year')!.value}-${parts.find((part) => part.type === 'month')!.value}`;
}

/** Every month from `first` to `last` ('YYYY-MM'), newest first. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let [year, month] = last.split('-').map(Number) as [number, number]; `${year}-${String(month).padStart(2, '0')}` >= first;) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return months;
}

describe.each(testDatabases)('closed months on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const api = (who: Tenant, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.as(who, { method, url: `/api/v2/${path}`, ...(payload ? { payload } : {}) });
  async function ok<T>(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await response;
    expect({ status: answer.statusCode, body: answer.json<unknown>() }).toMatchObject({ status });
    return answer.json<T>();
  }
  /** 409 naming the closed month, with `closedMonth` beside the text. */
  function expectClosed(response: LightMyRequestResponse, month: string) {
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 409, body: { status_msg: closedMonthText(month), closedMonth: month } });
  }
  /** A staff member of the tenant's partner with `roles`, signed in. */
  async function staff(tenant: Tenant, roles: Role[], firstName: string, lastName: string): Promise<Tenant> {
    const email = `${roles[0]}.${Math.random().toString(36).slice(2)}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName, lastName, roles });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { ...tenant, email, auth: `Bearer ${login.json<{ access_token: string }>().access_token}` };
  }
  const account = async (tenant: Tenant, accountName: string, accountType = 'CR') =>
    (await ok<SaveResponse<'account', { id: number }>>(api(tenant, 'POST', 'account', { accountName, accountType, parentId: 0 }), 201)).account.id;
  const incomeBody = (accountId: number, extra: object = {}) => ({
    firstname: 'Jane',
    lastname: 'Wanjiku',
    phone: '0712 345 678',
    amount: '1250',
    account: accountId,
    mode: 'CASH',
    dateOfTransaction: '2026-03-05',
    paymentFor: 'Tithe',
    reference: 'Envelope 12',
    sendMessage: false,
    ...extra,
  });
  const expenseBody = (accountId: number, extra: object = {}) => ({
    payee: 'Kenya Power',
    amount: '4300.50',
    account: accountId,
    mode: 'CASH',
    dateOfTransaction: '2026-03-06',
    paymentFor: 'Electricity',
    reference: 'INV-118',
    notes: 'Main hall',
    ...extra,
  });
  const events = (tenant: Tenant) =>
    t.db.selectFrom('activity_events').select(['action', 'entity', 'entity_id', 'details', 'user_id']).where('tenant_id', '=', tenant.id).orderBy('id').execute();

  it('lists the months from the first entry, newest first; a treasurer closes a month that has ended, an owner reopens it with a reason', async () => {
    const owner = await t.newTenant('Periods');
    const tithes = await account(owner, 'Tithes');
    await ok(api(owner, 'POST', 'income', incomeBody(tithes, { dateOfTransaction: '2026-02-14' })), 201);
    const treasurer = await staff(owner, ['treasurer'], 'Tess', 'Treasurer');
    const clerk = await staff(owner, ['finance_clerk'], 'Carl', 'Clerk');

    const listed = await ok<LedgerPeriods>(api(clerk, 'GET', 'periods'));
    expect(listed.periods.map((period) => period.month)).toEqual(monthsBetween('2026-02', thisMonth()));
    const open: LedgerPeriod = { month: '2026-02', closed: false, closedAt: null, closedBy: null, reopenedAt: null, reopenedBy: null, reopenReason: null };
    expect(listed.periods.at(-1)).toEqual(open);

    expect((await api(clerk, 'POST', 'periods/2026-02/close')).statusCode).toBe(403);
    expectFailure(await api(treasurer, 'POST', `periods/${thisMonth()}/close`), 409, monthNotEnded(thisMonth()));
    expectFailure(await api(treasurer, 'POST', 'periods/2026-13/close'), 400, MONTH_INVALID);
    expectFailure(await api(treasurer, 'POST', 'periods/march/close'), 400, MONTH_INVALID);

    const before = (await events(owner)).length;
    const closed = await ok<PeriodSaved>(api(treasurer, 'POST', 'periods/2026-02/close'));
    expect(closed).toEqual({ status_msg: 'The month is closed', period: { ...open, closed: true, closedAt: expect.any(String), closedBy: 'Tess Treasurer' } });
    expectFailure(await api(treasurer, 'POST', 'periods/2026-02/close'), 409, monthAlreadyClosed('2026-02'));
    // A month with no entry, before the first one, closes too, and then shows in the list.
    await ok(api(treasurer, 'POST', 'periods/2025-12/close'));
    expect((await ok<LedgerPeriods>(api(clerk, 'GET', 'periods'))).periods.map((period) => [period.month, period.closed]).slice(-3)).toEqual([
      ['2026-02', true],
      ['2026-01', false],
      ['2025-12', true],
    ]);

    expect((await api(treasurer, 'POST', 'periods/2026-02/reopen', { reason: 'Late cheque' })).statusCode).toBe(403);
    expectFailure(await api(owner, 'POST', 'periods/2026-02/reopen', {}), 400, 'Give a reason for reopening the month');
    expectFailure(await api(owner, 'POST', 'periods/2026-02/reopen', { reason: '   ' }), 400, 'Give a reason for reopening the month');
    const reopened = await ok<PeriodSaved>(api(owner, 'POST', 'periods/2026-02/reopen', { reason: 'A cheque from February was banked late' }));
    expect(reopened).toEqual({
      status_msg: 'The month is reopened',
      period: { ...closed.period, closed: false, reopenedAt: expect.any(String), reopenedBy: 'Test User', reopenReason: 'A cheque from February was banked late' },
    });
    expectFailure(await api(owner, 'POST', 'periods/2026-02/reopen', { reason: 'Again' }), 409, monthNotClosed('2026-02'));
    expectFailure(await api(owner, 'POST', 'periods/2026-01/reopen', { reason: 'Never closed' }), 409, monthNotClosed('2026-01'));

    expect((await events(owner)).slice(before).map(({ action, entity, entity_id, details }) => ({ action, entity, entity_id, details }))).toEqual([
      { action: 'close', entity: 'period', entity_id: '2026-02', details: {} },
      { action: 'close', entity: 'period', entity_id: '2025-12', details: {} },
      { action: 'reopen', entity: 'period', entity_id: '2026-02', details: { reason: 'A cheque from February was banked late' } },
    ]);
    // Another partner's months are its own.
    const stranger = await t.newTenant('Stranger');
    expect((await ok<LedgerPeriods>(api(stranger, 'GET', 'periods'))).periods).toEqual([{ ...open, month: thisMonth() }]);
  });

  describe('a closed month', () => {
    let church: Paybill;
    let tithes: number;
    let power: number;
    let march: Income;
    let april: Income;
    let bill: Expense;
    let payment: OnlineTransaction;
    let statement: AccountStatement;
    let eventCount: number;
    const marchStatement = () => ok<AccountStatement>(api(church, 'GET', `statements/account?account=${tithes}&startdate=2026-03-01&enddate=2026-03-31`));

    beforeAll(async () => {
      church = await newPaybill(t, '871200', 'Closing');
      tithes = await account(church, 'Tithes');
      power = await account(church, 'Electricity', 'DR');
      march = (await ok<SaveResponse<'income', Income>>(api(church, 'POST', 'income', incomeBody(tithes)), 201)).income;
      april = (await ok<SaveResponse<'income', Income>>(api(church, 'POST', 'income', incomeBody(tithes, { dateOfTransaction: '2026-04-02' })), 201)).income;
      bill = (await ok<SaveResponse<'expense', Expense>>(api(church, 'POST', 'expense', expenseBody(power)), 201)).expense;
      await ok(api(church, 'POST', 'mpesarules', { billRef: 'TITHE', account: tithes }), 201);
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/v2/c2b/${church.secret}/confirmation`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(darajaPayment({ TransID: 'TCLOSED001', BusinessShortCode: church.shortCode, TransTime: '20260310103000' })),
      });
      expect(paid.statusCode).toBe(200);
      payment = (await ok<ListResponse<'transactions', OnlineTransaction>>(api(church, 'GET', 'onlinetrans/0'))).transactions[0]!;
      await ok(api(church, 'POST', 'periods/2026-03/close'));
      statement = await marchStatement();
      eventCount = (await events(church)).length;
    });

    afterEach(async () => {
      // Refusals change nothing: the month's statement, and the log.
      expect(await marchStatement()).toEqual(statement);
      expect((await events(church)).length).toBe(eventCount);
    });

    it('refuses a new income or expense dated in it', async () => {
      const income = await api(church, 'POST', 'income', incomeBody(tithes, { dateOfTransaction: '2026-03-31' }));
      expect(income.statusCode).toBe(409);
      // (`closedMonth` is not beside it yet: the CRUD factory's POST documents `{ status_msg }` only - see the ledger notes.)
      expect(income.json()).toMatchObject({ status_msg: closedMonthText('2026-03') });
      const expense = await api(church, 'POST', 'expense', expenseBody(power, { dateOfTransaction: '2026-03-01' }));
      expect(expense.statusCode).toBe(409);
      expect(expense.json()).toMatchObject({ status_msg: closedMonthText('2026-03') });
      // The receipt number refused is given back.
      expect((await t.db.selectFrom('partners').select('last_receipt_number').where('id', '=', church.id).executeTakeFirstOrThrow()).last_receipt_number).toBe(2);
    });

    it('refuses to correct, edit or reverse an entry dated in it, or to correct an entry into it', async () => {
      expectClosed(await api(church, 'PUT', `income/${march.id}`, { ...incomeBody(tithes, { amount: '1200' }), reason: 'Miscounted' }), '2026-03');
      expectClosed(await api(church, 'PUT', `income/${march.id}`, incomeBody(tithes, { paymentFor: 'Tithe, March' })), '2026-03');
      expectClosed(await api(church, 'POST', `income/${march.id}/reverse`, { reason: 'Twice' }), '2026-03');
      expectClosed(await api(church, 'PUT', `expense/${bill.id}`, { ...expenseBody(power, { amount: '4000' }), reason: 'Discount' }), '2026-03');
      expectClosed(await api(church, 'POST', `expense/${bill.id}/reverse`, { reason: 'Twice' }), '2026-03');
      expectClosed(await api(church, 'PUT', `income/${april.id}`, { ...incomeBody(tithes, { dateOfTransaction: '2026-03-30' }), reason: 'It was March' }), '2026-03');
      const stored = await t.db.selectFrom('incomes').select(['id', 'version', 'reversed_by_id']).where('tenant_id', '=', church.id).orderBy('id').execute();
      expect(stored).toEqual([
        { id: march.id, version: 1, reversed_by_id: null },
        { id: april.id, version: 1, reversed_by_id: null },
      ]);
    });

    it('refuses an M-Pesa payment made in it, allocated by hand or by a rule: it waits for an account', async () => {
      expectClosed(await api(church, 'POST', 'allocateaccounts', { account: tithes, selectedRecords: String(payment.id) }), '2026-03');
      const ruled = await t.app.inject({
        method: 'POST',
        url: `/api/v2/c2b/${church.secret}/confirmation`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(darajaPayment({ TransID: 'TCLOSED002', BusinessShortCode: church.shortCode, TransTime: '20260311103000', BillRefNumber: 'TITHE' })),
      });
      expect(ruled.statusCode).toBe(200);
      const waiting = await ok<ListResponse<'transactions', OnlineTransaction>>(api(church, 'GET', 'onlinetrans/0'));
      expect(waiting.transactions.map((p) => [p.trxnid, p.AccountId])).toEqual([
        ['TCLOSED002', null],
        ['TCLOSED001', null],
      ]);
      // The callback's receipt is its own event (the M-Pesa work): nothing of the ledger's.
      eventCount = (await events(church)).length;
    });

    it('refuses plain SQL too: the database itself', async () => {
      const refused = { code: CLOSED_PERIOD_SQLSTATE };
      const insert = sql`
        insert into incomes (tenant_id, receipt_number, first_name, last_name, phone, amount, payment_for, account_id, date_of_transaction, mode, reference)
        values (${church.id}::int, 999, 'Sneaky', 'Entry', '', 10, 'Backdated', ${tithes}::int, '2026-03-15', 'CASH', 'SQL')`;
      await expect(insert.execute(t.db)).rejects.toMatchObject(refused);
      await expect(sql`update incomes set amount = 1 where tenant_id = ${church.id}::int and id = ${march.id}::int`.execute(t.db)).rejects.toMatchObject(refused);
      await expect(
        sql`update incomes set date_of_transaction = '2026-04-01' where tenant_id = ${church.id}::int and id = ${march.id}::int`.execute(t.db),
      ).rejects.toMatchObject(refused);
      await expect(
        sql`update incomes set date_of_transaction = '2026-03-01' where tenant_id = ${church.id}::int and id = ${april.id}::int`.execute(t.db),
      ).rejects.toMatchObject(refused);
      await expect(
        sql`update expenses set account_id = account_id + 0, amount = 2 where tenant_id = ${church.id}::int and id = ${bill.id}::int`.execute(t.db),
      ).rejects.toMatchObject(refused);
      await expect(sql`delete from expenses where tenant_id = ${church.id}::int and id = ${bill.id}::int`.execute(t.db)).rejects.toMatchObject(refused);
      // An April entry is still the treasurer's to change.
      await sql`update incomes set amount = amount where tenant_id = ${church.id}::int and id = ${april.id}::int`.execute(t.db);
    });

    it('opens again once an owner reopens it', async () => {
      await ok(api(church, 'POST', 'periods/2026-03/reopen', { reason: 'A correction the auditor asked for' }));
      await ok(api(church, 'PUT', `income/${march.id}`, { ...incomeBody(tithes, { amount: '1200' }), reason: 'Miscounted' }));
      await ok(api(church, 'POST', 'periods/2026-03/close'));
      statement = await marchStatement();
      expect(statement.totalIn).toBe('1200.00');
      eventCount = (await events(church)).length;
    });
  });
});
