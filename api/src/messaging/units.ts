import { sql, type Kysely } from 'kysely';
import { OPS_ACTOR, recordActivity } from '../activity/record';
import type { Database, SmsUnitEntriesTable } from '../db/schema';
import { TenantScope } from '../db/tenant-scope';
import { badRequest } from '../http/errors';

/**
 * A partner's SMS units (issue 8): the balance is `partners.sms_units`, never below zero, and every change
 * is one `sms_unit_entries` row written by the same statement that changes the balance, so the ledger
 * always adds up to it. Sends and resends are charged here, inside their transaction; cancelled scheduled
 * sends are refunded; ops top up with `pnpm ops top-up-units`. Units are whole numbers (one per SMS part).
 * Charges and refunds belong to the send, resend or cancel whose activity event counts them; a top-up writes its own.
 */

export type UnitsReason = SmsUnitEntriesTable['reason'];

/** The refusal of a send or resend above the balance (400): nothing is queued and nothing charged. */
export const notEnoughUnits = (needed: number, balance: number) => `Not enough SMS units: this message needs ${needed} and the balance is ${balance}`;

export async function unitsBalance(scope: TenantScope): Promise<number> {
  return scope.raw(async (db, tenantId) => {
    const row = await db.selectFrom('partners').select('sms_units').where('id', '=', tenantId).executeTakeFirst();
    return row?.sms_units ?? 0;
  });
}

interface Change {
  /** Units added (positive) or taken (negative). */
  change: number;
  reason: UnitsReason;
  sendId?: number | null;
  note?: string;
}

/**
 * Changes the balance and writes its ledger entry in ONE statement: the update only happens when the
 * balance stays at or above zero (the row lock serialises concurrent charges), and the entry is inserted
 * from the updated row. Returns the new balance, or undefined when nothing changed (not enough units, or
 * no such partner).
 */
async function applyChange(scope: TenantScope, { change, reason, sendId = null, note = '' }: Change): Promise<number | undefined> {
  return scope.raw(async (db, tenantId) => {
    const { rows } = await sql<{ balance_after: number }>`
      with changed as (
        update partners set sms_units = sms_units + ${change}::int
        where id = ${tenantId} and sms_units + ${change}::int >= 0
        returning sms_units
      )
      insert into sms_unit_entries (tenant_id, change, balance_after, reason, send_id, note)
      select ${tenantId}::int, ${change}::int, sms_units, ${reason}::text, ${sendId}::int, ${note}::text from changed
      returning balance_after`.execute(db);
    return rows[0]?.balance_after;
  });
}

/**
 * Takes `units` for a send or a resend, inside the caller's transaction; answers the new balance. Throws
 * the 400 `notEnoughUnits` when the balance is short, which rolls the caller's transaction back. Nothing to
 * charge (every recipient opted out) writes no entry.
 */
export async function chargeUnits(scope: TenantScope, units: number, reason: 'send' | 'resend', sendId: number): Promise<number> {
  if (units === 0) return unitsBalance(scope);
  const balance = await applyChange(scope, { change: -units, reason, sendId });
  if (balance === undefined) throw badRequest(notEnoughUnits(units, await unitsBalance(scope)));
  return balance;
}

/** Gives back the units of a cancelled scheduled send; answers the new balance. */
export async function refundUnits(scope: TenantScope, units: number, sendId: number, note: string): Promise<number> {
  if (units === 0) return unitsBalance(scope);
  const balance = await applyChange(scope, { change: units, reason: 'refund', sendId, note });
  if (balance === undefined) throw new Error('The refund found no partner to credit');
  return balance;
}

/**
 * Ops (`pnpm ops top-up-units`): adds units to a partner's balance, with its `top_up` activity event (as ops, the
 * units and the balance after; the note stays in the units ledger), in one transaction. Answers the new balance,
 * or undefined for no such partner.
 */
export async function topUpUnits(db: Kysely<Database>, partnerId: number, units: number, note = ''): Promise<number | undefined> {
  if (!Number.isSafeInteger(units) || units < 1) throw new RangeError(`A top-up is a whole number of units from 1, not ${units}`);
  return new TenantScope(db, partnerId, OPS_ACTOR).transaction(async (trx) => {
    const balance = await applyChange(trx, { change: units, reason: 'top-up', note });
    if (balance !== undefined) await recordActivity(trx, { action: 'top_up', entity: 'sms_units', entityId: null, details: { units, balance } });
    return balance;
  });
}

export interface UnitsEntry {
  id: number;
  change: number;
  balanceAfter: number;
  reason: UnitsReason;
  sendId: number | null;
  note: string;
  createdAt: Date;
}

/** Ops (`pnpm ops units-history`): a partner's latest ledger entries, newest first. */
export async function unitsHistory(db: Kysely<Database>, partnerId: number, limit = 20): Promise<UnitsEntry[]> {
  const rows = await new TenantScope(db, partnerId)
    .selectFrom('sms_unit_entries')
    .select(['id', 'change', 'balance_after', 'reason', 'send_id', 'note', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    change: row.change,
    balanceAfter: row.balance_after,
    reason: row.reason,
    sendId: row.send_id,
    note: row.note,
    createdAt: row.created_at,
  }));
}
