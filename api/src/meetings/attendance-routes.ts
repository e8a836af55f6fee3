import type { FastifyInstance } from 'fastify';
import {
  absentees,
  ATTENDANCE_SAVED,
  DEFAULT_ABSENTEE_MEETINGS,
  MAX_ABSENTEE_MEETINGS,
  meetingAttendees,
  meetingRow,
  type Absentees,
  type Meeting,
  type MeetingAttendees,
} from '@ushirika/shared/contract';
import { attendeesSchema, type AttendeesSchemaInput } from '@ushirika/shared/validation';
import { changesBetween, recordActivity } from '../activity/record';
import { needs } from '../auth/permissions';
import { savingVersion } from '../db/record-versions';
import { badRequest, HttpError, notFound } from '../http/errors';
import { bodyFrom, failures, idParams, jsonSchemaOf, savedOf, staleOrDuplicate, tenantIdParameter, validatedBy, withVersion } from '../http/schema';
import * as q from './attendance';
import { meetings } from './meetings';

const TAG = 'Meetings';
const MEETING_NOT_FOUND = meetings.texts.notFound;
const GROUP_NOT_FOUND = 'Group not found';
export const ABSENTEE_MEETINGS_INVALID = `meetings must be a whole number from 1 to ${MAX_ABSENTEE_MEETINGS}`;
/** A register naming ids that are not the partner's live contacts: nothing is saved. */
export const unknownAttendees = (count: number) =>
  `${count === 1 ? '1 of the names is' : `${count} of the names are`} not among your contacts (removed or archived since): nothing was saved. Reload and try again.`;

/** `?meetings=N`: how many of the group's last meetings to look at (default DEFAULT_ABSENTEE_MEETINGS). */
const absenteesQuery = validatedBy(
  {
    type: 'object',
    properties: {
      meetings: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_ABSENTEE_MEETINGS,
        default: DEFAULT_ABSENTEE_MEETINGS,
        description: `How many of the group's last meetings (on or before today) to look at: 1 to ${MAX_ABSENTEE_MEETINGS}`,
      },
      tenantid: tenantIdParameter,
    },
  },
  (query) => {
    const raw = (query as Record<string, unknown> | undefined)?.meetings;
    if (raw === undefined || raw === '') return { meetings: DEFAULT_ABSENTEE_MEETINGS };
    if (typeof raw !== 'string' || !/^\d{1,3}$/.test(raw.trim())) throw badRequest(ABSENTEE_MEETINGS_INVALID);
    const meetingCount = Number(raw.trim());
    if (meetingCount < 1 || meetingCount > MAX_ABSENTEE_MEETINGS) throw badRequest(ABSENTEE_MEETINGS_INVALID);
    return { meetings: meetingCount };
  },
);

/**
 * Attendance by name (issue 28.4): a meeting's register (`GET/PUT /meetings/{id}/attendees`) and a group's
 * absentees (`GET /groups/{id}/absentees`). Registered with the meetings routes, behind the tenant hook.
 */
export async function attendanceRoutes(app: FastifyInstance) {
  app.get(
    '/meetings/:id/attendees',
    {
      ...needs('meetings.read'),
      schema: {
        tags: [TAG],
        summary: "A meeting's register: the contacts ticked present (by name), the visitors, the headcount and the meeting's version",
        params: idParams(MEETING_NOT_FOUND),
        response: { 200: jsonSchemaOf(meetingAttendees, 'output'), ...failures(401, 403, 404) },
      },
    },
    async (request): Promise<MeetingAttendees> => {
      const register = await q.meetingAttendees(request.tenant, (request.params as { id: number }).id);
      if (!register) throw notFound(MEETING_NOT_FOUND);
      return register;
    },
  );

  /**
   * Replaces the register over the meeting's version (the whole list is replaced, so an older list must not undo a
   * newer one); the headcount becomes names + visitors. One activity event: the meeting's changed counts, and how
   * many names were ticked, added and removed (never who).
   */
  app.put(
    '/meetings/:id/attendees',
    {
      ...needs('meetings.write'),
      schema: {
        tags: [TAG],
        summary: "Replace a meeting's register (over the version read) and its visitors; the headcount becomes names + visitors; answers the meeting",
        params: idParams(MEETING_NOT_FOUND),
        body: bodyFrom(withVersion(attendeesSchema)),
        response: { 200: savedOf('meeting', meetingRow), ...failures(400, 401, 403, 404), 409: staleOrDuplicate },
      },
    },
    async (request): Promise<{ status_msg: string; meeting: Meeting }> => {
      const { id } = request.params as { id: number };
      const { version, memberIds, visitors } = request.body as AttendeesSchemaInput & { version?: number };
      const saved = await request.tenant.transaction((scope) =>
        savingVersion(scope, 'meetings', id, { userId: request.userId, version }, async (trx) => {
          const before = await meetings.queries.find(trx, id);
          const outcome = await q.replaceAttendees(trx, id, memberIds, visitors);
          // Thrown, so that the meeting's version goes back too.
          if ('unknown' in outcome) throw badRequest(unknownAttendees(outcome.unknown));
          const after = await meetings.queries.find(trx, id);
          if (!after) throw new HttpError(500, 'The saved meeting could not be read back');
          await recordActivity(trx, {
            action: 'update',
            entity: 'meeting',
            entityId: id,
            changes: changesBetween(before, after),
            details: { attendees: outcome.attendees, added: outcome.added, removed: outcome.removed, visitors },
          });
          return after;
        }),
      );
      if (!saved) throw notFound(MEETING_NOT_FOUND);
      return { status_msg: ATTENDANCE_SAVED, meeting: saved };
    },
  );

  app.get(
    '/groups/:id/absentees',
    {
      ...needs('meetings.read'),
      schema: {
        tags: [TAG],
        summary: "The group's members ticked at none of its last N meetings on or before today, and those meetings (newest first)",
        params: idParams(GROUP_NOT_FOUND),
        querystring: absenteesQuery,
        response: { 200: jsonSchemaOf(absentees, 'output'), ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<Absentees> => {
      const { id } = request.params as { id: number };
      const { meetings: count } = request.query as { meetings: number };
      const answer = await q.groupAbsentees(request.tenant, id, count);
      if (!answer) throw notFound(GROUP_NOT_FOUND);
      return answer;
    },
  );
}
