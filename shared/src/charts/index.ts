/**
 * Charts (`@ushirika/shared/charts`): a subpath of its own so that only a screen that draws a chart downloads
 * Chart.js, and every area draws with the host's one copy. Import it lazily:
 * `const SeriesChart = lazy(() => import('@ushirika/shared/charts'))`.
 */
import { SeriesChart } from './SeriesChart';

export { SeriesChart };
export type { SeriesChartProps } from './SeriesChart';
export { chartConfig } from './chart-config';
export type { ChartKind, PlottedData, PlottedSeries } from './chart-config';
export default SeriesChart;
