import { sql, type Expression, type SqlBool } from 'kysely';

/** `count(*)` is bigint, which `pg` hands back as a string; a list total fits an int. */
export const countAll = sql<number>`count(*)::int`.as('total');

/** The date part of the standard list query, as `parseListQuery` returns it. */
export interface DateRange {
  /** inclusive, YYYY-MM-DD */
  startDate: string | undefined;
  /** the day after the inclusive end date, YYYY-MM-DD */
  endDateExclusive: string | undefined;
}

/** Any query builder that can take one more WHERE condition (select, update, delete). */
interface Filterable<Q> {
  where(condition: Expression<SqlBool>): Q;
}

/**
 * The instant the partner's day `date` (YYYY-MM-DD) begins, in its zone, as a timestamptz: migration 0013's
 * STABLE function, which the planner evaluates while planning, so a list's plan knows its real date bounds.
 */
export const partnerDayStart = (date: string, tenantId: number) => sql<Date>`partner_day_start(${date}::date, ${tenantId}::int)`;

/**
 * Keeps the partner's rows whose instant `column` (a `timestamptz`, e.g. 'm.created_at', or an expression
 * such as a subquery) falls within the list's dates, read as the partner's days (its zone, 'Africa/Nairobi'
 * by default, as the dashboards and day_totals read them): from the start of `startDate` up to, not
 * including, the start of the day after the end date, so everything on the end date counts. An open bound
 * adds no condition. Use with `$call`: `.$call(withinDates('m.created_at', params, tenantId))`.
 */
export function withinDates(column: string | Expression<unknown>, { startDate, endDateExclusive }: DateRange, tenantId: number) {
  const left = typeof column === 'string' ? sql.ref(column) : column;
  return <Q extends Filterable<Q>>(query: Q): Q => {
    let filtered = query;
    if (startDate !== undefined) filtered = filtered.where(sql<SqlBool>`${left} >= ${partnerDayStart(startDate, tenantId)}`);
    if (endDateExclusive !== undefined) filtered = filtered.where(sql<SqlBool>`${left} < ${partnerDayStart(endDateExclusive, tenantId)}`);
    return filtered;
  };
}
