import type { ChartConfiguration } from 'chart.js';

/** One series of a chart: its legend text, a value per label to plot, and optionally those values as text for the tooltip. */
export interface PlottedSeries {
  name: string;
  values: number[];
  /** The values as the screen writes them ('KES 1,250.00'); the tooltip shows these, not the plotted numbers. */
  texts?: string[];
}

/** What a chart shows: labels along x (months) and its series, each with a value per label. */
export interface PlottedData {
  months: string[];
  series: PlottedSeries[];
}

/** 'line': a line per series (dashboards); 'column': a column per series side by side (budget against actual). */
export type ChartKind = 'line' | 'column';

/**
 * The Chart.js configuration of one chart: the kit's single place for how charts look (brand colours in series
 * order, legend on top, month labels that skip or turn rather than overlap on a phone, no animation for someone
 * who asked for reduced motion).
 */
export function chartConfig(kind: ChartKind, data: PlottedData, colours: readonly string[], reducedMotion: boolean): ChartConfiguration<'line' | 'bar'> {
  const colourOf = (index: number) => colours[index % colours.length] ?? '#888';
  return {
    type: kind === 'line' ? 'line' : 'bar',
    data: {
      labels: data.months,
      datasets: data.series.map((series, index) => ({
        label: series.name,
        data: series.values,
        borderColor: colourOf(index),
        backgroundColor: colourOf(index),
        borderWidth: kind === 'line' ? 2 : 0,
        pointRadius: kind === 'line' ? 2 : 0,
        tension: 0.3,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : { duration: 400 },
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'top', labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${data.series[item.datasetIndex]?.texts?.[item.dataIndex] ?? item.formattedValue}`,
          },
        },
      },
      scales: {
        x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 45 } },
        y: { beginAtZero: true, ticks: { maxTicksLimit: 6 } },
      },
    },
  };
}
