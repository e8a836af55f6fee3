import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACTIVITY_AREAS,
  ACTIVITY_CSV_PATH,
  ACTIVITY_ENTITIES,
  ACTIVITY_PATH,
  ACTOR_TYPES,
  activityRow,
  isActivityEntity,
  noPermissionText,
  type ActivityArea,
  type ActorType,
} from '@ushirika/shared/contract';
import { isId } from '@ushirika/shared/validation';
import { needs } from '../auth/permissions';
import { HttpError, badRequest } from '../http/errors';
import { listAnswer, parseListQuery } from '../http/list-query';
import { failures, listOf, listQuerySchema, validatedBy } from '../http/schema';
import { activityCsv } from './csv';
import { activityBatches, listActivity, partnerTimeZoneOf, type ActivityActorFilter, type ActivityFilter, type ActivityListParams } from './queries';

const TAG = 'Activity';

/** The area a user who may read only the finance events (a treasurer's `activity.finance`) is kept to. */
const FINANCE: ActivityArea = 'finance';

const USER_REFUSED = `user must be a staff member's id or one of ${ACTOR_TYPES.join(', ')}`;
const AREA_REFUSED = `area must be one of ${ACTIVITY_AREAS.join(', ')}`;
const ENTITY_REFUSED = `entity must be one of ${Object.keys(ACTIVITY_ENTITIES).join(', ')}`;
const ENTITY_ID_REFUSED = 'entityid must be at most 32 characters';

type Query = Record<string, unknown>;

/** One optional text parameter, given once; empty means none. */
function text(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`);
  return value.trim() || undefined;
}

function actorFilter(raw: string | undefined): ActivityActorFilter | undefined {
  if (raw === undefined) return undefined;
  if (/^\d{1,10}$/.test(raw) && isId(Number(raw))) return { userId: Number(raw) };
  if ((ACTOR_TYPES as readonly string[]).includes(raw)) return { actorType: raw as ActorType };
  throw badRequest(USER_REFUSED);
}

/** `user`, `area`, `entity`, `entityid`: each optional, each checked (400 naming the parameter). */
function activityFilter(query: unknown): ActivityFilter {
  const q: Query = query && typeof query === 'object' ? (query as Query) : {};
  const area = text(q, 'area');
  if (area !== undefined && !(ACTIVITY_AREAS as readonly string[]).includes(area)) throw badRequest(AREA_REFUSED);
  const entity = text(q, 'entity');
  if (entity !== undefined && !isActivityEntity(entity)) throw badRequest(ENTITY_REFUSED);
  const entityId = text(q, 'entityid');
  if (entityId !== undefined && entityId.length > 32) throw badRequest(ENTITY_ID_REFUSED);
  return { actor: actorFilter(text(q, 'user')), area: area as ActivityArea | undefined, entity, entityId };
}

/** GET /activity and /activity.csv: the standard list query and the log's filters. */
const activityQuery = validatedBy(
  {
    ...listQuerySchema,
    properties: {
      ...(listQuerySchema.properties as object),
      user: { type: 'string', description: `A staff member's user id, or a kind of actor (${ACTOR_TYPES.join(', ')}); empty = everyone` },
      area: { type: 'string', enum: [...ACTIVITY_AREAS, ''], description: 'Only events of this part of the product; empty = every area the user may read' },
      entity: { type: 'string', enum: [...Object.keys(ACTIVITY_ENTITIES), ''], description: 'Only events of this kind of record; empty = all' },
      entityid: { type: 'string', maxLength: 32, description: "Only events of the record with this id (a month's YYYY-MM for a period); empty = all" },
    },
  },
  (query): ActivityListParams => ({ ...parseListQuery(query), ...activityFilter(query) }),
);

/**
 * What the user may read: the whole log with `activity.read` (owners); otherwise (`activity.finance`, a
 * treasurer) the finance area only, and asking for another area, or a kind of record of another area, is refused.
 */
function readableBy(request: FastifyRequest): ActivityListParams {
  const params = request.query as ActivityListParams;
  if (request.permissions.has('activity.read')) return params;
  const asked = params.area ?? (params.entity === undefined ? undefined : ACTIVITY_ENTITIES[params.entity]);
  if (asked !== undefined && asked !== FINANCE) throw new HttpError(403, noPermissionText('activity.read'));
  return { ...params, area: FINANCE };
}

/**
 * The activity log (issue 26.2): Settings -> Activity's list and its CSV. Registered inside the authenticated
 * scope; both routes declare `activity.finance` (which owners hold too) and narrow to finance in the handler.
 */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    `/${ACTIVITY_PATH}`,
    {
      ...needs('activity.finance'),
      schema: {
        tags: [TAG],
        summary: 'The activity log, newest first: who changed what, when, from where; filtered by person, area, record and dates',
        description: "Dates are the partner's days (its time zone). A user without activity.read (a treasurer) sees the finance area only.",
        querystring: activityQuery,
        response: { 200: listOf('activity', activityRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('activity', await listActivity(request.tenant, readableBy(request))),
  );

  app.get(
    `/${ACTIVITY_CSV_PATH}`,
    {
      ...needs('activity.finance'),
      schema: {
        tags: [TAG],
        summary: 'The activity log with the same filters, as a CSV download (UTF-8 with BOM), newest first',
        querystring: activityQuery,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } },
          ...failures(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      // Checked before any header is set: a refusal answers the usual JSON error.
      const params = readableBy(request);
      const zone = await partnerTimeZoneOf(request.tenant);
      const csv = Readable.from(activityCsv(activityBatches(request.tenant, params), zone));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename=activity-${new Date().toISOString().slice(0, 10)}.csv`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
