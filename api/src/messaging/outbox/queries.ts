import { sql, type Kysely } from 'kysely';
import { SYSTEM_ACTOR, writeActivity, type ActivityEvent } from '../../activity/record';
import type { Database } from '../../db/schema';
import { withinTransaction } from '../../db/within-transaction';
import type { ClaimedMessage } from './plan';

/**
 * The outbox worker's statements (migration 0005 tells the life cycle). Each one commits on its own:
 * no transaction is ever open while the gateway is called. Every write after the claim names the
 * worker (`claimed_by`) and the state it expects, so a worker whose rows were taken back by recovery
 * (it was slow, not dead) changes nothing it no longer owns. Across partners by design: the worker
 * serves every tenant, so these queries filter by tenant themselves.
 *
 * The activity log (issue 26): a write that changes what a partner sees of its messages (sent, delivered,
 * failed, unconfirmed, opted out, refunded) runs in a transaction with ONE `deliver` event per send it touched,
 * as the system, with the counts (never a number or a text): one event for a request of 1,000 messages, a
 * few statements per request at most, nothing per message. The worker's own bookkeeping (claimed, sending,
 * released: all 'queued' to the partner) writes none.
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
 * statement (a refund entry per partner): an opted-out number is never charged. Those write a `deliver`
 * event per send, in the claim's transaction.
 */
export async function claimDue(db: Kysely<Database>, workerId: string, limit: number): Promise<ClaimedMessage[]> {
  return withinTransaction(db, async (trx) => {
    const rows = await claimStatement(trx, workerId, limit);
    // Numbers that opted out since they were queued: their sends' events (the claimed ones are the worker's business).
    const optedOut = new Map<string, { tenantId: number; sendId: number; optedOut: number; refunded: number }>();
    for (const row of rows) {
      if (row.state !== 'opted_out') continue;
      const key = `${row.tenantId}:${row.sendId}`;
      const send = optedOut.get(key) ?? { tenantId: row.tenantId, sendId: row.sendId, optedOut: 0, refunded: 0 };
      send.optedOut += 1;
      send.refunded += row.units;
      optedOut.set(key, send);
    }
    for (const { tenantId, sendId, ...details } of optedOut.values()) await writeDelivery(trx, tenantId, sendId, details);
    return rows.filter((row) => row.state === 'claimed').map(({ state: _state, sendId: _sendId, units: _units, ...message }) => message);
  });
}

async function claimStatement(db: Kysely<Database>, workerId: string, limit: number) {
  const { rows } = await sql<ClaimedMessage & { state: string; sendId: number; units: number }>`
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
      returning n.tenant_id, n.id, n.send_id, n.recipient, n.message, n.attempts, n.state, due.units
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
    select tenant_id as "tenantId", id, recipient, message, attempts, state, send_id as "sendId", units from claimed`.execute(db);
  return rows;
}

/** One `deliver` event of the worker (the system) on a send, with its counts. */
function writeDelivery(trx: Kysely<Database>, tenantId: number, sendId: number, details: ActivityEvent['details']): Promise<void> {
  return writeActivity(trx, tenantId, SYSTEM_ACTOR, { action: 'deliver', entity: 'message_send', entityId: sendId, details });
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
 * to the partner (a refund entry, like claimDue's): an opted-out number is never charged. With it, in one
 * transaction, one `deliver` event per send of the request, with its counts.
 */
export async function recordOutcomes(db: Kysely<Database>, workerId: string, tenantId: number, outcomes: Outcome[], retryBaseSeconds: number): Promise<void> {
  if (outcomes.length === 0) return;
  await withinTransaction(db, async (trx) => {
    const sends = await recordStatement(trx, workerId, tenantId, outcomes, retryBaseSeconds);
    for (const { sendId, ...counts } of sends) await writeDelivery(trx, tenantId, sendId, counts);
  });
}

/** What one request did to one send's messages: its `deliver` event's details. */
interface SendCounts {
  sendId: number;
  messages: number;
  sent: number;
  delivered: number;
  failed: number;
  unconfirmed: number;
  optedOut: number;
  /** Queued again after a gateway error, to be tried later. */
  retrying: number;
}

/**
 * recordOutcomes' one statement; answers the counts per send. A send whose messages all went back to the queue
 * untouched (the account is paused: nothing changed for them) is left out.
 */
async function recordStatement(db: Kysely<Database>, workerId: string, tenantId: number, outcomes: Outcome[], retryBaseSeconds: number): Promise<SendCounts[]> {
  const column = <T>(pick: (outcome: Outcome) => T | undefined) => outcomes.map((outcome) => pick(outcome) ?? null);
  const sent = (outcome: Outcome) => (outcome.kind === 'sent' || outcome.kind === 'delivered' ? outcome : undefined);
  const retrying = sql`a.kind = 'retry' and n.attempts + 1 < ${MAX_ATTEMPTS}`;
  const requeued = sql`(a.kind = 'paused' or ${retrying})`;
  const { rows } = await sql<SendCounts>`
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
      returning n.tenant_id, n.send_id, n.recipient, n.state, a.kind, charged.units as charged
    ), opted_out as (
      insert into sms_opt_outs (tenant_id, phone, source)
      select distinct tenant_id, recipient, 'gateway' from recorded
      where state = 'opted_out' and recipient ~ '^\\+[1-9][0-9]{7,14}$'
      on conflict (tenant_id, phone) do nothing
    ), refunds as (
      select tenant_id, sum(charged)::int as units from recorded where state = 'opted_out' and charged > 0 group by tenant_id
    ), credited as (
      update partners p set sms_units = p.sms_units + r.units from refunds r where p.id = r.tenant_id returning p.id, p.sms_units, r.units
    ), refunded as (
      insert into sms_unit_entries (tenant_id, change, balance_after, reason, note)
      select id, units, sms_units, 'refund', 'Numbers the gateway refused as opted out' from credited
    )
    select send_id as "sendId", count(*) filter (where kind <> 'paused')::int as messages,
      count(*) filter (where state = 'sent')::int as sent,
      count(*) filter (where state = 'delivered')::int as delivered,
      count(*) filter (where state = 'failed')::int as failed,
      count(*) filter (where state = 'unknown')::int as unconfirmed,
      count(*) filter (where state = 'opted_out')::int as "optedOut",
      count(*) filter (where state = 'queued' and kind = 'retry')::int as retrying
    from recorded
    group by send_id
    having count(*) filter (where kind <> 'paused') > 0
    order by send_id`.execute(db);
  return rows;
}

/**
 * Takes back what dead workers left for longer than `leaseMs`: claimed rows go back to queued (they
 * never reached the gateway); sending rows become unknown (they may have), never sent again by themselves:
 * a `deliver` event per send with how many became unconfirmed.
 */
export async function recoverStale(db: Kysely<Database>, leaseMs: number): Promise<{ requeued: number; unconfirmed: number }> {
  const stale = sql`claimed_at <= now() - make_interval(secs => ${leaseMs / 1000}::float8)`;
  return withinTransaction(db, async (trx) => {
    const requeued = await sql`
      update notifications set state = 'queued', claimed_by = null, claimed_at = null
      where state = 'claimed' and ${stale}`.execute(trx);
    // Unconfirmed is what the partner sees change: one event per send (queued again looks the same as claimed).
    const { rows } = await sql<{ tenantId: number; sendId: number; unconfirmed: number }>`
      with unconfirmed as (
        update notifications set state = 'unknown', failure_reason = ${INTERRUPTED_REASON}
        where state = 'sending' and ${stale}
        returning tenant_id, send_id
      )
      select tenant_id as "tenantId", send_id as "sendId", count(*)::int as unconfirmed from unconfirmed group by 1, 2 order by 1, 2`.execute(trx);
    for (const { tenantId, sendId, unconfirmed } of rows) await writeDelivery(trx, tenantId, sendId, { unconfirmed });
    return { requeued: Number(requeued.numAffectedRows ?? 0n), unconfirmed: rows.reduce((sum, row) => sum + row.unconfirmed, 0) };
  });
}

/** Gives back this worker's claimed rows it did not get to (an orderly stop): queued again at once. */
export async function releaseClaims(db: Kysely<Database>, workerId: string): Promise<number> {
  const result = await sql`
    update notifications set state = 'queued', claimed_by = null, claimed_at = null
    where state = 'claimed' and claimed_by = ${workerId}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
