import { sql, type Expression, type SqlBool } from 'kysely';
import type { ActivityArea, ActivityChange, ActivityEntity, ActivityEntry, ActivityValue, ActorType } from '@ushirika/shared/contract';
import { withinDates, type PartnerDays } from '../db/list-sql';
import { pagedList, type Page } from '../db/paged-list';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';

/**
 * Reading the activity log (issue 26.2; migration 0023): the Activity screen's filtered list, its CSV, and each
 * record's own history. Events come newest first, each with the staff member's name as it is now and its
 * personal values joined back from activity_personal_values; a personal value that a person's erasure removed
 * is told as `erased: true` with no old or new value.
 */

/** Who made the events asked for: one staff member, or every event of one kind of actor ('mpesa', 'staff', ...). */
export type ActivityActorFilter = { userId: number } | { actorType: ActorType };

/** The Activity screen's filters, beyond the standard list query's page and dates. */
export interface ActivityFilter {
  actor?: ActivityActorFilter;
  area?: ActivityArea;
  entity?: ActivityEntity;
  entityId?: string;
}

export type ActivityListParams = ListParams & ActivityFilter;

type Order = ReadonlyArray<readonly [column: string, direction: 'asc' | 'desc']>;

/**
 * Newest first. One record's events, or one staff member's, come in the order they were written (`id`), which
 * activity_events_record_idx and activity_events_user_idx hold; every other list by instant
 * (activity_events_list_idx), which also bounds a date range. Both end with the id: pages never overlap.
 */
function orderOf(filter: ActivityFilter): Order {
  const byRecord = filter.entity !== undefined && filter.entityId !== undefined;
  const byUser = filter.actor !== undefined && 'userId' in filter.actor;
  return byRecord || byUser
    ? [['e.id', 'desc']]
    : [
        ['e.at', 'desc'],
        ['e.id', 'desc'],
      ];
}

/** Any query builder over `activity_events as e` that takes one more WHERE condition. */
interface Filterable<Q> {
  where(condition: Expression<SqlBool>): Q;
}

/** Keeps the events that match the filters and the dates (the partner's days): `.$call(filtered(params, scope))`. */
function filtered({ actor, area, entity, entityId, ...dates }: ActivityListParams, partner: PartnerDays) {
  const conditions: Expression<SqlBool>[] = [];
  if (actor !== undefined && 'userId' in actor) conditions.push(sql<SqlBool>`e.user_id = ${actor.userId}::int`);
  if (actor !== undefined && 'actorType' in actor) conditions.push(sql<SqlBool>`e.actor_type = ${actor.actorType}`);
  if (area !== undefined) conditions.push(sql<SqlBool>`e.area = ${area}`);
  if (entity !== undefined) conditions.push(sql<SqlBool>`e.entity = ${entity}`);
  if (entityId !== undefined) conditions.push(sql<SqlBool>`e.entity_id = ${entityId}`);
  return <Q extends Filterable<Q>>(query: Q): Q => withinDates('e.at', dates, partner)(conditions.reduce((q, condition) => q.where(condition), query));
}

/** The partner's events that match the filters and dates: conditions only. */
const matching = (scope: TenantScope, params: ActivityListParams) => scope.selectFrom('activity_events as e').$call(filtered(params, scope));

/** An event with its actor's name now (staff of the same partner only) and its personal values, if still kept. */
function select(scope: TenantScope) {
  return scope
    .selectFrom('activity_events as e')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'e.user_id').on('u.partner_id', '=', scope.tenantId))
    .leftJoin('activity_personal_values as pv', (join) => join.onRef('pv.tenant_id', '=', 'e.tenant_id').onRef('pv.event_id', '=', 'e.id'))
    .select([
      'e.id',
      'e.at',
      'e.actor_type',
      'e.user_id',
      'e.address',
      'e.action',
      'e.area',
      'e.entity',
      'e.entity_id',
      'e.changes',
      'e.details',
      'pv.changes as personal',
      'u.first_name',
      'u.last_name',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

/** A change as the event stores it: a personal one names its field only (record.ts `writeActivity`). */
type StoredChange = ActivityChange & { personal?: boolean };

/**
 * The event's changes with its personal values put back in their place. A personal field whose value is no
 * longer kept (the person was erased) is told as erased: the log says it changed, never from what to what.
 */
export function joinedChanges(stored: readonly StoredChange[], personal: readonly ActivityChange[] | null): ActivityChange[] {
  const kept = new Map((personal ?? []).map((change) => [change.field, change]));
  return stored.map(({ field, old, new: now, personal: isPersonal }) => {
    if (!isPersonal) return { field, old, new: now };
    const value = kept.get(field);
    return value ? { field, old: value.old, new: value.new } : { field, old: null, new: null, erased: true };
  });
}

const nameOf = (row: Pick<Selected, 'first_name' | 'last_name'>) => (row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim() || null);

export function toActivityEntry(row: Selected): ActivityEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actorType: row.actor_type,
    userId: row.user_id,
    actorName: row.actor_type === 'staff' ? nameOf(row) : null,
    address: row.address,
    action: row.action as ActivityEntry['action'],
    area: row.area,
    entity: row.entity as ActivityEntity,
    entityId: row.entity_id,
    changes: joinedChanges(row.changes as StoredChange[], row.personal as ActivityChange[] | null),
    details: (row.details ?? {}) as Record<string, ActivityValue>,
  };
}

/** One page of the partner's events matching the Activity screen's filters, newest first. */
export function listActivity(scope: TenantScope, params: ActivityListParams): Promise<Page<ActivityEntry>> {
  return pagedList(params, { scope, matching: matching(scope, params), id: 'e.id', order: orderOf(params), select: select(scope), toRow: toActivityEntry });
}

/** One record's history, newest first: its events, personal values joined back (none after an erasure). */
export function recordHistory(scope: TenantScope, entity: ActivityEntity, entityId: string, params: ListParams): Promise<Page<ActivityEntry>> {
  return listActivity(scope, { ...params, entity, entityId });
}

/** Events per query while exporting: bounded memory whatever the size of the log. */
export const EXPORT_BATCH_EVENTS = 2_000;

/**
 * Every event matching the filters, in the list's order, in batches: keyset paging walks the list's index
 * without OFFSET. The cursor keeps `at` as text (a JavaScript Date keeps only milliseconds of PostgreSQL's
 * microseconds).
 */
export async function* activityBatches(scope: TenantScope, params: ActivityListParams): AsyncGenerator<ActivityEntry[]> {
  const byId = orderOf(params).length === 1;
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const after = cursor;
    const rows = await select(scope)
      .$call(filtered(params, scope))
      .select(sql<string>`e.at::text`.as('cursor_at'))
      .$if(after !== undefined && byId, (q) => q.where(sql<SqlBool>`e.id < ${after!.id}::bigint`))
      .$if(after !== undefined && !byId, (q) => q.where(sql<SqlBool>`(e.at, e.id) < (${after!.at}::timestamptz, ${after!.id}::bigint)`))
      .$if(!byId, (q) => q.orderBy('e.at', 'desc'))
      .orderBy('e.id', 'desc')
      .limit(EXPORT_BATCH_EVENTS)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(toActivityEntry);
    if (rows.length < EXPORT_BATCH_EVENTS) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursor_at, id: String(last.id) };
  }
}

/** The partner's time zone: the CSV writes each instant as the partner's local time. */
export async function partnerTimeZoneOf(scope: TenantScope): Promise<string> {
  return scope.raw(async (db, tenantId) => {
    const row = await db.selectFrom('partners').select('time_zone').where('id', '=', tenantId).executeTakeFirst();
    return row?.time_zone ?? 'Africa/Nairobi';
  });
}
