import type {
  ActivityEntry,
  ActivityList,
  ContactImportResult,
  GroupMembersResponse,
  LoginResponse,
  Member,
  MemberArchiveResponse,
  MemberSaveResponse,
  MembersResponse,
  Role,
} from '@ushirika/shared/contract';
import { noPermissionText } from '@ushirika/shared/contract';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient, multipartForm } from './support/messaging';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ALREADY_ARCHIVED = 'This contact is archived already.';
const NOT_ARCHIVED = 'This contact is not archived.';
const ARCHIVED_PHONE = 'An archived contact has this mobile number. Show the archived contacts to restore it.';
const UNKNOWN_MEMBERS = 'Some of the selected contacts were not found. Reload the contacts and try again.';

describe.each(bothDatabases)('archived contacts on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  const post = (tenant: Tenant, url: string, payload: object = {}) => t.as(tenant, { method: 'POST', url: `/api/v2/${url}`, payload });
  const get = async <T>(tenant: Tenant, url: string): Promise<T> => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/${url}` });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return response.json<T>();
  };
  const contact = async (tenant: Tenant, firstName: string, mobile: string): Promise<Member> => {
    const response = await post(tenant, 'member', { firstName, lastName: 'Wanjiru', gender: 'F', mobile, residence: 'Kasarani' });
    expect(response.statusCode).toBe(201);
    return response.json<MemberSaveResponse>().member;
  };
  const archive = (tenant: Tenant, id: number, payload: object = {}) => post(tenant, `member/${id}/archive`, payload);
  const restore = (tenant: Tenant, id: number, payload: object = {}) => post(tenant, `member/${id}/restore`, payload);
  const archived = async (tenant: Tenant, id: number) => {
    const response = await archive(tenant, id);
    expect(response.statusCode).toBe(200);
    return response.json<MemberArchiveResponse>().member;
  };
  const names = (list: { members: Member[] }) => list.members.map((member) => member.firstName);
  /** The partner's events of contacts and groups, oldest first, as stored (sign-ins and sends are others'). */
  const events = (tenant: Tenant) =>
    t.db
      .selectFrom('activity_events')
      .select(['action', 'entity', 'entity_id', 'details', 'actor_type'])
      .where('tenant_id', '=', tenant.id)
      .where('area', 'in', ['contacts', 'groups'])
      .where('entity', '<>', 'group_type')
      .where('entity', '<>', 'group')
      .orderBy('id')
      .execute();

  /** A colleague of the tenant's owner with only `role`, signed in. */
  let staffCounter = 0;
  async function staffWith(tenant: Tenant, role: Role): Promise<Tenant> {
    staffCounter += 1;
    const email = `archive.${role}.${staffCounter}.${Date.now()}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'Staff', lastName: role, roles: [role] });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };
  }

  describe('archive and restore', () => {
    it('takes a contact out of the list and its total, lists it with ?archived=only, and restores it', async () => {
      const tenant = await t.newTenant('Archive');
      const amina = await contact(tenant, 'Amina', '0712 000 001');
      await contact(tenant, 'Baraka', '0712 000 002');
      await contact(tenant, 'Chebet', '0712 000 003');

      const response = await archive(tenant, amina.id, { version: amina.version });
      expect(response.statusCode).toBe(200);
      expect(response.json<MemberArchiveResponse>()).toEqual({
        status_msg: 'Contact archived successfully!',
        member: { ...amina, archivedAt: expect.stringMatching(ISO_INSTANT), version: amina.version + 1 },
      });

      const active = await get<MembersResponse>(tenant, 'member');
      expect(names(active)).toEqual(['Chebet', 'Baraka']);
      expect(active.total).toBe(2);
      const onlyArchived = await get<MembersResponse>(tenant, 'member?archived=only');
      expect(names(onlyArchived)).toEqual(['Amina']);
      expect(onlyArchived).toMatchObject({ total: 1, members: [{ archivedAt: expect.stringMatching(ISO_INSTANT), erased: false }] });
      // Searching and dates look at the active contacts only, and at the archived ones with ?archived=only.
      expect((await get<MembersResponse>(tenant, 'member?searchKey=amina')).total).toBe(0);
      expect(names(await get<MembersResponse>(tenant, 'member?searchKey=amina&archived=only'))).toEqual(['Amina']);
      expect((await get<MembersResponse>(tenant, 'member?startdate=2020-01-01&enddate=2099-12-31')).total).toBe(2);
      // The dashboard's count and newest contacts are the active ones.
      const { data: home } = await get<{ data: { contacts: number; contact_list: Member[] } }>(tenant, 'partner-home');
      expect(home.contacts).toBe(2);
      expect(home.contact_list.map((c) => c.firstName)).toEqual(['Chebet', 'Baraka']);
      // The edit screen still opens it, archived.
      expect((await get<{ member: Member }>(tenant, `member/${amina.id}`)).member.archivedAt).toEqual(expect.stringMatching(ISO_INSTANT));

      const restored = await restore(tenant, amina.id, { version: amina.version + 1 });
      expect(restored.statusCode).toBe(200);
      expect(restored.json<MemberArchiveResponse>()).toEqual({
        status_msg: 'Contact restored successfully!',
        member: { ...amina, archivedAt: null, version: amina.version + 2 },
      });
      expect(names(await get<MembersResponse>(tenant, 'member'))).toEqual(['Chebet', 'Baraka', 'Amina']);
      expect((await get<MembersResponse>(tenant, 'member')).total).toBe(3);
      expect((await get<MembersResponse>(tenant, 'member?archived=only')).total).toBe(0);
    });

    it('refuses what cannot be done, and changes nothing', async () => {
      const tenant = await t.newTenant('Archive');
      const other = await t.newTenant('Other');
      const amina = await contact(tenant, 'Amina', '0712 000 001');

      expectFailure(await restore(tenant, amina.id), 409, NOT_ARCHIVED);
      expectFailure(await archive(other, amina.id), 404, 'Contact not found');
      expectFailure(await archive(tenant, 999_999), 404, 'Contact not found');
      expect((await archive(tenant, amina.id, { version: amina.version + 5 })).statusCode).toBe(409);
      expectFailure(await t.as(tenant, { method: 'GET', url: '/api/v2/member?archived=yes' }), 400, 'archived must be "only" (or empty for the active contacts)');
      expect((await get<{ member: Member }>(tenant, `member/${amina.id}`)).member).toEqual(amina);

      await archived(tenant, amina.id);
      expectFailure(await archive(tenant, amina.id), 409, ALREADY_ARCHIVED);
      // The list's total stays right whatever was refused.
      expect((await get<MembersResponse>(tenant, 'member')).total).toBe(0);
      expect((await get<MembersResponse>(tenant, 'member?archived=only')).total).toBe(1);
    });

    it("answers a new contact with an archived contact's number so, and an archived contact can be edited", async () => {
      const tenant = await t.newTenant('Archive');
      const amina = await contact(tenant, 'Amina', '0712 000 001');
      await archived(tenant, amina.id);

      const response = await post(tenant, 'member', { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '+254712000001', residence: 'Kasarani' });
      expectFailure(response, 409, ARCHIVED_PHONE);

      const edit = await t.as(tenant, {
        method: 'PUT',
        url: `/api/v2/member/${amina.id}`,
        payload: { firstName: 'Aminah', lastName: 'Wanjiru', gender: 'F', mobile: '0712 000 001', residence: 'Ruiru', email: '' },
      });
      expect(edit.statusCode).toBe(200);
      expect(edit.json<MemberSaveResponse>().member).toMatchObject({ firstName: 'Aminah', residence: 'Ruiru', archivedAt: expect.stringMatching(ISO_INSTANT) });
      expect((await get<MembersResponse>(tenant, 'member')).total).toBe(0);
    });

    it('is for those who may change contacts: a viewer is refused, a secretary archives', async () => {
      const tenant = await t.newTenant('Archive');
      const amina = await contact(tenant, 'Amina', '0712 000 001');
      const viewer = await staffWith(tenant, 'viewer');
      const secretary = await staffWith(tenant, 'secretary');

      expectFailure(await archive(viewer, amina.id), 403, noPermissionText('contacts.write'));
      expect((await get<MembersResponse>(viewer, 'member')).total).toBe(1);
      expect((await archive(secretary, amina.id)).statusCode).toBe(200);
      expectFailure(await restore(viewer, amina.id), 403, noPermissionText('contacts.write'));
      expect((await restore(secretary, amina.id)).statusCode).toBe(200);
    });
  });

  describe('group members', () => {
    it("leaves archived contacts out of a group's list and its editor's save, keeps their membership, and refuses to add one", async () => {
      const tenant = await t.newTenant('Groups');
      const amina = await contact(tenant, 'Amina', '0712 000 001');
      const baraka = await contact(tenant, 'Baraka', '0712 000 002');
      const chebet = await contact(tenant, 'Chebet', '0712 000 003');
      const groupId = await m.group(tenant, [amina.id, baraka.id]);
      const members = async () => (await get<GroupMembersResponse>(tenant, `groupmembers/${groupId}`)).members.map((row) => row.Member.firstName).sort();

      await archived(tenant, baraka.id);
      expect(await members()).toEqual(['Amina']);

      // The editor saves what it shows (Amina) and adds Chebet: Baraka stays a member, out of sight.
      expect((await post(tenant, 'groupmembers', { group: groupId, selectedRecords: `${amina.id},${chebet.id}` })).statusCode).toBe(200);
      expect(await members()).toEqual(['Amina', 'Chebet']);
      // An archived contact is not offered: choosing one anyway (a stale editor) is refused, nothing changes.
      expectFailure(await post(tenant, 'groupmembers', { group: groupId, selectedRecords: `${baraka.id}` }), 404, UNKNOWN_MEMBERS);
      expect(await members()).toEqual(['Amina', 'Chebet']);

      await restore(tenant, baraka.id);
      expect(await members()).toEqual(['Amina', 'Baraka', 'Chebet']);

      const saves = (await events(tenant)).filter((event) => event.entity === 'group_members');
      expect(saves).toEqual([
        { action: 'update', entity: 'group_members', entity_id: String(groupId), details: { added: 2, removed: 0 }, actor_type: 'staff' },
        { action: 'update', entity: 'group_members', entity_id: String(groupId), details: { added: 1, removed: 0 }, actor_type: 'staff' },
      ]);
    });

    it('counts who joined and who left in the one event of a save', async () => {
      const tenant = await t.newTenant('Groups');
      const ids = [];
      for (let i = 1; i <= 4; i += 1) ids.push((await contact(tenant, `Person${i}`, `0712 000 10${i}`)).id);
      const groupId = await m.group(tenant, ids.slice(0, 3));
      expect((await post(tenant, 'groupmembers', { group: groupId, selectedRecords: `${ids[2]},${ids[3]}` })).statusCode).toBe(200);
      const last = (await events(tenant)).filter((event) => event.entity === 'group_members').pop();
      expect(last).toMatchObject({ action: 'update', entity_id: String(groupId), details: { added: 1, removed: 2 } });
    });
  });

  describe('sends', () => {
    it('skip archived contacts: a group, All Contacts, and a typed number of theirs', async () => {
      const tenant = await m.tenantWith(50);
      const amina = await contact(tenant, 'Amina', '0712 000 001');
      const baraka = await contact(tenant, 'Baraka', '0712 000 002');
      const groupId = await m.group(tenant, [amina.id, baraka.id]);
      await archived(tenant, baraka.id);

      const toGroup = await m.sent(tenant, { recipient_type: 'Group', group: groupId, textmessage: 'Choir at 4pm' });
      expect(toGroup).toMatchObject({ queued: 1, units: 1 });
      const toAll = await m.sent(tenant, { recipient_type: 'Group', group: 0, textmessage: 'Service at 10am' });
      expect(toAll).toMatchObject({ queued: 1, units: 1 });
      const typed = await m.sent(tenant, m.typed('0712 000 001, 0712 000 002, 0733 000 003'));
      expect(typed).toMatchObject({ queued: 2, units: 2 });
      expect(await m.quote(tenant, m.typed('0712 000 002, 0733 000 003'))).toMatchObject({ recipients: 1, units: 1 });

      const recipients = (await m.messages(tenant)).notifications.map((n) => n.recipient);
      expect(recipients).not.toContain('+254712000002');
      expect(recipients.sort()).toEqual(['+254712000001', '+254712000001', '+254712000001', '+254733000003']);

      // Restored, they are sent to again.
      await restore(tenant, baraka.id);
      expect(await m.sent(tenant, { recipient_type: 'Group', group: groupId, textmessage: 'Choir at 5pm' })).toMatchObject({ queued: 2 });
    });
  });

  describe('activity', () => {
    it('writes one event per change of a contact, in the shape of the contract, and none for a refusal or a read', async () => {
      const tenant = await t.newTenant('Events');
      const amina = await contact(tenant, 'Amina', '0712 000 001');
      const edit = await t.as(tenant, {
        method: 'PUT',
        url: `/api/v2/member/${amina.id}`,
        payload: { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '0712 000 001', residence: 'Ruiru', email: 'amina@example.org', version: amina.version },
      });
      expect(edit.statusCode).toBe(200);
      await archived(tenant, amina.id);
      expect((await restore(tenant, amina.id)).statusCode).toBe(200);
      // Refused and read: no event.
      expect((await archive(tenant, amina.id, { version: 1 })).statusCode).toBe(409);
      expect((await restore(tenant, amina.id)).statusCode).toBe(409);
      expect((await post(tenant, 'member', { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '0712000001', residence: 'X' })).statusCode).toBe(409);
      await get(tenant, 'member');
      await get(tenant, `member/${amina.id}`);

      expect(await events(tenant)).toEqual(
        ['create', 'update', 'archive', 'restore'].map((action) => ({ action, entity: 'contact', entity_id: String(amina.id), details: {}, actor_type: 'staff' })),
      );

      // The contact's own history, newest first: who changed what, personal values joined back.
      const history = await get<ActivityList>(tenant, `member/${amina.id}/activity`);
      expect(history.total).toBe(4);
      expect(history.activity.map((entry) => entry.action)).toEqual(['restore', 'archive', 'update', 'create']);
      const [, archiving, update, create] = history.activity as [ActivityEntry, ActivityEntry, ActivityEntry, ActivityEntry];
      expect(update.changes).toEqual(
        expect.arrayContaining([
          { field: 'residence', old: 'Kasarani', new: 'Ruiru' },
          { field: 'email', old: '', new: 'amina@example.org' },
        ]),
      );
      expect(update.changes).toHaveLength(2);
      expect(create.changes).toEqual(
        expect.arrayContaining([
          { field: 'firstName', old: null, new: 'Amina' },
          { field: 'phone', old: null, new: '+254712000001' },
          { field: 'gender', old: null, new: 'F' },
        ]),
      );
      expect(create.changes.map((change) => change.field)).not.toContain('archivedAt');
      expect(archiving.changes).toEqual([{ field: 'archivedAt', old: null, new: expect.stringMatching(ISO_INSTANT) }]);
      expect(archiving).toMatchObject({ actorType: 'staff', actorName: 'Test User', entity: 'contact', entityId: String(amina.id) });

      // Another partner's contact has no history here.
      expectFailure(await t.as(await t.newTenant('Other'), { method: 'GET', url: `/api/v2/member/${amina.id}/activity` }), 404, 'Contact not found');
    });

    it('writes one import event with its counts, and none for an import that writes nobody', async () => {
      const tenant = await t.newTenant('Import');
      await contact(tenant, 'Amina', '0712 000 001');
      const file = (content: string) => multipartForm({}, { field: 'file', name: 'contacts.csv', type: 'text/csv', content });
      const upload = (content: string) => {
        const form = file(content);
        return t.as(tenant, { method: 'POST', url: '/api/v2/member/import', payload: form.payload, headers: form.headers });
      };
      const header = 'First Name,Last Name,Gender,Mobile,Residence,Email\n';
      const rows = ['Baraka,Otieno,M,0712000002,Ruiru,', 'Chebet,Kirui,F,0712000003,Thika,', 'Amina,Wanjiru,F,0712000001,Kasarani,', 'X,,Q,123,,'];

      const first = await upload(header + rows.join('\n'));
      expect(first.statusCode).toBe(200);
      const { batch } = first.json<ContactImportResult>();
      expect(batch).toMatchObject({ created: 2, updated: 0 });
      // The same people again: nothing new, nothing changed, nothing written.
      expect((await upload(header + rows.slice(0, 2).join('\n'))).statusCode).toBe(400);

      const imports = (await events(tenant)).filter((event) => event.entity === 'contact_import');
      expect(imports).toEqual([
        { action: 'import', entity: 'contact_import', entity_id: String(batch.id), details: expect.objectContaining({ created: 2, updated: 0 }), actor_type: 'staff' },
      ]);
      // The imported contacts are counted in the list's total like any other.
      expect((await get<MembersResponse>(tenant, 'member')).total).toBe(3);
    });
  });
});
