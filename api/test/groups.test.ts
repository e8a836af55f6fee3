import type { GroupMembersResponse, GroupSaveResponse, GroupsResponse, GroupTypeSaveResponse, GroupTypesResponse, MemberSaveResponse } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(testDatabases)('group types and groups on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const post = (tenant: Tenant, url: string, payload: object) => t.as(tenant, { method: 'POST', url: `/api/v2/${url}`, payload });
  const put = (tenant: Tenant, url: string, payload: object) => t.as(tenant, { method: 'PUT', url: `/api/v2/${url}`, payload });
  const get = async <T>(tenant: Tenant, url: string) => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/${url}` });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const groupType = async (tenant: Tenant, name = 'Fellowship') => {
    const response = await post(tenant, 'group_types', { name, description: `${name} groups` });
    expect(response.statusCode).toBe(201);
    return response.json<GroupTypeSaveResponse>().group_type;
  };
  const groupBody = (groupType: number | string, overrides: object = {}) => ({
    groupType: String(groupType),
    name: 'Youth Fellowship',
    description: 'Saturday fellowship',
    brandName: 'Grace Youth',
    ...overrides,
  });
  const group = async (tenant: Tenant, overrides: object = {}) => {
    const type = await groupType(tenant, `Type ${Math.random()}`);
    const response = await post(tenant, 'groups', groupBody(type.id, overrides));
    expect(response.statusCode).toBe(201);
    return response.json<GroupSaveResponse>().group;
  };

  describe('groups', () => {
    it('creates a group with a numeric-string group type and lists it in the contract shape', async () => {
      const tenant = await t.newTenant('Grace');
      const type = await groupType(tenant);
      const response = await post(tenant, 'groups', groupBody(type.id, { name: '  Youth Fellowship ' }));

      expect(response.statusCode).toBe(201);
      const saved = response.json<GroupSaveResponse>();
      expect(saved).toEqual({
        status_msg: 'New group saved successfully!',
        group: {
          id: expect.any(Number),
          name: 'Youth Fellowship',
          description: 'Saturday fellowship',
          brandName: 'Grace Youth',
          groupType: type.id,
          createdAt: expect.stringMatching(ISO_INSTANT),
          Partner: { name: expect.stringMatching(/^Grace \d+$/) },
          version: 1,
        },
      });
      expect(await get(tenant, 'groups')).toEqual({ groups: [saved.group], total: 1 });
    });

    it('edits a group through PUT /groups/{id}, which leaves the group types alone', async () => {
      const tenant = await t.newTenant();
      const saved = await group(tenant);
      const otherType = await groupType(tenant, 'Ministry');
      const types = await get<GroupTypesResponse>(tenant, 'group_types');

      const response = await put(tenant, `groups/${saved.id}`, groupBody(otherType.id, { name: 'Worship Team', brandName: 'Grace Praise' }));

      expect(response.statusCode).toBe(200);
      expect(response.json<GroupSaveResponse>()).toEqual({
        status_msg: 'New group saved successfully!',
        group: { ...saved, name: 'Worship Team', brandName: 'Grace Praise', groupType: otherType.id, version: 2 },
      });
      expect(await get(tenant, 'group_types')).toEqual(types);
    });

    it('searches name, description and brand name', async () => {
      const tenant = await t.newTenant();
      await group(tenant, { name: 'Youth Fellowship', brandName: 'Grace Youth' });
      await group(tenant, { name: 'Finance Committee', description: 'Budget and accounts', brandName: 'Grace Finance' });
      expect((await get<GroupsResponse>(tenant, 'groups?searchKey=budget')).groups.map((g) => g.name)).toEqual(['Finance Committee']);
      expect((await get<GroupsResponse>(tenant, 'groups?searchKey=grace')).total).toBe(2);
    });
  });

  describe('group members', () => {
    /** A tenant with a group and `count` contacts; the third has no gender (an imported contact may have none). */
    async function groupWithContacts(count: number) {
      const tenant = await t.newTenant();
      const saved = await group(tenant);
      const contacts = [];
      for (let i = 0; i < count; i += 1) {
        const response = await post(tenant, 'member', {
          firstName: `Person${i}`,
          lastName: 'Kamau',
          gender: i === 2 ? '' : i % 2 ? 'M' : 'F',
          mobile: `07000000${String(i).padStart(2, '0')}`,
          residence: 'Rongai',
        });
        contacts.push(response.json<MemberSaveResponse>().member);
      }
      return { tenant, group: saved, contacts };
    }
    const save = (tenant: Tenant, group: number | string, selectedRecords: string) => post(tenant, 'groupmembers', { group, selectedRecords });
    const members = (tenant: Tenant, groupId: number, query = '') => get<GroupMembersResponse>(tenant, `groupmembers/${groupId}${query}`);
    const memberIds = async (tenant: Tenant, groupId: number) => (await members(tenant, groupId, '?pagesize=100')).members.map((m) => m.MemberId).sort((a, b) => a - b);

    it('replaces the membership and lists the members in the contract shape', async () => {
      const { tenant, group: g, contacts } = await groupWithContacts(4);
      const [a, b, c] = contacts as [MemberSaveResponse['member'], MemberSaveResponse['member'], MemberSaveResponse['member']];

      const first = await save(tenant, g.id, `${a.id}, ${b.id}`);
      expect(first.statusCode).toBe(200);
      // A membership change is a change of the group: its version goes up.
      expect(first.json<GroupSaveResponse>()).toEqual({ status_msg: 'Group members saved successfully!', group: { ...g, version: g.version + 1 } });
      const joined = (await members(tenant, g.id)).members.find((m) => m.MemberId === b.id)!;
      expect(joined).toEqual({
        MemberId: b.id,
        Member: { firstName: b.firstName, lastName: 'Kamau', gender: b.gender, phone: b.phone, email: '' },
        createdAt: expect.stringMatching(ISO_INSTANT),
      });

      expect((await save(tenant, String(g.id), `${b.id},${c.id},${c.id}`)).statusCode).toBe(200);
      expect(await memberIds(tenant, g.id)).toEqual([b.id, c.id]);
      expect((await members(tenant, g.id)).members.find((m) => m.MemberId === c.id)!.Member).toMatchObject({ firstName: 'Person2', gender: '' });
      // b stayed: it keeps the date it joined.
      expect((await members(tenant, g.id)).members.find((m) => m.MemberId === b.id)!.createdAt).toBe(joined.createdAt);

      expect((await save(tenant, g.id, '')).statusCode).toBe(200);
      expect(await members(tenant, g.id)).toEqual({ members: [], total: 0 });
    });

    it('pages and searches the members', async () => {
      const { tenant, group: g, contacts } = await groupWithContacts(5);
      await save(tenant, g.id, contacts.map((c) => c.id).join(','));
      const page = await members(tenant, g.id, '?page=2&pagesize=2');
      expect(page.total).toBe(5);
      expect(page.members).toHaveLength(2);
      const found = await members(tenant, g.id, '?searchKey=person3');
      expect(found.members.map((m) => m.Member.firstName)).toEqual(['Person3']);
      expect((await members(tenant, g.id, '?searchKey=0700000004')).members.map((m) => m.Member.firstName)).toEqual(['Person4']);
    });

    it.each([
      [{}, 'Group is required'],
      [{ group: '', selectedRecords: '1' }, 'Group is required'],
      [{ group: 'GROUP', selectedRecords: '1,x' }, 'Selected members must be contact ids separated by commas'],
      [{ group: 'GROUP', selectedRecords: '1,,2' }, 'Selected members must be contact ids separated by commas'],
      [{ group: 'GROUP', selectedRecords: '-4' }, 'Selected members must be contact ids separated by commas'],
      // Beyond the id range (PostgreSQL's integer): no id at all, like 0 or 'x'.
      [{ group: 'GROUP', selectedRecords: '1,99999999999' }, 'Selected members must be contact ids separated by commas'],
      [{ group: 99_999_999_999, selectedRecords: '' }, 'Group is required'],
    ])('answers 400 for %j and keeps the old membership', async (payload, message) => {
      const { tenant, group: g, contacts } = await groupWithContacts(1);
      await save(tenant, g.id, String(contacts[0]!.id));
      const response = await post(tenant, 'groupmembers', 'group' in payload && payload.group === 'GROUP' ? { ...payload, group: g.id } : payload);
      expectFailure(response, 400, message);
      expect(await memberIds(tenant, g.id)).toEqual([contacts[0]!.id]);
    });

    it("refuses a save naming another partner's contact, or an unknown one, and keeps the old membership", async () => {
      const { tenant, group: g, contacts } = await groupWithContacts(3);
      const other = await groupWithContacts(1);
      await save(tenant, g.id, `${contacts[0]!.id},${contacts[1]!.id}`);

      for (const foreign of [other.contacts[0]!.id, 999_999, 2_147_483_647]) {
        const response = await save(tenant, g.id, `${contacts[2]!.id},${foreign}`);
        expectFailure(response, 404, 'Some of the selected contacts were not found. Reload the contacts and try again.');
        expect(await memberIds(tenant, g.id)).toEqual([contacts[0]!.id, contacts[1]!.id]);
      }
      expect(await memberIds(other.tenant, other.group.id)).toEqual([]);
    });

    it("answers 404 for another partner's group, on save and on list, and changes nothing", async () => {
      const owner = await groupWithContacts(2);
      const intruder = await groupWithContacts(1);
      await save(owner.tenant, owner.group.id, String(owner.contacts[0]!.id));

      const saving = await save(intruder.tenant, owner.group.id, String(intruder.contacts[0]!.id));
      expectFailure(saving, 404, 'Group not found');
      const emptying = await save(intruder.tenant, owner.group.id, '');
      expect(emptying.statusCode).toBe(404);

      const listing = await t.as(intruder.tenant, { method: 'GET', url: `/api/v2/groupmembers/${owner.group.id}` });
      expectFailure(listing, 404, 'Group not found');
      expect(await memberIds(owner.tenant, owner.group.id)).toEqual([owner.contacts[0]!.id]);
    });

    it.each(['999999', 'abc', '0', '99999999999'])('answers 404 for the unknown group %s', async (id) => {
      const tenant = await t.newTenant();
      const listing = await t.as(tenant, { method: 'GET', url: `/api/v2/groupmembers/${id}` });
      expectFailure(listing, 404, 'Group not found');
      // A group id is a whole number from 1 to 2147483647: anything else in the body is refused as no group (400).
      if (/^\d+$/.test(id)) expect((await save(tenant, id, '')).statusCode).toBe(Number(id) >= 1 && Number(id) <= 2_147_483_647 ? 404 : 400);
    });
  });
});
