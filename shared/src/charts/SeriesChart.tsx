import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { PRIMARY_COLOUR, SECONDARY_COLOUR } from '@ushirika/shared/brand';
import { chartConfig, type ChartKind, type PlottedData } from './chart-config';

// Only the two chart types the app draws, with the scales, legend and tooltip they use: Chart.js leaves the rest
// out of the page (docs/architecture.md, "Charts").
Chart.register(LineController, BarController, LineElement, PointElement, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
// The page's own font (tooling/index.html), not Chart.js's Helvetica.
Chart.defaults.font.family = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const BRAND_COLOURS = [PRIMARY_COLOUR, SECONDARY_COLOUR] as const;

export interface SeriesChartProps {
  kind: ChartKind;
  data: PlottedData;
  height: number;
  /** Series colours in order; the brand's by default. */
  colours?: readonly string[];
}

/**
 * A line or column chart on a canvas, as wide as its container. Drawing only: the screen gives the same figures
 * as a table for screen readers (the chart itself is hidden from them). Loaded lazily by whoever draws one
 * (`lazy(() => import('@ushirika/shared/charts'))`): no other screen downloads Chart.js.
 */
export function SeriesChart({ kind, data, height, colours = BRAND_COLOURS }: SeriesChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<{ kind: ChartKind; drawn: Chart<'line' | 'bar'> } | null>(null);

  useEffect(() => {
    if (!canvas.current) return undefined;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const config = chartConfig(kind, data, colours, reducedMotion);
    if (chart.current?.kind === kind) {
      chart.current.drawn.data = config.data;
      chart.current.drawn.options = config.options ?? {};
      chart.current.drawn.update();
    } else {
      chart.current?.drawn.destroy();
      chart.current = { kind, drawn: new Chart(canvas.current, config) };
    }
    return undefined;
  }, [kind, data, colours]);

  useEffect(
    () => () => {
      chart.current?.drawn.destroy();
      chart.current = null;
    },
    [],
  );

  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      <canvas ref={canvas} />
    </div>
  );
}
