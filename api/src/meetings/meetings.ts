import { sql } from 'kysely';
import { meetingsEndpoint, type Meeting } from '@ushirika/shared/contract';
import { MEETING_GROUP_INVALID, meetingSchema, type MeetingInput } from '@ushirika/shared/validation';
import { DAY_COUNTED, dayCount } from '../db/day-counts';
import { recordQueries } from '../db/record-queries';
import { searchTextMatches } from '../db/search-text';
import type { TenantScope } from '../db/tenant-scope';
import type { CrudResource } from '../http/crud-routes';
import { badRequest } from '../http/errors';
import type { ListParams } from '../http/list-query';
import { meetingTypes } from './meeting-types';

/**
 * Search: subject, facilitator, speaker (`search_text` and its trigram index) or the meeting type's name. The matching type
 * ids are looked up first and passed as values: written as an `in (subquery)` inside the OR, the
 * planner cannot combine indexes and scans every meeting of the tenant (165 ms instead of 0.6 ms for
 * a rare term over 50,000 meetings on PostgreSQL 15; see docs/benchmarks.md).
 */
function matching(scope: TenantScope, { searchPattern, startDate, endDate }: ListParams, typeIds: number[]) {
  return scope
    .selectFrom('meetings as m')
    .$if(searchPattern !== undefined, (q) =>
      q.where((eb) => eb.or([searchTextMatches('m.search_text', searchPattern!), ...(typeIds.length > 0 ? [eb('m.meeting_type_id', 'in', typeIds)] : [])])),
    )
    .$if(startDate !== undefined, (q) => q.where('m.date_of_meeting', '>=', startDate!))
    .$if(endDate !== undefined, (q) => q.where('m.date_of_meeting', '<=', endDate!));
}

async function typeIdsMatching(scope: TenantScope, searchPattern: string | undefined): Promise<number[]> {
  if (searchPattern === undefined) return [];
  const rows = await scope.selectFrom('meeting_types').select('id').where('name', 'ilike', searchPattern).execute();
  return rows.map((row) => row.id);
}

/**
 * date, time and numeric leave the database as text: no time-zone shift, no float. The group's name and the
 * number of names ticked (issue 28.4) come with the row: a page of rows counts on meeting_attendees' key.
 */
function select(scope: TenantScope) {
  return scope
    .selectFrom('meetings as m')
    .innerJoin('meeting_types as mt', (join) => join.onRef('mt.tenant_id', '=', 'm.tenant_id').onRef('mt.id', '=', 'm.meeting_type_id'))
    .leftJoin('groups as g', (join) => join.onRef('g.tenant_id', '=', 'm.tenant_id').onRef('g.id', '=', 'm.group_id'))
    .select([
      'm.id',
      'm.meeting_type_id',
      'mt.name as meeting_type_name',
      sql<string>`to_char(m.date_of_meeting, 'YYYY-MM-DD')`.as('date_of_meeting'),
      sql<string>`to_char(m.start_time, 'HH24:MI')`.as('start_time'),
      sql<string>`to_char(m.end_time, 'HH24:MI')`.as('end_time'),
      'm.actual_attendance',
      'm.expected_attendance',
      'm.facilitator',
      'm.speaker',
      'm.subject',
      sql<string>`m.total_offering::text`.as('total_offering'),
      'm.notes',
      'm.created_at',
      'm.version',
      'm.group_id',
      'g.name as group_name',
      'm.visitors',
      sql<number>`(select count(*)::int from meeting_attendees ma where ma.tenant_id = m.tenant_id and ma.meeting_id = m.id)`.as('attendees'),
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toMeeting = (row: Selected): Meeting => ({
  id: row.id,
  meeting_type: row.meeting_type_id,
  MeetingType: { name: row.meeting_type_name },
  dateOfMeeting: row.date_of_meeting,
  startTime: row.start_time,
  endTime: row.end_time,
  actualAttendance: row.actual_attendance,
  expectedAttendance: row.expected_attendance,
  facilitator: row.facilitator,
  speaker: row.speaker,
  subject: row.subject,
  totalOffering: row.total_offering,
  notes: row.notes,
  createdAt: row.created_at.toISOString(),
  version: row.version,
  groupId: row.group_id,
  Group: row.group_name === null ? null : { name: row.group_name },
  visitors: row.visitors,
  attendees: row.attendees,
});

const columns = (input: MeetingInput) => ({
  meeting_type_id: input.meeting_type,
  date_of_meeting: input.dateOfMeeting,
  start_time: input.startTime,
  end_time: input.endTime,
  actual_attendance: input.actualAttendance,
  expected_attendance: input.expectedAttendance,
  subject: input.subject,
  facilitator: input.facilitator,
  speaker: input.speaker,
  total_offering: input.totalOffering,
  notes: input.notes,
  group_id: input.groupId ?? null,
});

/** Latest meeting date first; the page is chosen on the (tenant_id, date_of_meeting, id) index before joining; the unfiltered total from day_totals. */
const records = recordQueries({
  table: 'meetings',
  id: 'm.id',
  order: [
    ['m.date_of_meeting', 'desc'],
    ['m.id', 'desc'],
  ],
  matching: async (scope, params) => matching(scope, params, await typeIdsMatching(scope, params.searchPattern)),
  select,
  toRow: toMeeting,
  // Without a search, the meetings per date that day_totals keeps (migration 0013).
  counted: async (scope, params) => (params.searchPattern === undefined ? scope.raw((db, tenantId) => dayCount(db, tenantId, DAY_COUNTED.meetings, params)) : undefined),
  columns,
});

/**
 * The group a meeting form names must be one of the partner's (400 otherwise, with its own message: the composite
 * foreign key would refuse it too, but under the meeting type's text).
 */
async function checkGroup(scope: TenantScope, groupId: number | null | undefined): Promise<void> {
  if (groupId === null || groupId === undefined) return;
  const group = await scope.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
  if (!group) throw badRequest(MEETING_GROUP_INVALID);
}

const meetingQueries: typeof records = {
  ...records,
  insert: async (scope, input) => {
    await checkGroup(scope, input.groupId);
    return records.insert(scope, input);
  },
  update: async (scope, id, input) => {
    await checkGroup(scope, input.groupId);
    return records.update(scope, id, input);
  },
};

/** Meetings (spec 2.11, 7): `/meetings`, plus an edit the spec lacks (`PUT /meetings/{id}`). */
export const meetings: CrudResource<typeof meetingSchema, Meeting> = {
  endpoint: meetingsEndpoint,
  table: 'meetings',
  tag: 'Meetings',
  entity: 'meeting',
  permissions: { read: 'meetings.read', write: 'meetings.write' },
  body: meetingSchema,
  example: {
    meeting_type: 1,
    dateOfMeeting: '2026-03-01',
    startTime: '10:00',
    endTime: '12:00',
    actualAttendance: 120,
    expectedAttendance: 150,
    subject: 'Sunday Service',
    facilitator: 'Pastor John',
    speaker: 'Rev. Mary',
    totalOffering: '12500.00',
    notes: '',
    groupId: null,
  },
  texts: { notFound: 'Meeting not found', unknownReference: 'Choose a meeting type from the list' },
  queries: meetingQueries,
  references: { meeting_type: meetingTypes },
};

/** The meetings list's row query and mapping, for the other lists of meetings (those a person attended: contacts/person-queries.ts). */
export { select as meetingRowSelect, toMeeting };
