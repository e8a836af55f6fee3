import { sql, type SqlBool } from 'kysely';
import { compiledOnce } from './compiled-once';
import type { DateRange } from './list-sql';

/**
 * A list's exact total read from day_totals (migrations 0010, 0013) instead of counting its rows: the sum of
 * one source's channel over the list's days (either end may be open). The days are the partner's: a meeting's
 * date, a message's day in the partner's zone, as the lists' date filters read them (`withinDates`). One
 * index-only range of `day_totals_by_source_idx`; compiled once, as every unfiltered page asks it.
 */
const dayCountQuery = compiledOnce((db, tenantId: number, source: 'message' | 'attendance', channel: string, startDate: string | null, endDateExclusive: string | null) =>
  db
    .selectFrom('day_totals as d')
    .select(sql<number>`coalesce(sum(d.amount), 0)::int`.as('total'))
    .where('d.tenant_id', '=', tenantId)
    .where('d.source', '=', source)
    .where('d.channel', '=', channel)
    .where(sql<SqlBool>`(${startDate}::date is null or d.day >= ${startDate}::date)`)
    .where(sql<SqlBool>`(${endDateExclusive}::date is null or d.day < ${endDateExclusive}::date)`),
);

/** What day_totals counts a list by: messages queued (source 'message'), meetings ('attendance', 'meetings'). */
export const DAY_COUNTED = {
  messages: { source: 'message', channel: '' },
  meetings: { source: 'attendance', channel: 'meetings' },
} as const;

export async function dayCount(
  db: Parameters<typeof dayCountQuery>[0],
  tenantId: number,
  counted: (typeof DAY_COUNTED)[keyof typeof DAY_COUNTED],
  { startDate, endDateExclusive }: DateRange,
): Promise<number> {
  const [row] = await dayCountQuery(db, tenantId, counted.source, counted.channel, startDate ?? null, endDateExclusive ?? null);
  return row?.total ?? 0;
}
