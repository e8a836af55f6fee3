import { sql } from 'kysely';
import { DASHBOARD_MONTHS, DASHBOARD_RECENT_ROWS, type EtrackerHome } from '@ushirika/shared/contract';
import type { TenantScope } from '../db/tenant-scope';
import { expenseQueries } from '../finance/expenses';
import { incomeQueries } from '../finance/incomes';
import { partnerCalendar } from './calendar';
import { weekTotals } from './day-totals';
import { dashboardSettings } from './settings';

async function accountCount(scope: TenantScope): Promise<number> {
  const row = await scope
    .selectFrom('accounts as a')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** GET /etracker-home (ours, spec 2.6's money dashboard) at `now`: the week's money in and out, the latest of each. */
export async function etrackerHome(scope: TenantScope, now: Date): Promise<EtrackerHome> {
  const calendar = await partnerCalendar(scope, now, DASHBOARD_MONTHS);
  const [money, accounts, incomeList, expenseList, settings] = await Promise.all([
    weekTotals(scope, calendar.week),
    accountCount(scope),
    incomeQueries.latest(scope, DASHBOARD_RECENT_ROWS),
    expenseQueries.latest(scope, DASHBOARD_RECENT_ROWS),
    dashboardSettings(scope),
  ]);
  return {
    accounts,
    money_in_this_week: money.moneyIn,
    money_out_this_week: money.moneyOut,
    income_list: incomeList,
    expense_list: expenseList,
    settings,
    week: calendar.week,
  };
}
