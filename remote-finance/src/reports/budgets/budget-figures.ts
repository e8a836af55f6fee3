import type { BudgetLine } from '@ushirika/shared/contract';
import { fromCents, percentOf, sumCents, toCents } from '../money';

/*
 * What the budget screen computes from the amounts as typed, before they are saved: totals, variance
 * (actual − budget) and variance % (of the budget), exactly, in cents (../money.ts). The server computes the
 * same figures once saved.
 */

export const MONTHS = 12;

export interface BudgetFigures {
  /** The year's budget; null while a month holds something that is not an amount. */
  total: string | null;
  actual: string | null;
  /** actual − budget. */
  variance: string | null;
  /** To one decimal; null without a budget (0) or while the total is unknown. */
  variancePercent: string | null;
}

function figures(total: bigint | null, actual: bigint | null): BudgetFigures {
  const variance = total === null || actual === null ? null : actual - total;
  return {
    total: total === null ? null : fromCents(total),
    actual: actual === null ? null : fromCents(actual),
    variance: variance === null ? null : fromCents(variance),
    variancePercent: variance === null || total === null ? null : percentOf(variance, total),
  };
}

/** One account's figures: its 12 typed months against its actual total. */
export const budgetFigures = (months: readonly string[], actualTotal: string) => figures(sumCents(months), toCents(actualTotal));

/** Several accounts' figures together (the income or the expense accounts). */
export const groupFigures = (rows: readonly { months: readonly string[]; actualTotal: string }[]) =>
  figures(sumCents(rows.flatMap((row) => row.months)), sumCents(rows.map((row) => row.actualTotal)));

/** Month by month, the sum over several accounts (12 sums; null for a month where one is not an amount). */
export function monthSums(rows: readonly (readonly string[])[]): (string | null)[] {
  return Array.from({ length: MONTHS }, (_, month) => {
    const sum = sumCents(rows.map((row) => row[month] ?? ''));
    return sum === null ? null : fromCents(sum);
  });
}

export type ChartSeries = 'budget' | 'actual';
export interface ChartPoint {
  month: number;
  series: ChartSeries;
  amount: number;
}

/**
 * The chart's points: per month, the budget (as typed; a month that is not an amount counts as 0) and the actual
 * of the given accounts together. Summed exactly in cents; converted to Number only here, for plotting (a bar's
 * height, never a figure shown or saved).
 */
export function chartPoints(lines: readonly { months: readonly string[]; actual: readonly string[] }[]): ChartPoint[] {
  const plotted = (cents: bigint) => Number(fromCents(cents));
  return Array.from({ length: MONTHS }, (_, month) => {
    const budget = lines.reduce((sum, line) => sum + (toCents(line.months[month] ?? '') ?? 0n), 0n);
    const actual = lines.reduce((sum, line) => sum + (toCents(line.actual[month] ?? '') ?? 0n), 0n);
    return [
      { month, series: 'budget' as const, amount: plotted(budget) },
      { month, series: 'actual' as const, amount: plotted(actual) },
    ];
  }).flat();
}

/** Income accounts (CR) first, then expense accounts (DR), each in the server's order (by name). */
export function inBudgetOrder(lines: readonly BudgetLine[]): BudgetLine[] {
  const rank = (line: BudgetLine) => (line.type === 'CR' ? 0 : 1);
  return [...lines].sort((a, b) => rank(a) - rank(b));
}
