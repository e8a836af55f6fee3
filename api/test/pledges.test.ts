import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import {
  CAMPAIGN_NOT_FOUND,
  PLEDGE_NOT_FOUND,
  PLEDGE_SAVED,
  type Campaign,
  type ContactPledge,
  type ListResponse,
  type Pledge,
  type PledgeDetail,
  type SaveResponse,
} from '@ushirika/shared/contract';
import { CONTACT_NOT_FOUND } from '../src/contacts/member-routes';
import { PLEDGE_CONTACT_REFUSED } from '../src/finance/campaigns/routes';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { expectFailure } from './support/expect';

/*
 * Pledges (issue 30): made, raised and lowered with their history and events; the per-contact list sorted,
 * filtered and searched; its CSV and XLSX downloads; a contact's own pledges; another partner's contacts refused.
 */

describe.each(bothDatabases)('pledges on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let grace: Tenant;
  let stranger: Tenant;
  let fund: number;
  let campaignId: number;
  const people: Record<string, number> = {};

  const api = (tenant: Tenant, method: InjectOptions['method'], path: string, payload?: object) =>
    t.as(tenant, { method, url: `/api/v2/${path}`, ...(payload ? { payload } : {}) });
  async function ok<T>(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await response;
    expect({ status: answer.statusCode, body: answer.json<unknown>() }).toMatchObject({ status });
    return answer.json<T>();
  }
  const pledge = (contactId: number, amount: string) => api(grace, 'POST', `campaigns/${campaignId}/pledges`, { contactId, amount });
  const list = async (query = '') => ok<ListResponse<'pledges', Pledge>>(api(grace, 'GET', `campaigns/${campaignId}/pledges${query}`));
  const names = async (query = '') => (await list(query)).pledges.map((row) => row.firstName);

  let receipt = 0;
  /** An income to the fund linked to the contact (as any writer makes one; the trigger counts it). */
  async function gift(memberId: number, amount: string) {
    receipt += 1;
    await t.db
      .insertInto('incomes')
      .values({
        tenant_id: grace.id,
        receipt_number: 1000 + receipt,
        first_name: 'Payer',
        last_name: '',
        phone: '',
        amount,
        payment_for: 'Jengo',
        account_id: fund,
        date_of_transaction: '2026-03-10',
        mode: 'CASH',
        reference: '',
        member_id: memberId,
      })
      .execute();
  }

  beforeAll(async () => {
    t = testApp();
    grace = await t.newTenant('Grace');
    stranger = await t.newTenant('Stranger');
    fund = (
      await t.db.insertInto('accounts').values({ tenant_id: grace.id, name: 'Building Fund', type: 'CR', parent_id: null }).returning('id').executeTakeFirstOrThrow()
    ).id;
    for (const [first, last, phone] of [
      ['Amina', 'Wanjiru', '+254711000001'],
      ['Baraka', 'Otieno', '+254711000002'],
      ['Chebet', 'Kiprop', '+254711000003'],
      ['Daudi', 'Mwangi', '+254711000004'],
      ['Esther', 'Achieng', '+254722999888'],
    ])
      people[first!] = (
        await t.db
          .insertInto('members')
          .values({ tenant_id: grace.id, first_name: first!, last_name: last!, gender: 'F', phone: phone!, residence: '' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    people.Stranger = (
      await t.db
        .insertInto('members')
        .values({ tenant_id: stranger.id, first_name: 'Faith', last_name: 'Other', gender: 'F', phone: '+254711000009', residence: '' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const created = await ok<SaveResponse<'campaign', Campaign>>(
      api(grace, 'POST', 'campaigns', { name: 'Sanctuary Building', target: '2000000', startDate: '2026-03-01', endDate: '2026-12-31', account: fund }),
      201,
    );
    campaignId = created.campaign.id;
  });

  it('makes a pledge, raises and lowers it with its history, each change one event; the same amount changes nothing', async () => {
    const made = await ok<SaveResponse<'pledge', Pledge>>(pledge(people.Amina!, '5000'), 201);
    expect(made.status_msg).toBe(PLEDGE_SAVED);
    expect(made.pledge).toMatchObject({ contactId: people.Amina, firstName: 'Amina', pledged: '5000.00', paid: '0.00', balance: '5000.00', fulfilled: false });
    expect(made.pledge.pledgedAt).not.toBeNull();
    expect((await ok<SaveResponse<'pledge', Pledge>>(pledge(people.Amina!, '8000.50'))).pledge).toMatchObject({ pledged: '8000.50', balance: '8000.50' });
    await ok(pledge(people.Amina!, '6000'));
    await ok(pledge(people.Amina!, '6000.00')); // the same amount

    const detail = await ok<PledgeDetail>(api(grace, 'GET', `campaigns/${campaignId}/pledges/${people.Amina}`));
    expect(detail.pledge.pledged).toBe('6000.00');
    expect(detail.changes.map(({ previous, amount, source, changedBy }) => ({ previous, amount, source, changedBy }))).toEqual([
      { previous: '8000.50', amount: '6000.00', source: 'screen', changedBy: 'Test User' },
      { previous: '5000.00', amount: '8000.50', source: 'screen', changedBy: 'Test User' },
      { previous: '0.00', amount: '5000.00', source: 'screen', changedBy: 'Test User' },
    ]);
    const events = await t.db
      .selectFrom('activity_events')
      .select(['action', 'entity_id', 'changes'])
      .where('tenant_id', '=', grace.id)
      .where('entity', '=', 'pledge')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      {
        action: 'create',
        entity_id: String(detail.pledge.id),
        changes: [
          { field: 'campaignId', old: null, new: campaignId },
          { field: 'contactId', old: null, new: people.Amina },
          { field: 'pledged', old: null, new: '5000.00' },
        ],
      },
      { action: 'update', entity_id: String(detail.pledge.id), changes: [{ field: 'pledged', old: '5000.00', new: '8000.50' }] },
      { action: 'update', entity_id: String(detail.pledge.id), changes: [{ field: 'pledged', old: '8000.50', new: '6000.00' }] },
    ]);
    expect((await ok<{ campaign: Campaign }>(api(grace, 'GET', `campaigns/${campaignId}`))).campaign).toMatchObject({
      pledged: '6000.00',
      pledgers: 1,
      balance: '6000.00',
    });

    expectFailure(await pledge(people.Amina!, '0'), 400, 'Amount must be more than 0');
    expectFailure(await pledge(people.Stranger!, '100'), 400, PLEDGE_CONTACT_REFUSED);
    expectFailure(await api(grace, 'GET', `campaigns/${campaignId}/pledges/${people.Baraka}`), 404, PLEDGE_NOT_FOUND);
    expectFailure(await api(grace, 'GET', `campaigns/${campaignId}/pledges/${people.Stranger}`), 404, PLEDGE_NOT_FOUND);
  });

  it('lists who pledged or gave, by balance first; sorts, filters and searches by name or phone', async () => {
    await ok(pledge(people.Baraka!, '3000'), 201);
    await ok(pledge(people.Chebet!, '1000'), 201);
    await gift(people.Chebet!, '1000'); // fulfilled
    await gift(people.Baraka!, '500');
    await gift(people.Daudi!, '200'); // gave without a pledge
    // Amina 6000 owing 6000, Baraka 3000 owing 2500, Chebet 1000 paid, Daudi gave 200; Esther neither.

    const byBalance = await list();
    expect(byBalance.total).toBe(4);
    expect(byBalance.pledges.slice(0, 2).map((row) => row.firstName)).toEqual(['Amina', 'Baraka']);
    expect(byBalance.pledges.find((row) => row.firstName === 'Daudi')).toMatchObject({
      pledged: '0.00',
      paid: '200.00',
      balance: '0.00',
      pledgedAt: null,
      fulfilled: false,
    });
    expect(await names('?sort=paid&order=desc')).toEqual(['Chebet', 'Baraka', 'Daudi', 'Amina']);
    expect(await names('?sort=pledged&order=asc')).toEqual(['Daudi', 'Chebet', 'Baraka', 'Amina']);
    expect(await names('?sort=name&order=asc')).toEqual(['Chebet', 'Daudi', 'Baraka', 'Amina']); // Kiprop, Mwangi, Otieno, Wanjiru
    expect(await names('?filter=owing')).toEqual(['Amina', 'Baraka']);
    expect(await names('?filter=fulfilled')).toEqual(['Chebet']);
    expect(await names('?filter=unpledged')).toEqual(['Daudi']);
    expect(await names('?searchKey=otieno')).toEqual(['Baraka']);
    expect(await names('?searchKey=0711 000 003')).toEqual(['Chebet']);
    expect(await names('?pagesize=2&page=2&sort=name&order=asc')).toEqual(['Baraka', 'Amina']);
    expectFailure(await api(grace, 'GET', `campaigns/${campaignId}/pledges?sort=height`), 400, 'Sort must be one of balance, pledged, paid, name, updated');
    expectFailure(await api(grace, 'GET', `campaigns/${campaignId}/pledges?filter=some`), 400, 'Filter must be one of all, owing, fulfilled, unpledged');

    expect((await ok<{ campaign: Campaign }>(api(grace, 'GET', `campaigns/${campaignId}`))).campaign).toMatchObject({
      pledged: '10000.00',
      paid: '1700.00',
      balance: '8500.00',
      pledgers: 3,
      fulfilled: 1,
      fulfilledShare: 33.3,
    });
  });

  it('exports the list as CSV and XLSX with the same rows, in the list order and filter (a phone defused as the CSV writer does)', async () => {
    const csv = await api(grace, 'GET', `campaigns/${campaignId}/pledges/export?format=csv&filter=owing`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="pledges-sanctuary-building.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(8)).toEqual([
      'First name,Last name,Phone,Pledged,Paid,Balance,Fulfilled,Pledged on',
      expect.stringMatching(/^Amina,Wanjiru,"'\+254711000001",6000\.00,0\.00,6000\.00,No,\d{4}-\d\d-\d\d$/),
      expect.stringMatching(/^Baraka,Otieno,"'\+254711000002",3000\.00,500\.00,2500\.00,No,\d{4}-\d\d-\d\d$/),
      '',
    ]);
    expect(lines.slice(0, 4)).toEqual([expect.stringContaining('Grace'), 'Campaign: Sanctuary Building', 'Dates: 2026-03-01 to 2026-12-31', 'Target,2000000.00']);

    const xlsx = await api(grace, 'GET', `campaigns/${campaignId}/pledges/export?format=xlsx&sort=name&order=asc`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await readSheet<string>(xlsx.rawPayload, { parseNumber: (text) => text });
    const rows = sheet.slice(sheet.findIndex((row) => row[0] === 'First name') + 1);
    expect(rows.map((row) => [row[0], row[3], row[4], row[5]])).toEqual([
      ['Chebet', '1000', '1000', '0'],
      ['Daudi', '0', '200', '0'],
      ['Baraka', '3000', '500', '2500'],
      ['Amina', '6000', '0', '6000'],
    ]);
    expectFailure(await api(grace, 'GET', `campaigns/${campaignId}/pledges/export?format=pdf`), 400, 'format must be csv or xlsx');
  });

  it("lists a contact's pledges with their campaigns; another partner's contact or campaign is refused", async () => {
    const mine = await ok<ListResponse<'pledges', ContactPledge>>(api(grace, 'GET', `pledges?contactId=${people.Baraka}`));
    expect(mine.total).toBe(1);
    expect(mine.pledges[0]).toMatchObject({
      campaignId,
      campaignName: 'Sanctuary Building',
      campaignStatus: 'open',
      campaignEndDate: '2026-12-31',
      pledged: '3000.00',
      paid: '500.00',
    });
    expect((await ok<ListResponse<'pledges', ContactPledge>>(api(grace, 'GET', `pledges?contactId=${people.Esther}`))).total).toBe(0);
    expectFailure(await api(stranger, 'GET', `pledges?contactId=${people.Baraka}`), 404, CONTACT_NOT_FOUND);
    expectFailure(await api(grace, 'GET', `pledges?contactId=${people.Stranger}`), 404, CONTACT_NOT_FOUND);
    expectFailure(await api(grace, 'GET', 'pledges'), 400, "contactId must be a contact's id");
    expectFailure(await api(stranger, 'POST', `campaigns/${campaignId}/pledges`, { contactId: people.Stranger, amount: '10' }), 404, CAMPAIGN_NOT_FOUND);
    expectFailure(await api(stranger, 'GET', `campaigns/${campaignId}/pledges/${people.Baraka}`), 404, CAMPAIGN_NOT_FOUND);
  });
});
