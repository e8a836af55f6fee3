import { Column } from '@ant-design/charts';
import { useIntl } from 'react-intl';
import type { ChartPoint } from './budget-figures';
import { monthNames } from './months';

/**
 * Budget against actual, month by month, as grouped columns. Loaded lazily (BudgetsPage): @ant-design/charts
 * is large and only this screen needs it. The amounts are Numbers here, for plotting only.
 */
export default function BudgetChart({ points }: { points: ChartPoint[] }) {
  const intl = useIntl();
  const months = monthNames(intl.locale, 'short');
  const series = { budget: intl.formatMessage({ id: 'reports.budgets.series.budget' }), actual: intl.formatMessage({ id: 'reports.budgets.series.actual' }) };
  const data = points.map((point) => ({ month: months[point.month], series: series[point.series], amount: point.amount }));
  return <Column data={data} xField="month" yField="amount" colorField="series" group height={300} autoFit />;
}
