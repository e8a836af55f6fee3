import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  CAMPAIGN_ACCOUNT_TAKEN,
  CAMPAIGN_CLOSED,
  CAMPAIGN_CODE_TAKEN,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_SAVED,
  type Campaign,
  type CampaignWeek,
  type Income,
  type ListResponse,
  type SaveResponse,
} from '@ushirika/shared/contract';
import type { AccountType } from '../src/db/schema';
import { INCOME_ACCOUNT_REFUSED } from '../src/finance/ledger-records';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, newPaybill, type Paybill } from './support/daraja';
import { expectFailure } from './support/expect';

/*
 * Harambee campaigns (issue 30): created, checked, edited, closed; their M-Pesa code's rule; one account's income
 * counted toward one campaign at a time; progress from the incomes to the account within the dates (cash, M-Pesa
 * by the code, reversals), counted again when the account or dates change; the dashboards' cards.
 */

describe.each(testDatabases)('campaigns on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let grace: Paybill;
  let stranger: Tenant;
  let building: number;
  let tithe: number;
  let rent: number;
  let strangerFund: number;
  let amina: number;
  let baraka: number;

  const api = (tenant: Tenant, method: InjectOptions['method'], path: string, payload?: object) =>
    t.as(tenant, { method, url: `/api/v2/${path}`, ...(payload ? { payload } : {}) });
  async function ok<T>(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await response;
    expect({ status: answer.statusCode, body: answer.json<unknown>() }).toMatchObject({ status });
    return answer.json<T>();
  }

  async function account(tenant: Tenant, name: string, type: AccountType = 'CR'): Promise<number> {
    const { id } = await t.db.insertInto('accounts').values({ tenant_id: tenant.id, name, type, parent_id: null }).returning('id').executeTakeFirstOrThrow();
    return id;
  }
  async function member(tenant: Tenant, first: string, phone: string): Promise<number> {
    const { id } = await t.db
      .insertInto('members')
      .values({ tenant_id: tenant.id, first_name: first, last_name: 'Wanjiru', gender: 'F', phone, residence: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const campaignBody = (accountId: number, extra: object = {}) => ({
    name: 'Sanctuary Building',
    target: '2000000',
    startDate: '2026-03-01',
    endDate: '2026-12-31',
    account: accountId,
    code: '',
    ...extra,
  });
  const create = (tenant: Tenant, body: object) => api(tenant, 'POST', 'campaigns', body);
  const newCampaign = async (tenant: Tenant, body: object) => (await ok<SaveResponse<'campaign', Campaign>>(create(tenant, body), 201)).campaign;
  const campaign = async (tenant: Tenant, id: number) => (await ok<{ campaign: Campaign }>(api(tenant, 'GET', `campaigns/${id}`))).campaign;
  const change = (tenant: Tenant, id: number, body: object) => api(tenant, 'PUT', `campaigns/${id}`, body);

  let reference = 0;
  const cash = async (tenant: Tenant, accountId: number, amount: string, memberId: number | null, date = '2026-03-10') =>
    (
      await ok<SaveResponse<'income', Income>>(
        api(tenant, 'POST', 'income', {
          firstname: 'Amina',
          lastname: 'Wanjiru',
          phone: '0711 000 001',
          amount,
          account: accountId,
          mode: 'CASH',
          dateOfTransaction: date,
          paymentFor: 'Jengo',
          reference: `JENGO-${(reference += 1)}`,
          sendMessage: false,
          memberId,
        }),
        201,
      )
    ).income;

  /** The partner's activity events of entity `entity`, oldest first. */
  const events = (tenant: Tenant, entity: string) =>
    t.db.selectFrom('activity_events').select(['action', 'entity_id', 'changes']).where('tenant_id', '=', tenant.id).where('entity', '=', entity).orderBy('id').execute();

  beforeAll(async () => {
    t = testApp();
    grace = await newPaybill(t, '600300', 'Grace');
    stranger = await t.newTenant('Stranger');
    building = await account(grace, 'Building Fund');
    tithe = await account(grace, 'Tithe');
    rent = await account(grace, 'Rent', 'DR');
    strangerFund = await account(stranger, 'Their Fund');
    amina = await member(grace, 'Amina', '+254711000001');
    baraka = await member(grace, 'Baraka', '+254711000002');
  });

  it('creates, validates, edits and closes a campaign, each change one event; a closed one takes no pledge', async () => {
    const fund = await account(grace, 'Roof Fund');
    expectFailure(await create(grace, campaignBody(fund, { name: '' })), 400, 'Name is required');
    expectFailure(await create(grace, campaignBody(fund, { target: '0' })), 400, 'Target must be more than 0');
    expectFailure(await create(grace, campaignBody(fund, { endDate: '2026-02-01' })), 400, 'End date must not be before the start date');
    expectFailure(await create(grace, campaignBody(fund, { code: 'JE NGO' })), 400, 'Code must be 2 to 20 letters or digits, e.g. JENGO');
    expectFailure(await create(grace, campaignBody(rent)), 400, INCOME_ACCOUNT_REFUSED);
    expectFailure(await create(grace, campaignBody(strangerFund)), 400, INCOME_ACCOUNT_REFUSED);

    const saved = await ok<SaveResponse<'campaign', Campaign>>(create(grace, campaignBody(fund, { name: 'Roof', target: '500000.50' })), 201);
    expect(saved.status_msg).toBe(CAMPAIGN_SAVED);
    expect(saved.campaign).toMatchObject({
      name: 'Roof',
      target: '500000.50',
      startDate: '2026-03-01',
      endDate: '2026-12-31',
      AccountId: fund,
      Account: { name: 'Roof Fund' },
      code: null,
      status: 'open',
      pledged: '0.00',
      paid: '0.00',
      balance: '0.00',
      remaining: '500000.50',
      pledgers: 0,
      fulfilled: 0,
      fulfilledShare: null,
      version: 1,
    });
    const id = saved.campaign.id;

    const edited = await ok<SaveResponse<'campaign', Campaign>>(change(grace, id, campaignBody(fund, { name: 'New Roof', target: '600000', version: 1 })));
    expect(edited.campaign).toMatchObject({ name: 'New Roof', target: '600000.00', status: 'open', version: 2 });
    // A stale form changes nothing.
    expect((await change(grace, id, campaignBody(fund, { name: 'Stale', version: 1 }))).statusCode).toBe(409);

    const closed = await ok<SaveResponse<'campaign', Campaign>>(
      change(grace, id, campaignBody(fund, { name: 'New Roof', target: '600000', status: 'closed', version: 2 })),
    );
    expect(closed.campaign.status).toBe('closed');
    expectFailure(await api(grace, 'POST', `campaigns/${id}/pledges`, { contactId: amina, amount: '100' }), 400, CAMPAIGN_CLOSED);

    const logged = (await events(grace, 'campaign')).filter((event) => event.entity_id === String(id));
    expect(logged.map((event) => event.action)).toEqual(['create', 'update', 'close']);
    expect(logged[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: 'Roof', new: 'New Roof' },
        { field: 'target', old: '500000.50', new: '600000.00' },
      ]),
    );
    expect(logged[2]!.changes).toEqual([{ field: 'status', old: 'open', new: 'closed' }]);

    // Reopened: an update; the list filters by status and searches by name.
    await ok(change(grace, id, campaignBody(fund, { name: 'New Roof', target: '600000', status: 'open', version: 3 })));
    expect((await events(grace, 'campaign')).at(-1)).toMatchObject({ action: 'update', changes: [{ field: 'status', old: 'closed', new: 'open' }] });
    const open = await ok<ListResponse<'campaigns', Campaign>>(api(grace, 'GET', 'campaigns?status=open&searchKey=roof'));
    expect(open.campaigns.map((row) => row.id)).toEqual([id]);
    expect((await ok<ListResponse<'campaigns', Campaign>>(api(grace, 'GET', 'campaigns?status=closed&searchKey=roof'))).total).toBe(0);
    expectFailure(await api(grace, 'GET', 'campaigns?status=maybe'), 400, 'status must be open or closed');
  });

  it("makes the code's rule, reuses one for the same account, refuses one for another account, and replaces its own when the code changes", async () => {
    const fund = await account(grace, 'Choir Fund');
    const rules = () =>
      t.db.selectFrom('bill_ref_rules').select(['bill_ref', 'bill_ref_key', 'account_id', 'campaign_id']).where('tenant_id', '=', grace.id).orderBy('id').execute();
    await t.db.insertInto('bill_ref_rules').values({ tenant_id: grace.id, bill_ref: 'TITHE', bill_ref_key: 'TITHE', account_id: tithe }).execute();

    expectFailure(await create(grace, campaignBody(fund, { name: 'Choir', code: 'tithe' })), 409, CAMPAIGN_CODE_TAKEN);
    const choir = await newCampaign(grace, campaignBody(fund, { name: 'Choir', code: 'Choir1' }));
    expect(choir.code).toBe('Choir1');
    expect((await rules()).filter((rule) => rule.account_id === fund)).toEqual([{ bill_ref: 'Choir1', bill_ref_key: 'CHOIR1', account_id: fund, campaign_id: choir.id }]);

    // The code changes: its old rule goes, a new one is made.
    await ok(change(grace, choir.id, campaignBody(fund, { name: 'Choir', code: 'ROBES', version: choir.version })));
    expect((await rules()).filter((rule) => rule.account_id === fund)).toEqual([{ bill_ref: 'ROBES', bill_ref_key: 'ROBES', account_id: fund, campaign_id: choir.id }]);

    // A code whose rule is the campaign's account's already: reused as it is (no second rule, not the campaign's).
    const tithes = await newCampaign(grace, campaignBody(tithe, { name: 'Tithe drive', code: 'tithe' }));
    expect((await rules()).filter((rule) => rule.bill_ref_key === 'TITHE')).toEqual([{ bill_ref: 'TITHE', bill_ref_key: 'TITHE', account_id: tithe, campaign_id: null }]);
    // No code any more: the campaign's own rule goes, the reused one stays.
    await ok(change(grace, choir.id, campaignBody(fund, { name: 'Choir', code: '', version: choir.version + 1 })));
    await ok(change(grace, tithes.id, campaignBody(tithe, { name: 'Tithe drive', code: '', version: tithes.version })));
    expect((await rules()).filter((rule) => rule.account_id === fund || rule.bill_ref_key === 'TITHE')).toEqual([
      { bill_ref: 'TITHE', bill_ref_key: 'TITHE', account_id: tithe, campaign_id: null },
    ]);
    await ok(change(grace, tithes.id, campaignBody(tithe, { name: 'Tithe drive', status: 'closed', version: tithes.version + 1 })));
  });

  it('refuses an account another campaign takes over overlapping dates; other dates or another account are fine', async () => {
    const fund = await account(grace, 'Land Fund');
    const first = await newCampaign(grace, campaignBody(fund, { name: 'Land', startDate: '2026-01-01', endDate: '2026-06-30' }));
    expectFailure(await create(grace, campaignBody(fund, { name: 'Land 2', startDate: '2026-06-30', endDate: '2026-09-30' })), 409, CAMPAIGN_ACCOUNT_TAKEN);
    const second = await newCampaign(grace, campaignBody(fund, { name: 'Land 2', startDate: '2026-07-01', endDate: '2026-09-30' }));
    // Moving the second over the first is refused too, and changes nothing.
    expectFailure(
      await change(grace, second.id, campaignBody(fund, { name: 'Land 2', startDate: '2026-06-01', endDate: '2026-09-30', version: 1 })),
      409,
      CAMPAIGN_ACCOUNT_TAKEN,
    );
    expect(await campaign(grace, second.id)).toMatchObject({ startDate: '2026-07-01', version: 1 });
    // A closed campaign still takes its account's income over its dates.
    await ok(change(grace, first.id, campaignBody(fund, { name: 'Land', startDate: '2026-01-01', endDate: '2026-06-30', status: 'closed', version: 1 })));
    expectFailure(await create(grace, campaignBody(fund, { name: 'Land 3', startDate: '2026-05-01', endDate: '2026-05-31' })), 409, CAMPAIGN_ACCOUNT_TAKEN);
  });

  it("counts the account's incomes within the dates, by contact; reversals take them out; counted again when the campaign changes", async () => {
    // Incomes before the campaign exists count once it is made.
    const early = await cash(grace, building, '1000', amina, '2026-03-05');
    await cash(grace, building, '999', amina, '2026-02-28'); // before the start
    await cash(grace, tithe, '777', amina, '2026-03-05'); // another account
    const jengo = await newCampaign(grace, campaignBody(building, { code: 'JENGO' }));
    expect(jengo).toMatchObject({ paid: '1000.00', remaining: '1999000.00' });

    await ok(api(grace, 'POST', `campaigns/${jengo.id}/pledges`, { contactId: amina, amount: '5000' }), 201);
    await ok(api(grace, 'POST', `campaigns/${jengo.id}/pledges`, { contactId: baraka, amount: '3000' }), 201);
    // Cash toward Baraka's pledge, a gift with no contact, and a reversal of Amina's first.
    await cash(grace, building, '3000', baraka, '2026-03-12');
    await cash(grace, building, '250.50', null, '2026-03-20');
    await ok(api(grace, 'POST', `income/${early.id}/reverse`, { reason: 'Counted twice', version: early.version }));

    // An M-Pesa payment with the code as a payer types it, from Amina's phone, counts toward her pledge.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/c2b/${grace.secret}/confirmation`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(
        darajaPayment({
          TransID: 'TKJENGO0001',
          BusinessShortCode: grace.shortCode,
          BillRefNumber: 'jengo ',
          MSISDN: '254711000001',
          TransAmount: '1500.00',
          TransTime: '20260311103000',
        }),
      ),
    });
    expect(confirmed.statusCode).toBe(200);

    const progress = await campaign(grace, jengo.id);
    expect(progress).toMatchObject({
      target: '2000000.00',
      pledged: '8000.00',
      paid: '4750.50', // 1000 - 1000 + 3000 + 250.50 + 1500
      balance: '3500.00', // Amina 5000 - 1500; Baraka paid in full
      remaining: '1995249.50',
      pledgers: 2,
      fulfilled: 1,
      fulfilledShare: 50,
    });
    const pledges = await ok<ListResponse<'pledges', { contactId: number; pledged: string; paid: string; balance: string }>>(
      api(grace, 'GET', `campaigns/${jengo.id}/pledges`),
    );
    expect(pledges.pledges.map(({ contactId, pledged, paid, balance }) => ({ contactId, pledged, paid, balance }))).toEqual([
      { contactId: amina, pledged: '5000.00', paid: '1500.00', balance: '3500.00' },
      { contactId: baraka, pledged: '3000.00', paid: '3000.00', balance: '0.00' },
    ]);
    const weeks = await ok<{ weeks: CampaignWeek[] }>(api(grace, 'GET', `campaigns/${jengo.id}/weeks`));
    expect(weeks.weeks.slice(0, 4)).toEqual([
      { week: '2026-02-23', amount: '0.00' }, // the week of the start (the 5th's income was reversed on the same date: 0)
      { week: '2026-03-02', amount: '0.00' },
      { week: '2026-03-09', amount: '4500.00' },
      { week: '2026-03-16', amount: '250.50' },
    ]);

    // Dates that take in the 28th, then the account changed: counted again each time.
    const moved = await ok<SaveResponse<'campaign', Campaign>>(
      change(grace, jengo.id, campaignBody(building, { code: 'JENGO', startDate: '2026-02-01', version: progress.version })),
    );
    expect(moved.campaign).toMatchObject({ paid: '5749.50', pledged: '8000.00', balance: '2501.00' }); // Amina: 5000 - 999 - 1500
    const hall = await account(grace, 'Hall Fund');
    await cash(grace, hall, '400', amina, '2026-03-05');
    const retargeted = await ok<SaveResponse<'campaign', Campaign>>(
      change(grace, jengo.id, campaignBody(hall, { code: 'JENGO', startDate: '2026-02-01', version: moved.campaign.version })),
    );
    expect(retargeted.campaign).toMatchObject({ paid: '400.00', pledged: '8000.00', balance: '7600.00', fulfilled: 0 });
    // The code's rule followed the account.
    expect(
      await t.db.selectFrom('bill_ref_rules').select(['account_id', 'campaign_id']).where('tenant_id', '=', grace.id).where('bill_ref_key', '=', 'JENGO').execute(),
    ).toEqual([{ account_id: hall, campaign_id: jengo.id }]);
    await ok(change(grace, jengo.id, campaignBody(building, { code: 'JENGO', version: retargeted.campaign.version })));
    expect(await campaign(grace, jengo.id)).toMatchObject({ paid: '4750.50', balance: '3500.00', fulfilled: 1 });
  });

  it("shows each open campaign on the dashboards' cards, not closed ones", async () => {
    const fund = await account(grace, 'Bus Fund');
    const bus = await newCampaign(grace, campaignBody(fund, { name: 'Church bus' }));
    const cards = async () => (await ok<{ campaigns: Campaign[] }>(api(grace, 'GET', 'dashboard/campaigns'))).campaigns;
    expect((await cards()).map((card) => card.name)).toContain('Church bus');
    expect((await cards()).every((card) => card.status === 'open')).toBe(true);
    await ok(change(grace, bus.id, campaignBody(fund, { name: 'Church bus', status: 'closed', version: 1 })));
    expect((await cards()).map((card) => card.name)).not.toContain('Church bus');
    expect(await ok<{ campaigns: Campaign[] }>(api(stranger, 'GET', 'dashboard/campaigns'))).toEqual({ campaigns: [] });
  });

  it("answers another partner's campaign 404 everywhere and takes none of their accounts", async () => {
    const fund = await account(grace, 'Secret Fund');
    const secret = await newCampaign(grace, campaignBody(fund, { name: 'Secret' }));
    const notFound = [
      ['GET', `campaigns/${secret.id}`],
      ['PUT', `campaigns/${secret.id}`],
      ['GET', `campaigns/${secret.id}/weeks`],
      ['GET', `campaigns/${secret.id}/pledges`],
      ['POST', `campaigns/${secret.id}/pledges`],
      ['GET', `campaigns/${secret.id}/pledges/${amina}`],
      ['GET', `campaigns/${secret.id}/pledges/export?format=csv`],
      ['GET', 'campaigns/abc'],
    ] as const;
    const theirs = await account(stranger, 'Their Building');
    const theirMember = await member(stranger, 'Chebet', '+254711000009');
    const bodies: Record<string, object> = { PUT: campaignBody(theirs, { version: 1 }), POST: { contactId: theirMember, amount: '100' } };
    for (const [method, path] of notFound) expectFailure(await api(stranger, method, path, bodies[method]), 404, CAMPAIGN_NOT_FOUND);
    expect((await ok<ListResponse<'campaigns', Campaign>>(api(stranger, 'GET', 'campaigns'))).campaigns.map((row) => row.id)).not.toContain(secret.id);
    expect(await campaign(grace, secret.id)).toMatchObject({ name: 'Secret', version: 1 });
  });
});
