import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AttendanceSeriesResponse, Meeting, MeetingType, SaveResponse } from '@ushirika/shared/contract';
import { isIsoDate, meetingSchema, meetingTypeSchema, validateFirstError } from '@ushirika/shared/validation';
import type { AnySchema } from 'yup';
import type { Database } from '../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { badRequest, conflict, notFound, HttpError } from '../http/errors';
import { listResponse, parseListQuery } from '../http/list-query';
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
    const id = await uniqueName(() => q.insertMeetingType(db, request.tenantId, input));
    return reply.code(201).send(await savedMeetingType(db, request.tenantId, id));
  });

  app.put<IdParams>('/meeting_types/:id', async (request) => {
    const id = idParam(request.params.id, MEETING_TYPE_NOT_FOUND);
    const input = await validBody(meetingTypeSchema, request.body);
    const found = await uniqueName(() => q.updateMeetingType(db, request.tenantId, id, input));
    if (!found) throw notFound(MEETING_TYPE_NOT_FOUND);
    return savedMeetingType(db, request.tenantId, id);
  });

  app.get('/meetings', async (request) =>
    listResponse('meetings', await q.listMeetings(db, request.tenantId, parseListQuery(request.query))),
  );

  app.get<{ Querystring: { enddate?: string } }>('/meetings/attendance', async (request): Promise<AttendanceSeriesResponse> => {
    const endDate = request.query.enddate?.trim() || undefined;
    if (endDate !== undefined && !isIsoDate(endDate)) throw badRequest('enddate must be a date in the format YYYY-MM-DD');
    return { attendance: await q.attendanceByMonth(db, request.tenantId, endDate) };
  });

  app.post('/meetings', async (request, reply) => {
    const input = await validMeeting(db, request.tenantId, request.body);
    const id = await knownMeetingType(() => q.insertMeeting(db, request.tenantId, input));
    return reply.code(201).send(await savedMeeting(db, request.tenantId, id));
  });

  app.put<IdParams>('/meetings/:id', async (request) => {
    const id = idParam(request.params.id, MEETING_NOT_FOUND);
    const input = await validMeeting(db, request.tenantId, request.body);
    const found = await knownMeetingType(() => q.updateMeeting(db, request.tenantId, id, input));
    if (!found) throw notFound(MEETING_NOT_FOUND);
    return savedMeeting(db, request.tenantId, id);
  });
}

/** 400 with the schema's first failing message, in the form's field order. */
async function validBody<S extends AnySchema>(schema: S, body: unknown): Promise<S['__outputType']> {
  const result = await validateFirstError(schema, body ?? {});
  if (!result.ok) throw badRequest(result.message);
  return result.value;
}

async function validMeeting(db: Kysely<Database>, tenantId: number, body: unknown) {
  const input = await validBody(meetingSchema, body);
  if (!(await q.meetingTypeBelongsTo(db, tenantId, input.meeting_type))) throw badRequest(UNKNOWN_MEETING_TYPE);
  return input;
}

/** Ids are positive integers; anything else cannot name a record, so it is "not found". */
function idParam(raw: string, message: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(message);
  return Number(raw);
}

async function uniqueName<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_MEETING_TYPE);
    throw error;
  }
}

/** The type was checked before saving; this catches it being removed in between. */
async function knownMeetingType<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(UNKNOWN_MEETING_TYPE);
    throw error;
  }
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
