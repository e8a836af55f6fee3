import { Line } from '@ant-design/charts';
import { PRIMARY_COLOUR, SECONDARY_COLOUR } from '@ushirika/shared/ui';
import { CHART_HEIGHT, type ChartData } from './chart-data';

/**
 * A dashboard line chart, one line per series. Loaded lazily (DashboardParts' ChartCard): @ant-design/charts is
 * large and no other host screen needs it. It fits a 360 px screen: the width follows the card, the legend sits
 * on top, and the axis hides or turns month labels that would overlap.
 */
export default function SeriesChart({ data }: { data: ChartData }) {
  const points = data.series.flatMap((series) => series.values.map((value, index) => ({ month: data.months[index], series: series.name, value })));
  return (
    <Line
      data={points}
      xField="month"
      yField="value"
      colorField="series"
      autoFit
      height={CHART_HEIGHT}
      scale={{ color: { range: [PRIMARY_COLOUR, SECONDARY_COLOUR] } }}
      legend={{ color: { position: 'top' } }}
      axis={{ x: { labelAutoHide: true, labelAutoRotate: true } }}
    />
  );
}
