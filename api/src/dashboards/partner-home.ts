import { sql } from 'kysely';
import { DASHBOARD_MONTHS, DASHBOARD_RECENT_ROWS, type PartnerHome } from '@ushirika/shared/contract';
import { latestMembers } from '../contacts/member-queries';
import type { TenantScope } from '../db/tenant-scope';
import { latestNotifications } from '../messaging/notifications';
import { partnerCalendar } from './calendar';
import { monthSeries, weekTotals } from './day-totals';
import { dashboardSettings } from './settings';

/** Every contact: one row of member_counts (kept by triggers), not a count of a million. */
async function contactCount(scope: TenantScope): Promise<number> {
  const row = await scope
    .selectFrom('member_counts as c')
    .select(sql<number>`c.total::int`.as('total'))
    .executeTakeFirst();
  return row?.total ?? 0;
}

/**
 * GET /partner-home (spec 2.6, 3): the general dashboard at `now`. A handful of statements whatever the
 * partner's size: its calendar, then the week's totals, the 12 months, the contacts, the newest rows.
 */
export async function partnerHome(scope: TenantScope, now: Date): Promise<PartnerHome> {
  const calendar = await partnerCalendar(scope, now, DASHBOARD_MONTHS);
  const [week, months, contacts, contactList, notificationList, settings] = await Promise.all([
    weekTotals(scope, calendar.week),
    monthSeries(scope, calendar.firstMonth, DASHBOARD_MONTHS),
    contactCount(scope),
    latestMembers(scope, DASHBOARD_RECENT_ROWS),
    latestNotifications(scope, DASHBOARD_RECENT_ROWS),
    dashboardSettings(scope),
  ]);
  return {
    notification_list: notificationList,
    nofification_this_week: week.messages,
    transactions_this_week: week.moneyIn,
    contacts,
    contact_list: contactList,
    mpesa_numbers: months.mpesa,
    cash_numbers: months.cash,
    attendance_numbers: months.attendance,
    settings,
    week: calendar.week,
  };
}
