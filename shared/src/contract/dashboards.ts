import * as yup from 'yup';
import { memberRow } from './contacts';
import { expenseRow, incomeRow, moneyField } from './finance';
import { notificationRow } from './messaging';

/*
 * The two dashboards (spec 2.6, 3; issue 12). GET /partner-home is the legacy call, field for field, the
 * misspelled `nofification_this_week` included; what we add beside it is marked "ours". GET /etracker-home
 * is ours: the money dashboard's figures, so neither dashboard asks for what it does not show.
 *
 * Weeks run Monday to Sunday and months are calendar months, both in the partner's time zone.
 */

export { DEFAULT_TIME_ZONE } from './constants';

export const PARTNER_HOME_PATH = 'partner-home';
export const ETRACKER_HOME_PATH = 'etracker-home';

/** Rows in each 'Recent …' table. */
export const DASHBOARD_RECENT_ROWS = 5;
/** Months in the Giving and Attendance charts, this one included (spec 9: last 12 months, padded with zeros). */
export const DASHBOARD_MONTHS = 12;
/** Characters of a message the 'Recent Notifications' table shows (spec 9). */
export const DASHBOARD_MESSAGE_PREVIEW = 25;
/** The `settings` entry whose value is the SMS units balance (spec 3). */
export const SMS_UNITS_SETTING = 'Sms Units';

/** One month of a chart series: mn = month number 1–12, yr = year (spec 3). */
export const monthAmount = yup.object({
  mn: yup.number().integer().defined(),
  yr: yup.number().integer().defined(),
  /** Exact decimal text, "0.00" for a month without any. */
  amount: moneyField(),
});
export type MonthAmount = yup.InferType<typeof monthAmount>;

/** Ours: one month of the Attendance chart, the sums over that month's meetings. */
export const monthAttendance = yup.object({
  mn: yup.number().integer().defined(),
  yr: yup.number().integer().defined(),
  actual: yup.number().integer().defined(),
  expected: yup.number().integer().defined(),
});
export type MonthAttendance = yup.InferType<typeof monthAttendance>;

export const partnerSetting = yup.object({ name: yup.string().defined(), value: yup.string().defined() });
export type PartnerSetting = yup.InferType<typeof partnerSetting>;

/** Ours: the week the "this week" figures cover, Monday and Sunday as YYYY-MM-DD, and the zone they are days in. */
export const dashboardWeek = yup.object({
  start: yup.string().defined(),
  end: yup.string().defined(),
  timeZone: yup.string().defined(),
});
export type DashboardWeek = yup.InferType<typeof dashboardWeek>;

/** GET /partner-home -> { data: … } (spec 3, 7: the client reads `data.data`). */
export const partnerHome = yup.object({
  data: yup
    .object({
      /** The newest messages, newest first (DASHBOARD_RECENT_ROWS). */
      notification_list: yup.array(notificationRow).defined(),
      /** Messages queued this week (each recipient counts one). */
      nofification_this_week: yup.number().integer().defined(),
      /** Money received this week: every income, and the M-Pesa payments still waiting for an account. */
      transactions_this_week: moneyField(),
      /** Every contact of the partner. */
      contacts: yup.number().integer().defined(),
      /** The newest contacts, newest first (DASHBOARD_RECENT_ROWS). */
      contact_list: yup.array(memberRow).defined(),
      /** Money received by M-Pesa per month, oldest first, DASHBOARD_MONTHS of them ending with this one. */
      mpesa_numbers: yup.array(monthAmount).defined(),
      /** Cash received per month, the same months. */
      cash_numbers: yup.array(monthAmount).defined(),
      /** Ours: actual and expected attendance per month, the same months. */
      attendance_numbers: yup.array(monthAttendance).defined(),
      /** The partner's settings; the SMS_UNITS_SETTING entry is the SMS units balance. */
      settings: yup.array(partnerSetting).defined(),
      /** Ours */
      week: dashboardWeek.defined(),
    })
    .defined(),
});
export type PartnerHome = yup.InferType<typeof partnerHome>['data'];

/** GET /etracker-home -> { data: … } (ours: the money dashboard, spec 2.6). */
export const etrackerHome = yup.object({
  data: yup
    .object({
      /** Every account of the partner, of any type. */
      accounts: yup.number().integer().defined(),
      /** Money received this week: every income, and the M-Pesa payments still waiting for an account. */
      money_in_this_week: moneyField(),
      /** Expenses dated this week. */
      money_out_this_week: moneyField(),
      /** The latest incomes (by date of transaction, then newest), DASHBOARD_RECENT_ROWS. */
      income_list: yup.array(incomeRow).defined(),
      /** The latest expenses, the same way. */
      expense_list: yup.array(expenseRow).defined(),
      settings: yup.array(partnerSetting).defined(),
      week: dashboardWeek.defined(),
    })
    .defined(),
});
export type EtrackerHome = yup.InferType<typeof etrackerHome>['data'];

/** The SMS units balance a dashboard's `settings` give (spec 3); undefined without the entry. */
export function smsUnitsOf(settings: readonly PartnerSetting[]): number | undefined {
  const value = settings.find((setting) => setting.name === SMS_UNITS_SETTING)?.value;
  return value === undefined || value.trim() === '' || !Number.isFinite(Number(value)) ? undefined : Number(value);
}
