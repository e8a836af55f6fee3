import type { LightMyRequestResponse } from 'fastify';
import { LIST_TOTAL_AMOUNT_FIELD, type Expense, type Income, type ListResponse, type SaveResponse } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { meetingBody } from './support/partner-records';

/*
 * The income form of issue 28.2: a contact chosen in the form (memberId), a meeting's offering (meetingId), a loose
 * or plate offering with no contributor, and the income and expense lists' total of what is filtered (28.3).
 */
describe.each(testDatabases)('the income form and the ledger lists on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  async function ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await response;
    if (answer.statusCode !== status) throw new Error(`${answer.statusCode}: ${answer.body}`);
    return answer.json<T>();
  }
  const post = (tenant: Tenant, path: string, payload: object) => t.as(tenant, { method: 'POST', url: `/api/v2/${path}`, payload });
  const created = async <T>(tenant: Tenant, path: string, key: string, payload: object) => (await ok<Record<string, T>>(post(tenant, path, payload), 201))[key]!;
  const incomes = (tenant: Tenant, query = '') =>
    ok<ListResponse<'incomes', Income> & Record<string, string>>(t.as(tenant, { method: 'GET', url: `/api/v2/income${query}` }));
  const expenses = (tenant: Tenant, query = '') =>
    ok<ListResponse<'expenses', Expense> & Record<string, string>>(t.as(tenant, { method: 'GET', url: `/api/v2/expense${query}` }));
  const incomeCount = async (tenant: Tenant) =>
    Number(
      (
        await t.db
          .selectFrom('incomes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenant.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A partner with an income and an expense account, a contact and a meeting. */
  async function partner(name: string) {
    const tenant = await t.newTenant(name);
    const account = (await created<{ id: number }>(tenant, 'account', 'account', { accountName: 'Offerings', accountType: 'CR', parentId: 0 })).id;
    const expenseAccount = (await created<{ id: number }>(tenant, 'account', 'account', { accountName: 'Rent', accountType: 'DR', parentId: 0 })).id;
    const contact = (
      await created<{ id: number }>(tenant, 'member', 'member', { firstName: 'Amani', lastName: 'Otieno', gender: 'F', mobile: '0722 111 222', residence: 'Kisumu' })
    ).id;
    const meetingType = (await created<{ id: number }>(tenant, 'meeting_types', 'meeting_type', { name: 'Sunday Service', description: 'Worship' })).id;
    const meeting = (await created<{ id: number }>(tenant, 'meetings', 'meeting', meetingBody('Office', meetingType))).id;
    return { tenant, account, expenseAccount, contact, meeting };
  }
  const incomeBody = (account: number, extra: object = {}) => ({
    firstname: 'Jane',
    lastname: 'Wanjiku',
    phone: '0712 345 678',
    amount: '1250',
    account,
    mode: 'CASH',
    dateOfTransaction: '2026-03-01',
    paymentFor: 'Tithe',
    reference: 'Envelope 12',
    sendMessage: false,
    ...extra,
  });
  const newIncome = async (tenant: Tenant, account: number, extra: object = {}) =>
    (await ok<SaveResponse<'income', Income>>(post(tenant, 'income', incomeBody(account, extra)), 201)).income;

  it("links an income to the contact chosen in the form, which takes the contact's phone, and to a meeting", async () => {
    const { tenant, account, contact, meeting } = await partner('Linking');
    const income = await newIncome(tenant, account, { memberId: contact, meetingId: meeting, firstname: 'Amani', lastname: 'Otieno', phone: '0799 000 111' });
    expect(income).toMatchObject({
      firstName: 'Amani',
      lastName: 'Otieno',
      phone: '+254722111222',
      MemberId: contact,
      Member: { phone: '+254722111222' },
      MeetingId: meeting,
    });
    // Read again, and in the list.
    expect((await ok<{ income: Income }>(t.as(tenant, { method: 'GET', url: `/api/v2/income/${income.id}` }))).income).toMatchObject({
      MemberId: contact,
      MeetingId: meeting,
    });
    expect((await incomes(tenant)).incomes[0]).toMatchObject({ id: income.id, MemberId: contact, MeetingId: meeting });
    // Without them, none.
    expect(await newIncome(tenant, account)).toMatchObject({ MemberId: null, Member: null, MeetingId: null, phone: '+254712345678' });
  });

  it("refuses another partner's, an unknown or an archived contact, and another partner's meeting: 400, nothing saved", async () => {
    const ours = await partner('Ours');
    const theirs = await partner('Theirs');
    const before = await incomeCount(ours.tenant);
    expectFailure(await post(ours.tenant, 'income', incomeBody(ours.account, { memberId: theirs.contact })), 400, 'Choose a contact from the list');
    expectFailure(await post(ours.tenant, 'income', incomeBody(ours.account, { memberId: 999_999_999 })), 400, 'Choose a contact from the list');
    expectFailure(await post(ours.tenant, 'income', incomeBody(ours.account, { meetingId: theirs.meeting })), 400, 'Choose a meeting from the list');
    expectFailure(await post(ours.tenant, 'income', incomeBody(ours.account, { memberId: 'Amani' })), 400, 'Choose a contact from the list');
    await t.db.updateTable('members').set({ archived_at: new Date() }).where('id', '=', ours.contact).execute();
    expectFailure(await post(ours.tenant, 'income', incomeBody(ours.account, { memberId: ours.contact })), 400, 'Choose a contact from the list');
    expect(await incomeCount(ours.tenant)).toBe(before);
    // The receipt numbers taken by the refused saves were given back.
    expect((await newIncome(ours.tenant, ours.account)).receiptNumber).toBe(1);
  });

  it('saves a loose offering with no names, phone nor reference; the names stay required without looseOffering', async () => {
    const { tenant, account, contact, meeting } = await partner('Loose');
    const loose = await newIncome(tenant, account, { looseOffering: true, firstname: '', lastname: '', phone: '', reference: '', amount: '1500', meetingId: meeting });
    expect(loose).toMatchObject({ firstName: '', lastName: '', phone: '', reference: '', amount: '1500.00', MemberId: null, MeetingId: meeting });
    // Fields left out altogether are as good as empty.
    const { firstname: _f, lastname: _l, phone: _p, reference: _r, ...bare } = incomeBody(account, { looseOffering: true });
    expect((await ok<SaveResponse<'income', Income>>(post(tenant, 'income', bare), 201)).income).toMatchObject({ firstName: '', phone: '' });

    // The spec's messages without it (or with it false).
    for (const extra of [{}, { looseOffering: false }]) {
      expectFailure(await post(tenant, 'income', incomeBody(account, { ...extra, firstname: '' })), 400, 'Name is required');
      expectFailure(await post(tenant, 'income', incomeBody(account, { ...extra, lastname: '' })), 400, 'Name is required');
      expectFailure(await post(tenant, 'income', incomeBody(account, { ...extra, phone: '' })), 400, 'Phone is required');
      expectFailure(await post(tenant, 'income', incomeBody(account, { ...extra, reference: '' })), 400, 'Reference is required');
    }
    // No receipt without a phone; no contact for an offering with no contributor.
    const noPhone = { looseOffering: true, firstname: '', lastname: '', phone: '', reference: '' };
    expectFailure(
      await post(tenant, 'income', incomeBody(account, { ...noPhone, sendMessage: true })),
      400,
      "An SMS receipt needs the payer's phone: give one, or untick Send Message",
    );
    expectFailure(
      await post(tenant, 'income', incomeBody(account, { ...noPhone, memberId: contact })),
      400,
      'A loose offering has no contributor: choose no contact, or untick No contributor',
    );
    expect(await incomeCount(tenant)).toBe(2);
  });

  it("corrects a loose offering's amount and edits its text in place", async () => {
    const { tenant, account } = await partner('Correct');
    const loose = await newIncome(tenant, account, { looseOffering: true, firstname: '', lastname: '', phone: '', reference: '' });
    const put = (payload: object) => t.as(tenant, { method: 'PUT', url: `/api/v2/income/${loose.id}`, payload });
    const form = { ...incomeBody(account), looseOffering: true, firstname: '', lastname: '', phone: '', reference: '' };

    const edited = await ok<SaveResponse<'income', Income>>(put({ ...form, paymentFor: 'Plate offering', version: loose.version }));
    expect(edited.income).toMatchObject({ id: loose.id, paymentFor: 'Plate offering', firstName: '', status: 'posted' });

    const corrected = await ok<SaveResponse<'income', Income>>(put({ ...form, amount: '1300', reason: 'Miscounted', version: edited.income.version }));
    expect(corrected.income).toMatchObject({ amount: '1300.00', firstName: '', lastName: '', phone: '', correctionOfId: loose.id });
    expect((await incomes(tenant)).incomes.map((income) => income.amount).sort()).toEqual(['-1250.00', '1250.00', '1300.00']);
    // The reversing entry cancels the entry it reverses in the list's sum (read from the day totals when nothing filters).
    expect((await incomes(tenant))[LIST_TOTAL_AMOUNT_FIELD]).toBe('1300.00');
    expect((await incomes(tenant, '?reversals=hide'))[LIST_TOTAL_AMOUNT_FIELD]).toBe('1300.00');
  });

  it('answers total_amount: the exact sum of every income or expense the search and dates match, across pages', async () => {
    const { tenant, account, expenseAccount } = await partner('Totals');
    const amounts = ['0.10', '0.20', '1000000.05', '12.34', '999.99'];
    for (const [index, amount] of amounts.entries()) {
      await newIncome(tenant, account, { amount, dateOfTransaction: `2026-03-0${index + 1}`, firstname: index % 2 === 0 ? 'Baraka' : 'Neema' });
      await ok(
        post(tenant, 'expense', {
          payee: index % 2 === 0 ? 'Landlord' : 'Kenya Power',
          amount,
          account: expenseAccount,
          mode: 'CASH',
          dateOfTransaction: `2026-03-0${index + 1}`,
          paymentFor: 'Rent',
          reference: 'INV-1',
          notes: 'March',
        }),
        201,
      );
    }
    const everything = await incomes(tenant, '?page=1&pagesize=2');
    expect(everything.incomes).toHaveLength(2);
    expect(everything.total).toBe(5);
    expect(everything[LIST_TOTAL_AMOUNT_FIELD]).toBe('1001012.68');
    // A search (all pages): 0.10 + 1000000.05 + 999.99; the second page answers the same total.
    expect((await incomes(tenant, '?searchKey=baraka&page=1&pagesize=1'))[LIST_TOTAL_AMOUNT_FIELD]).toBe('1001000.14');
    expect(await incomes(tenant, '?searchKey=baraka&page=2&pagesize=1')).toMatchObject({ total: 3, [LIST_TOTAL_AMOUNT_FIELD]: '1001000.14' });
    // A date range: 2 to 4 March.
    expect(await incomes(tenant, '?startdate=2026-03-02&enddate=2026-03-04&page=1&pagesize=1')).toMatchObject({ total: 3, [LIST_TOTAL_AMOUNT_FIELD]: '1000012.59' });
    expect((await incomes(tenant, '?searchKey=nobody'))[LIST_TOTAL_AMOUNT_FIELD]).toBe('0.00');

    expect((await expenses(tenant, '?page=1&pagesize=2'))[LIST_TOTAL_AMOUNT_FIELD]).toBe('1001012.68');
    expect((await expenses(tenant, '?searchKey=landlord&page=2&pagesize=1'))[LIST_TOTAL_AMOUNT_FIELD]).toBe('1001000.14');
    expect((await expenses(tenant, '?startdate=2026-03-02&enddate=2026-03-04'))[LIST_TOTAL_AMOUNT_FIELD]).toBe('1000012.59');

    // Another partner's list sums its own rows only.
    const other = await t.newTenant('Totals elsewhere');
    expect(await incomes(other)).toEqual({ incomes: [], total: 0, [LIST_TOTAL_AMOUNT_FIELD]: '0.00' });
    expect(await expenses(other)).toEqual({ expenses: [], total: 0, [LIST_TOTAL_AMOUNT_FIELD]: '0.00' });
  });
});
