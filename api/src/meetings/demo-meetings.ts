import type { Kysely } from 'kysely';
import type { Random } from '../db/demo-random';
import type { Database } from '../db/schema';

/** The demo group whose meetings have names ticked, and how many of its latest meetings. */
export const DEMO_ATTENDANCE = { group: 'Kasarani Cell Group', meetingType: 'Midweek Bible Study', meetings: 3 } as const;

/**
 * Attendance by name in the demo (issue 28.4): Grace's last DEMO_ATTENDANCE.meetings midweek Bible studies (which
 * meet in small groups) become the Kasarani cell group's, with its members ticked and a few visitors, so the
 * register, the headcount and 'who missed the last 3' show something. About one member in five has stopped coming
 * (ticked at none of them): they are the absentees. Changes no meeting count nor date; run after the contacts.
 */
export async function insertDemoAttendance(trx: Kysely<Database>, grace: number, random: Random): Promise<void> {
  const group = await trx.selectFrom('groups').select('id').where('tenant_id', '=', grace).where('name', '=', DEMO_ATTENDANCE.group).executeTakeFirst();
  if (!group) return;
  const meetings = await trx
    .selectFrom('meetings as m')
    .innerJoin('meeting_types as mt', (join) => join.onRef('mt.tenant_id', '=', 'm.tenant_id').onRef('mt.id', '=', 'm.meeting_type_id'))
    .select('m.id')
    .where('m.tenant_id', '=', grace)
    .where('mt.name', '=', DEMO_ATTENDANCE.meetingType)
    .orderBy('m.date_of_meeting', 'desc')
    .orderBy('m.id', 'desc')
    .limit(DEMO_ATTENDANCE.meetings)
    .execute();
  const members = await trx
    .selectFrom('group_members as gm')
    .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'gm.tenant_id').onRef('m.id', '=', 'gm.member_id'))
    .select('gm.member_id')
    .where('gm.tenant_id', '=', grace)
    .where('gm.group_id', '=', group.id)
    .where('m.archived_at', 'is', null)
    .orderBy('gm.member_id')
    .execute();
  const regulars = members.filter(() => random() >= 0.2).map((member) => member.member_id);

  for (const meeting of meetings) {
    const present = regulars.filter(() => random() < 0.85);
    const visitors = Math.floor(random() * 4);
    if (present.length > 0) {
      await trx
        .insertInto('meeting_attendees')
        .values(present.map((memberId) => ({ tenant_id: grace, meeting_id: meeting.id, member_id: memberId })))
        .execute();
    }
    await trx
      .updateTable('meetings')
      .set({ group_id: group.id, visitors, actual_attendance: present.length + visitors, expected_attendance: members.length })
      .where('tenant_id', '=', grace)
      .where('id', '=', meeting.id)
      .execute();
  }
}
