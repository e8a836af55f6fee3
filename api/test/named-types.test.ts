import { sql } from 'kysely';
import type { NamedType } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { partnerDay } from './support/days';

/*
 * The rules of the "type" tables beyond the factory's contract (api/test/crud-resources.test.ts): names
 * unique per partner in any case, search in name and description, newest first, dates on the date added.
 */
const tables = [
  ['meeting_types', 'A meeting type with this name already exists'],
  ['group_types', 'A group type with this name already exists'],
] as const;

describe.each(testDatabases)('name + description types on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  describe.each(tables)('%s', (path, duplicateMessage) => {
    const create = (tenant: Tenant, name: string, description = `About ${name}`) =>
      t.as(tenant, { method: 'POST', url: `/api/v2/${path}`, payload: { name, description } });
    const createAll = async (tenant: Tenant, names: string[]) => {
      const ids: number[] = [];
      for (const name of names) ids.push((await create(tenant, name)).json<Record<string, NamedType>>()[path.slice(0, -1)]!.id);
      return ids;
    };
    const list = async (tenant: Tenant, query = '') =>
      (await t.as(tenant, { method: 'GET', url: `/api/v2/${path}${query}` })).json<Record<string, NamedType[]> & { total: number }>();
    const names = async (tenant: Tenant, query = '') => (await list(tenant, query))[path]!.map((row) => row.name);

    it('refuses a name the partner already uses, in any case and on rename, but not one another partner uses', async () => {
      const tenant = await t.newTenant();
      const [, ushers] = await createAll(tenant, ['Prayer Meeting', 'Ushers']);
      expectFailure(await create(tenant, 'prayer MEETING'), 409, duplicateMessage);
      expectFailure(
        await t.as(tenant, { method: 'PUT', url: `/api/v2/${path}/${ushers}`, payload: { name: 'PRAYER MEETING', description: 'x y' } }),
        409,
        duplicateMessage,
      );
      expect((await create(await t.newTenant(), 'Prayer Meeting')).statusCode).toBe(201);
      expect(await names(tenant)).toEqual(['Ushers', 'Prayer Meeting']);
    });

    it('lists newest first and searches name and description, ignoring case and taking % literally', async () => {
      const tenant = await t.newTenant();
      await create(tenant, 'Sunday Service', 'Main worship');
      await create(tenant, 'Choir', 'Practice for SUNDAY');
      await create(tenant, 'Elders', 'Monthly planning');
      expect(await names(tenant)).toEqual(['Elders', 'Choir', 'Sunday Service']);
      expect(await names(tenant, '?searchKey=sunday')).toEqual(['Choir', 'Sunday Service']);
      expect((await list(tenant, '?searchKey=%25')).total).toBe(0);
    });

    it('filters on the date added, including the whole end date', async () => {
      const tenant = await t.newTenant();
      await createAll(tenant, ['Old', 'Edge', 'Today']);
      await sql`update ${sql.table(path)} set created_at = '2026-01-10T08:00:00Z' where tenant_id = ${tenant.id} and name = 'Old'`.execute(t.db);
      await sql`update ${sql.table(path)} set created_at = '2026-03-31T20:59:00Z' where tenant_id = ${tenant.id} and name = 'Edge'`.execute(t.db);
      const today = partnerDay();
      expect(await names(tenant, '?startdate=2026-02-01&enddate=2026-03-31')).toEqual(['Edge']);
      expect((await list(tenant, `?startdate=2020-01-01&enddate=${today}`)).total).toBe(3);
    });
  });
});
