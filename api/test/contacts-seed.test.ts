import type { GroupMembersResponse, GroupsResponse, GroupTypesResponse, LoginResponse, Member, MembersResponse } from '@ushirika/shared/contract';
import { buildApp } from '../src/app';
import { generatedPhone, insertGeneratedContacts } from '../src/contacts/generate';
import type { DatabaseHandle } from '../src/db/connection';
import { DEMO_PASSWORD, DEMO_USERS, resetToDemoData, SEED_COUNTS, seedDemoData } from '../src/db/seed';
import { bothDatabases } from './support/databases';

describe.each(bothDatabases)('demo contacts on %s', (_name, database) => {
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

  /** Grace's contacts as the first seed made them, for the reset to compare with. */
  let firstSeed: Member[] = [];

  /** Every one of Grace's contacts (two pages of 100). */
  async function graceContacts(get: <T>(url: string) => Promise<T>): Promise<Member[]> {
    const pages = await Promise.all([1, 2].map((page) => get<MembersResponse>(`member?pagesize=100&page=${page}`)));
    return pages.flatMap((page) => page.members);
  }

  it("keeps what a church keeps of its people for most of Grace's contacts, and four households of them", async () => {
    const { get } = await signedIn(DEMO_USERS[0].email);
    const contacts = await graceContacts(get);
    expect(contacts).toHaveLength(SEED_COUNTS.graceContacts);
    firstSeed = contacts;

    const born = contacts.filter((c) => c.dateOfBirth !== null);
    expect(born.length).toBeGreaterThan(SEED_COUNTS.graceContacts / 2);
    expect(born.length).toBeLessThan(SEED_COUNTS.graceContacts);
    for (const { dateOfBirth } of born) expect(dateOfBirth! >= '1950-01-01' && dateOfBirth! < '2012-01-01').toBe(true);
    expect(new Set(contacts.map((c) => c.membershipStatus))).toEqual(new Set(['member', 'visitor', 'adherent', 'former', '']));
    expect([...new Set(contacts.map((c) => c.maritalStatus))]).toEqual(expect.arrayContaining(['single', 'married', 'widowed', '']));
    expect(contacts.every((c) => c.externalId === '' && c.gender !== '' && c.residence !== '')).toBe(true);
    const members = (await get<MembersResponse>('member?membershipStatus=member')).total;
    expect(members).toBe(contacts.filter((c) => c.membershipStatus === 'member').length);

    // Four households: one head each, married heads and spouses, children younger than their head.
    const households = new Map<number, Member[]>();
    for (const contact of contacts) if (contact.household) households.set(contact.household.id, [...(households.get(contact.household.id) ?? []), contact]);
    expect(households.size).toBe(SEED_COUNTS.graceHouseholds);
    for (const [id, people] of households) {
      const head = people.filter((p) => p.household!.role === 'head');
      expect(head).toHaveLength(1);
      expect(people.length).toBeGreaterThanOrEqual(3);
      expect(people.every((p) => p.household!.name === `${head[0]!.lastName} family`)).toBe(true);
      expect(people.filter((p) => ['head', 'spouse'].includes(p.household!.role)).every((p) => p.maritalStatus === 'married')).toBe(true);
      const listed = await get<MembersResponse>(`member?householdId=${id}`);
      expect(listed.members.map((m) => m.id).sort()).toEqual(people.map((p) => p.id).sort());
    }
    expect([...households.values()].flat().map((p) => p.household!.role)).toEqual(expect.arrayContaining(['head', 'spouse', 'child', 'other']));
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

  it('starts the contact books again on pnpm seed --reset, counters included, the same as before', async () => {
    await resetToDemoData(handle.db, today);
    const { get } = await signedIn(DEMO_USERS[0].email);
    // The demo is deterministic: the same people, fields and households (ids start again too).
    expect(firstSeed).toHaveLength(SEED_COUNTS.graceContacts);
    expect(await graceContacts(get)).toEqual(firstSeed);
    expect((await get<MembersResponse>('member')).total).toBe(SEED_COUNTS.graceContacts);
    expect((await get<GroupsResponse>('groups')).total).toBe(SEED_COUNTS.graceGroups);
  }, 60_000);
});
