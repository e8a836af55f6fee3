import type { LightMyRequestResponse } from 'fastify';
import type { Account, Expense, Income, ListResponse, SaveResponse } from '@ushirika/shared/contract';
import { formatAmount, receiptText } from '../src/finance/receipts';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

const INCOME_ACCOUNT_REFUSED = 'Choose an income account from the list';
const EXPENSE_ACCOUNT_REFUSED = 'Choose an expense account from the list';

describe('the SMS receipt text', () => {
  const details = { amount: '1250.00', paymentFor: 'Tithe', account: 'Tithes', date: '2026-03-01', receiptNumber: 17, partnerName: 'Grace Church', country: 'KE' };

  it('names the amount in the partner currency with thousands separators, what for, the account, the day and the number', () => {
    expect(receiptText(details)).toBe('Received with thanks KES 1,250.00 for Tithe (Tithes) on 01/03/2026. Receipt No. 17. Grace Church');
    expect(receiptText({ ...details, country: 'UG', amount: '1234567.05' })).toMatch(/^Received with thanks UGX 1,234,567\.05 for /);
    expect(receiptText({ ...details, country: 'ZZ' })).toMatch(/ KES 1,250\.00 /);
    expect(['0.10', '999', '1000', '-300.50', '999999999999.99'].map(formatAmount)).toEqual(['0.10', '999', '1,000', '-300.50', '999,999,999,999.99']);
  });

  it("shortens a long 'payment for' to fit one SMS", () => {
    const text = receiptText({ ...details, paymentFor: 'Building fund contribution for the new sanctuary roof and the children ministry classrooms, phase two' });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^Received with thanks KES 1,250\.00 for Building fund .+\.\.\. \(Tithes\) on 01\/03\/2026\. Receipt No\. 17\. Grace Church$/);
  });
});

describe.each(bothDatabases)('finance ledger on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  const post = (tenant: Tenant, path: string, payload: object) => t.as(tenant, { method: 'POST', url: `/api/v2/${path}`, payload });
  const put = (tenant: Tenant, path: string, id: number, payload: object) => t.as(tenant, { method: 'PUT', url: `/api/v2/${path}/${id}`, payload });
  async function ok<T>(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await response;
    expect({ status: answer.statusCode, body: answer.json<unknown>() }).toMatchObject({ status });
    return answer.json<T>();
  }
  const list = <Key extends string, Row>(tenant: Tenant, path: string, key: Key, query = '') =>
    ok<ListResponse<Key, Row>>(t.as(tenant, { method: 'GET', url: `/api/v2/${path}${query}` }));
  const accounts = (tenant: Tenant, query = '') => list<'accounts', Account>(tenant, 'account', 'accounts', query);
  const incomes = (tenant: Tenant, query = '') => list<'incomes', Income>(tenant, 'income', 'incomes', query);
  const expenses = (tenant: Tenant, query = '') => list<'expenses', Expense>(tenant, 'expense', 'expenses', query);

  const accountBody = (accountName: string, accountType = 'CR', parentId = 0) => ({ accountName, accountType, parentId });
  const newAccount = async (tenant: Tenant, name: string, type = 'CR', parentId = 0) =>
    (await ok<SaveResponse<'account', Account>>(post(tenant, 'account', accountBody(name, type, parentId)), 201)).account;

  const incomeBody = (account: number, extra: object = {}) => ({
    firstname: 'Jane',
    lastname: 'Wanjiku',
    phone: '0712 345 678',
    amount: '1250',
    account,
    mode: 'M-PESA',
    dateOfTransaction: '2026-03-01',
    paymentFor: 'Tithe',
    reference: 'QK12AB34',
    sendMessage: false,
    ...extra,
  });
  const newIncome = async (tenant: Tenant, account: number, extra: object = {}) =>
    (await ok<SaveResponse<'income', Income>>(post(tenant, 'income', incomeBody(account, extra)), 201)).income;

  const expenseBody = (account: number, extra: object = {}) => ({
    payee: 'Kenya Power',
    amount: '4300.50',
    account,
    mode: 'CASH',
    dateOfTransaction: '2026-03-02',
    paymentFor: 'Electricity',
    reference: 'INV-118',
    notes: 'Main hall',
    ...extra,
  });

  /** A partner with an income (CR) and an expense (DR) account. */
  async function ledger() {
    const tenant = await t.newTenant('Ledger');
    return { tenant, tithes: await newAccount(tenant, 'Tithes'), power: await newAccount(tenant, 'Electricity', 'DR') };
  }

  describe('accounts', () => {
    it("lists the parent's name (null at the root, parentId 0), newest first, one type with ?type", async () => {
      const tenant = await t.newTenant('Accounts');
      const giving = await newAccount(tenant, 'Giving');
      const tithes = await newAccount(tenant, 'Tithes', 'CR', giving.id);
      const client = await newAccount(tenant, 'Client A', 'ROOT');

      expect(giving).toEqual({
        id: expect.any(Number),
        name: 'Giving',
        type: 'CR',
        parentId: 0,
        Parent: null,
        openForGiving: false,
        createdAt: expect.any(String),
        Partner: { name: expect.any(String) },
        version: 1,
      });
      expect(tithes).toMatchObject({ parentId: giving.id, Parent: { name: 'Giving' } });
      expect((await accounts(tenant)).accounts.map((a) => a.name)).toEqual(['Client A', 'Tithes', 'Giving']);
      expect(await accounts(tenant, '?type=ROOT')).toEqual({ accounts: [client], total: 1 });
      expect((await accounts(tenant, '?type=CR&searchKey=tith')).accounts.map((a) => a.name)).toEqual(['Tithes']);
      expectFailure(await t.as(tenant, { method: 'GET', url: '/api/v2/account?type=XX' }), 400, 'type must be one of CR, DR, ROOT');
    });

    it("answers the form's messages, refuses a name the partner has (any case), and lets the type change", async () => {
      const tenant = await t.newTenant('Accounts');
      const cases: Array<[object, string]> = [
        [{}, 'Account Name is required'],
        [accountBody('A'), 'Name must be at least 2 characters'],
        [accountBody('x'.repeat(101)), 'Name must be at most 100 characters'],
        [{ accountName: 'Tithes', parentId: 0 }, 'Account Type is required'],
        [accountBody('Tithes', 'C'), 'Type must be at least 2 characters'],
        [accountBody('Tithes', 'XX'), 'Type must be CR (income), DR (expense) or ROOT (client account)'],
        [{ accountName: 'Tithes', accountType: 'CR' }, 'parentId is required'],
      ];
      for (const [body, message] of cases) expectFailure(await post(tenant, 'account', body), 400, message);

      const tithes = await newAccount(tenant, 'Tithes');
      expectFailure(await post(tenant, 'account', accountBody('TITHES', 'DR')), 409, 'An account with this name already exists');
      const other = await newAccount(tenant, 'Offerings');
      expectFailure(await put(tenant, 'account', other.id, accountBody('tithes')), 409, 'An account with this name already exists');
      const changed = await ok<SaveResponse<'account', Account>>(put(tenant, 'account', tithes.id, accountBody('Tithes and offerings', 'DR')));
      expect(changed).toEqual({ status_msg: 'New Account saved successfully!', account: { ...tithes, name: 'Tithes and offerings', type: 'DR', version: 2 } });
    });

    // Security review: the type of an account in use changed silently, turning its incomes into expenses.
    it('refuses to change the type of an account that income, expenses or an M-Pesa rule use, and changes nothing', async () => {
      const IN_USE = 'This account has income, expenses or M-Pesa rules recorded on it, so its type cannot change. Create a new account instead.';
      const { tenant, tithes, power } = await ledger();
      await newIncome(tenant, tithes.id);
      await ok(post(tenant, 'expense', expenseBody(power.id)), 201);
      const ruled = await newAccount(tenant, 'Harambee');
      await ok(post(tenant, 'mpesarules', { billRef: 'HARAMBEE', account: ruled.id }), 201);
      const unused = await newAccount(tenant, 'Building');

      for (const [account, type] of [
        [tithes, 'DR'],
        [tithes, 'ROOT'],
        [power, 'CR'],
        [ruled, 'DR'],
      ] as const) {
        expectFailure(await put(tenant, 'account', account.id, accountBody(account.name, type)), 409, IN_USE);
        expectFailure(await put(tenant, 'account', account.id, accountBody(`${account.name} renamed`, type)), 409, IN_USE);
      }
      const types = Object.fromEntries((await accounts(tenant)).accounts.map((a) => [a.name, a.type]));
      expect(types).toEqual({ Tithes: 'CR', Electricity: 'DR', Harambee: 'CR', Building: 'CR' });
      // The same type keeps every other change; an account nothing uses still changes type.
      await ok(put(tenant, 'account', tithes.id, accountBody('Tithes and offerings', 'CR')));
      await ok(put(tenant, 'account', ruled.id, accountBody('Harambee', 'CR', tithes.id)));
      expect((await ok<SaveResponse<'account', Account>>(put(tenant, 'account', unused.id, accountBody('Building', 'DR')))).account.type).toBe('DR');
    });

    it('never lets an account become its own ancestor, and takes parents from the partner only', async () => {
      const tenant = await t.newTenant('Accounts');
      const stranger = await t.newTenant('Accounts');
      const top = await newAccount(tenant, 'Giving');
      const middle = await newAccount(tenant, 'Tithes', 'CR', top.id);
      const bottom = await newAccount(tenant, 'Youth tithes', 'CR', middle.id);
      const theirs = await newAccount(stranger, 'Their giving');
      const cycle = 'An account cannot be placed under itself or one of its own sub-accounts';

      expectFailure(await put(tenant, 'account', top.id, accountBody('Giving', 'CR', top.id)), 400, cycle);
      expectFailure(await put(tenant, 'account', top.id, accountBody('Giving', 'CR', bottom.id)), 400, cycle);
      expectFailure(await put(tenant, 'account', middle.id, accountBody('Tithes', 'CR', bottom.id)), 400, cycle);
      for (const parentId of [theirs.id, 99_999_999]) {
        expectFailure(await post(tenant, 'account', accountBody('Mine', 'CR', parentId)), 400, 'Choose a parent account from the list');
        expectFailure(await put(tenant, 'account', bottom.id, accountBody('Youth tithes', 'CR', parentId)), 400, 'Choose a parent account from the list');
      }
      // Moving a branch elsewhere is fine: to the root, or under an account outside it.
      await ok(put(tenant, 'account', middle.id, accountBody('Tithes', 'CR', 0)));
      await ok(put(tenant, 'account', top.id, accountBody('Giving', 'CR', bottom.id)));
      const byName = Object.fromEntries((await accounts(tenant)).accounts.map((a) => [a.name, a.Parent?.name ?? null]));
      expect(byName).toEqual({ Giving: 'Youth tithes', Tithes: null, 'Youth tithes': 'Tithes' });
      expect((await accounts(stranger)).accounts).toEqual([theirs]);
    });
  });

  describe('income', () => {
    it('saves on an income account with the next receipt number, sequential per partner; an edit keeps it', async () => {
      const { tenant, tithes } = await ledger();
      const other = await ledger();

      const response = await post(tenant, 'income', incomeBody(tithes.id, { amount: '0.10' }));
      expect(response.statusCode).toBe(201);
      const first = response.json<SaveResponse<'income', Income>>();
      expect(first).toEqual({
        status_msg: 'New income saved successfully!',
        income: {
          id: expect.any(Number),
          firstName: 'Jane',
          lastName: 'Wanjiku',
          phone: '+254712345678',
          amount: '0.10',
          paymentFor: 'Tithe',
          Account: { name: 'Tithes' },
          AccountId: tithes.id,
          dateOfTransaction: '2026-03-01',
          mode: 'M-PESA',
          reference: 'QK12AB34',
          createdAt: expect.any(String),
          Partner: { name: expect.stringMatching(/^Ledger /) },
          receiptNumber: 1,
          onlineTransactionId: null,
          MemberId: null,
          Member: null,
          MeetingId: null,
          version: 1,
          status: 'posted',
          reversalOfId: null,
          reversedById: null,
          correctionOfId: null,
          reason: null,
        },
      });
      const second = await newIncome(tenant, tithes.id, { amount: '0.20' });
      expect((await newIncome(other.tenant, other.tithes.id)).receiptNumber).toBe(1);
      const third = await newIncome(tenant, tithes.id, { amount: 99.5 });

      expect([second.receiptNumber, third.receiptNumber]).toEqual([2, 3]);
      expect((await incomes(tenant)).incomes.map((i) => i.amount)).toEqual(['99.50', '0.20', '0.10']);
      // Text is edited in place, under the same number; money is corrected by new entries with new numbers
      // (finance-corrections.test.ts).
      const edited = await ok<SaveResponse<'income', Income>>(put(tenant, 'income', first.income.id, incomeBody(tithes.id, { amount: '0.10', paymentFor: 'Tithes' })));
      expect(edited.income).toEqual({ ...first.income, paymentFor: 'Tithes', version: 2 });
      const corrected = await ok<SaveResponse<'income', Income>>(
        put(tenant, 'income', first.income.id, incomeBody(tithes.id, { amount: '0.30', firstname: 'Janet', reason: 'Miscounted' })),
      );
      expect(corrected.income).toMatchObject({ amount: '0.30', firstName: 'Janet', receiptNumber: 5, correctionOfId: first.income.id, version: 1 });
    });

    it('gives concurrent saves distinct consecutive numbers, and a refused save gives its number back', async () => {
      const { tenant, tithes } = await ledger();
      const saved = await Promise.all(Array.from({ length: 10 }, (_, i) => post(tenant, 'income', incomeBody(tithes.id, { reference: `REF-${i}` }))));
      expect(saved.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
      const numbers = saved.map((response) => response.json<SaveResponse<'income', Income>>().income.receiptNumber).sort((a, b) => a - b);
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

      // No units for a receipt: refused, and the number is not used up.
      expect((await post(tenant, 'income', incomeBody(tithes.id, { sendMessage: true }))).statusCode).toBe(400);
      expect((await newIncome(tenant, tithes.id)).receiptNumber).toBe(11);
      expect((await incomes(tenant, '?startdate=2020-01-01')).total).toBe(11);
    });

    it("takes income accounts only (CR; ROOT too for the etracker product), never another partner's", async () => {
      const { tenant, tithes, power } = await ledger();
      const client = await newAccount(tenant, 'Client A', 'ROOT');
      const stranger = await ledger();

      for (const account of [power.id, client.id, stranger.tithes.id, 99_999_999]) {
        expectFailure(await post(tenant, 'income', incomeBody(account)), 400, INCOME_ACCOUNT_REFUSED);
      }
      const income = await newIncome(tenant, tithes.id);
      expectFailure(await put(tenant, 'income', income.id, incomeBody(stranger.tithes.id)), 400, INCOME_ACCOUNT_REFUSED);

      await t.db.updateTable('partners').set({ product: 'etracker' }).where('id', '=', tenant.id).execute();
      expect((await newIncome(tenant, client.id)).Account).toEqual({ name: 'Client A' });
      expectFailure(await post(tenant, 'income', incomeBody(power.id)), 400, INCOME_ACCOUNT_REFUSED);
    });

    it("answers the form's first message and checks amounts and lengths", async () => {
      const { tenant, tithes } = await ledger();
      const cases: Array<[object, string]> = [
        [{}, 'Name is required'],
        // An M-Pesa income needs a phone only for its receipt (issue 31.3): mpesa-hidden-payers.test.ts.
        [incomeBody(tithes.id, { phone: '', mode: 'CASH' }), 'Phone is required'],
        [incomeBody(tithes.id, { phone: '', sendMessage: true }), 'Phone is required'],
        [incomeBody(tithes.id, { amount: '0' }), 'Amount must be more than 0'],
        [incomeBody(tithes.id, { amount: '12.345' }), 'Amount must be a positive amount with at most two decimals'],
        [incomeBody(tithes.id, { account: 0 }), 'Account is required'],
        [incomeBody(tithes.id, { mode: 'BARTER' }), 'Channel must be one of CASH, M-PESA, ACCOUNT or CHEQUE'],
        [incomeBody(tithes.id, { dateOfTransaction: '2026-02-30' }), 'Date of transaction must be a valid date in the format YYYY-MM-DD'],
        [incomeBody(tithes.id, { paymentFor: 'x'.repeat(201) }), 'Payment for must be at most 200 characters'],
        [incomeBody(tithes.id, { reference: 'Q' }), 'Reference must be at least 2 characters'],
        [incomeBody(tithes.id, { sendMessage: 'maybe' }), 'Field is required'],
      ];
      for (const [body, message] of cases) expectFailure(await post(tenant, 'income', body), 400, message);
      expect((await incomes(tenant)).total).toBe(0);
    });

    it('with Send Message queues the SMS receipt in the same save and charges its units; short of units it saves nothing', async () => {
      const { tenant, tithes } = await ledger();
      await newIncome(tenant, tithes.id);
      expectFailure(await post(tenant, 'income', incomeBody(tithes.id, { sendMessage: true })), 400, 'Not enough SMS units: this message needs 1 and the balance is 0');
      expect((await incomes(tenant)).total).toBe(1);
      expect((await m.messages(tenant)).total).toBe(0);

      await m.topUp(tenant, 5);
      const income = await newIncome(tenant, tithes.id, { sendMessage: true, amount: '12500', paymentFor: 'Harvest' });
      expect(income.receiptNumber).toBe(2);
      const partner = income.Partner.name;
      const [receipt] = (await m.messages(tenant)).notifications;
      expect(receipt).toMatchObject({
        recipient: '+254712345678',
        state: 'queued',
        units: 1,
        message: `Received with thanks KES 12,500.00 for Harvest (Tithes) on 01/03/2026. Receipt No. 2. ${partner}`,
      });
      expect(await m.balance(tenant)).toBe(4);
      const stored = await t.db.selectFrom('incomes').select('receipt_send_id').where('tenant_id', '=', tenant.id).where('id', '=', income.id).executeTakeFirstOrThrow();
      const send = await t.db.selectFrom('message_sends').select(['recipient_type', 'units']).where('id', '=', stored.receipt_send_id!).executeTakeFirstOrThrow();
      expect(send).toEqual({ recipient_type: 'Receipt', units: 1 });

      // A receipt is sent once: an edit with Send Message sends none again, nor does a correction (issue 26.3).
      await ok(put(tenant, 'income', income.id, incomeBody(tithes.id, { sendMessage: true, amount: '12500', paymentFor: 'Harvest thanksgiving' })));
      await ok(put(tenant, 'income', income.id, incomeBody(tithes.id, { sendMessage: true, amount: '1250', reason: 'Typed one zero too many' })));
      expect((await m.messages(tenant)).total).toBe(1);
      expect(await m.balance(tenant)).toBe(4);
      // An income saved without one gets its first receipt from an edit with Send Message.
      const quiet = await newIncome(tenant, tithes.id, { amount: '300' });
      await ok(put(tenant, 'income', quiet.id, incomeBody(tithes.id, { sendMessage: true, amount: '300' })));
      const messages = (await m.messages(tenant)).notifications.map((n) => n.message);
      expect(messages[0]).toBe(`Received with thanks KES 300.00 for Tithe (Tithes) on 01/03/2026. Receipt No. ${quiet.receiptNumber}. ${partner}`);
      expect(messages).toHaveLength(2);
      expect(await m.balance(tenant)).toBe(3);
    });

    it('searches names, phone, reference, payment for and the receipt number; filters and orders by the date of transaction', async () => {
      const { tenant, tithes } = await ledger();
      await newIncome(tenant, tithes.id, {
        firstname: 'Amos',
        lastname: 'Otieno',
        phone: '0722 000 111',
        reference: 'CHQ-5590',
        paymentFor: 'Building fund',
        dateOfTransaction: '2026-01-10',
      });
      await newIncome(tenant, tithes.id, {
        firstname: 'Beth',
        lastname: 'Achieng',
        phone: '0733 000 222',
        reference: 'RX 12',
        paymentFor: 'Tithe',
        dateOfTransaction: '2026-02-20',
      });
      await newIncome(tenant, tithes.id, {
        firstname: 'Carol',
        lastname: 'Mwangi',
        phone: '0744 000 333',
        reference: 'none',
        paymentFor: 'Offering',
        dateOfTransaction: '2026-02-20',
      });
      const names = async (query: string) => (await incomes(tenant, query)).incomes.map((i) => i.firstName);

      expect(await names('')).toEqual(['Carol', 'Beth', 'Amos']);
      expect(await names('?searchKey=otieno')).toEqual(['Amos']);
      expect(await names('?searchKey=0733%20000%20222')).toEqual(['Beth']);
      expect(await names('?searchKey=%2B254744000333')).toEqual(['Carol']);
      // A number's start (migration 0030's prefix index), and the same digits as a fragment anywhere.
      expect(await names('?searchKey=0744%20000')).toEqual(['Carol']);
      expect(await names('?searchKey=%2B254%20733')).toEqual(['Beth']);
      expect(await names('?searchKey=chq-55')).toEqual(['Amos']);
      expect(await names('?searchKey=BUILDING')).toEqual(['Amos']);
      // All digits: the receipt number exactly, and the texts holding them (never the phone's calling code).
      expect(await names('?searchKey=3')).toEqual(['Carol']);
      expect(await names('?searchKey=12')).toEqual(['Beth']);
      expect(await names('?searchKey=55')).toEqual(['Amos']);
      expect(await names('?startdate=2026-02-01&enddate=2026-02-20')).toEqual(['Carol', 'Beth']);
      expect(await names('?enddate=2026-01-31')).toEqual(['Amos']);
      // The total of every income is counted apart (income_counts); any narrower list counts its rows.
      const totals = async (...queries: string[]) => Promise.all(queries.map(async (query) => (await incomes(tenant, query)).total));
      expect(await totals('', '?startdate=2026-01-10&enddate=2026-02-20', '?startdate=2026-01-11', '?enddate=2026-02-19', '?searchKey=a')).toEqual([3, 3, 2, 1, 3]);
    });
  });

  describe('expenses', () => {
    it('saves on an expense account with its own success text, accepting the hidden sendMessage; money stays exact', async () => {
      const { tenant, tithes, power } = await ledger();
      const stranger = await ledger();

      const response = await post(tenant, 'expense', expenseBody(power.id, { amount: '0.10' }));
      expect(response.statusCode).toBe(201);
      const saved = response.json<SaveResponse<'expense', Expense>>();
      expect(saved).toEqual({
        status_msg: 'New expense saved successfully!',
        expense: {
          id: expect.any(Number),
          payee: 'Kenya Power',
          amount: '0.10',
          paymentFor: 'Electricity',
          mode: 'CASH',
          reference: 'INV-118',
          notes: 'Main hall',
          dateOfTransaction: '2026-03-02',
          AccountId: power.id,
          Account: { name: 'Electricity' },
          createdAt: expect.any(String),
          Partner: { name: expect.any(String) },
          version: 1,
          status: 'posted',
          reversalOfId: null,
          reversedById: null,
          correctionOfId: null,
          reason: null,
        },
      });
      const edited = await ok<SaveResponse<'expense', Expense>>(
        put(tenant, 'expense', saved.expense.id, expenseBody(power.id, { amount: '0.10', notes: 'Hall', sendMessage: false })),
      );
      expect(edited.expense).toEqual({ ...saved.expense, notes: 'Hall', version: 2 });

      for (const account of [tithes.id, stranger.power.id]) {
        expectFailure(await post(tenant, 'expense', expenseBody(account)), 400, EXPENSE_ACCOUNT_REFUSED);
      }
      expectFailure(await post(tenant, 'expense', {}), 400, 'Payee details are required');
      expectFailure(await post(tenant, 'expense', expenseBody(power.id, { notes: 'x' })), 400, 'Notes must be at least 2 characters');
      expectFailure(await post(tenant, 'expense', expenseBody(power.id, { amount: '0.00' })), 400, 'Amount must be more than 0');
      expect((await expenses(tenant)).total).toBe(1);
    });

    it('searches payee, reference, payment for and notes; filters and orders by the date of transaction', async () => {
      const { tenant, power } = await ledger();
      await newAccount(tenant, 'Rent', 'DR');
      await post(
        tenant,
        'expense',
        expenseBody(power.id, { payee: 'Kenya Power', reference: 'INV-1', paymentFor: 'Electricity', notes: 'Hall', dateOfTransaction: '2026-01-05' }),
      );
      await post(
        tenant,
        'expense',
        expenseBody(power.id, { payee: 'Nairobi Water', reference: 'W-77', paymentFor: 'Water', notes: 'Kitchen', dateOfTransaction: '2026-02-05' }),
      );
      await post(
        tenant,
        'expense',
        expenseBody(power.id, { payee: 'Landlord', reference: 'MPESA-9', paymentFor: 'Rent', notes: 'March rent', dateOfTransaction: '2026-03-05' }),
      );
      const payees = async (query: string) => (await expenses(tenant, query)).expenses.map((e) => e.payee);

      expect(await payees('')).toEqual(['Landlord', 'Nairobi Water', 'Kenya Power']);
      expect(await payees('?searchKey=water')).toEqual(['Nairobi Water']);
      expect(await payees('?searchKey=inv-1')).toEqual(['Kenya Power']);
      expect(await payees('?searchKey=march')).toEqual(['Landlord']);
      expect(await payees('?searchKey=electric')).toEqual(['Kenya Power']);
      expect(await payees('?startdate=2026-02-01&enddate=2026-03-05')).toEqual(['Landlord', 'Nairobi Water']);
    });
  });

  it("keeps every partner's accounts, income and expenses to itself, ids inside bodies included", async () => {
    const owner = await ledger();
    const stranger = await ledger();
    const income = await newIncome(owner.tenant, owner.tithes.id);
    const expense = (await ok<SaveResponse<'expense', Expense>>(post(owner.tenant, 'expense', expenseBody(owner.power.id)), 201)).expense;

    expect((await accounts(stranger.tenant)).accounts.map((a) => a.id).sort()).toEqual([stranger.tithes.id, stranger.power.id].sort());
    expect(await incomes(stranger.tenant)).toEqual({ incomes: [], total: 0, total_amount: '0.00' });
    expect(await expenses(stranger.tenant)).toEqual({ expenses: [], total: 0, total_amount: '0.00' });
    expectFailure(await put(stranger.tenant, 'account', owner.tithes.id, accountBody('Mine')), 404, 'Account not found');
    expectFailure(await put(stranger.tenant, 'income', income.id, incomeBody(stranger.tithes.id)), 404, 'Income not found');
    expectFailure(await put(stranger.tenant, 'expense', expense.id, expenseBody(stranger.power.id)), 404, 'Expense not found');
    expectFailure(await post(stranger.tenant, 'income', incomeBody(owner.tithes.id)), 400, INCOME_ACCOUNT_REFUSED);
    expectFailure(await post(stranger.tenant, 'expense', expenseBody(owner.power.id)), 400, EXPENSE_ACCOUNT_REFUSED);
    expectFailure(await post(stranger.tenant, 'account', accountBody('Under theirs', 'CR', owner.tithes.id)), 400, 'Choose a parent account from the list');

    expect((await incomes(owner.tenant)).incomes).toEqual([income]);
    expect((await expenses(owner.tenant)).expenses).toEqual([expense]);
  });
});
