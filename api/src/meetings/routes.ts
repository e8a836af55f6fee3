import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { attendanceSeriesResponse, type AttendanceSeriesResponse } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { crudRoutes } from '../http/crud-routes';
import { queryDate } from '../http/list-query';
import { failures, jsonSchemaOf, tenantIdParameter, validatedBy } from '../http/schema';
import { attendanceRoutes } from './attendance-routes';
import { meetingTypes } from './meeting-types';
import { meetings } from './meetings';
import * as q from './attendance-queries';
import { needs } from '../auth/permissions';

/** `?enddate=YYYY-MM-DD` (default: this month), with the list query's messages; request.query becomes `{ endDate }`. */
const attendanceQuery = validatedBy(
  {
    type: 'object',
    properties: {
      enddate: { type: 'string', format: 'date', description: "A day of the series' last month (YYYY-MM-DD); default: today" },
      tenantid: tenantIdParameter,
    },
  },
  (query) => ({ endDate: queryDate(query, 'enddate') }),
);

/** Meeting types and meetings (spec 2.11, 7), and attendance by name (issue 28.4). Mounted under /api/v2 behind the tenant hook. */
export async function meetingRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  await app.register(crudRoutes(meetingTypes));
  await app.register(crudRoutes(meetings));
  await app.register(attendanceRoutes);

  app.get(
    '/meetings/attendance',
    {
      ...needs('meetings.read'),
      schema: {
        tags: ['Meetings'],
        summary: 'Attendance per month: 12 points, oldest first, ending with the month of enddate',
        querystring: attendanceQuery,
        response: { 200: { description: 'Months without meetings are zeros', ...jsonSchemaOf(attendanceSeriesResponse, 'output') }, ...failures(400, 401, 403) },
      },
    },
    async (request): Promise<AttendanceSeriesResponse> => {
      const { endDate } = request.query as { endDate: string | undefined };
      return { attendance: await q.attendanceByMonth(db, request.tenantId, endDate) };
    },
  );
}
