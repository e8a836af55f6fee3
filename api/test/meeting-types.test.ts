import { sql } from 'kysely';
import type { ListResponse, MeetingType, SaveResponse } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

type List = ListResponse<'meeting_types', MeetingType>;
type Saved = SaveResponse<'meeting_type', MeetingType>;

describe.each(testDatabases)('meeting types on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const create = (tenant: Tenant, payload: object) => t.as(tenant, { method: 'POST', url: '/api/v2/meeting_types', payload });
  const update = (tenant: Tenant, id: number | string, payload: object) =>
    t.as(tenant, { method: 'PUT', url: `/api/v2/meeting_types/${id}`, payload });
  const list = async (tenant: Tenant, query = '') => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/meeting_types${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<List>();
  };
  const createAll = async (tenant: Tenant, names: string[]) => {
    for (const name of names) expect((await create(tenant, { name, description: `About ${name}` })).statusCode).toBe(201);
  };

  describe('POST', () => {
    it('saves a trimmed meeting type and answers 201 with it', async () => {
      const tenant = await t.newTenant('Grace');
      const response = await create(tenant, { name: '  Choir Practice ', description: 'Thursday rehearsal', ignored: 'x' });

      expect(response.statusCode).toBe(201);
      const body = response.json<Saved>();
      expect(body.status_msg).toBe('New meeting type saved successfully!');
      expect(body.meeting_type).toEqual({
        id: expect.any(Number),
        name: 'Choir Practice',
        description: 'Thursday rehearsal',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        Partner: { name: expect.stringMatching(/^Grace \d+$/) },
      });
      expect((await list(tenant)).meeting_types).toEqual([body.meeting_type]);
    });

    it.each([
      [{}, 'Name is required'],
      [{ name: '   ', description: 'Fine' }, 'Name is required'],
      [{ name: 'Choir' }, 'Description is required'],
      [{ name: 'Choir', description: 'x' }, 'Description must be at least 2 characters'],
    ])('answers 400 with the first failing message for %j', async (payload, message) => {
      const tenant = await t.newTenant();
      const response = await create(tenant, payload);
      expectFailure(response, 400, message);
      expect((await list(tenant)).total).toBe(0);
    });

    it('answers 409 for a name the tenant already uses, whatever its case, but not for another tenant', async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      await createAll(tenant, ['Prayer Meeting']);

      const duplicate = await create(tenant, { name: 'prayer meeting', description: 'Again' });
      expectFailure(duplicate, 409, 'A meeting type with this name already exists');
      expect((await create(other, { name: 'Prayer Meeting', description: 'Theirs' })).statusCode).toBe(201);
    });
  });

  describe('PUT', () => {
    it('changes the meeting type and answers 200 with it', async () => {
      const tenant = await t.newTenant();
      const created = (await create(tenant, { name: 'Youth', description: 'Young people' })).json<Saved>().meeting_type;

      const response = await update(tenant, created.id, { name: 'Youth Fellowship', description: 'Ages 15 to 30' });

      expect(response.statusCode).toBe(200);
      expect(response.json<Saved>()).toEqual({
        status_msg: 'New meeting type saved successfully!',
        meeting_type: { ...created, name: 'Youth Fellowship', description: 'Ages 15 to 30' },
      });
    });

    it('answers 404 for another tenant\'s meeting type and leaves it unchanged', async () => {
      const owner = await t.newTenant();
      const intruder = await t.newTenant();
      const created = (await create(owner, { name: 'Elders', description: 'Monthly' })).json<Saved>().meeting_type;

      const response = await update(intruder, created.id, { name: 'Hijacked', description: 'Changed' });

      expectFailure(response, 404, 'Meeting type not found');
      expect((await list(owner)).meeting_types).toEqual([created]);
      expect((await list(intruder)).total).toBe(0);
    });

    it.each(['999999', 'abc', '0'])('answers 404 for the unknown id %s', async (id) => {
      const tenant = await t.newTenant();
      const response = await update(tenant, id, { name: 'Any', description: 'Thing' });
      expectFailure(response, 404, 'Meeting type not found');
    });

    it('validates before looking the record up', async () => {
      const tenant = await t.newTenant();
      const response = await update(tenant, 999999, { name: 'Any' });
      expectFailure(response, 400, 'Description is required');
    });

    it('answers 409 when renaming onto another of the tenant\'s names', async () => {
      const tenant = await t.newTenant();
      await createAll(tenant, ['Choir']);
      const second = (await create(tenant, { name: 'Ushers', description: 'Welcome team' })).json<Saved>().meeting_type;
      expect((await update(tenant, second.id, { name: 'CHOIR', description: 'Welcome team' })).statusCode).toBe(409);
    });
  });

  describe('GET', () => {
    it('lists only the tenant\'s own, newest first, with the total of all matches', async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      await createAll(tenant, ['First', 'Second', 'Third']);
      await createAll(other, ['Not mine']);

      const body = await list(tenant);

      expect(body.total).toBe(3);
      expect(body.meeting_types.map((type) => type.name)).toEqual(['Third', 'Second', 'First']);
    });

    it('pages with page and pagesize while total stays the full count', async () => {
      const tenant = await t.newTenant();
      await createAll(tenant, ['A1', 'A2', 'A3', 'A4', 'A5']);

      const page2 = await list(tenant, '?page=2&pagesize=2');
      const page3 = await list(tenant, '?page=3&pagesize=2');
      const beyond = await list(tenant, '?page=9&pagesize=2');

      expect(page2).toMatchObject({ total: 5 });
      expect(page2.meeting_types.map((type) => type.name)).toEqual(['A3', 'A2']);
      expect(page3.meeting_types.map((type) => type.name)).toEqual(['A1']);
      expect(beyond).toEqual({ meeting_types: [], total: 5 });
    });

    it('searches name and description, ignoring case', async () => {
      const tenant = await t.newTenant();
      await create(tenant, { name: 'Sunday Service', description: 'Main worship' });
      await create(tenant, { name: 'Choir', description: 'Practice for SUNDAY' });
      await create(tenant, { name: 'Elders', description: 'Monthly planning' });

      const body = await list(tenant, '?searchKey=sunday');

      expect(body.total).toBe(2);
      expect(body.meeting_types.map((type) => type.name).sort()).toEqual(['Choir', 'Sunday Service']);
      expect((await list(tenant, '?searchKey=%25')).total).toBe(0);
    });

    it('filters on the date added, including the whole end date', async () => {
      const tenant = await t.newTenant();
      await createAll(tenant, ['Old', 'Edge', 'Today']);
      await sql`update meeting_types set created_at = '2026-01-10T08:00:00Z' where tenant_id = ${tenant.id} and name = 'Old'`.execute(t.db);
      await sql`update meeting_types set created_at = '2026-03-31T20:59:00Z' where tenant_id = ${tenant.id} and name = 'Edge'`.execute(t.db);
      const today = new Date().toISOString().slice(0, 10);

      const march = await list(tenant, '?startdate=2026-02-01&enddate=2026-03-31');
      const untilToday = await list(tenant, `?startdate=2020-01-01&enddate=${today}`);

      expect(march.meeting_types.map((type) => type.name)).toEqual(['Edge']);
      expect(untilToday.total).toBe(3);
    });
  });
});
