import type { ActivityList, HouseholdDetail, HouseholdResponse, HouseholdSaveResponse, HouseholdsResponse, LoginResponse, StaleSave } from '@ushirika/shared/contract';
import { HOUSEHOLD_DELETED, HOUSEHOLD_SAVED, noPermissionText } from '@ushirika/shared/contract';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_CONTACT = 'Choose contacts from the list';

describe.each(testDatabases)('households on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  const call = (tenant: Tenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.as(tenant, { method, url: `/api/v2/${url}`, ...(payload ? { payload } : {}) });
  const get = async <T>(tenant: Tenant, url: string): Promise<T> => {
    const response = await call(tenant, 'GET', url);
    expect({ url, status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ url, status: 200 });
    return response.json<T>();
  };
  type Members = Array<{ memberId: number; role: string }>;
  const create = (tenant: Tenant, name: string, members: Members) => call(tenant, 'POST', 'households', { name, members });
  const created = async (tenant: Tenant, name: string, members: Members): Promise<HouseholdDetail> => {
    const response = await create(tenant, name, members);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 201 });
    return response.json<HouseholdSaveResponse>().household;
  };
  const household = async (tenant: Tenant, id: number) => (await get<HouseholdResponse>(tenant, `households/${id}`)).household;
  /** The partner's household events, oldest first, as stored. */
  const events = (tenant: Tenant) =>
    t.db
      .selectFrom('activity_events')
      .select(['id', 'action', 'entity', 'entity_id', 'changes', 'details'])
      .where('tenant_id', '=', tenant.id)
      .where('entity', '=', 'household')
      .orderBy('id')
      .execute();

  /** A tenant with the Otieno family's four contacts and one neighbour. */
  async function family() {
    const tenant = await t.newTenant('Households');
    const peter = await m.contact(tenant, 'Peter', 'Otieno', '0712000001');
    const grace = await m.contact(tenant, 'Grace', 'Otieno', '0712000002');
    const brian = await m.contact(tenant, 'Brian', 'Otieno', '0712000003');
    const amos = await m.contact(tenant, 'Amos', 'Otieno', '0712000004');
    const wanjiru = await m.contact(tenant, 'Wanjiru', 'Kamau', '0712000005');
    return { tenant, peter, grace, brian, amos, wanjiru };
  }

  describe('create, read, change and delete', () => {
    it('creates a household with its members, head first then spouse, child and other, each by name', async () => {
      const { tenant, peter, grace, brian, amos } = await family();

      const response = await create(tenant, '  Otieno family ', [
        { memberId: brian, role: 'child' },
        { memberId: amos, role: 'child' },
        { memberId: grace, role: 'spouse' },
        { memberId: peter, role: 'head' },
      ]);

      expect(response.statusCode).toBe(201);
      const saved = response.json<HouseholdSaveResponse>();
      expect(saved).toEqual({
        status_msg: HOUSEHOLD_SAVED,
        household: {
          id: expect.any(Number),
          name: 'Otieno family',
          key: `H-${saved.household.id}`,
          head: 'Peter Otieno',
          memberCount: 4,
          createdAt: expect.stringMatching(ISO_INSTANT),
          Partner: { name: expect.stringContaining('Households') },
          version: 1,
          members: [
            { MemberId: peter, firstName: 'Peter', lastName: 'Otieno', phone: '+254712000001', role: 'head' },
            { MemberId: grace, firstName: 'Grace', lastName: 'Otieno', phone: '+254712000002', role: 'spouse' },
            { MemberId: amos, firstName: 'Amos', lastName: 'Otieno', phone: '+254712000004', role: 'child' },
            { MemberId: brian, firstName: 'Brian', lastName: 'Otieno', phone: '+254712000003', role: 'child' },
          ],
        },
      });
      expect(await household(tenant, saved.household.id)).toEqual(saved.household);
    });

    it('lists households by name with their key, head and member count, searched by name', async () => {
      const { tenant, peter, grace, wanjiru } = await family();
      const otieno = await created(tenant, 'Otieno family', [
        { memberId: grace, role: 'spouse' },
        { memberId: peter, role: 'head' },
      ]);
      const kamau = await created(tenant, 'Kamau home', [{ memberId: wanjiru, role: 'other' }]);
      const empty = await created(tenant, 'Achieng family', []);

      const list = await get<HouseholdsResponse>(tenant, 'households');
      expect(list.total).toBe(3);
      expect(list.households.map((h) => [h.name, h.key, h.head, h.memberCount])).toEqual([
        ['Achieng family', `H-${empty.id}`, null, 0],
        ['Kamau home', `H-${kamau.id}`, null, 1],
        ['Otieno family', `H-${otieno.id}`, 'Peter Otieno', 2],
      ]);
      const { members: _members, ...otienoRow } = otieno;
      expect(list.households[2]).toEqual(otienoRow);
      const found = await get<HouseholdsResponse>(tenant, 'households?searchKey=FAMILY&pagesize=1&page=2');
      expect({ total: found.total, names: found.households.map((h) => h.name) }).toEqual({ total: 2, names: ['Otieno family'] });
    });

    it('changes the name and members over the version read, handing the head on, and answers the household', async () => {
      const { tenant, peter, grace, brian, amos } = await family();
      const saved = await created(tenant, 'Otieno family', [
        { memberId: peter, role: 'head' },
        { memberId: grace, role: 'spouse' },
        { memberId: brian, role: 'child' },
      ]);

      const response = await call(tenant, 'PUT', `households/${saved.id}`, {
        name: 'Otieno home',
        version: saved.version,
        members: [
          { memberId: grace, role: 'head' },
          { memberId: peter, role: 'spouse' },
          { memberId: amos, role: 'child' },
        ],
      });

      expect(response.statusCode).toBe(200);
      const changed = response.json<HouseholdSaveResponse>();
      expect(changed.status_msg).toBe(HOUSEHOLD_SAVED);
      expect(changed.household).toMatchObject({ id: saved.id, name: 'Otieno home', head: 'Grace Otieno', memberCount: 3, version: 2 });
      expect(changed.household.members.map((member) => [member.MemberId, member.role])).toEqual([
        [grace, 'head'],
        [peter, 'spouse'],
        [amos, 'child'],
      ]);
      expect(await household(tenant, saved.id)).toEqual(changed.household);
    });

    it('refuses a save over a newer version, saying who changed it, and changes nothing', async () => {
      const { tenant, peter, grace } = await family();
      const colleague = await t.newColleague(tenant, { firstName: 'Mary', lastName: 'Clerk' });
      const saved = await created(tenant, 'Otieno family', [{ memberId: peter, role: 'head' }]);
      const first = await call(colleague, 'PUT', `households/${saved.id}`, { name: 'Otieno home', version: 1, members: [{ memberId: peter, role: 'head' }] });
      expect(first.statusCode).toBe(200);

      const stale = await call(tenant, 'PUT', `households/${saved.id}`, { name: 'Otieno family', version: 1, members: [{ memberId: grace, role: 'head' }] });

      expect(stale.statusCode).toBe(409);
      expect(stale.json<StaleSave>()).toMatchObject({ changedBy: 'Mary Clerk', version: 2, status_msg: expect.stringContaining('Mary Clerk changed this record') });
      expect(await household(tenant, saved.id)).toMatchObject({ name: 'Otieno home', version: 2, members: [{ MemberId: peter, role: 'head' }] });
    });

    it('deletes a household: its members stay contacts, in no household, and may join another', async () => {
      const { tenant, peter, grace } = await family();
      const saved = await created(tenant, 'Otieno family', [
        { memberId: peter, role: 'head' },
        { memberId: grace, role: 'spouse' },
      ]);

      const response = await call(tenant, 'DELETE', `households/${saved.id}`);

      expect(response.statusCode).toBe(200);
      expect(response.json<unknown>()).toEqual({ status_msg: HOUSEHOLD_DELETED });
      expectFailure(await call(tenant, 'GET', `households/${saved.id}`), 404, 'Household not found');
      expectFailure(await call(tenant, 'DELETE', `households/${saved.id}`), 404, 'Household not found');
      expect((await get<HouseholdsResponse>(tenant, 'households')).total).toBe(0);
      expect((await get<{ member: { id: number } }>(tenant, `member/${peter}`)).member.id).toBe(peter);
      expect((await created(tenant, 'Peter alone', [{ memberId: peter, role: 'head' }])).memberCount).toBe(1);
    });

    it('keeps an archived member listed in the household', async () => {
      const { tenant, peter, grace } = await family();
      const saved = await created(tenant, 'Otieno family', [
        { memberId: peter, role: 'head' },
        { memberId: grace, role: 'spouse' },
      ]);
      expect((await call(tenant, 'POST', `member/${grace}/archive`, {})).statusCode).toBe(200);

      expect((await household(tenant, saved.id)).members.map((member) => member.MemberId)).toEqual([peter, grace]);
      // Its form sends the archived member back with the others: the save keeps them.
      const again = await call(tenant, 'PUT', `households/${saved.id}`, {
        name: 'Otieno home',
        members: [
          { memberId: peter, role: 'head' },
          { memberId: grace, role: 'spouse' },
        ],
      });
      expect(again.statusCode).toBe(200);
    });
  });

  describe('what a household may hold', () => {
    it("checks the form's rules, with the form's messages", async () => {
      const { tenant, peter, grace } = await family();
      const refused = async (body: object, message: string) => expectFailure(await call(tenant, 'POST', 'households', body), 400, message);

      await refused({ members: [] }, 'Name is required');
      await refused({ name: '   ', members: [] }, 'Name is required');
      await refused({ name: 'x'.repeat(101) }, 'Name must be at most 100 characters');
      await refused({ name: 'Otieno family', members: [{ memberId: peter, role: 'uncle' }] }, 'Role must be head, spouse, child or other');
      await refused({ name: 'Otieno family', members: [{ memberId: peter }] }, 'Role must be head, spouse, child or other');
      await refused({ name: 'Otieno family', members: [{ memberId: 'abc', role: 'head' }] }, UNKNOWN_CONTACT);
      await refused(
        {
          name: 'Otieno family',
          members: [
            { memberId: peter, role: 'head' },
            { memberId: grace, role: 'head' },
          ],
        },
        'A household has one head',
      );
      await refused(
        {
          name: 'Otieno family',
          members: [
            { memberId: peter, role: 'head' },
            { memberId: peter, role: 'child' },
          ],
        },
        'A contact is listed twice in this household',
      );
      await refused({ name: 'Big family', members: Array.from({ length: 51 }, (_, i) => ({ memberId: i + 1, role: 'child' })) }, 'A household has at most 50 members');
      expect((await get<HouseholdsResponse>(tenant, 'households')).total).toBe(0);
      expect(await events(tenant)).toEqual([]);
    });

    it('refuses a contact already in another household, naming that household only, and saves nothing', async () => {
      const { tenant, peter, grace, brian } = await family();
      const otieno = await created(tenant, 'Otieno family', [
        { memberId: peter, role: 'head' },
        { memberId: grace, role: 'spouse' },
      ]);
      const other = await created(tenant, 'Brian alone', [{ memberId: brian, role: 'head' }]);
      const message = 'A contact you chose is already in the household "Otieno family". Remove them from it first.';

      expectFailure(
        await create(tenant, 'Second home', [
          { memberId: brian, role: 'other' },
          { memberId: grace, role: 'head' },
        ]),
        409,
        message.replace('Otieno family', 'Brian alone'),
      );
      expectFailure(await create(tenant, 'Second home', [{ memberId: grace, role: 'head' }]), 409, message);
      expectFailure(
        await call(tenant, 'PUT', `households/${other.id}`, {
          name: 'Brian alone',
          members: [
            { memberId: brian, role: 'head' },
            { memberId: peter, role: 'other' },
          ],
        }),
        409,
        message,
      );

      expect((await get<HouseholdsResponse>(tenant, 'households')).households.map((h) => [h.name, h.memberCount, h.version])).toEqual([
        ['Brian alone', 1, 1],
        ['Otieno family', 2, 1],
      ]);
      expect(await household(tenant, otieno.id)).toEqual(otieno);
    });

    it('refuses an erased contact like an unknown one', async () => {
      const { tenant, peter, amos } = await family();
      const erased = await call(tenant, 'POST', `member/${amos}/erase`, { reason: 'Asked by phone on 3 March' });
      expect(erased.statusCode).toBe(200);

      expectFailure(
        await create(tenant, 'Otieno family', [
          { memberId: peter, role: 'head' },
          { memberId: amos, role: 'child' },
        ]),
        400,
        UNKNOWN_CONTACT,
      );
      expectFailure(await create(tenant, 'Otieno family', [{ memberId: 2_000_000_000, role: 'child' }]), 400, UNKNOWN_CONTACT);
    });
  });

  describe("one partner's households", () => {
    it("refuses another partner's contacts (400) and households (404), and lists only the partner's own", async () => {
      const ours = await family();
      const theirs = await family();
      const their = await created(theirs.tenant, 'Their family', [{ memberId: theirs.peter, role: 'head' }]);
      const our = await created(ours.tenant, 'Our family', [{ memberId: ours.peter, role: 'head' }]);

      expectFailure(await create(ours.tenant, 'Mixed', [{ memberId: theirs.grace, role: 'spouse' }]), 400, UNKNOWN_CONTACT);
      expectFailure(
        await call(ours.tenant, 'PUT', `households/${our.id}`, {
          name: 'Our family',
          members: [
            { memberId: ours.peter, role: 'head' },
            { memberId: theirs.grace, role: 'spouse' },
          ],
        }),
        400,
        UNKNOWN_CONTACT,
      );
      for (const [method, url, body] of [
        ['GET', `households/${their.id}`, undefined],
        ['GET', `households/${their.id}/activity`, undefined],
        ['PUT', `households/${their.id}`, { name: 'Taken', members: [] }],
        ['DELETE', `households/${their.id}`, undefined],
        ['GET', 'households/0', undefined],
        ['GET', 'households/abc', undefined],
      ] as const) {
        expectFailure(await call(ours.tenant, method, url, body), 404, 'Household not found');
      }

      expect((await get<HouseholdsResponse>(ours.tenant, 'households')).households.map((h) => h.name)).toEqual(['Our family']);
      expect(await household(theirs.tenant, their.id)).toEqual(their);
      expect(await household(ours.tenant, our.id)).toEqual(our);
    });

    it('lets a viewer read households but not change them', async () => {
      const { tenant, peter } = await family();
      const saved = await created(tenant, 'Otieno family', [{ memberId: peter, role: 'head' }]);
      const email = `households.viewer.${Date.now()}@example.test`;
      await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'Staff', lastName: 'Viewer', roles: ['viewer'] });
      const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
      const viewer: Tenant = { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };

      expect((await get<HouseholdsResponse>(viewer, 'households')).total).toBe(1);
      expect((await household(viewer, saved.id)).name).toBe('Otieno family');
      const refusal = noPermissionText('contacts.write');
      expectFailure(await create(viewer, 'Another', []), 403, refusal);
      expectFailure(await call(viewer, 'PUT', `households/${saved.id}`, { name: 'Renamed', members: [] }), 403, refusal);
      expectFailure(await call(viewer, 'DELETE', `households/${saved.id}`), 403, refusal);
      expect(await household(tenant, saved.id)).toEqual(saved);
    });
  });

  describe('activity', () => {
    it('writes one event per change: the name and the members by id and role, never a name or a number', async () => {
      const { tenant, peter, grace, brian } = await family();
      const saved = await created(tenant, 'Otieno family', [
        { memberId: peter, role: 'head' },
        { memberId: grace, role: 'spouse' },
      ]);
      await call(tenant, 'PUT', `households/${saved.id}`, {
        name: 'Otieno home',
        members: [
          { memberId: grace, role: 'head' },
          { memberId: brian, role: 'child' },
        ],
      });
      await call(tenant, 'DELETE', `households/${saved.id}`);

      const stored = await events(tenant);
      const entity = String(saved.id);
      expect(stored.map((event) => [event.action, event.entity_id])).toEqual([
        ['create', entity],
        ['update', entity],
        ['delete', entity],
      ]);
      const sorted = (changes: unknown) => [...(changes as Array<{ field: string }>)].sort((a, b) => a.field.localeCompare(b.field));
      expect(sorted(stored[0]!.changes)).toEqual(
        sorted([
          { field: 'name', old: null, new: 'Otieno family' },
          { field: `members.${peter}`, old: null, new: 'head' },
          { field: `members.${grace}`, old: null, new: 'spouse' },
        ]),
      );
      expect(sorted(stored[1]!.changes)).toEqual(
        sorted([
          { field: 'name', old: 'Otieno family', new: 'Otieno home' },
          { field: `members.${peter}`, old: 'head', new: null },
          { field: `members.${grace}`, old: 'spouse', new: 'head' },
          { field: `members.${brian}`, old: null, new: 'child' },
        ]),
      );
      expect(sorted(stored[2]!.changes)).toEqual(
        sorted([
          { field: 'name', old: 'Otieno home', new: null },
          { field: `members.${grace}`, old: 'head', new: null },
          { field: `members.${brian}`, old: 'child', new: null },
        ]),
      );
      expect(JSON.stringify(stored)).not.toMatch(/Peter|Grace|Brian|\+2547/);
      const personal = await t.db
        .selectFrom('activity_personal_values')
        .select('event_id')
        .where('tenant_id', '=', tenant.id)
        .where(
          'event_id',
          'in',
          stored.map((event) => event.id),
        )
        .execute();
      expect(personal).toEqual([]);
    });

    it("answers a household's history, newest first", async () => {
      const { tenant, peter } = await family();
      const saved = await created(tenant, 'Otieno family', [{ memberId: peter, role: 'head' }]);
      await call(tenant, 'PUT', `households/${saved.id}`, { name: 'Otieno home', version: 1, members: [{ memberId: peter, role: 'head' }] });

      const history = await get<ActivityList>(tenant, `households/${saved.id}/activity`);

      expect(history.total).toBe(2);
      expect(history.activity.map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([
        ['update', 'household', String(saved.id)],
        ['create', 'household', String(saved.id)],
      ]);
      expect(history.activity[0]!.changes).toEqual([{ field: 'name', old: 'Otieno family', new: 'Otieno home' }]);
    });
  });
});
