import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { SeriesChart, type PlottedData } from '@ushirika/shared/charts';
import { formatMoney } from '@ushirika/shared/ui';
import type { ChartPoint, ChartSeries } from './budget-figures';
import { monthNames } from './months';

const SERIES: ChartSeries[] = ['budget', 'actual'];

/**
 * Budget against actual, month by month, as columns side by side. Loaded lazily (BudgetsPage), like the kit's
 * charts it draws with: only this screen downloads them. The amounts are Numbers here, for plotting only.
 */
export default function BudgetChart({ points }: { points: ChartPoint[] }) {
  const intl = useIntl();
  const data = useMemo((): PlottedData => {
    const months = monthNames(intl.locale, 'short');
    return {
      months,
      series: SERIES.map((series) => {
        const amounts = months.map((_, month) => points.find((point) => point.month === month && point.series === series)?.amount ?? 0);
        return {
          name: intl.formatMessage({ id: `reports.budgets.series.${series}` }),
          values: amounts,
          texts: amounts.map((amount) => formatMoney(amount, intl.locale)),
        };
      }),
    };
  }, [intl, points]);
  return <SeriesChart kind="column" data={data} height={300} />;
}
