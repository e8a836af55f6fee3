import { etrackerHome as etrackerHomeSchema, partnerHome as partnerHomeSchema, type EtrackerHome, type PartnerHome } from '@ushirika/shared/contract';
import { formatTransTime } from '../src/finance/mpesa/daraja';
import { topUpUnits } from '../src/messaging/units';
import { setPartnerMpesa } from '../src/partners/queries';
import { setPartnerTimeZone, UnknownTimeZoneError } from '../src/partners/time-zone';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { darajaPayment } from './support/daraja';
import { bothDatabases } from './support/databases';

/*
 * The dashboards' figures (issue 12) at a clock the test sets. East Africa Time is UTC+3, so 21:10 UTC on
 * Sunday 17 January 2027 is already Monday 18 January in Nairobi: a UTC reading of "this week" would be
 * off by a week there.
 */

const SUNDAY_2345_EAT = new Date('2027-01-17T20:45:00Z');
const MONDAY_0010_EAT = new Date('2027-01-17T21:10:00Z');

let clock = SUNDAY_2345_EAT;

describe.each(bothDatabases)('dashboards on %s', (_name, database) => {
  const testApp = useTestApp(database, {}, { now: () => clock });
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });
  beforeEach(() => {
    clock = SUNDAY_2345_EAT;
  });

  const home = async (tenant: Tenant): Promise<PartnerHome> => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/partner-home?tenantid=${tenant.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: PartnerHome }>();
    // Every field the contract names, of its type: the legacy client reads these and nothing else.
    expect(() => partnerHomeSchema.validateSync(body, { strict: true })).not.toThrow();
    return body.data;
  };
  const moneyHome = async (tenant: Tenant): Promise<EtrackerHome> => {
    const response = await t.as(tenant, { method: 'GET', url: '/api/v2/etracker-home' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: EtrackerHome }>();
    expect(() => etrackerHomeSchema.validateSync(body, { strict: true })).not.toThrow();
    return body.data;
  };
  const post = async (tenant: Tenant, url: string, payload: object, key: string): Promise<number> => {
    const response = await t.as(tenant, { method: 'POST', url: `/api/v2/${url}`, payload });
    if (response.statusCode !== 201) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    return response.json<Record<string, { id: number }>>()[key]!.id;
  };
  const account = (tenant: Tenant, accountType: 'CR' | 'DR', name: string) => post(tenant, 'account', { accountName: name, accountType, parentId: 0 }, 'account');
  const income = (tenant: Tenant, accountId: number, amount: string, mode: string, dateOfTransaction: string) =>
    post(
      tenant,
      'income',
      {
        firstname: 'Amina',
        lastname: 'Wanjiru',
        phone: '0712345678',
        amount,
        account: accountId,
        mode,
        dateOfTransaction,
        paymentFor: 'Tithe',
        reference: 'REF1',
        sendMessage: false,
      },
      'income',
    );
  const expense = (tenant: Tenant, accountId: number, amount: string, dateOfTransaction: string) =>
    post(
      tenant,
      'expense',
      { payee: 'Landlord', amount, account: accountId, mode: 'CASH', dateOfTransaction, paymentFor: 'Rent', reference: 'REF1', notes: 'January' },
      'expense',
    );

  let shortCodes = 0;
  /** The partner takes M-Pesa; `pay` posts a confirmation as Safaricom would (TransTime in East Africa Time). */
  async function withMpesa(tenant: Tenant) {
    shortCodes += 1;
    const mpesa = { shortCode: `7${String(shortCodes).padStart(4, '0')}`, secret: `dashboard-secret-${tenant.id}-abcdef` };
    expect(await setPartnerMpesa(t.db, tenant.id, mpesa)).toBe(true);
    return async (at: Date, amount: string): Promise<number> => {
      const transId = `DB${tenant.id}${at.getTime() % 1e8}`;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v2/mpesa/c2b/${mpesa.secret}/confirmation`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(darajaPayment({ TransID: transId, BusinessShortCode: mpesa.shortCode, TransTime: formatTransTime(at), TransAmount: amount })),
      });
      expect(response.statusCode).toBe(200);
      const row = await t.db.selectFrom('online_transactions').select('id').where('tenant_id', '=', tenant.id).where('trans_id', '=', transId).executeTakeFirstOrThrow();
      return row.id;
    };
  }

  it('pads 12 months with zeros across the year boundary, oldest first, M-Pesa against cash, each sum in its month', async () => {
    const tenant = await t.newTenant('Giving');
    const pay = await withMpesa(tenant);
    const tithe = await account(tenant, 'CR', 'Tithe');
    await income(tenant, tithe, '99.99', 'CASH', '2026-01-31'); // the month before the first: left out
    await income(tenant, tithe, '250.50', 'M-PESA', '2026-02-01'); // the first month's first day
    await income(tenant, tithe, '1000.00', 'CASH', '2026-12-20');
    await income(tenant, tithe, '0.10', 'CASH', '2026-12-31');
    await income(tenant, tithe, '500.00', 'CHEQUE', '2026-12-05'); // neither M-Pesa nor cash
    await pay(new Date('2026-12-31T20:59:00Z'), '40.00'); // 23:59 on 31 December in Nairobi: December
    await pay(new Date('2026-12-31T21:00:00Z'), '60.00'); // midnight in Nairobi: January

    const { mpesa_numbers, cash_numbers } = await home(tenant);

    const months = ['2026-2', '2026-3', '2026-4', '2026-5', '2026-6', '2026-7', '2026-8', '2026-9', '2026-10', '2026-11', '2026-12', '2027-1'];
    expect(mpesa_numbers.map(({ yr, mn }) => `${yr}-${mn}`)).toEqual(months);
    expect(cash_numbers.map(({ yr, mn }) => `${yr}-${mn}`)).toEqual(months);
    expect(mpesa_numbers.map((m) => m.amount)).toEqual(['250.50', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '40.00', '60.00']);
    expect(cash_numbers.map((m) => m.amount)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '1000.10', '0.00']);
  });

  it("counts a payment at 23:30 on Sunday, East Africa Time, in that Sunday's week, and not in the next", async () => {
    const tenant = await t.newTenant('Week');
    const pay = await withMpesa(tenant);
    const tithe = await account(tenant, 'CR', 'Tithe');
    await pay(new Date('2027-01-17T20:30:00Z'), '750.00'); // Sunday 23:30 EAT (still Sunday in UTC too)
    await pay(new Date('2027-01-10T21:00:00Z'), '5.00'); // Monday 11 January 00:00 EAT: the week's first minute
    await pay(new Date('2027-01-10T20:59:00Z'), '1000.00'); // Sunday 10 January 23:59 EAT: the week before
    await income(tenant, tithe, '300.00', 'CASH', '2027-01-11');
    await income(tenant, tithe, '7.00', 'CASH', '2027-01-18'); // next Monday

    const sunday = await home(tenant);
    expect(sunday.week).toEqual({ start: '2027-01-11', end: '2027-01-17', timeZone: 'Africa/Nairobi' });
    expect(sunday.transactions_this_week).toBe('1055.00');

    // 21:10 UTC is still Sunday in London, but Monday in Nairobi: a new week there.
    clock = MONDAY_0010_EAT;
    const monday = await home(tenant);
    expect(monday.week).toEqual({ start: '2027-01-18', end: '2027-01-24', timeZone: 'Africa/Nairobi' });
    expect(monday.transactions_this_week).toBe('7.00');
  });

  it('counts money in once when a waiting payment is allocated, and follows an income moved to another week', async () => {
    const tenant = await t.newTenant('Allocate');
    const pay = await withMpesa(tenant);
    const tithe = await account(tenant, 'CR', 'Tithe');
    const payment = await pay(new Date('2027-01-17T20:30:00Z'), '750.00');
    const cash = await income(tenant, tithe, '300.00', 'CASH', '2027-01-12');
    const before = await home(tenant);
    expect(before.transactions_this_week).toBe('1050.00');

    const allocated = await t.as(tenant, { method: 'POST', url: '/api/v2/allocateaccounts', payload: { account: tithe, selectedRecords: String(payment) } });
    expect(allocated.statusCode).toBe(200);
    const after = await home(tenant);
    expect(after.transactions_this_week).toBe('1050.00');
    expect(after.mpesa_numbers.at(-1)!.amount).toBe('750.00');

    const moved = await t.as(tenant, {
      method: 'PUT',
      url: `/api/v2/income/${cash}`,
      payload: {
        firstname: 'Amina',
        lastname: 'Wanjiru',
        phone: '0712345678',
        amount: '320.00',
        account: tithe,
        mode: 'CASH',
        dateOfTransaction: '2026-12-24',
        reason: 'Dated wrongly',
        paymentFor: 'Tithe',
        reference: 'REF1',
        sendMessage: false,
      },
    });
    expect(moved.statusCode).toBe(200);
    const edited = await home(tenant);
    expect(edited.transactions_this_week).toBe('750.00');
    expect(edited.cash_numbers.map((m) => m.amount).slice(-2)).toEqual(['320.00', '0.00']);
  });

  it("reads the week in the partner's own time zone once it is set", async () => {
    const tenant = await t.newTenant('Zone');
    const pay = await withMpesa(tenant);
    await pay(new Date('2027-01-17T20:30:00Z'), '750.00'); // Sunday 20:30 in UTC
    clock = MONDAY_0010_EAT; // Sunday 21:10 in UTC

    expect((await home(tenant)).transactions_this_week).toBe('0.00');
    expect(await setPartnerTimeZone(t.db, tenant.id, 'UTC')).toBe(true);
    const utc = await home(tenant);
    expect(utc.week).toEqual({ start: '2027-01-11', end: '2027-01-17', timeZone: 'UTC' });
    expect(utc.transactions_this_week).toBe('750.00');

    await expect(setPartnerTimeZone(t.db, tenant.id, 'Africa/Atlantis')).rejects.toBeInstanceOf(UnknownTimeZoneError);
    await expect(setPartnerTimeZone(t.db, tenant.id, "UTC'; drop table partners; --")).rejects.toBeInstanceOf(UnknownTimeZoneError);
  });

  it("counts this week's messages, every contact, the SMS units, and lists the newest contacts and messages", async () => {
    const tenant = await t.newTenant('Figures');
    await topUpUnits(t.db, tenant.id, 100, 'test');
    for (let n = 1; n <= 6; n += 1) {
      await post(
        tenant,
        'member',
        { firstName: `Contact${n}`, lastName: 'Otieno', gender: 'F', mobile: `07120000${String(n).padStart(2, '0')}`, residence: 'Nakuru' },
        'member',
      );
    }
    const sent = await t.as(tenant, {
      method: 'POST',
      url: '/api/v2/notifymany',
      payload: {
        recipient_type: 'Typed',
        recipients: '0712000001, 0712000002, 0712000003',
        textmessage: 'Harvest service this Sunday at ten in the main hall',
        type: 'SMS',
        category: 'WEBSMS',
      },
    });
    expect(sent.statusCode).toBe(201);
    // Queued now, so counted in this week, in the partner's zone, and in no other.
    clock = new Date();
    const figures = await home(tenant);

    expect(figures.nofification_this_week).toBe(3);
    expect(figures.contacts).toBe(6);
    expect(figures.contact_list.map((c) => c.firstName)).toEqual(['Contact6', 'Contact5', 'Contact4', 'Contact3', 'Contact2']);
    expect(figures.contact_list[0]).toMatchObject({ phone: '+254712000006', Partner: { name: expect.stringMatching(/^Figures \d+$/) } });
    expect(figures.notification_list).toHaveLength(3);
    expect(figures.notification_list[0]).toMatchObject({ message: 'Harvest service this Sunday at ten in the main hall', type: 'SMS', status: expect.any(Number) });
    expect(figures.settings).toContainEqual({ name: 'Sms Units', value: '97' });
    clock = new Date(Date.now() + 7 * 86_400_000);
    expect((await home(tenant)).nofification_this_week).toBe(0);
  });

  it('sums attendance per month from the meetings, actual against expected', async () => {
    const tenant = await t.newTenant('Attendance');
    const type = await post(tenant, 'meeting_types', { name: 'Sunday Service', description: 'Worship' }, 'meeting_type');
    const meeting = (dateOfMeeting: string, actualAttendance: number, expectedAttendance: number) =>
      post(
        tenant,
        'meetings',
        {
          meeting_type: type,
          dateOfMeeting,
          startTime: '09:00',
          endTime: '11:00',
          actualAttendance,
          expectedAttendance,
          subject: 'Service',
          facilitator: 'Elder',
          speaker: 'Pastor',
          totalOffering: '0',
          notes: '',
        },
        'meeting',
      );
    await meeting('2026-12-06', 80, 100);
    await meeting('2027-01-03', 120, 150);
    await meeting('2027-01-10', 130, 150);

    const { attendance_numbers } = await home(tenant);

    expect(attendance_numbers).toHaveLength(12);
    expect(attendance_numbers.slice(-3)).toEqual([
      { mn: 11, yr: 2026, actual: 0, expected: 0 },
      { mn: 12, yr: 2026, actual: 80, expected: 100 },
      { mn: 1, yr: 2027, actual: 250, expected: 300 },
    ]);
  });

  it("gives the money dashboard this week's money in and out, every account, the latest incomes and expenses", async () => {
    const tenant = await t.newTenant('Money');
    const tithe = await account(tenant, 'CR', 'Tithe');
    const rent = await account(tenant, 'DR', 'Rent');
    await account(tenant, 'DR', 'Water');
    await income(tenant, tithe, '300.00', 'CASH', '2027-01-12');
    await income(tenant, tithe, '45.50', 'M-PESA', '2027-01-17');
    await income(tenant, tithe, '999.00', 'CASH', '2027-01-01');
    await expense(tenant, rent, '120.25', '2027-01-11');
    await expense(tenant, rent, '80.00', '2027-01-10');

    const money = await moneyHome(tenant);

    expect(money).toMatchObject({ accounts: 3, money_in_this_week: '345.50', money_out_this_week: '120.25' });
    expect(money.income_list.map((row) => [row.amount, row.dateOfTransaction])).toEqual([
      ['45.50', '2027-01-17'],
      ['300.00', '2027-01-12'],
      ['999.00', '2027-01-01'],
    ]);
    expect(money.expense_list.map((row) => [row.amount, row.Account.name])).toEqual([
      ['120.25', 'Rent'],
      ['80.00', 'Rent'],
    ]);
    expect(money.week).toEqual({ start: '2027-01-11', end: '2027-01-17', timeZone: 'Africa/Nairobi' });
  });

  it("shows a partner none of another partner's figures or rows", async () => {
    const busy = await t.newTenant('Busy');
    const tithe = await account(busy, 'CR', 'Tithe');
    await income(busy, tithe, '300.00', 'CASH', '2027-01-12');
    await post(busy, 'member', { firstName: 'Private', lastName: 'Person', gender: 'M', mobile: '0712999999', residence: 'Eldoret' }, 'member');
    const quiet = await t.newTenant('Quiet');

    const [figures, money] = [await home(quiet), await moneyHome(quiet)];

    expect(figures).toMatchObject({ contacts: 0, contact_list: [], notification_list: [], nofification_this_week: 0, transactions_this_week: '0.00' });
    expect([...figures.mpesa_numbers, ...figures.cash_numbers].every((m) => m.amount === '0.00')).toBe(true);
    expect(money).toMatchObject({ accounts: 0, money_in_this_week: '0.00', income_list: [], expense_list: [] });
  });

  it('refuses a missing token and a tenantid that is not the token’s', async () => {
    const tenant = await t.newTenant('Guarded');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner-home' })).statusCode).toBe(401);
    expect((await t.as(tenant, { method: 'GET', url: `/api/v2/partner-home?tenantid=${tenant.id + 1}` })).statusCode).toBe(403);
  });
});
