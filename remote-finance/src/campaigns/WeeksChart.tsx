import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { SeriesChart, type PlottedData } from '@ushirika/shared/charts';
import type { CampaignWeek } from '@ushirika/shared/contract';
import { formatDate, formatMoney } from '@ushirika/shared/ui';

/**
 * A campaign's money in per week, as columns. Loaded lazily (CampaignPage), like the kit's charts it draws with:
 * only this screen downloads them. The amounts are Numbers here, for plotting only; the tooltip shows them exact.
 */
export default function WeeksChart({ weeks }: { weeks: CampaignWeek[] }) {
  const intl = useIntl();
  const data = useMemo(
    (): PlottedData => ({
      months: weeks.map((week) => formatDate(week.week, intl.locale)),
      series: [
        {
          name: intl.formatMessage({ id: 'campaigns.weeks.amount' }),
          values: weeks.map((week) => Number(week.amount)),
          texts: weeks.map((week) => formatMoney(week.amount, intl.locale)),
        },
      ],
    }),
    [intl, weeks],
  );
  return <SeriesChart kind="column" data={data} height={260} />;
}
