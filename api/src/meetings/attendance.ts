import { sql } from 'kysely';
import type { Absentees, Attendee, MeetingAttendees } from '@ushirika/shared/contract';
import { countAll } from '../db/list-sql';
import type { TenantScope } from '../db/tenant-scope';
import { liveContactCount, replaceMemberSet } from '../contacts/member-sets';

/*
 * Attendance by name (issue 28.4; migration 0027): who was ticked present at a meeting, the visitors counted
 * without a name, and who of a group missed its last meetings. Every query goes through the partner's scope.
 *
 * Archived contacts are neither listed nor offered (like a group's members), but a tick of theirs stays: restoring
 * them brings it back, and a register saved without them (the screen never shows them) does not remove it.
 */

/** Ids are `integer` columns: a larger number names no record (and would fail the cast). */
const MAX_ID = 2_147_483_647;

const attendeeOf = (row: { member_id: number; first_name: string; last_name: string; phone: string }): Attendee => ({
  memberId: row.member_id,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
});

/** The meeting's register: its live contacts ticked present (by name), the visitors and the headcount; undefined for no such meeting. */
export async function meetingAttendees(scope: TenantScope, meetingId: number): Promise<MeetingAttendees | undefined> {
  if (meetingId > MAX_ID) return undefined;
  const meeting = await scope
    .selectFrom('meetings')
    .select(['id', 'group_id', 'visitors', 'actual_attendance', 'version'])
    .where('id', '=', meetingId)
    .executeTakeFirst();
  if (!meeting) return undefined;
  const rows = await scope
    .selectFrom('meeting_attendees as ma')
    .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'ma.tenant_id').onRef('m.id', '=', 'ma.member_id'))
    .select(['ma.member_id', 'm.first_name', 'm.last_name', 'm.phone'])
    .where('ma.meeting_id', '=', meetingId)
    .where('m.archived_at', 'is', null)
    .orderBy('m.first_name')
    .orderBy('m.last_name')
    .orderBy('ma.member_id')
    .execute();
  return {
    meetingId: meeting.id,
    groupId: meeting.group_id,
    attendees: rows.map(attendeeOf),
    visitors: meeting.visitors,
    actualAttendance: meeting.actual_attendance,
    version: meeting.version,
  };
}

/** What a register's save did: names ticked in all, how many were added and removed. */
export interface RegisterChange {
  attendees: number;
  added: number;
  removed: number;
}

export type ReplaceAttendeesOutcome = RegisterChange | { unknown: number };

/**
 * Makes `memberIds` the meeting's register of live contacts and sets its visitors and headcount (names ticked +
 * visitors), on the caller's transaction (savingVersion's, which has locked the meeting). Nothing is written
 * when some ids are not the partner's live contacts: the answer says how many.
 */
export async function replaceAttendees(trx: TenantScope, meetingId: number, memberIds: readonly number[], visitors: number): Promise<ReplaceAttendeesOutcome> {
  const ids = [...new Set(memberIds)];
  const known = ids.filter((id) => id <= MAX_ID);
  const live = await liveContactCount(trx, known);
  if (live !== ids.length) return { unknown: ids.length - live };
  const { added, removed } = await replaceMemberSet(trx, 'meeting_attendees', meetingId, ids);
  const { total: attendees } = await trx.selectFrom('meeting_attendees').select(countAll).where('meeting_id', '=', meetingId).executeTakeFirstOrThrow();
  await trx
    .updateTable('meetings')
    .set({ visitors, actual_attendance: attendees + visitors })
    .where('id', '=', meetingId)
    .execute();
  return { attendees, added, removed };
}

/**
 * The group's live members who were ticked at none of its last `count` meetings dated on or before the partner's
 * today (in its time zone), by name; those meetings, newest first. Undefined for a group not the partner's; no past
 * meetings: no absentees (nobody can have missed them).
 */
export async function groupAbsentees(scope: TenantScope, groupId: number, count: number): Promise<Absentees | undefined> {
  if (groupId > MAX_ID) return undefined;
  const group = await scope.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
  if (!group) return undefined;
  const meetings = await scope
    .selectFrom('meetings as mt')
    .select(['mt.id', sql<string>`to_char(mt.date_of_meeting, 'YYYY-MM-DD')`.as('date_of_meeting'), 'mt.subject'])
    .where('mt.group_id', '=', groupId)
    .where('mt.date_of_meeting', '<=', sql<string>`(select (now() at time zone p.time_zone)::date from partners p where p.id = mt.tenant_id)`)
    .orderBy('mt.date_of_meeting', 'desc')
    .orderBy('mt.id', 'desc')
    .limit(count)
    .execute();
  if (meetings.length === 0) return { meetings: [], absentees: [] };
  const meetingIds = meetings.map((meeting) => meeting.id);
  const rows = await scope
    .selectFrom('group_members as gm')
    .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'gm.tenant_id').onRef('m.id', '=', 'gm.member_id'))
    .select(['gm.member_id', 'm.first_name', 'm.last_name', 'm.phone'])
    .where('gm.group_id', '=', groupId)
    .where('m.archived_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('meeting_attendees as ma')
            .select('ma.member_id')
            .whereRef('ma.tenant_id', '=', 'gm.tenant_id')
            .whereRef('ma.member_id', '=', 'gm.member_id')
            .where('ma.meeting_id', '=', sql<number>`any(${meetingIds}::int[])`),
        ),
      ),
    )
    .orderBy('m.first_name')
    .orderBy('m.last_name')
    .orderBy('gm.member_id')
    .execute();
  return {
    meetings: meetings.map((meeting) => ({ id: meeting.id, dateOfMeeting: meeting.date_of_meeting, subject: meeting.subject })),
    absentees: rows.map(attendeeOf),
  };
}
