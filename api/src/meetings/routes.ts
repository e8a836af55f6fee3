import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AttendanceSeriesResponse, Meeting, MeetingType, SaveResponse } from '@ushirika/shared/contract';
import { meetingSchema, meetingTypeSchema } from '@ushirika/shared/validation';
import type { Database } from '../db/schema';
import { badRequest, notFound, HttpError } from '../http/errors';
import { listResponse, parseListQuery, queryDate } from '../http/list-query';
import { idParam, refusingDuplicates, refusingUnknownReference, validBody } from '../http/route-helpers';
import * as q from './queries';

const MEETING_TYPE_SAVED = 'New meeting type saved successfully!';
const MEETING_SAVED = 'New meeting saved successfully!';
const MEETING_TYPE_NOT_FOUND = 'Meeting type not found';
const MEETING_NOT_FOUND = 'Meeting not found';
const DUPLICATE_MEETING_TYPE = 'A meeting type with this name already exists';
const UNKNOWN_MEETING_TYPE = 'Choose a meeting type from the list';

type IdParams = { Params: { id: string } };

/** Meeting types and meetings (spec 2.11, 7). Mounted under /api/v2 behind the tenant hook. */
export async function meetingRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get('/meeting_types', async (request) =>
    listResponse('meeting_types', q.listMeetingTypes(db, request.tenantId, parseListQuery(request.query))),
  );

  app.post('/meeting_types', async (request, reply) => {
    const input = await validBody(meetingTypeSchema, request.body);
    const id = await refusingDuplicates(DUPLICATE_MEETING_TYPE, () => q.insertMeetingType(db, request.tenantId, input));
    return reply.code(201).send(await savedMeetingType(db, request.tenantId, id));
  });

  app.put<IdParams>('/meeting_types/:id', async (request) => {
    const id = idParam(request.params.id, MEETING_TYPE_NOT_FOUND);
    const input = await validBody(meetingTypeSchema, request.body);
    const found = await refusingDuplicates(DUPLICATE_MEETING_TYPE, () => q.updateMeetingType(db, request.tenantId, id, input));
    if (!found) throw notFound(MEETING_TYPE_NOT_FOUND);
    return savedMeetingType(db, request.tenantId, id);
  });

  app.get('/meetings', async (request) =>
    listResponse('meetings', await q.listMeetings(db, request.tenantId, parseListQuery(request.query))),
  );

  app.get('/meetings/attendance', async (request): Promise<AttendanceSeriesResponse> => {
    const endDate = queryDate(request.query, 'enddate');
    return { attendance: await q.attendanceByMonth(db, request.tenantId, endDate) };
  });

  app.post('/meetings', async (request, reply) => {
    const input = await validMeeting(db, request.tenantId, request.body);
    const id = await refusingUnknownReference(UNKNOWN_MEETING_TYPE, () => q.insertMeeting(db, request.tenantId, input));
    return reply.code(201).send(await savedMeeting(db, request.tenantId, id));
  });

  app.put<IdParams>('/meetings/:id', async (request) => {
    const id = idParam(request.params.id, MEETING_NOT_FOUND);
    const input = await validMeeting(db, request.tenantId, request.body);
    const found = await refusingUnknownReference(UNKNOWN_MEETING_TYPE, () => q.updateMeeting(db, request.tenantId, id, input));
    if (!found) throw notFound(MEETING_NOT_FOUND);
    return savedMeeting(db, request.tenantId, id);
  });
}

async function validMeeting(db: Kysely<Database>, tenantId: number, body: unknown) {
  const input = await validBody(meetingSchema, body);
  if (!(await q.meetingTypeBelongsTo(db, tenantId, input.meeting_type))) throw badRequest(UNKNOWN_MEETING_TYPE);
  return input;
}

async function savedMeetingType(db: Kysely<Database>, tenantId: number, id: number): Promise<SaveResponse<'meeting_type', MeetingType>> {
  const meetingType = await q.findMeetingType(db, tenantId, id);
  if (!meetingType) throw new HttpError(500, 'The saved meeting type could not be read back');
  return { status_msg: MEETING_TYPE_SAVED, meeting_type: meetingType };
}

async function savedMeeting(db: Kysely<Database>, tenantId: number, id: number): Promise<SaveResponse<'meeting', Meeting>> {
  const meeting = await q.findMeeting(db, tenantId, id);
  if (!meeting) throw new HttpError(500, 'The saved meeting could not be read back');
  return { status_msg: MEETING_SAVED, meeting };
}
