import type { GroupMembersResponse, GroupsResponse, GroupTypesResponse, LoginResponse, MembersResponse } from '@ushirika/shared/contract';
import { buildApp } from '../src/app';
import { generatedPhone, insertGeneratedContacts } from '../src/contacts/generate';
import type { DatabaseHandle } from '../src/db/connection';
import { DEMO_PASSWORD, DEMO_USERS, resetToDemoData, SEED_COUNTS, seedDemoData } from '../src/db/seed';
import { testDatabases } from './support/databases';

describe.each(testDatabases)('demo contacts on %s', (_name, database) => {
  let handle: DatabaseHandle;
  const today = new Date('2026-11-19T10:00:00Z');

  beforeAll(async () => {
    handle = await database.open();
    await seedDemoData(handle.db, today);
  }, 60_000);
  afterAll(() => handle.close(), 60_000);

  async function signedIn(email: string) {
    const app = await buildApp({ db: handle.db, config: { jwtSecret: 'seed-test', tokenTtlSeconds: 600, webRoot: undefined }, logger: false });
    const login = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: DEMO_PASSWORD } });
    const { access_token, user } = login.json<LoginResponse>();
    const get = async <T>(url: string) => (await app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: { authorization: `Bearer ${access_token}` } })).json<T>();
    return { user, get };
  }

  it('gives Grace a congregation of contacts with normalised mobiles, group types and groups with members', async () => {
    const { get } = await signedIn(DEMO_USERS[0].email);

    const contacts = await get<MembersResponse>('member?pagesize=100');
    expect(contacts.total).toBe(SEED_COUNTS.graceContacts);
    expect(contacts.members.every((m) => /^\+254(7\d{8}|10\d{7})$/.test(m.phone))).toBe(true);
    expect(contacts.members.some((m) => m.email !== '')).toBe(true);
    expect(new Set(contacts.members.map((m) => m.residence)).size).toBeGreaterThan(5);
    expect(contacts.members[0]!.createdAt < today.toISOString()).toBe(true);

    const types = await get<GroupTypesResponse>('group_types?page=1&pagesize=25');
    expect(types.group_types.map((type) => type.name).sort()).toEqual(['Cell Group', 'Committee', 'Fellowship', 'Ministry']);

    const groups = await get<GroupsResponse>('groups?pagesize=25');
    expect(groups.total).toBe(SEED_COUNTS.graceGroups);
    for (const group of groups.groups) {
      expect(types.group_types.map((type) => type.id)).toContain(group.groupType);
      expect((await get<GroupMembersResponse>(`groupmembers/${group.id}`)).total).toBeGreaterThan(0);
    }
  });

  it('gives Upendo a few contacts of its own', async () => {
    const { get } = await signedIn(DEMO_USERS[1].email);
    expect((await get<MembersResponse>('member')).total).toBe(SEED_COUNTS.upendoContacts);
    expect((await get<GroupsResponse>('groups')).total).toBe(0);
  });

  it('adds generated contacts beside the demo ones, twice without a clash', async () => {
    const { user, get } = await signedIn(DEMO_USERS[0].email);
    expect(user.Partner.name).toBe('Grace Community Church');
    const grace = await handle.db.selectFrom('partners').select('id').where('name', '=', 'Grace Community Church').executeTakeFirstOrThrow();

    await insertGeneratedContacts(handle.db, grace.id, 1_000);
    await insertGeneratedContacts(handle.db, grace.id, 1_001);

    const all = await get<MembersResponse>('member?pagesize=3');
    expect(all.total).toBe(SEED_COUNTS.graceContacts + 2_001);
    expect(all.members[0]!.phone).toBe(generatedPhone(2_001));
    const phones = await handle.db.selectFrom('members').select('phone').where('tenant_id', '=', grace.id).where('phone', 'like', '+25411%').execute();
    expect(new Set(phones.map((row) => row.phone))).toEqual(new Set(Array.from({ length: 2_001 }, (_, i) => generatedPhone(i + 1))));
    const typed = `0${generatedPhone(1_234).slice(4)}`;
    expect((await get<MembersResponse>(`member?searchKey=${typed}`)).members.map((m) => m.phone)).toEqual([generatedPhone(1_234)]);
  }, 60_000);

  it('starts the contact books again on pnpm seed --reset, counters included', async () => {
    await resetToDemoData(handle.db, today);
    const { get } = await signedIn(DEMO_USERS[0].email);
    expect((await get<MembersResponse>('member')).total).toBe(SEED_COUNTS.graceContacts);
    expect((await get<GroupsResponse>('groups')).total).toBe(SEED_COUNTS.graceGroups);
  });
});
