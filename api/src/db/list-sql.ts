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

/** Whose days a list's dates are: the partner, and its time zone when the request has read it already. */
export interface PartnerDays {
  tenantId: number;
  /** The partner's IANA zone, read with the signed-in session at no extra cost (TenantScope.timeZone); null when not read. */
  timeZone: string | null;
}

/**
 * The instant the partner's day `date` (YYYY-MM-DD) begins, in its zone, as a timestamptz. With the zone known
 * it is `date at time zone 'zone'`, an immutable expression the planner folds into one constant: the plan knows
 * its real date bounds and no row computes them again. Without it, migration 0013's STABLE `partner_day_start`
 * reads the zone; the planner still estimates with its value, but a condition checked row by row (a search that
 * reads the table itself) calls it, and its lookup of the partner, once per row.
 */
export const partnerDayStart = (date: string, partner: PartnerDays) =>
  partner.timeZone === null
    ? sql<Date>`partner_day_start(${date}::date, ${partner.tenantId}::int)`
    : sql<Date>`(${date}::timestamp at time zone ${partner.timeZone}::text)`;

/**
 * Keeps the partner's rows whose instant `column` (a `timestamptz`, e.g. 'm.created_at', or an expression
 * such as a subquery) falls within the list's dates, read as the partner's days (its zone, 'Africa/Nairobi'
 * by default, as the dashboards and day_totals read them): from the start of `startDate` up to, not
 * including, the start of the day after the end date, so everything on the end date counts. An open bound
 * adds no condition. Use with `$call`: `.$call(withinDates('m.created_at', params, scope))`.
 */
export function withinDates(column: string | Expression<unknown>, { startDate, endDateExclusive }: DateRange, partner: PartnerDays) {
  const left = typeof column === 'string' ? sql.ref(column) : column;
  return <Q extends Filterable<Q>>(query: Q): Q => {
    let filtered = query;
    if (startDate !== undefined) filtered = filtered.where(sql<SqlBool>`${left} >= ${partnerDayStart(startDate, partner)}`);
    if (endDateExclusive !== undefined) filtered = filtered.where(sql<SqlBool>`${left} < ${partnerDayStart(endDateExclusive, partner)}`);
    return filtered;
  };
}
