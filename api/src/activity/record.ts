import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ACTIVITY_ENTITIES, type ActivityAction, type ActivityChange, type ActivityEntity, type ActivityValue, type ActorType } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import type { TenantScope } from '../db/tenant-scope';

/**
 * Writing the activity log (issue 26; migration 0023). Every change writes one event through `recordActivity`,
 * inside the transaction of the change: the change and its event commit together or not at all. A bulk action
 * (a send to 10,000 people, an import of 5,000 rows) writes one event with its counts in `details`, not one per row.
 */

/** Who makes a change: a staff member (from their token), or one of the product's own writers. */
export interface Actor {
  type: ActorType;
  /** The staff member; null for the product's own writers. */
  userId: number | null;
  /** Where the request came from (a staff member's, a gateway's callback); null for the worker and ops. */
  address: string | null;
}

export const staffActor = (userId: number, address: string | null): Actor => ({ type: 'staff', userId, address });
export const gatewayActor = (type: 'mpesa' | 'sms_gateway', address: string | null): Actor => ({ type, userId: null, address });
/** The outbox worker, timers, the product's own reactions. */
export const SYSTEM_ACTOR: Actor = { type: 'system', userId: null, address: null };
/** `pnpm ops` on the server. */
export const OPS_ACTOR: Actor = { type: 'ops', userId: null, address: null };

export interface ActivityEvent {
  action: ActivityAction;
  entity: ActivityEntity;
  /** The record's id (a month's YYYY-MM); none for an action on no one record. */
  entityId?: number | string | null;
  /** The fields that changed (`changesBetween`, `createdValues`); personal ones are kept apart (see below). */
  changes?: readonly ActivityChange[];
  /** A bulk action's counts, a correction's reason and linked entries. Never a person's data. */
  details?: Readonly<Record<string, ActivityValue | undefined>>;
}

/**
 * The fields that hold a person's data, wherever they appear (a contact, an income's payer, a staff member):
 * their old and new values go to activity_personal_values, which a person's erasure deletes.
 */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  'firstName',
  'lastName',
  'firstname',
  'dateOfBirth',
  'externalId',
  'maritalStatus',
  'lastname',
  'phone',
  'email',
  'residence',
  'Member.firstName',
  'Member.lastName',
  'Member.phone',
]);

/** The fields a change never names: bookkeeping the record itself shows. */
const NOT_LOGGED: ReadonlySet<string> = new Set(['id', 'version', 'createdAt', 'updatedAt', 'created_at', 'updated_at', 'Partner', 'Partner.name']);

/** A logged value is bounded: a long text is cut to this many characters. */
const VALUE_LIMIT = 500;

/** A value as the log keeps it: text, number, boolean or null; a date as ISO text; anything else as JSON. */
export function activityValue(value: unknown): ActivityValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT - 1)}…` : text;
}

/** A record's fields, nested objects flattened (`Account.name`), bookkeeping left out. */
function fieldsOf(record: object | undefined, prefix = ''): Map<string, ActivityValue> {
  const fields = new Map<string, ActivityValue>();
  for (const [key, value] of Object.entries(record ?? {})) {
    const field = prefix + key;
    if (NOT_LOGGED.has(field)) continue;
    if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) {
      for (const [inner, innerValue] of fieldsOf(value, `${field}.`)) fields.set(inner, innerValue);
    } else fields.set(field, activityValue(value));
  }
  return fields;
}

/** The fields whose values differ between two readings of a record (as the API answers it), old and new. */
export function changesBetween(before: object | undefined, after: object | undefined): ActivityChange[] {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const names = new Set([...old.keys(), ...now.keys()]);
  const changes: ActivityChange[] = [];
  for (const field of names) {
    const was = old.get(field) ?? null;
    const is = now.get(field) ?? null;
    if (was !== is) changes.push({ field, old: was, new: is });
  }
  return changes;
}

/** A new record's values (empty ones left out): what a `create` event shows. */
export const createdValues = (record: object): ActivityChange[] => changesBetween(undefined, record).filter((change) => change.new !== null && change.new !== '');

/**
 * Writes one event of the partner's activity log, as `scope.actor`, inside the transaction of the change it
 * records (a scope outside a transaction is refused: an event committed without its change, or a change without
 * its event, is what the log exists to prevent).
 */
export function recordActivity(scope: TenantScope, event: ActivityEvent): Promise<void> {
  return scope.raw((db, tenantId) => writeActivity(db, tenantId, scope.actor, event));
}

/** `recordActivity` for writers that hold no tenant scope (the worker, callbacks, ops): `trx` must be a transaction. */
export async function writeActivity(trx: Kysely<Database>, tenantId: number, actor: Actor, event: ActivityEvent): Promise<void> {
  if (!trx.isTransaction) throw new Error(`The activity of ${event.action} ${event.entity} must be written in the transaction of its change`);
  const changes = event.changes ?? [];
  const personal = changes.filter((change) => PERSONAL_FIELDS.has(change.field));
  const plain = changes.filter((change) => !PERSONAL_FIELDS.has(change.field)).map((change) => ({ field: change.field, old: change.old, new: change.new }));
  // Personal values keep only the field's name in the event (the values are in activity_personal_values).
  const named = [...plain, ...personal.map((change) => ({ field: change.field, old: null, new: null, personal: true }))];
  const details = Object.fromEntries(Object.entries(event.details ?? {}).filter(([, value]) => value !== undefined));
  const entityId = event.entityId === undefined || event.entityId === null ? null : String(event.entityId);
  const inserted = activityInsert(tenantId, actor, {
    action: event.action,
    entity: event.entity,
    entityId: sql`${entityId}`,
    changes: named,
    details: sql`${JSON.stringify(details)}::jsonb`,
  });
  if (personal.length === 0) await inserted.execute(trx);
  else {
    const values = personal.map((change) => ({ field: change.field, old: change.old, new: change.new }));
    await sql`
      with event as (${inserted})
      insert into activity_personal_values (tenant_id, event_id, changes) select tenant_id, id, ${JSON.stringify(values)}::jsonb from event`.execute(trx);
  }
}

/**
 * The one INSERT of an event, as a statement to run or to embed (a data-modifying CTE of a hot path's single
 * statement, which then commits the change and its event together: the M-Pesa confirmation, finance/mpesa/inbox.ts).
 * `entityId` and `details` are SQL, so an embedding statement can give its own values; `changes` must hold no
 * personal value (`writeActivity` keeps those apart). Returns `tenant_id, id`.
 */
export function activityInsert(
  tenantId: number,
  actor: Actor,
  event: { action: ActivityAction; entity: ActivityEntity; entityId: RawBuilder<unknown>; changes?: readonly object[]; details: RawBuilder<unknown> },
): RawBuilder<{ tenant_id: number; id: string }> {
  return sql<{ tenant_id: number; id: string }>`
    insert into activity_events (tenant_id, actor_type, user_id, address, action, area, entity, entity_id, changes, details)
    values (${tenantId}::int, ${actor.type}, ${actor.userId}::int, ${actor.address}, ${event.action}, ${ACTIVITY_ENTITIES[event.entity]}, ${event.entity},
            ${event.entityId}::text, ${JSON.stringify(event.changes ?? [])}::jsonb, ${event.details})
    returning tenant_id, id`;
}
