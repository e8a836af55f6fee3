import type { IntlShape } from 'react-intl';
import { formatMoney } from '@ushirika/shared/ui';
import type { MonthAmount, PartnerHome } from '@ushirika/shared/contract';

/** Chart height: small enough that a chart and its legend fit a phone screen beside the rest of the card. */
export const CHART_HEIGHT = 240;

/** One line of a chart: its legend text, a value per month to plot, and the same values as text for reading. */
export interface ChartSeries {
  name: string;
  values: number[];
  texts: string[];
}

/** What a dashboard chart shows: month labels along x and its series, both in month order. */
export interface ChartData {
  months: string[];
  series: ChartSeries[];
}

type Month = Pick<MonthAmount, 'mn' | 'yr'>;

/** 'Jan', 'Feb' … in the user's language; 'Dec 2025', 'Jan 2026' … when the months span two years. */
export function monthLabels(months: readonly Month[], intl: IntlShape): string[] {
  const year = new Set(months.map((month) => month.yr)).size > 1 ? 'numeric' : undefined;
  // A calendar month, not an instant: its first day at midnight UTC, formatted in UTC, never shifts to the month before.
  return months.map(({ mn, yr }) => intl.formatDate(Date.UTC(yr, mn - 1, 1), { month: 'short', year, timeZone: 'UTC' }));
}

function moneySeries(name: string, months: readonly MonthAmount[], locale: string): ChartSeries {
  // Number() only for plotting; the text keeps the exact decimal the server sent.
  return { name, values: months.map((month) => Number(month.amount)), texts: months.map((month) => formatMoney(month.amount, locale)) };
}

function countSeries(name: string, counts: number[], intl: IntlShape): ChartSeries {
  return { name, values: counts, texts: counts.map((count) => intl.formatNumber(count)) };
}

/** 'Giving': money received by M-Pesa and in cash per month (the server sends both for the same months). */
export function givingChart(home: PartnerHome, intl: IntlShape): ChartData {
  return {
    months: monthLabels(home.mpesa_numbers, intl),
    series: [
      moneySeries(intl.formatMessage({ id: 'dashboard.series.mpesa' }), home.mpesa_numbers, intl.locale),
      moneySeries(intl.formatMessage({ id: 'dashboard.series.cash' }), home.cash_numbers, intl.locale),
    ],
  };
}

/** 'Attendance': actual and expected attendance per month. */
export function attendanceChart(home: PartnerHome, intl: IntlShape): ChartData {
  const months = home.attendance_numbers;
  return {
    months: monthLabels(months, intl),
    series: [
      countSeries(
        intl.formatMessage({ id: 'dashboard.series.actual' }),
        months.map((month) => month.actual),
        intl,
      ),
      countSeries(
        intl.formatMessage({ id: 'dashboard.series.expected' }),
        months.map((month) => month.expected),
        intl,
      ),
    ],
  };
}
