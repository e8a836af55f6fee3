import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { withinTransaction } from '../db/within-transaction';

/*
 * A partner's time zone (migration 0010; 'Africa/Nairobi' unless set): the zone its days, weeks (Monday to
 * Sunday) and months are in, an M-Pesa payment's day, a scheduled send's local time. One way to read it in
 * SQL, one way to set it.
 */

/** The partner's zone as an SQL expression (a primary-key subquery), for `… at time zone ${partnerZone(id)}`. */
export const partnerZone = (tenantId: number): RawBuilder<string> => sql<string>`(select time_zone from partners where id = ${tenantId}::int)`;

/** Thrown for a name that is not a time zone both PostgreSQL and the browsers' Intl know. */
export class UnknownTimeZoneError extends Error {
  constructor(readonly zone: string) {
    super(`"${zone}" is not a time zone we know (an IANA name such as Africa/Nairobi, Africa/Kampala, Africa/Kigali)`);
  }
}

function knownToIntl(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function knownToDatabase(db: Kysely<Database>, zone: string): Promise<boolean> {
  try {
    await sql`select now() at time zone ${zone}::text`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets the zone a partner's days and weeks are in (`pnpm ops set-time-zone`). The days of its M-Pesa
 * payments still waiting for an account and of its messages are recomputed in the same transaction: the dashboards' sums
 * follow the new zone at once (incomes and expenses carry their own dates). Returns false when there is no
 * such partner; throws UnknownTimeZoneError for a name PostgreSQL or Intl does not know.
 */
export async function setPartnerTimeZone(db: Kysely<Database>, partnerId: number, zone: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(zone) || !knownToIntl(zone) || !(await knownToDatabase(db, zone))) throw new UnknownTimeZoneError(zone);
  return withinTransaction(db, async (trx) => {
    const result = await trx.updateTable('partners').set({ time_zone: zone }).where('id', '=', partnerId).executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    // The days migration 0010's triggers put in the zone: its waiting payments and its messages.
    await trx.deleteFrom('day_totals').where('tenant_id', '=', partnerId).where('source', 'in', ['payment', 'message']).execute();
    await sql`
      insert into day_totals (tenant_id, day, source, channel, amount)
      select tenant_id, (trans_time at time zone ${zone}::text)::date, 'payment', 'M-PESA', sum(amount)
      from online_transactions where tenant_id = ${partnerId}::int and account_id is null
      group by 1, 2
      union all
      select tenant_id, (created_at at time zone ${zone}::text)::date, 'message', '', count(*)
      from notifications where tenant_id = ${partnerId}::int and category <> 'STAFF'
      group by 1, 2`.execute(trx);
    return true;
  });
}
