import type { Absentees, GroupSaveResponse, Meeting, MeetingAttendees, MeetingType, SaveResponse } from '@ushirika/shared/contract';
import { ATTENDANCE_SAVED, MAX_ABSENTEE_MEETINGS } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { partnerDay } from './support/days';
import { expectFailure } from './support/expect';

type Saved = SaveResponse<'meeting', Meeting>;

/** Attendance by name (issue 28.4): a meeting's register, its headcount, a group's absentees. */
describe.each(testDatabases)('attendance by name on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const api = (tenant: Tenant, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.as(tenant, { method, url: `/api/v2/${url}`, payload });

  /** `count` contacts of the tenant, named `<prefix> 001` …, with distinct mobiles; their ids in name order. */
  async function contacts(tenant: Tenant, count: number, prefix = 'Member'): Promise<number[]> {
    const base = 700_000_000 + Math.floor(Math.random() * 90_000) * 1000;
    const rows = await t.db
      .insertInto('members')
      .values(
        Array.from({ length: count }, (_, i) => ({
          tenant_id: tenant.id,
          first_name: prefix,
          last_name: String(i + 1).padStart(3, '0'),
          gender: 'F',
          phone: `+254${base + i}`,
          residence: 'Kasarani',
        })),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** A group of the tenant with `memberIds` as its members. */
  async function group(tenant: Tenant, memberIds: number[], name = 'Kasarani Cell') {
    const type = await api(tenant, 'POST', 'group_types', { name: `Cell ${Math.random()}`, description: 'Home groups' });
    const created = await api(tenant, 'POST', 'groups', {
      groupType: type.json<{ group_type: { id: number } }>().group_type.id,
      name,
      description: 'Wednesday',
      brandName: name,
    });
    expect(created.statusCode).toBe(201);
    const { group: saved } = created.json<GroupSaveResponse>();
    const members = await api(tenant, 'POST', 'groupmembers', { group: saved.id, selectedRecords: memberIds.join(',') });
    expect(members.statusCode).toBe(200);
    return saved.id;
  }

  let typeIds = new Map<number, number>();
  async function meetingType(tenant: Tenant): Promise<number> {
    const known = typeIds.get(tenant.id);
    if (known) return known;
    const response = await api(tenant, 'POST', 'meeting_types', { name: 'Cell Meeting', description: 'Weekly' });
    const id = response.json<SaveResponse<'meeting_type', MeetingType>>().meeting_type.id;
    typeIds = new Map(typeIds).set(tenant.id, id);
    return id;
  }

  async function meeting(tenant: Tenant, groupId: number | null, dateOfMeeting = partnerDay(-1)): Promise<Meeting> {
    const response = await api(tenant, 'POST', 'meetings', {
      meeting_type: await meetingType(tenant),
      groupId,
      dateOfMeeting,
      startTime: '18:00',
      endTime: '19:30',
      actualAttendance: 12,
      expectedAttendance: 40,
      subject: 'Cell meeting',
      facilitator: 'Elder Samuel',
      speaker: 'Elder Samuel',
      totalOffering: '450',
      notes: '',
    });
    expect(response.statusCode).toBe(201);
    return response.json<Saved>().meeting;
  }

  const register = async (tenant: Tenant, meetingId: number) => {
    const response = await api(tenant, 'GET', `meetings/${meetingId}/attendees`);
    expect(response.statusCode).toBe(200);
    return response.json<MeetingAttendees>();
  };
  const tick = (tenant: Tenant, meetingId: number, body: object) => api(tenant, 'PUT', `meetings/${meetingId}/attendees`, body);
  const meetingRow = async (tenant: Tenant, id: number) => (await api(tenant, 'GET', `meetings/${id}`)).json<{ meeting: Meeting }>().meeting;
  const absentees = (tenant: Tenant, groupId: number, query = '') => api(tenant, 'GET', `groups/${groupId}/absentees${query}`);

  it('ticking 30 of a group of 40 makes the headcount 30 + visitors; the meeting row and the register show it', async () => {
    const tenant = await t.newTenant();
    const members = await contacts(tenant, 40);
    const groupId = await group(tenant, members);
    const saved = await meeting(tenant, groupId);
    expect(saved).toMatchObject({ groupId, Group: { name: 'Kasarani Cell' }, visitors: 0, attendees: 0, actualAttendance: 12 });

    const response = await tick(tenant, saved.id, { memberIds: members.slice(0, 30), visitors: 4, version: saved.version });

    expect(response.statusCode).toBe(200);
    const answer = response.json<Saved>();
    expect(answer.status_msg).toBe(ATTENDANCE_SAVED);
    expect(answer.meeting).toMatchObject({
      id: saved.id,
      groupId,
      Group: { name: 'Kasarani Cell' },
      attendees: 30,
      visitors: 4,
      actualAttendance: 34,
      version: saved.version + 1,
    });
    expect(await meetingRow(tenant, saved.id)).toEqual(answer.meeting);
    const listed = await register(tenant, saved.id);
    expect(listed).toMatchObject({ meetingId: saved.id, groupId, visitors: 4, actualAttendance: 34, version: saved.version + 1 });
    expect(listed.attendees.map((a) => a.memberId)).toEqual(members.slice(0, 30));
    expect(listed.attendees[0]).toEqual({ memberId: members[0], firstName: 'Member', lastName: '001', phone: expect.stringMatching(/^\+254\d{9}$/) });
  });

  it('a second save replaces the register (a name named twice counts once), and writes one activity event with counts only', async () => {
    const tenant = await t.newTenant();
    const members = await contacts(tenant, 10);
    const saved = await meeting(tenant, null);
    const first = await tick(tenant, saved.id, { memberIds: members.slice(0, 6), visitors: 2, version: saved.version });
    expect(first.statusCode).toBe(200);

    const second = await tick(tenant, saved.id, { memberIds: [...members.slice(4, 9), members[4]], visitors: 0, version: first.json<Saved>().meeting.version });

    expect(second.statusCode).toBe(200);
    expect(second.json<Saved>().meeting).toMatchObject({ attendees: 5, visitors: 0, actualAttendance: 5 });
    expect((await register(tenant, saved.id)).attendees.map((a) => a.memberId)).toEqual(members.slice(4, 9));
    const events = await t.db
      .selectFrom('activity_events')
      .select(['action', 'entity', 'entity_id', 'details', 'changes'])
      .where('tenant_id', '=', tenant.id)
      .where('entity', '=', 'meeting')
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ entity_id: String(saved.id), details: { attendees: 5, added: 3, removed: 4, visitors: 0 } });
    expect(events[1]!.changes).toEqual(expect.arrayContaining([{ field: 'actualAttendance', old: 8, new: 5 }]));
    expect(JSON.stringify(events)).not.toMatch(/Member|\+254/);
  });

  it('a stale version is 409 and changes nothing', async () => {
    const tenant = await t.newTenant();
    const members = await contacts(tenant, 5);
    const saved = await meeting(tenant, null);
    expect((await tick(tenant, saved.id, { memberIds: members.slice(0, 2), visitors: 1, version: saved.version })).statusCode).toBe(200);
    const before = await register(tenant, saved.id);

    const stale = await tick(tenant, saved.id, { memberIds: members, visitors: 9, version: saved.version });

    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ version: saved.version + 1, changedBy: 'Test User' });
    expect(await register(tenant, saved.id)).toEqual(before);
  });

  it("another partner's contact id is 400 naming how many, and nothing is saved", async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    const mine = await contacts(tenant, 3);
    const theirs = await contacts(other, 2, 'Other');
    const saved = await meeting(tenant, null);
    expect((await tick(tenant, saved.id, { memberIds: [mine[0]], visitors: 0, version: saved.version })).statusCode).toBe(200);
    const before = await register(tenant, saved.id);

    const response = await tick(tenant, saved.id, { memberIds: [...mine, ...theirs], visitors: 3, version: before.version });

    await expectFailure(response, 400, '2 of the names are not among your contacts (removed or archived since): nothing was saved. Reload and try again.');
    expect(await register(tenant, saved.id)).toEqual(before);
    expect((await meetingRow(tenant, saved.id)).actualAttendance).toBe(1);
  });

  it("another partner's meeting is 404 to read and to tick, and is left alone", async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    const theirMembers = await contacts(other, 2, 'Other');
    const theirs = await meeting(other, null);
    await tick(other, theirs.id, { memberIds: theirMembers, visitors: 1, version: theirs.version });
    const before = await register(other, theirs.id);

    await expectFailure(await api(tenant, 'GET', `meetings/${theirs.id}/attendees`), 404, 'Meeting not found');
    await expectFailure(await tick(tenant, theirs.id, { memberIds: [], visitors: 0 }), 404, 'Meeting not found');
    expect(await register(other, theirs.id)).toEqual(before);
  });

  it("a meeting form naming another partner's group (or none) is refused with 400, and null / absent is none", async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    const theirGroup = await group(other, await contacts(other, 1, 'Other'));
    const saved = await meeting(tenant, null);
    const body = { ...saved, meeting_type: saved.meeting_type, groupId: theirGroup };

    await expectFailure(await api(tenant, 'PUT', `meetings/${saved.id}`, body), 400, "Choose the meeting's group from the list");
    await expectFailure(await api(tenant, 'PUT', `meetings/${saved.id}`, { ...body, groupId: 'x' }), 400, "Choose the meeting's group from the list");
    const { groupId: _none, ...withoutGroup } = body;
    const response = await api(tenant, 'PUT', `meetings/${saved.id}`, withoutGroup);
    expect(response.statusCode).toBe(200);
    expect(response.json<Saved>().meeting).toMatchObject({ groupId: null, Group: null });
  });

  it('absentees: the members ticked at none of the group’s last 2 meetings up to today', async () => {
    const tenant = await t.newTenant();
    const [ann, ben, cat, dan, eve] = await contacts(tenant, 5);
    const groupId = await group(tenant, [ann!, ben!, cat!, dan!, eve!]);
    const oldest = await meeting(tenant, groupId, partnerDay(-21));
    const middle = await meeting(tenant, groupId, partnerDay(-14));
    const latest = await meeting(tenant, groupId, partnerDay(-7));
    await meeting(tenant, groupId, partnerDay(7)); // next week's: not missed yet
    await meeting(tenant, null, partnerDay(-1)); // another meeting: not the group's
    await tick(tenant, oldest.id, { memberIds: [cat, dan], visitors: 0 });
    await tick(tenant, middle.id, { memberIds: [ann], visitors: 0 });
    await tick(tenant, latest.id, { memberIds: [ben], visitors: 2 });

    const response = await absentees(tenant, groupId, '?meetings=2');

    expect(response.statusCode).toBe(200);
    const answer = response.json<Absentees>();
    expect(answer.meetings).toEqual([
      { id: latest.id, dateOfMeeting: partnerDay(-7), subject: 'Cell meeting' },
      { id: middle.id, dateOfMeeting: partnerDay(-14), subject: 'Cell meeting' },
    ]);
    expect(answer.absentees.map((a) => a.memberId)).toEqual([cat, dan, eve]);
    expect(answer.absentees[0]).toEqual({ memberId: cat, firstName: 'Member', lastName: '003', phone: expect.stringMatching(/^\+254/) });
    // The default is the last 3: Cat and Dan came to the oldest.
    expect((await absentees(tenant, groupId)).json<Absentees>().absentees.map((a) => a.memberId)).toEqual([eve]);
  });

  it('absentees of a group with no past meetings are none; a bad N is 400; another partner’s group is 404', async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    const groupId = await group(tenant, await contacts(tenant, 3));
    await meeting(tenant, groupId, partnerDay(3));
    const theirGroup = await group(other, await contacts(other, 1, 'Other'));

    expect((await absentees(tenant, groupId)).json()).toEqual({ meetings: [], absentees: [] });
    for (const n of ['0', String(MAX_ABSENTEE_MEETINGS + 1), 'x', '-1']) {
      await expectFailure(await absentees(tenant, groupId, `?meetings=${n}`), 400, `meetings must be a whole number from 1 to ${MAX_ABSENTEE_MEETINGS}`);
    }
    await expectFailure(await absentees(tenant, theirGroup), 404, 'Group not found');
  });
});
