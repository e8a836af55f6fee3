import { budgetFigures, chartPoints, groupFigures, monthSums } from './budget-figures';

const months = (...first: string[]) => [...first, ...Array.from({ length: 12 - first.length }, () => '0')];

it('gives an account its total, variance (actual − budget) and variance % from the months as typed', () => {
  expect(budgetFigures(months('0.10', '0.20'), '0.25')).toEqual({ total: '0.30', actual: '0.25', variance: '-0.05', variancePercent: '-16.7' });
  expect(budgetFigures(months(), '150.00')).toEqual({ total: '0.00', actual: '150.00', variance: '150.00', variancePercent: null });
  expect(budgetFigures(months('1,5'), '150.00')).toEqual({ total: null, actual: '150.00', variance: null, variancePercent: null });
});

it('sums accounts together, month by month and for the year', () => {
  const rows = [
    { months: months('0.10', '1'), actualTotal: '0.05' },
    { months: months('0.20', '2'), actualTotal: '0.05' },
  ];
  expect(monthSums(rows.map((row) => row.months)).slice(0, 3)).toEqual(['0.30', '3.00', '0.00']);
  expect(groupFigures(rows)).toEqual({ total: '3.30', actual: '0.10', variance: '-3.20', variancePercent: '-97.0' });
});

it('plots budget and actual per month, a month that is not an amount as 0', () => {
  const points = chartPoints([
    { months: months('0.10', 'x'), actual: months('0.20') },
    { months: months('0.20', '5'), actual: months('0.10') },
  ]);
  expect(points.slice(0, 4)).toEqual([
    { month: 0, series: 'budget', amount: 0.3 },
    { month: 0, series: 'actual', amount: 0.3 },
    { month: 1, series: 'budget', amount: 5 },
    { month: 1, series: 'actual', amount: 0 },
  ]);
  expect(points).toHaveLength(24);
});
