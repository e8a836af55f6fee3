import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ClaimedMessage } from './plan';

/**
 * The outbox worker's statements (migration 0005 tells the life cycle). Each one commits on its own:
 * no transaction is ever open while the gateway is called. Every write after the claim names the
 * worker (`claimed_by`) and the state it expects, so a worker whose rows were taken back by recovery
 * (it was slow, not dead) changes nothing it no longer owns. Across partners by design: the worker
 * serves every tenant, so these queries filter by tenant themselves.
 */

/** A retry is tried at most this many times in all; then the message fails. */
export const MAX_ATTEMPTS = 5;
export const INTERRUPTED_REASON = 'Sending was interrupted before the gateway answered; it may have been sent';
/** The gateway took the request but said nothing about this number. */
export const NOT_REPORTED_REASON = 'The gateway did not report on this number; it may have been sent';

/**
 * Claims up to `limit` due messages (queued, due_at come, scheduled ones included) for `workerId`, oldest
 * due first, skipping rows another worker holds. A message whose number opted out since it was queued
 * is not claimed but set opted_out and not returned, and its units go back to its partner in the same
 * statement (a refund entry per partner): an opted-out number is never charged.
 */
export async function claimDue(db: Kysely<Database>, workerId: string, limit: number): Promise<ClaimedMessage[]> {
  const { rows } = await sql<ClaimedMessage & { state: string }>`
    with due as (
      select n.tenant_id, n.id, n.units,
        -- A staff member's invitation or reset code (category 'STAFF', messaging/staff-messages.ts) is sent even
        -- to a number opted out of the partner's messages: they asked for it.
        n.category <> 'STAFF' and exists (select 1 from sms_opt_outs o where o.tenant_id = n.tenant_id and o.phone = n.recipient) as opted_out
      from notifications n
      where n.state = 'queued' and n.due_at <= now()
      order by n.due_at, n.id
      limit ${limit}
      for update of n skip locked
    ),
    claimed as (
      update notifications n
      set state = case when due.opted_out then 'opted_out' else 'claimed' end,
        units = case when due.opted_out then 0 else n.units end,
        claimed_by = ${workerId}, claimed_at = now()
      from due
      where n.tenant_id = due.tenant_id and n.id = due.id and n.state = 'queued'
      returning n.tenant_id, n.id, n.recipient, n.message, n.attempts, n.state, due.units
    ),
    refunds as (
      select tenant_id, sum(units)::int as units from claimed where state = 'opted_out' and units > 0 group by tenant_id
    ),
    credited as (
      update partners p set sms_units = p.sms_units + r.units from refunds r where p.id = r.tenant_id returning p.id, p.sms_units, r.units
    ),
    refunded as (
      insert into sms_unit_entries (tenant_id, change, balance_after, reason, note)
      select id, units, sms_units, 'refund', 'Numbers that opted out before sending' from credited
    )
    select tenant_id as "tenantId", id, recipient, message, attempts, state from claimed`.execute(db);
  return rows.filter((row) => row.state === 'claimed').map(({ state: _state, ...message }) => message);
}

/** Each partner's sender id: its message config named sender_id (any case), when not blank. */
export async function senderIdsOf(db: Kysely<Database>, tenantIds: number[]): Promise<Map<number, string>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('message_configs')
    .select(['tenant_id', 'value'])
    .where('tenant_id', 'in', tenantIds)
    .where(sql<string>`lower(config)`, '=', 'sender_id')
    .orderBy('id')
    .execute();
  return new Map(rows.filter((row) => row.value.trim()).map((row) => [row.tenant_id, row.value.trim()]));
}

/**
 * Marks the rows of one gateway request `sending` (committed before the request goes out) and returns
 * the ids it marked: only rows still claimed by this worker, which are the only ones it may send.
 */
export async function markSending(db: Kysely<Database>, workerId: string, tenantId: number, ids: number[]): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    update notifications set state = 'sending', claimed_at = now()
    where tenant_id = ${tenantId} and id = any(${ids}::int[]) and state = 'claimed' and claimed_by = ${workerId}
    returning id`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** What became of one message of a request, as it is recorded. */
export type Outcome =
  | { id: number; kind: 'sent' | 'delivered'; messageId: string | null; cost: string | null; parts: number | null }
  | { id: number; kind: 'failed' | 'unknown' | 'opted_out'; reason: string }
  /** Not taken by the gateway: queued again after a backoff, or failed after MAX_ATTEMPTS. */
  | { id: number; kind: 'retry'; reason: string }
  /** Not taken because the gateway account cannot send (./gateway-pause.ts): queued again as it was, no attempt counted. */
  | { id: number; kind: 'paused'; reason: string };

/**
 * Records the answer of one request in one statement: each row's new state, the gateway's message id,
 * cost and parts, the failure reason; retries go back to `queued`, due after `retryBaseSeconds` × 2^attempts;
 * paused ones go back to `queued` as they were (due, attempts unchanged: the account's state, not the message's).
 * A number the gateway blacklisted also becomes the partner's opt-out (source 'gateway'), and its units go back
 * to the partner (a refund entry, like claimDue's): an opted-out number is never charged.
 */
export async function recordOutcomes(db: Kysely<Database>, workerId: string, tenantId: number, outcomes: Outcome[], retryBaseSeconds: number): Promise<void> {
  if (outcomes.length === 0) return;
  const column = <T>(pick: (outcome: Outcome) => T | undefined) => outcomes.map((outcome) => pick(outcome) ?? null);
  const sent = (outcome: Outcome) => (outcome.kind === 'sent' || outcome.kind === 'delivered' ? outcome : undefined);
  const retrying = sql`a.kind = 'retry' and n.attempts + 1 < ${MAX_ATTEMPTS}`;
  const requeued = sql`(a.kind = 'paused' or ${retrying})`;
  await sql`
    with answer as (
      select * from unnest(
        ${column((o) => o.id)}::int[], ${column((o) => o.kind)}::text[], ${column((o) => sent(o)?.messageId)}::text[],
        ${column((o) => sent(o)?.cost)}::text[], ${column((o) => sent(o)?.parts)}::int[], ${column((o) => ('reason' in o ? o.reason : null))}::text[]
      ) as a (id, kind, message_id, cost, parts, reason)
    ), recorded as (
      update notifications n set
        state = case when a.kind = 'paused' then 'queued' when a.kind <> 'retry' then a.kind when ${retrying} then 'queued' else 'failed' end,
        attempts = n.attempts + (a.kind = 'retry')::int,
        due_at = case when ${retrying} then now() + make_interval(secs => ${retryBaseSeconds}::int * power(2, n.attempts)) else n.due_at end,
        failure_reason = case when a.kind = 'paused' then null when a.kind <> 'retry' then a.reason when ${retrying} then null
          else 'Gateway unavailable after ' || ${MAX_ATTEMPTS}::int || ' attempts (' || a.reason || ')' end,
        provider_message_id = coalesce(a.message_id, n.provider_message_id),
        cost = a.cost,
        parts = a.parts,
        units = case when a.kind = 'opted_out' then 0 else n.units end,
        sent_at = case when a.kind in ('sent', 'delivered') then now() else n.sent_at end,
        delivered_at = case when a.kind = 'delivered' then now() else n.delivered_at end,
        claimed_by = case when ${requeued} then null else n.claimed_by end,
        claimed_at = case when ${requeued} then null else n.claimed_at end
      -- charged: the row as it was (the units charged when it was queued), for the refund.
      from answer a, notifications charged
      where n.tenant_id = ${tenantId} and n.id = a.id and n.state in ('sending', 'unknown') and n.claimed_by = ${workerId}
        and charged.tenant_id = n.tenant_id and charged.id = n.id
      returning n.tenant_id, n.recipient, n.state, charged.units as charged
    ), opted_out as (
      insert into sms_opt_outs (tenant_id, phone, source)
      select distinct tenant_id, recipient, 'gateway' from recorded
      where state = 'opted_out' and recipient ~ '^\\+[1-9][0-9]{7,14}$'
      on conflict (tenant_id, phone) do nothing
    ), refunds as (
      select tenant_id, sum(charged)::int as units from recorded where state = 'opted_out' and charged > 0 group by tenant_id
    ), credited as (
      update partners p set sms_units = p.sms_units + r.units from refunds r where p.id = r.tenant_id returning p.id, p.sms_units, r.units
    )
    insert into sms_unit_entries (tenant_id, change, balance_after, reason, note)
    select id, units, sms_units, 'refund', 'Numbers the gateway refused as opted out' from credited`.execute(db);
}

/**
 * Takes back what dead workers left for longer than `leaseMs`: claimed rows go back to queued (they
 * never reached the gateway); sending rows become unknown (they may have), never sent again by themselves.
 */
export async function recoverStale(db: Kysely<Database>, leaseMs: number): Promise<{ requeued: number; unconfirmed: number }> {
  const stale = sql`claimed_at <= now() - make_interval(secs => ${leaseMs / 1000}::float8)`;
  const requeued = await sql`
    update notifications set state = 'queued', claimed_by = null, claimed_at = null
    where state = 'claimed' and ${stale}`.execute(db);
  const unconfirmed = await sql`
    update notifications set state = 'unknown', failure_reason = ${INTERRUPTED_REASON}
    where state = 'sending' and ${stale}`.execute(db);
  return { requeued: Number(requeued.numAffectedRows ?? 0n), unconfirmed: Number(unconfirmed.numAffectedRows ?? 0n) };
}

/** Gives back this worker's claimed rows it did not get to (an orderly stop): queued again at once. */
export async function releaseClaims(db: Kysely<Database>, workerId: string): Promise<number> {
  const result = await sql`
    update notifications set state = 'queued', claimed_by = null, claimed_at = null
    where state = 'claimed' and claimed_by = ${workerId}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
