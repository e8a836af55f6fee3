import { sql, type Kysely } from 'kysely';
import type { AttendancePoint } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * Actual and expected attendance per month for the 12 months ending with `endDate`'s month (default:
 * the database's current date), oldest first. One query: the month series left-joined to the meetings,
 * so months without meetings come back as zeros.
 */
export async function attendanceByMonth(db: Db, tenantId: number, endDate: string | undefined): Promise<AttendancePoint[]> {
  const { rows } = await sql<AttendancePoint>`
    with months as (
      select generate_series(
        date_trunc('month', coalesce(${endDate ?? null}::date, current_date)::timestamp) - interval '11 months',
        date_trunc('month', coalesce(${endDate ?? null}::date, current_date)::timestamp),
        interval '1 month'
      )::date as first_day
    )
    select
      extract(month from months.first_day)::int as mn,
      extract(year from months.first_day)::int as yr,
      coalesce(sum(m.actual_attendance), 0)::int as actual,
      coalesce(sum(m.expected_attendance), 0)::int as expected
    from months
    left join meetings m
      on m.tenant_id = ${tenantId}
      and m.date_of_meeting >= months.first_day
      and m.date_of_meeting < (months.first_day + interval '1 month')::date
    group by months.first_day
    order by months.first_day
  `.execute(db);
  return rows;
}
