import { sql } from 'kysely';
import type { DashboardWeek } from '@ushirika/shared/contract';
import type { TenantScope } from '../db/tenant-scope';

/** Where "this week" and "the last 12 months" are for a partner at an instant, in its time zone. */
export interface PartnerCalendar {
  /** Monday to Sunday (YYYY-MM-DD) and the zone */
  week: DashboardWeek;
  /** The first day of the first of the 12 months (YYYY-MM-DD): this month and the 11 before it */
  firstMonth: string;
}

/**
 * The partner's calendar at `now`, computed by the database in the partner's zone (ISO weeks: date_trunc
 * 'week' is the Monday), so a payment at 23:30 on Sunday in Nairobi is in that Sunday's week, whatever
 * the server's own zone.
 */
export async function partnerCalendar(scope: TenantScope, now: Date, months: number): Promise<PartnerCalendar> {
  return scope.raw(async (db, tenantId) => {
    const { rows } = await sql<{ time_zone: string; monday: string; sunday: string; first_month: string }>`
      select p.time_zone,
        to_char(w.monday, 'YYYY-MM-DD') as monday,
        to_char(w.monday + 6, 'YYYY-MM-DD') as sunday,
        to_char(date_trunc('month', w.local) - make_interval(months => ${months - 1}::int), 'YYYY-MM-DD') as first_month
      from partners p
      cross join lateral (
        select local, date_trunc('week', local)::date as monday from (select ${now}::timestamptz at time zone p.time_zone as local) as l
      ) as w
      where p.id = ${tenantId}::int`.execute(db);
    const row = rows[0]!;
    return {
      week: { start: row.monday, end: row.sunday, timeZone: row.time_zone },
      firstMonth: row.first_month,
    };
  });
}
