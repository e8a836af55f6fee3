import type { LightMyRequestResponse } from 'fastify';
import {
  EXPENSE_CORRECTED,
  EXPENSE_REVERSED,
  INCOME_CORRECTED,
  INCOME_REVERSED,
  type AccountStatement,
  type BudgetYear,
  type EtrackerHome,
  type Expense,
  type GivingStatement,
  type Income,
  type ListResponse,
  type OnlineTransaction,
  type SaveResponse,
} from '@ushirika/shared/contract';
import { createUser } from '../src/partners/queries';
import { correctionText } from '../src/finance/receipts';
import {
  EXPENSE_ALREADY_REVERSED,
  EXPENSE_REASON_REQUIRED,
  INCOME_ALREADY_REVERSED,
  ENTRY_IS_REVERSAL,
  INCOME_REASON_REQUIRED,
  MPESA_INCOME_FIXED,
} from '../src/finance/corrections';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { darajaPayment, newPaybill } from './support/daraja';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

/*
 * Money is corrected, not rewritten (issue 26.3): a change of an income's or an expense's money is a reversing
 * entry and a new entry with a reason, each with its own receipt number; text is edited in place; statements,
 * budgets and dashboards count the net; a receipt is never sent twice; M-Pesa payments follow their income.
 */

/** Wednesday 15 April 2026, 12:00 in Nairobi: the dashboards' week is 13-19 April. */
const NOW = new Date('2026-04-15T09:00:00Z');

describe('the correction SMS text', () => {
  it("names the corrected receipt and the new entry's money and number, in one SMS", () => {
    const text = correctionText({
      amount: '1000.00',
      paymentFor: 'Tithe',
      account: 'Tithes',
      date: '2026-03-01',
      receiptNumber: 19,
      correctedReceiptNumber: 17,
      partnerName: 'Grace Church',
      country: 'KE',
    });
    expect(text).toBe('Receipt No. 17 is corrected: now KES 1,000.00 for Tithe (Tithes) on 01/03/2026, Receipt No. 19. Grace Church');
  });
});

describe.each(bothDatabases)('ledger corrections on %s', (_name, database) => {
  const testApp = useTestApp(database, {}, { now: () => NOW });
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  const api = (tenant: Tenant, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.as(tenant, { method, url: `/api/v2/${path}`, ...(payload ? { payload } : {}) });
  async function ok<T>(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await response;
    expect({ status: answer.statusCode, body: answer.json<unknown>() }).toMatchObject({ status });
    return answer.json<T>();
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
    dateOfTransaction: '2026-03-01',
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
    dateOfTransaction: '2026-03-02',
    paymentFor: 'Electricity',
    reference: 'INV-118',
    notes: 'Main hall',
    ...extra,
  });
  const newIncome = async (tenant: Tenant, accountId: number, extra: object = {}) =>
    (await ok<SaveResponse<'income', Income>>(api(tenant, 'POST', 'income', incomeBody(accountId, extra)), 201)).income;
  const newExpense = async (tenant: Tenant, accountId: number, extra: object = {}) =>
    (await ok<SaveResponse<'expense', Expense>>(api(tenant, 'POST', 'expense', expenseBody(accountId, extra)), 201)).expense;
  const income = async (tenant: Tenant, id: number) => (await ok<{ income: Income }>(api(tenant, 'GET', `income/${id}`))).income;
  const expense = async (tenant: Tenant, id: number) => (await ok<{ expense: Expense }>(api(tenant, 'GET', `expense/${id}`))).expense;
  const incomes = (tenant: Tenant, query = '') => ok<ListResponse<'incomes', Income>>(api(tenant, 'GET', `income${query}`));
  const expenses = (tenant: Tenant, query = '') => ok<ListResponse<'expenses', Expense>>(api(tenant, 'GET', `expense${query}`));

  /** The partner's activity events, oldest first, as stored. */
  const events = (tenant: Tenant) =>
    t.db
      .selectFrom('activity_events')
      .select(['action', 'entity', 'entity_id', 'changes', 'details', 'actor_type', 'user_id'])
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .execute();
  /** What `work` added to the partner's activity log. */
  async function eventsOf(tenant: Tenant, work: () => Promise<unknown>) {
    const before = (await events(tenant)).length;
    await work();
    return (await events(tenant)).slice(before);
  }

  async function ledger() {
    const tenant = await t.newTenant('Ledger');
    return { tenant, tithes: await account(tenant, 'Tithes'), offering: await account(tenant, 'Offering'), power: await account(tenant, 'Electricity', 'DR') };
  }

  describe('income', () => {
    it('corrects the amount with a reversing entry and a new one, linked, each numbered, with the reason; the lists show both or hide them', async () => {
      const { tenant, tithes } = await ledger();
      const original = await newIncome(tenant, tithes);
      const other = await newIncome(tenant, tithes, { amount: '50', dateOfTransaction: '2026-02-01' });

      const added = await eventsOf(tenant, async () => {
        const answer = await ok<SaveResponse<'income', Income>>(
          api(tenant, 'PUT', `income/${original.id}`, { ...incomeBody(tithes, { amount: '1200.00' }), reason: ' Counted twice ', version: original.version }),
        );
        expect(answer.status_msg).toBe(INCOME_CORRECTED);
        expect(answer.income).toMatchObject({
          amount: '1200.00',
          receiptNumber: 4,
          status: 'posted',
          correctionOfId: original.id,
          reversalOfId: null,
          reversedById: null,
          reason: 'Counted twice',
          version: 1,
        });
      });

      const after = await incomes(tenant);
      expect(after.total).toBe(4);
      const [corrected, reversal] = after.incomes;
      expect(reversal).toMatchObject({ amount: '-1250.00', status: 'reversal', reversalOfId: original.id, receiptNumber: 3, reason: 'Counted twice', AccountId: tithes });
      expect(await income(tenant, original.id)).toEqual({ ...original, status: 'reversed', reversedById: reversal!.id, version: 2 });
      expect(corrected!.id).not.toBe(original.id);
      // Hidden: the reversing entry and the entry it reverses; the counter's total (no search, all dates) and a counted one agree.
      const hidden = await incomes(tenant, '?reversals=hide');
      expect(hidden.incomes.map((i) => i.id)).toEqual([corrected!.id, other.id]);
      expect(hidden.total).toBe(2);
      expect((await incomes(tenant, '?reversals=hide&startdate=2026-03-01')).total).toBe(1);
      expect((await incomes(tenant, '?reversals=show')).total).toBe(4);
      expectFailure(await api(tenant, 'GET', 'income?reversals=maybe'), 400, 'reversals must be hide or show');

      // One event, on the original: the reason, both new entries, the amount old and new.
      expect(added).toEqual([
        {
          action: 'correct',
          entity: 'income',
          entity_id: String(original.id),
          changes: [{ field: 'amount', old: '1250.00', new: '1200.00' }],
          details: { reason: 'Counted twice', reversalId: reversal!.id, newId: corrected!.id },
          actor_type: 'staff',
          user_id: expect.any(Number),
        },
      ]);
    });

    it('refuses a change of money without a reason (the receipt number is not used up) and a second correction of a reversed or reversing entry', async () => {
      const { tenant, tithes, offering } = await ledger();
      const original = await newIncome(tenant, tithes);
      const refused = await eventsOf(tenant, async () => {
        for (const change of [
          { amount: '1300' },
          { account: offering },
          { dateOfTransaction: '2026-03-02' },
          { firstname: 'Janet' },
          { lastname: 'W' },
          { phone: '0722 000 111' },
        ]) {
          expectFailure(await api(tenant, 'PUT', `income/${original.id}`, { ...incomeBody(tithes, change), reason: '  ' }), 400, INCOME_REASON_REQUIRED);
          expectFailure(await api(tenant, 'PUT', `income/${original.id}`, incomeBody(tithes, change)), 400, INCOME_REASON_REQUIRED);
        }
      });
      expect(refused).toEqual([]);
      expect(await income(tenant, original.id)).toEqual(original);
      expect((await incomes(tenant)).total).toBe(1);

      // The payer's phone alone is money too: who gave it.
      const moved = await ok<SaveResponse<'income', Income>>(
        api(tenant, 'PUT', `income/${original.id}`, { ...incomeBody(tithes, { phone: '0722 000 111' }), reason: 'Her husband gave it' }),
      );
      expect(moved.income).toMatchObject({ phone: '+254722000111', receiptNumber: 3, correctionOfId: original.id });
      const reversalId = (await income(tenant, original.id)).reversedById!;

      expectFailure(await api(tenant, 'PUT', `income/${original.id}`, { ...incomeBody(tithes, { amount: '5' }), reason: 'Again' }), 409, INCOME_ALREADY_REVERSED);
      expectFailure(await api(tenant, 'POST', `income/${original.id}/reverse`, { reason: 'Again' }), 409, INCOME_ALREADY_REVERSED);
      expectFailure(await api(tenant, 'PUT', `income/${reversalId}`, { ...incomeBody(tithes, { amount: '5' }), reason: 'Again' }), 409, ENTRY_IS_REVERSAL);
      expectFailure(await api(tenant, 'POST', `income/${reversalId}/reverse`, { reason: 'Again' }), 409, ENTRY_IS_REVERSAL);
      // The new entry is an entry like any other: it can be corrected in its turn.
      const again = await ok<SaveResponse<'income', Income>>(
        api(tenant, 'PUT', `income/${moved.income.id}`, { ...incomeBody(tithes, { phone: '0722 000 111', amount: '1000' }), reason: 'Short' }),
      );
      expect(again.income).toMatchObject({ amount: '1000.00', receiptNumber: 5, correctionOfId: moved.income.id });
      // Receipt numbers: 1 the original, 2 its reversal... every one used once.
      const numbers = (await incomes(tenant)).incomes.map((i) => i.receiptNumber).sort((a, b) => a - b);
      expect(numbers).toEqual([1, 2, 3, 4, 5]);
    });

    it('edits text in place (same entry, same number, the old text in the log), refused over a newer version', async () => {
      const { tenant, tithes } = await ledger();
      const original = await newIncome(tenant, tithes);
      const added = await eventsOf(tenant, async () => {
        const edited = await ok<SaveResponse<'income', Income>>(
          api(tenant, 'PUT', `income/${original.id}`, {
            ...incomeBody(tithes, { paymentFor: 'Tithe, March', reference: 'Envelope 13', mode: 'CHEQUE', amount: '1250.00' }),
            version: 1,
          }),
        );
        expect(edited).toEqual({
          status_msg: 'New income saved successfully!',
          income: { ...original, paymentFor: 'Tithe, March', reference: 'Envelope 13', mode: 'CHEQUE', version: 2 },
        });
      });
      expect(added).toEqual([
        expect.objectContaining({
          action: 'update',
          entity: 'income',
          entity_id: String(original.id),
          changes: expect.arrayContaining([
            { field: 'paymentFor', old: 'Tithe', new: 'Tithe, March' },
            { field: 'reference', old: 'Envelope 12', new: 'Envelope 13' },
            { field: 'mode', old: 'CASH', new: 'CHEQUE' },
          ]),
        }),
      ]);
      const stale = await api(tenant, 'PUT', `income/${original.id}`, { ...incomeBody(tithes, { amount: '99' }), reason: 'Late', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ version: 2 });
      expect((await incomes(tenant)).total).toBe(1);
    });

    it('reverses with a reason and nothing in its place', async () => {
      const { tenant, tithes } = await ledger();
      const original = await newIncome(tenant, tithes);
      expectFailure(await api(tenant, 'POST', `income/${original.id}/reverse`, {}), 400, 'Give a reason for the reversal');
      expectFailure(await api(tenant, 'POST', `income/${original.id}/reverse`, { reason: ' ' }), 400, 'Give a reason for the reversal');
      expectFailure(await api(tenant, 'POST', `income/99999999/reverse`, { reason: 'Twice' }), 404, 'Income not found');
      const stranger = await t.newTenant('Stranger');
      expectFailure(await api(stranger, 'POST', `income/${original.id}/reverse`, { reason: 'Twice' }), 404, 'Income not found');

      let reversal: Income | undefined;
      const added = await eventsOf(tenant, async () => {
        const answer = await ok<SaveResponse<'income', Income>>(api(tenant, 'POST', `income/${original.id}/reverse`, { reason: 'Recorded twice', version: 1 }));
        expect(answer.status_msg).toBe(INCOME_REVERSED);
        reversal = answer.income;
      });
      expect(reversal).toMatchObject({ amount: '-1250.00', status: 'reversal', reversalOfId: original.id, receiptNumber: 2, reason: 'Recorded twice' });
      expect(added).toEqual([
        expect.objectContaining({ action: 'reverse', entity: 'income', entity_id: String(original.id), details: { reason: 'Recorded twice', reversalId: reversal!.id } }),
      ]);
      expect(await incomes(tenant, '?reversals=hide')).toEqual({ incomes: [], total: 0, total_amount: '0.00' });
    });

    it('never sends a receipt twice; with correction SMS on, the new entry’s payer gets one correction SMS', async () => {
      const { tenant, tithes } = await ledger();
      await m.topUp(tenant, 10);
      const original = await newIncome(tenant, tithes, { sendMessage: true });
      expect((await m.messages(tenant)).total).toBe(1);

      await ok(api(tenant, 'PUT', `income/${original.id}`, { ...incomeBody(tithes, { amount: '1200', sendMessage: true }), reason: 'Miscounted' }));
      expect((await m.messages(tenant)).total).toBe(1);

      expect(await ok(api(tenant, 'GET', 'ledger-settings'))).toEqual({ correctionSms: false });
      expectFailure(await api(tenant, 'PUT', 'ledger-settings', { correctionSms: 'yes' }), 400, 'Say whether a correction sends the payer an SMS: true or false');
      const turnedOn = await eventsOf(tenant, async () =>
        expect(await ok(api(tenant, 'PUT', 'ledger-settings', { correctionSms: true }))).toEqual({
          status_msg: "A corrected income's payer now gets a correction SMS",
          correctionSms: true,
        }),
      );
      expect(turnedOn).toEqual([
        expect.objectContaining({ action: 'update', entity: 'partner', entity_id: String(tenant.id), changes: [{ field: 'correctionSms', old: false, new: true }] }),
      ]);

      const current = (await incomes(tenant, '?reversals=hide')).incomes[0]!;
      const corrected = await ok<SaveResponse<'income', Income>>(
        api(tenant, 'PUT', `income/${current.id}`, { ...incomeBody(tithes, { amount: '1150', phone: '0733 000 222' }), reason: 'Her sister gave it' }),
      );
      const messages = (await m.messages(tenant)).notifications;
      expect(messages).toHaveLength(2);
      expect(messages[0]).toMatchObject({
        recipient: '+254733000222',
        message: `Receipt No. ${current.receiptNumber} is corrected: now KES 1,150.00 for Tithe (Tithes) on 01/03/2026, Receipt No. ${corrected.income.receiptNumber}. ${original.Partner.name}`,
      });
      expect(await m.balance(tenant)).toBe(8);
      // A reversal sends nothing; an edit of text sends no receipt again.
      await ok(
        api(tenant, 'PUT', `income/${corrected.income.id}`, {
          ...incomeBody(tithes, { amount: '1150', phone: '0733 000 222', paymentFor: 'Thanks', sendMessage: true }),
        }),
      );
      await ok(api(tenant, 'POST', `income/${corrected.income.id}/reverse`, { reason: 'Not ours' }));
      expect((await m.messages(tenant)).total).toBe(2);
    });

    it('is changed by finance.record; ledger settings are changed by finance.manage', async () => {
      const { tenant, tithes } = await ledger();
      const original = await newIncome(tenant, tithes);
      const email = `clerk.${Date.now()}@example.test`;
      await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'Fin', lastName: 'Clerk', roles: ['finance_clerk'] });
      const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
      const clerk: Tenant = { ...tenant, email, auth: `Bearer ${login.json<{ access_token: string }>().access_token}` };
      await ok(api(clerk, 'PUT', `income/${original.id}`, { ...incomeBody(tithes, { amount: '1000' }), reason: 'Short' }));
      expect(await ok(api(clerk, 'GET', 'ledger-settings'))).toEqual({ correctionSms: false });
      expect((await api(clerk, 'PUT', 'ledger-settings', { correctionSms: true })).statusCode).toBe(403);
    });
  });

  describe('expenses', () => {
    it('corrects and reverses like income: amount, account, date or payee with a reason; text in place', async () => {
      const { tenant, tithes, power } = await ledger();
      const water = await account(tenant, 'Water', 'DR');
      const original = await newExpense(tenant, power);
      expectFailure(await api(tenant, 'PUT', `expense/${original.id}`, expenseBody(power, { payee: 'KPLC' })), 400, EXPENSE_REASON_REQUIRED);
      expectFailure(await api(tenant, 'PUT', `expense/${original.id}`, expenseBody(tithes, { reason: 'Wrong' })), 400, 'Choose an expense account from the list');

      const added = await eventsOf(tenant, async () => {
        const corrected = await ok<SaveResponse<'expense', Expense>>(
          api(tenant, 'PUT', `expense/${original.id}`, { ...expenseBody(water, { payee: 'Nairobi Water' }), reason: 'Wrong bill' }),
        );
        expect(corrected.status_msg).toBe(EXPENSE_CORRECTED);
        expect(corrected.expense).toMatchObject({ payee: 'Nairobi Water', AccountId: water, correctionOfId: original.id, reason: 'Wrong bill', status: 'posted' });
        const edited = await ok<SaveResponse<'expense', Expense>>(
          api(tenant, 'PUT', `expense/${corrected.expense.id}`, { ...expenseBody(water, { payee: 'Nairobi Water', notes: 'Kitchen' }) }),
        );
        expect(edited.expense).toEqual({ ...corrected.expense, notes: 'Kitchen', version: 2 });
        const reversed = await ok<SaveResponse<'expense', Expense>>(api(tenant, 'POST', `expense/${corrected.expense.id}/reverse`, { reason: 'Paid by the landlord' }));
        expect(reversed.status_msg).toBe(EXPENSE_REVERSED);
        expect(reversed.expense).toMatchObject({ amount: '-4300.50', status: 'reversal', reversalOfId: corrected.expense.id, payee: 'Nairobi Water', notes: 'Kitchen' });
        expectFailure(await api(tenant, 'POST', `expense/${corrected.expense.id}/reverse`, { reason: 'Again' }), 409, EXPENSE_ALREADY_REVERSED);
      });
      expect(added.map((event) => [event.action, event.entity_id])).toEqual([
        ['correct', String(original.id)],
        ['update', expect.any(String)],
        ['reverse', expect.any(String)],
      ]);
      expect(await expense(tenant, original.id)).toMatchObject({ status: 'reversed' });
      expect((await expenses(tenant)).expenses.map((e) => [e.status, e.amount])).toEqual([
        ['reversal', '-4300.50'],
        ['reversed', '4300.50'],
        ['reversal', '-4300.50'],
        ['reversed', '4300.50'],
      ]);
      expect(await expenses(tenant, '?reversals=hide')).toEqual({ expenses: [], total: 0, total_amount: '0.00' });
    });
  });

  describe('statements, budgets and the dashboard', () => {
    it('count the net of a correction', async () => {
      const { tenant, tithes, offering } = await ledger();
      const original = await newIncome(tenant, tithes, { dateOfTransaction: '2026-04-14' });
      await ok(api(tenant, 'PUT', `income/${original.id}`, { ...incomeBody(tithes, { amount: '1000', dateOfTransaction: '2026-04-14' }), reason: 'Short' }));
      const moved = (await incomes(tenant, '?reversals=hide')).incomes[0]!;
      await ok(api(tenant, 'PUT', `income/${moved.id}`, { ...incomeBody(offering, { amount: '1000', dateOfTransaction: '2026-04-14' }), reason: 'Was an offering' }));

      const statement = await ok<AccountStatement>(api(tenant, 'GET', `statements/account?account=${tithes}&startdate=2026-04-01&enddate=2026-04-30`));
      expect(statement).toMatchObject({ totalIn: '0.00', totalOut: '0.00', closingBalance: '0.00' });
      expect(statement.lines.map((line) => [line.moneyIn, line.moneyOut, line.balance])).toEqual([
        ['1250.00', '0.00', '1250.00'],
        ['-1250.00', '0.00', '0.00'],
        ['1000.00', '0.00', '1000.00'],
        ['-1000.00', '0.00', '0.00'],
      ]);
      const offerings = await ok<AccountStatement>(api(tenant, 'GET', `statements/account?account=${offering}&startdate=2026-04-01&enddate=2026-04-30`));
      expect(offerings).toMatchObject({ totalIn: '1000.00', closingBalance: '1000.00' });

      const giving = await ok<GivingStatement>(api(tenant, 'GET', 'statements/giving?phone=0712345678&startdate=2026-04-01&enddate=2026-04-30'));
      // A giving statement lists the gifts given: the corrected one as its new entry, nothing reversed.
      expect(giving.gifts.map((gift) => [gift.amount, gift.account])).toEqual([['1000.00', 'Offering']]);
      expect(giving.total).toBe('1000.00');
      const budgets = await ok<BudgetYear>(api(tenant, 'GET', 'budgets?year=2026'));
      expect(budgets.lines.map((line) => [line.account, line.actual[3], line.actualTotal])).toEqual([
        ['Offering', '1000.00', '1000.00'],
        ['Tithes', '0.00', '0.00'],
        ['Electricity', '0.00', '0.00'],
      ]);
      const home = await ok<{ data: EtrackerHome }>(api(tenant, 'GET', 'etracker-home'));
      expect(home.data.money_in_this_week).toBe('1000.00');
    });
  });

  describe('an M-Pesa income', () => {
    let shortCode = 870_100;
    async function paid(amount = '750.00') {
      const paybill = await newPaybill(t, String((shortCode += 1)), 'Church');
      const tithe = await account(paybill, 'Tithe');
      const offering = await account(paybill, 'Offering');
      const confirmation = await t.app.inject({
        method: 'POST',
        url: `/api/v2/c2b/${paybill.secret}/confirmation`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(darajaPayment({ TransID: `TC${shortCode}`, BusinessShortCode: paybill.shortCode, TransAmount: amount })),
      });
      expect(confirmation.statusCode).toBe(200);
      const payment = (await ok<ListResponse<'transactions', OnlineTransaction>>(api(paybill, 'GET', 'onlinetrans/0'))).transactions[0]!;
      const allocated = await ok<{ incomeIds: number[] }>(api(paybill, 'POST', 'allocateaccounts', { account: tithe, selectedRecords: String(payment.id) }));
      return { paybill, tithe, offering, payment, incomeId: allocated.incomeIds[0]! };
    }

    it('moved to another account is a reversal of its income and a new income that keeps the payment', async () => {
      const { paybill, tithe, offering, payment, incomeId } = await paid();
      const allocated = await income(paybill, incomeId);
      const form = {
        firstname: allocated.firstName,
        lastname: allocated.lastName,
        phone: allocated.phone,
        amount: allocated.amount,
        account: offering,
        mode: allocated.mode,
        dateOfTransaction: allocated.dateOfTransaction,
        paymentFor: allocated.paymentFor,
        reference: allocated.reference,
        sendMessage: false,
      };
      expectFailure(await api(paybill, 'PUT', `income/${incomeId}`, { ...form, amount: '700', reason: 'Less' }), 400, MPESA_INCOME_FIXED);
      const moved = await ok<SaveResponse<'income', Income>>(api(paybill, 'PUT', `income/${incomeId}`, { ...form, reason: 'Meant for the offering' }));
      expect(moved.income).toMatchObject({ AccountId: offering, onlineTransactionId: payment.id, amount: '750.00', correctionOfId: incomeId });
      const all = await incomes(paybill);
      expect(all.incomes.map((i) => [i.status, i.onlineTransactionId, i.amount])).toEqual([
        ['posted', payment.id, '750.00'],
        ['reversal', payment.id, '-750.00'],
        ['reversed', payment.id, '750.00'],
      ]);
      const [row] = await t.db
        .selectFrom('online_transactions')
        .select(['account_id', 'income_id'])
        .where('tenant_id', '=', paybill.id)
        .where('id', '=', payment.id)
        .execute();
      expect(row).toEqual({ account_id: offering, income_id: moved.income.id });
      // Still one standing income per payment: the database refuses a second.
      await expect(
        t.db
          .insertInto('incomes')
          .values({
            tenant_id: paybill.id,
            receipt_number: 99,
            first_name: 'Amina',
            last_name: 'Wanjiru',
            phone: '',
            amount: '750.00',
            payment_for: 'Twice',
            account_id: tithe,
            date_of_transaction: '2026-03-01',
            mode: 'M-PESA',
            reference: payment.trxnid,
            online_transaction_id: payment.id,
            receipt_send_id: null,
            created_by: null,
          })
          .execute(),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('reversed, waits for an account again and is allocated anew', async () => {
      const { paybill, offering, payment, incomeId } = await paid('500.00');
      await ok(api(paybill, 'POST', `income/${incomeId}/reverse`, { reason: 'Allocated to the wrong account' }));
      const waiting = await ok<ListResponse<'transactions', OnlineTransaction>>(api(paybill, 'GET', 'onlinetrans/0'));
      expect(waiting.transactions.map((p) => [p.id, p.AccountId, p.incomeId])).toEqual([[payment.id, null, null]]);
      const again = await ok<{ incomeIds: number[] }>(api(paybill, 'POST', 'allocateaccounts', { account: offering, selectedRecords: String(payment.id) }));
      expect(await income(paybill, again.incomeIds[0]!)).toMatchObject({ AccountId: offering, onlineTransactionId: payment.id, status: 'posted', receiptNumber: 3 });
    });
  });
});
