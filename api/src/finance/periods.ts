import { sql } from 'kysely';
import { MONTH_CLOSED, MONTH_REOPENED, type LedgerPeriod, type LedgerPeriods } from '@ushirika/shared/contract';
import { recordActivity } from '../activity/record';
import { CLOSED_PERIOD_SQLSTATE } from '../db/migrations/0024_ledger_corrections';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, conflict, HttpError } from '../http/errors';

/*
 * Closing a month (issue 26.4; migration 0024). A treasurer closes a month that has ended; from then on no
 * income or expense dated in it is recorded, corrected or reversed, by any writer, so its statements never change.
 * An owner reopens it, with a reason. The database's trigger refuses such a change whoever makes it; the
 * application answers it 409 `ClosedPeriodError`, naming the month.
 */

/** 'YYYY-MM' */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const MONTH_INVALID = 'The month must be given as YYYY-MM, e.g. 2026-03';

/** 'March 2026': how the refusals name a month (English, like every server text; screens say it in their language). */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1, 1)).toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const closedMonthText = (month: string) =>
  `${monthName(month)} is closed: nothing dated in it can be recorded, corrected or reversed. An owner can reopen the month.`;

/** A change dated in a closed month, refused: 409 with the month ('YYYY-MM') beside the text (contract ClosedMonthBody). */
export class ClosedPeriodError extends HttpError {
  constructor(readonly month: string) {
    super(409, closedMonthText(month), { closedMonth: month });
  }
}

/** The trigger's refusal (migration 0024) as the ClosedPeriodError it means; undefined for any other error. */
export function closedPeriodOf(error: unknown): ClosedPeriodError | undefined {
  if (error instanceof ClosedPeriodError) return error;
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== CLOSED_PERIOD_SQLSTATE) return undefined;
  const { detail, message } = error as { detail?: unknown; message?: unknown };
  const month = [detail, message].map((text) => (typeof text === 'string' ? /\d{4}-\d{2}/.exec(text)?.[0] : undefined)).find(Boolean);
  return month ? new ClosedPeriodError(month) : undefined;
}

/**
 * Runs a write of incomes or expenses and answers the trigger's refusal as ClosedPeriodError. The refused
 * statement has aborted the transaction: the error is thrown on, and the transaction rolls back.
 */
export async function refusingClosedPeriods<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw closedPeriodOf(error) ?? error;
  }
}

/** 'YYYY-MM-DD' (or 'YYYY-MM') -> 'YYYY-MM'. */
export const monthOf = (date: string) => date.slice(0, 7);

/**
 * Holds the partner's ledger open for this transaction: a month being closed waits for it, and it waits for a
 * close under way (the close locks the partner's row for update; see closePeriod). An income's receipt number
 * takes that row's lock already; expenses, and edits that take no number, take this one.
 */
export async function holdingPeriods(trx: TenantScope): Promise<void> {
  await trx.raw((db, tenantId) => db.selectFrom('partners').select('id').where('id', '=', tenantId).forShare().execute());
}

/** Refuses (ClosedPeriodError) when the month of `date` is closed, for what the trigger does not guard (an edit of text). */
export async function requireOpenMonth(trx: TenantScope, date: string): Promise<void> {
  const closed = await trx
    .selectFrom('ledger_periods')
    .select('closed')
    .where('month', '=', `${monthOf(date)}-01`)
    .where('closed', '=', true)
    .executeTakeFirst();
  if (closed) throw new ClosedPeriodError(monthOf(date));
}

/** The partner's month 'YYYY-MM' as the path names it; 400 for anything else. */
export function parseMonth(text: unknown): string {
  const match = typeof text === 'string' ? MONTH.exec(text) : null;
  if (!match || Number(match[1]) < 1900 || Number(match[1]) > 2100) throw badRequest(MONTH_INVALID);
  return text as string;
}

interface PeriodRow {
  month: string;
  closed: boolean;
  closed_at: Date | null;
  closed_by: string | null;
  reopened_at: Date | null;
  reopened_by: string | null;
  reopen_reason: string | null;
}

const toPeriod = (row: PeriodRow): LedgerPeriod => ({
  month: row.month,
  closed: row.closed,
  closedAt: row.closed_at?.toISOString() ?? null,
  closedBy: row.closed_by,
  reopenedAt: row.reopened_at?.toISOString() ?? null,
  reopenedBy: row.reopened_by,
  reopenReason: row.reopen_reason,
});

/** The staff member's name as the periods show it, or null (a user of another partner is nobody here). */
const staffName = (column: string) => sql<string | null>`(
  select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${sql.ref(column)} and u.partner_id = lp.tenant_id)`;

/**
 * The partner's months at `now` (contract ledgerPeriods): from the month of its first income or expense (or of
 * its first closed or reopened month, or this month when it has none) to this month in its time zone, newest
 * first, each closed or not with who closed or reopened it and when.
 */
export async function listPeriods(scope: TenantScope, now: Date): Promise<LedgerPeriods> {
  const rows = await scope.raw(async (db, tenantId) => {
    const { rows } = await sql<PeriodRow>`
      with current as (
        select date_trunc('month', ${now}::timestamptz at time zone p.time_zone)::date as month from partners p where p.id = ${tenantId}::int
      ),
      first as (
        select least(
          (select date_trunc('month', min(date_of_transaction))::date from incomes where tenant_id = ${tenantId}::int),
          (select date_trunc('month', min(date_of_transaction))::date from expenses where tenant_id = ${tenantId}::int),
          (select min(month) from ledger_periods where tenant_id = ${tenantId}::int),
          (select month from current)) as month
      ),
      months as (
        select generate_series((select month from first), (select month from current), interval '1 month')::date as month
      )
      select to_char(m.month, 'YYYY-MM') as month, coalesce(lp.closed, false) as closed, lp.closed_at, ${staffName('lp.closed_by')} as closed_by,
        lp.reopened_at, ${staffName('lp.reopened_by')} as reopened_by, lp.reopen_reason
      from months m
      left join ledger_periods lp on lp.tenant_id = ${tenantId}::int and lp.month = m.month
      order by m.month desc`.execute(db);
    return rows;
  });
  return { periods: rows.map(toPeriod) };
}

/** One month of the partner, closed or not (a month never closed has no row: open, nobody). */
async function periodOf(scope: TenantScope, month: string): Promise<LedgerPeriod> {
  const row = await scope.raw(async (db, tenantId) => {
    const { rows } = await sql<PeriodRow>`
      select ${month}::text as month, coalesce(lp.closed, false) as closed, lp.closed_at, ${staffName('lp.closed_by')} as closed_by,
        lp.reopened_at, ${staffName('lp.reopened_by')} as reopened_by, lp.reopen_reason
      from (select 1) as one
      left join ledger_periods lp on lp.tenant_id = ${tenantId}::int and lp.month = ${`${month}-01`}::date`.execute(db);
    return rows[0]!;
  });
  return toPeriod(row);
}

export const monthNotEnded = (month: string) => `${monthName(month)} has not ended yet: a month can be closed once it is over`;
export const monthAlreadyClosed = (month: string) => `${monthName(month)} is already closed`;
export const monthNotClosed = (month: string) => `${monthName(month)} is not closed`;

/**
 * Closes the partner's month `month` ('YYYY-MM') as `userId`, at `now`: 409 when it has not ended in the
 * partner's time zone or is closed already. The partner's row is locked for update first: a save of an income
 * or expense under way (which holds that row: a receipt number, or holdingPeriods) finishes before, and one that
 * starts after sees the month closed. Writes the `close period` event.
 */
export async function closePeriod(scope: TenantScope, month: string, userId: number, now: Date): Promise<LedgerPeriod> {
  return scope.transaction(async (trx) => {
    const ended = await trx.raw(async (db, tenantId) => {
      const { rows } = await sql<{ ended: boolean }>`
        select ${`${month}-01`}::date < date_trunc('month', ${now}::timestamptz at time zone p.time_zone)::date as ended
        from partners p where p.id = ${tenantId}::int for update`.execute(db);
      return rows[0]!.ended;
    });
    if (!ended) throw conflict(monthNotEnded(month));
    const first = `${month}-01`;
    const closed = await trx.raw(async (db, tenantId) => {
      const { rows } = await sql<{ month: string }>`
        insert into ledger_periods as lp (tenant_id, month, closed, closed_at, closed_by)
        values (${tenantId}::int, ${first}::date, true, now(), ${userId}::int)
        on conflict (tenant_id, month) do update set closed = true, closed_at = now(), closed_by = excluded.closed_by
        where not lp.closed
        returning to_char(lp.month, 'YYYY-MM') as month`.execute(db);
      return rows.length > 0;
    });
    if (!closed) throw conflict(monthAlreadyClosed(month));
    await recordActivity(trx, { action: 'close', entity: 'period', entityId: month });
    return periodOf(trx, month);
  });
}

/** Reopens the partner's closed month as `userId`, with `reason`: 409 when it is not closed. Writes the `reopen period` event with the reason. */
export async function reopenPeriod(scope: TenantScope, month: string, userId: number, reason: string): Promise<LedgerPeriod> {
  return scope.transaction(async (trx) => {
    const reopened = await trx
      .updateTable('ledger_periods')
      .set({ closed: false, reopened_at: sql<Date>`now()`, reopened_by: userId, reopen_reason: reason })
      .where('month', '=', `${month}-01`)
      .where('closed', '=', true)
      .executeTakeFirst();
    if (reopened.numUpdatedRows === 0n) throw conflict(monthNotClosed(month));
    await recordActivity(trx, { action: 'reopen', entity: 'period', entityId: month, details: { reason } });
    return periodOf(trx, month);
  });
}

export { MONTH_CLOSED, MONTH_REOPENED };
