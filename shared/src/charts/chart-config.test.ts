import type { TooltipItem } from 'chart.js';
import { chartConfig, type PlottedData } from './chart-config';

const data: PlottedData = {
  months: ['Jan', 'Feb'],
  series: [
    { name: 'M-PESA', values: [1250.5, 0], texts: ['KES 1,250.50', 'KES 0.00'] },
    { name: 'Cash', values: [300, 40] },
  ],
};
const colours = ['#111111', '#222222'];

describe('chartConfig', () => {
  it('draws a line per series, or columns side by side, over the month labels', () => {
    const line = chartConfig('line', data, colours, false);
    expect(line.type).toBe('line');
    expect(line.data.labels).toEqual(['Jan', 'Feb']);
    expect(line.data.datasets.map((set) => [set.label, set.data, set.borderColor])).toEqual([
      ['M-PESA', [1250.5, 0], '#111111'],
      ['Cash', [300, 40], '#222222'],
    ]);
    expect(chartConfig('column', data, colours, false).type).toBe('bar');
  });

  it("shows the series' own text in the tooltip (the exact amount), the plotted number only when there is none", () => {
    const label = chartConfig('line', data, colours, false).options?.plugins?.tooltip?.callbacks?.label as (item: TooltipItem<'line'>) => string;
    const item = (datasetIndex: number, dataIndex: number, formattedValue: string) =>
      ({ datasetIndex, dataIndex, formattedValue, dataset: { label: data.series[datasetIndex]!.name } }) as unknown as TooltipItem<'line'>;
    expect(label(item(0, 0, '1,250.5'))).toBe('M-PESA: KES 1,250.50');
    expect(label(item(1, 1, '40'))).toBe('Cash: 40');
  });

  it('does not animate for someone who asked for reduced motion', () => {
    expect(chartConfig('line', data, colours, true).options?.animation).toBe(false);
    expect(chartConfig('line', data, colours, false).options?.animation).not.toBe(false);
  });
});
