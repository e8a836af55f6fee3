import {
  ROLES,
  type AttendanceSeriesResponse,
  type Campaign,
  type Pledge,
  type ListResponse,
  type LoginResponse,
  type Meeting,
  type MeetingType,
  type OnlineTransaction,
  type StaffMember,
} from '@ushirika/shared/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/connection';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_USERS, isDatabaseEmpty, resetToDemoData, SEED_COUNTS, seedDemoData } from '../src/db/seed';
import { DEMO_CAMPAIGN } from '../src/finance/campaigns/demo-campaign';
import { DEMO_MPESA } from '../src/finance/demo-finance';
import { bothDatabases } from './support/databases';

describe.each(bothDatabases)('demo data on %s', (_name, database) => {
  let handle: DatabaseHandle;
  /** One server for every sign-in of the file, as one server serves every demo user. */
  let app: FastifyInstance;
  const today = new Date('2026-11-19T10:00:00Z'); // a Thursday

  beforeAll(async () => {
    handle = await database.open();
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    await seedDemoData(handle.db, today);
    app = await buildApp({ db: handle.db, config: { jwtSecret: 'seed-test', tokenTtlSeconds: 600, webRoot: undefined }, logger: false });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  }, 60_000);

  async function loggedIn(email: string) {
    const login = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const { access_token, user } = login.json<LoginResponse>();
    const get = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${access_token}` } })).json<T>();
    return { user, get };
  }

  it('signs Jane in to Grace Community Church with a year of weekly meetings ending this week', async () => {
    const { user, get } = await loggedIn(DEMO_USERS[0].email);
    expect(user).toMatchObject({ firstName: 'Jane', lastName: 'Wanjiku', Partner: { name: 'Grace Community Church', product: 'general' } });

    const types = await get<ListResponse<'meeting_types', MeetingType>>('/api/v2/meeting_types?pagesize=25');
    expect(types.total).toBe(SEED_COUNTS.graceMeetingTypes);
    expect(types.meeting_types.map((type) => type.name)).toContain('Sunday Service');

    const meetings = await get<ListResponse<'meetings', Meeting>>('/api/v2/meetings?pagesize=2');
    expect(meetings.total).toBe(SEED_COUNTS.graceMeetings);
    expect(meetings.meetings.map((m) => [m.dateOfMeeting, m.MeetingType.name])).toEqual([
      ['2026-11-18', 'Midweek Bible Study'],
      ['2026-11-15', 'Sunday Service'],
    ]);
    expect(meetings.meetings[0]!.totalOffering).toMatch(/^\d+\.\d{2}$/);

    const { attendance } = await get<AttendanceSeriesResponse>('/api/v2/meetings/attendance?enddate=2026-11-19');
    expect(attendance).toHaveLength(12);
    expect(attendance.every((point) => point.actual > 0 && point.expected > 0)).toBe(true);
  });

  it('signs Peter in to Upendo Traders, who sees only his own two meeting types', async () => {
    const { user, get } = await loggedIn(DEMO_USERS[1].email);
    expect(user.Partner).toMatchObject({ name: 'Upendo Traders', product: 'etracker' });
    expect((await get<ListResponse<'meeting_types', MeetingType>>('/api/v2/meeting_types')).total).toBe(SEED_COUNTS.upendoMeetingTypes);
    expect((await get<ListResponse<'meetings', Meeting>>('/api/v2/meetings')).total).toBe(0);
  });

  it('gives Grace one staff member per role, each with a mobile, listed for the owner', async () => {
    for (const staff of DEMO_STAFF) {
      const { user } = await loggedIn(staff.email);
      expect(user).toMatchObject({ firstName: staff.firstName, roles: [staff.role], Partner: { name: 'Grace Community Church' } });
    }
    const { get } = await loggedIn(DEMO_USERS[0].email);
    const { staff, total } = await get<ListResponse<'staff', StaffMember>>('/api/v2/staff?pagesize=20');
    expect(total).toBe(DEMO_STAFF.length + 1);
    expect(staff.map((member) => member.roles[0]).sort()).toEqual([...ROLES].sort());
    expect(staff.find((member) => member.email === 'clerk@grace.test')).toMatchObject({ phone: '+254711000103', roles: ['finance_clerk'], invitationPending: false });
    // Seven sign-ins, each an argon2 hash.
  }, 60_000);

  it('gives Grace half a year of books with receipt numbers in date order, a budget, and a paybill whose TITHE payments allocate themselves', async () => {
    const { user, get } = await loggedIn(DEMO_USERS[0].email);
    const grace = user.Partner.id;
    const accounts = await handle.db.selectFrom('accounts').select(['name', 'type', 'parent_id']).where('tenant_id', '=', grace).orderBy('id').execute();
    expect(accounts).toHaveLength(SEED_COUNTS.graceAccounts);
    expect(accounts.filter((account) => account.type === 'CR').map((account) => account.name)).toEqual(['Tithe', 'Offering', 'Building Fund', 'Thanksgiving']);

    const incomes = await handle.db
      .selectFrom('incomes')
      .select(['receipt_number', sql<string>`to_char(date_of_transaction, 'YYYY-MM-DD')`.as('date')])
      .where('tenant_id', '=', grace)
      .orderBy('receipt_number')
      .execute();
    expect(incomes.map((income) => income.receipt_number)).toEqual(incomes.map((_, i) => i + 1));
    expect(incomes.slice(0, -3).map((income) => income.date)).toEqual(
      incomes
        .slice(0, -3)
        .map((income) => income.date)
        .sort(),
    );
    const budget = await handle.db
      .selectFrom('budgets')
      .select(sql<number>`count(*)::int`.as('months'))
      .where('tenant_id', '=', grace)
      .where('year', '=', 2026)
      .executeTakeFirstOrThrow();
    expect(budget.months).toBe(SEED_COUNTS.graceAccounts * 12);

    const waiting = await get<ListResponse<'transactions', OnlineTransaction>>('/api/v2/onlinetrans/0');
    expect(waiting.total).toBe(SEED_COUNTS.graceUnallocatedPayments);

    // The README's curl line: a TITHE payment through the demo paybill is allocated by the rule.
    const confirmation = await app.inject({
      method: 'POST',
      url: `/api/v2/mpesa/c2b/${DEMO_MPESA.secret}/confirmation`,
      payload: {
        TransID: 'TKDEMO0001',
        TransTime: '20261119093000',
        TransAmount: '500.00',
        BusinessShortCode: DEMO_MPESA.shortCode,
        BillRefNumber: 'TITHE',
        MSISDN: '254712345678',
      },
    });
    expect(confirmation.json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    const [payment] = (await get<ListResponse<'transactions', OnlineTransaction>>('/api/v2/onlinetrans?searchKey=TKDEMO0001')).transactions;
    expect(payment).toMatchObject({ Account: { name: 'Tithe' }, allocatedBy: 'rule' });
  });

  /** Grace's campaigns as Jane reads them, without the time the seed ran. */
  async function graceCampaigns() {
    const { get } = await loggedIn(DEMO_USERS[0].email);
    const { campaigns, total } = await get<{ campaigns: Campaign[]; total: number }>('/api/v2/campaigns');
    return { get, total, campaigns: campaigns.map(({ createdAt: _createdAt, ...campaign }) => campaign) };
  }
  const shillings = (amount: number) => `${amount}.00`;

  it('gives Grace an open harambee into the Building Fund, with pledges partly paid, one fulfilled and thanked, and gifts without a pledge', async () => {
    const { get, total, campaigns } = await graceCampaigns();
    expect(total).toBe(1);
    const [campaign] = campaigns;
    expect(campaign).toMatchObject({
      name: 'Sanctuary Building',
      code: 'SANCTUARY',
      status: 'open',
      Account: { name: 'Building Fund' },
      target: '2000000.00',
      // From a Monday about 60 days back, for 26 weeks.
      startDate: '2026-09-21',
      endDate: '2027-03-21',
      pledgers: DEMO_CAMPAIGN.pledgers,
      fulfilled: 1,
      pledged: shillings(DEMO_CAMPAIGN.pledged),
      balance: shillings(DEMO_CAMPAIGN.balance),
    });
    expect([DEMO_CAMPAIGN.pledged, DEMO_CAMPAIGN.paidByPledgers, DEMO_CAMPAIGN.balance]).toEqual([315_000, 141_000, 174_000]);

    // Paid: every Building Fund income in its dates, the contacts' and the loose gifts alike.
    const grace = (await handle.db.selectFrom('partners').select('id').where('name', '=', DEMO_USERS[0].partner).executeTakeFirstOrThrow()).id;
    const { sum } = await handle.db
      .selectFrom('incomes as i')
      .innerJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 'i.tenant_id').onRef('a.id', '=', 'i.account_id'))
      .select(sql<string>`sum(i.amount)::numeric(16, 2)::text`.as('sum'))
      .where('i.tenant_id', '=', grace)
      .where('a.name', '=', 'Building Fund')
      .where('i.date_of_transaction', '>=', '2026-09-21')
      .executeTakeFirstOrThrow();
    expect(campaign!.paid).toBe(sum);
    expect(Number(sum)).toBeGreaterThanOrEqual(DEMO_CAMPAIGN.paidByPledgers + DEMO_CAMPAIGN.unpledgedGift + DEMO_CAMPAIGN.looseGift);

    const list = (filter: string) => get<{ pledges: Pledge[]; total: number }>(`/api/v2/campaigns/${campaign!.id}/pledges?filter=${filter}&pagesize=25`);
    const all = await list('all');
    expect(all.total).toBe(DEMO_CAMPAIGN.pledgers + 1);
    expect(all.pledges.filter((pledge) => pledge.pledgedAt !== null).reduce((paid, pledge) => paid + Number(pledge.paid), 0)).toBe(DEMO_CAMPAIGN.paidByPledgers);
    expect((await list('unpledged')).pledges.map((pledge) => pledge.paid)).toEqual([shillings(DEMO_CAMPAIGN.unpledgedGift)]);
    expect((await list('fulfilled')).pledges.map((pledge) => [pledge.pledged, pledge.paid])).toEqual([[shillings(50_000), shillings(50_000)]]);
    expect((await list('owing')).total).toBe(DEMO_CAMPAIGN.pledgers - 1);
    // Two pledgers have paid nothing yet.
    expect(all.pledges.filter((pledge) => pledge.pledgedAt !== null && pledge.paid === '0.00')).toHaveLength(2);

    // History: the fulfilled pledge was thanked, so no thank-you SMS is queued on the demo's first start.
    const unthanked = await handle.db
      .selectFrom('pledges')
      .select('id')
      .where('tenant_id', '=', grace)
      .where('pledged', '>', '0')
      .where(sql<boolean>`paid >= pledged`)
      .where('thanked_at', 'is', null)
      .execute();
    expect(unthanked).toEqual([]);
  });

  it('gives Upendo two client accounts with money in and out', async () => {
    const { user } = await loggedIn(DEMO_USERS[1].email);
    const upendo = user.Partner.id;
    const accounts = await handle.db.selectFrom('accounts').select('type').where('tenant_id', '=', upendo).execute();
    expect(accounts).toEqual(Array.from({ length: SEED_COUNTS.upendoAccounts }, () => ({ type: 'ROOT' })));
    for (const table of ['incomes', 'expenses'] as const) {
      expect((await handle.db.selectFrom(table).select('id').where('tenant_id', '=', upendo).execute()).length).toBeGreaterThan(0);
    }
  });

  it('seeds the same harambee again on pnpm seed --reset', async () => {
    const before = await graceCampaigns();
    await resetToDemoData(handle.db, today);
    const after = await graceCampaigns();
    expect(after.campaigns).toEqual(before.campaigns);
    expect(after.campaigns[0]!.pledged).toBe(shillings(DEMO_CAMPAIGN.pledged));
  }, 60_000);
});
