import type { StaleSave } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { expectFailure } from './support/expect';

/*
 * Issue 24, "Lost updates": the edits that are not CRUD resources (crud-resources.test.ts walks those) keep the
 * same rule. A contact, a BillRefNumber rule and a group's membership are opened by id with their version; a
 * save sends the version it read, and a save over a newer one changes nothing and says who made the change.
 */

type Saved<K extends string> = Record<K, { id: number; version: number } & Record<string, unknown>>;

interface Edited {
  what: string;
  /** `GET` of one record, and the key its answer holds it under. */
  path: (id: number) => string;
  key: string;
  notFound: string;
  /** A new record of the tenant: its id. */
  create: (t: TestApp, tenant: Tenant) => Promise<number>;
  /** A change of record `id`: method, url, body (the version is added by the test). */
  change: (id: number, label: string) => { method: 'PUT' | 'POST'; url: string; payload: Record<string, unknown> };
}

let counter = 0;
const phone = () => `07${String(10_000_000 + (counter += 1)).slice(-8)}`;

async function created(t: TestApp, tenant: Tenant, url: string, payload: object, key: string): Promise<number> {
  const response = await t.as(tenant, { method: 'POST', url: `/api/v2/${url}`, payload });
  expect({ url, status: response.statusCode, body: response.json() }).toMatchObject({ url, status: 201 });
  return response.json<Saved<string>>()[key]!.id;
}

const EDITED: Edited[] = [
  {
    what: 'a contact',
    path: (id) => `member/${id}`,
    key: 'member',
    notFound: 'Contact not found',
    create: (t, tenant) => created(t, tenant, 'member', { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: phone(), residence: 'Kasarani' }, 'member'),
    change: (id, label) => ({
      method: 'PUT',
      url: `member/${id}`,
      payload: { firstName: 'Amina', lastName: label, gender: 'F', mobile: phone(), residence: 'Kasarani', email: '' },
    }),
  },
  {
    what: 'a BillRefNumber rule',
    path: (id) => `mpesarules/${id}`,
    key: 'rule',
    notFound: 'Rule not found',
    create: async (t, tenant) => {
      const account = await created(t, tenant, 'account', { accountName: 'Tithe', accountType: 'CR', parentId: 0 }, 'account');
      return created(t, tenant, 'mpesarules', { billRef: 'TITHE', account }, 'rule');
    },
    change: (id, label) => ({ method: 'PUT', url: `mpesarules/${id}`, payload: { billRef: `TITHE${label.replace(/\W/g, '')}`, account: accountOf.get(id)! } }),
  },
  {
    what: "a group's membership (a change of the group)",
    path: (id) => `groups/${id}`,
    key: 'group',
    notFound: 'Group not found',
    create: async (t, tenant) => {
      const type = await created(t, tenant, 'group_types', { name: `Fellowship ${(counter += 1)}`, description: 'Groups' }, 'group_type');
      const group = await created(t, tenant, 'groups', { groupType: type, name: `Choir ${counter}`, description: 'Sings', brandName: 'Choir' }, 'group');
      const people = await Promise.all(
        ['Baraka', 'Chebet'].map((name) =>
          created(t, tenant, 'member', { firstName: name, lastName: 'Otieno', gender: 'M', mobile: phone(), residence: 'Nyeri' }, 'member'),
        ),
      );
      peopleOf.set(group, people);
      return group;
    },
    change: (id, label) => ({
      method: 'POST',
      url: 'groupmembers',
      payload: { group: id, selectedRecords: String(label.includes('first') ? peopleOf.get(id)![0] : peopleOf.get(id)![1]) },
    }),
  },
];
/** The rule's account (its change names it again), and the group's two contacts. */
const accountOf = new Map<number, number>();
const peopleOf = new Map<number, number[]>();

describe.each(bothDatabases)('record versions beyond the CRUD resources on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const open = (tenant: Tenant, edited: Edited, id: number) => t.as(tenant, { method: 'GET', url: `/api/v2/${edited.path(id)}` });
  const change = (tenant: Tenant, edited: Edited, id: number, label: string, version?: number) => {
    const { method, url, payload } = edited.change(id, label);
    return t.as(tenant, { method, url: `/api/v2/${url}`, payload: version === undefined ? payload : { ...payload, version } });
  };

  describe.each(EDITED.map((edited) => [edited.what, edited] as const))('%s', (_what, edited) => {
    it('opens by id with version 1, never for another partner', async () => {
      const tenant = await t.newTenant();
      const id = await edited.create(t, tenant);
      if (edited.key === 'rule') accountOf.set(id, (await open(tenant, edited, id)).json<Saved<'rule'>>().rule.AccountId as number);
      const opened = await open(tenant, edited, id);
      expect(opened.statusCode).toBe(200);
      expect(opened.json<Saved<string>>()[edited.key]).toMatchObject({ id, version: 1 });
      expectFailure(await open(await t.newTenant(), edited, id), 404, edited.notFound);
    });

    it("refuses a save over a newer version, naming who made it, and keeps the newer one's values", async () => {
      const tenant = await t.newTenant();
      const colleague = await t.newColleague(tenant, { firstName: 'Wanjiku', lastName: 'Mwangi' });
      const id = await edited.create(t, tenant);
      if (edited.key === 'rule') accountOf.set(id, (await open(tenant, edited, id)).json<Saved<'rule'>>().rule.AccountId as number);

      const first = await change(colleague, edited, id, 'first', 1);
      expect(first.statusCode).toBe(200);
      const afterFirst = (await open(tenant, edited, id)).json<Saved<string>>()[edited.key]!;
      expect(afterFirst.version).toBe(2);
      const firstMembers = edited.key === 'group' ? (await t.as(tenant, { method: 'GET', url: `/api/v2/groupmembers/${id}` })).json() : undefined;

      const stale = await change(tenant, edited, id, 'stale', 1);
      expect(stale.statusCode).toBe(409);
      expect(stale.json<StaleSave>()).toEqual({
        status_msg: 'Wanjiku Mwangi changed this record after you opened it, so your changes were not saved. Reload it to see the changes, then make yours again.',
        changedBy: 'Wanjiku Mwangi',
        changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        version: 2,
      });
      expect((await open(tenant, edited, id)).json<Saved<string>>()[edited.key]).toEqual(afterFirst);
      if (firstMembers) expect((await t.as(tenant, { method: 'GET', url: `/api/v2/groupmembers/${id}` })).json()).toEqual(firstMembers);

      // Reloaded (version 2), the same save goes through; without a version (the legacy client) too.
      expect((await change(tenant, edited, id, 'again', 2)).statusCode).toBe(200);
      expect((await change(tenant, edited, id, 'legacy')).statusCode).toBe(200);
      expect((await open(tenant, edited, id)).json<Saved<string>>()[edited.key]!.version).toBe(4);
    });
  });
});
