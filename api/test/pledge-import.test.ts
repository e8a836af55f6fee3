import { sql } from 'kysely';
import {
  CAMPAIGN_CLOSED,
  MAX_PLEDGE_IMPORT_BYTES,
  PLEDGE_IMPORT_REFUSED,
  campaignPledgesImportPath,
  type LoginResponse,
  type PledgeImportErrors,
  type PledgeImportResult,
} from '@ushirika/shared/contract';
import { NOT_CSV } from '../src/finance/campaigns/message-routes';
import { NO_PLEDGE_COLUMNS } from '../src/finance/campaigns/pledge-import';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { campaignFixtures } from './support/campaigns';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

/*
 * POST /campaigns/{id}/pledges/import (issue 30.2): the CSV file's text, all rows or none, contacts added only for
 * staff who may add contacts, each pledge's change kept and one event for the file.
 */

describe.each(testDatabases)('pledge import on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  let c: ReturnType<typeof campaignFixtures>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
    c = campaignFixtures(t);
  });

  /** A partner with a campaign, Amina (pledged 1,000) and Chebet (pledged 700). */
  async function campaign() {
    const tenant = await t.newTenant('Import');
    const { id } = await c.campaign(tenant);
    const amina = await m.contact(tenant, 'Amina', 'Wanjiru', '0711000001');
    const chebet = await m.contact(tenant, 'Chebet', 'Kiprop', '0711000003');
    await c.pledge(tenant, id, amina, '1000');
    await c.pledge(tenant, id, chebet, '700');
    return { tenant, id, amina, chebet };
  }

  /** A colleague of `tenant` with `roles`, signed in. */
  async function colleague(tenant: Tenant, roles: string[]): Promise<Tenant> {
    const email = `clerk.${Math.random().toString(16).slice(2)}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'Clerk', lastName: 'One', roles: roles as never });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    return { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };
  }

  const upload = (tenant: Tenant, id: number, csv: string, contentType = 'text/csv') =>
    t.as(tenant, { method: 'POST', url: `/api/v2/${campaignPledgesImportPath(id)}`, payload: csv, headers: { 'content-type': contentType } });
  const pledges = async (tenant: Tenant, id: number) =>
    (
      await t.db
        .selectFrom('pledges as p')
        .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'p.tenant_id').onRef('m.id', '=', 'p.member_id'))
        .select(['m.first_name', 'm.last_name', 'm.phone', sql<string>`p.pledged::text`.as('pledged')])
        .where('p.tenant_id', '=', tenant.id)
        .where('p.campaign_id', '=', id)
        .orderBy('m.phone')
        .execute()
    ).map((row) => `${row.first_name}|${row.last_name}|${row.phone}|${row.pledged}`);
  const importEvents = (tenant: Tenant) =>
    t.db.selectFrom('activity_events').select(['entity', 'entity_id', 'details']).where('tenant_id', '=', tenant.id).where('action', '=', 'import').execute();

  it('makes, changes and keeps pledges from any column order and header spelling, adds new contacts, keeps each change and writes one event', async () => {
    const { tenant, id } = await campaign();
    const csv = ['Phone Number,NAME,Amount (KES)', '0711 000 001,Amina W,"1,500"', '+254711000002,Baraka Otieno Kamau,2000.50', '', '0711000003,,700.00'].join('\r\n');

    const response = await upload(tenant, id, csv);

    expect(response.statusCode).toBe(200);
    expect(response.json<PledgeImportResult>()).toEqual({
      status_msg: 'Pledges imported successfully!',
      created: 1,
      changed: 1,
      unchanged: 1,
      contactsCreated: 1,
    });
    expect(await pledges(tenant, id)).toEqual(['Amina|Wanjiru|+254711000001|1500.00', 'Baraka|Otieno Kamau|+254711000002|2000.50', 'Chebet|Kiprop|+254711000003|700.00']);
    const changes = await t.db
      .selectFrom('pledge_changes')
      .select([sql<string>`previous::text`.as('previous'), sql<string>`amount::text`.as('amount'), 'source'])
      .where('tenant_id', '=', tenant.id)
      .orderBy('amount')
      .execute();
    expect(changes).toEqual([
      { previous: '1000.00', amount: '1500.00', source: 'import' },
      { previous: '0.00', amount: '2000.50', source: 'import' },
    ]);
    expect(await importEvents(tenant)).toEqual([
      { entity: 'campaign', entity_id: String(id), details: { rows: 3, created: 1, changed: 1, unchanged: 1, contactsCreated: 1 } },
    ]);
  });

  it('refuses the whole file for any bad row, naming every one, and saves nothing', async () => {
    const { tenant, id } = await campaign();
    const csv = [
      'name;phone;amount',
      'Baraka Otieno;0711000002;2000',
      'Dan;12345;100',
      'Esther;0711000005;0',
      'Faith;0711000006;12.345',
      'Grace;0711000002;50',
      'Hope;;10',
    ].join('\n');

    const response = await upload(tenant, id, csv);

    expect(response.statusCode).toBe(400);
    expect(response.json<PledgeImportErrors>()).toEqual({
      status_msg: PLEDGE_IMPORT_REFUSED,
      errors: [
        'Row 3: 12345 is not a mobile number',
        'Row 4: Amount must be more than 0',
        'Row 5: Amount must be a positive amount with at most two decimals',
        'Row 6: the number +254711000002 is on row 2 too',
        'Row 7: Phone is required',
      ],
    });
    expect(await pledges(tenant, id)).toEqual(['Amina|Wanjiru|+254711000001|1000.00', 'Chebet|Kiprop|+254711000003|700.00']);
    expect(await t.db.selectFrom('members').select('id').where('tenant_id', '=', tenant.id).execute()).toHaveLength(2);
    expect(await importEvents(tenant)).toEqual([]);
  });

  it('adds a contact for a new number only for staff who may add contacts', async () => {
    const { tenant, id } = await campaign();
    const clerk = await colleague(tenant, ['finance_clerk']);
    const csv = 'name,phone,amount\nAmina,0711000001,1200\nNew Person,0711000009,300\n';

    const refused = await upload(clerk, id, csv);

    expect(refused.statusCode).toBe(400);
    expect(refused.json<PledgeImportErrors>().errors).toEqual(['Row 3: no contact has the number +254711000009']);
    expect(await pledges(tenant, id)).toEqual(['Amina|Wanjiru|+254711000001|1000.00', 'Chebet|Kiprop|+254711000003|700.00']);

    const known = await upload(clerk, id, 'name,phone,amount\nAmina,0711000001,1200\n');
    expect(known.json<PledgeImportResult>()).toMatchObject({ created: 0, changed: 1, contactsCreated: 0 });
  });

  it('refuses a file without the columns, a closed campaign, another body than CSV, and a file too large', async () => {
    const { tenant, id } = await campaign();
    const refusal = await upload(tenant, id, 'who,number,money\nAmina,0711000001,10');
    expect(refusal.json<PledgeImportErrors>()).toEqual({ status_msg: PLEDGE_IMPORT_REFUSED, errors: [NO_PLEDGE_COLUMNS] });
    expectFailure(await t.as(tenant, { method: 'POST', url: `/api/v2/${campaignPledgesImportPath(id)}`, payload: { csv: 'x' } }), 400, NOT_CSV);
    expect((await upload(tenant, id, `name,phone,amount\n${'x'.repeat(MAX_PLEDGE_IMPORT_BYTES)}`)).statusCode).toBe(413);

    await t.db.updateTable('campaigns').set({ status: 'closed' }).where('tenant_id', '=', tenant.id).where('id', '=', id).execute();
    expectFailure(await upload(tenant, id, 'name,phone,amount\nAmina,0711000001,10'), 400, CAMPAIGN_CLOSED);
  });
});
