import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListParams } from '../http/list-query';
import { countAll } from './list-sql';
import type { TenantScope } from './tenant-scope';

/** A select over some tables (and aliases) of the database; the helpers only add conditions, order, limit and offset. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the helpers work on any table set, by column name
export type AnyQuery<O> = SelectQueryBuilder<any, any, O>;

/** One page of a list and the number of rows that match in all. */
export interface Page<Row> {
  rows: Row[];
  total: number;
  /** True when `total` is the planner's estimate (more than EXACT_COUNT_LIMIT matches); absent when exact. */
  totalIsEstimate?: true;
}

/**
 * Up to this many matches past a page's start a list's total is exact; beyond, it is PostgreSQL's estimate.
 * Counting 66,000 matches of a common name costs 100-340 ms of recheck, and even finding the first 1,001 of
 * them 8 ms, under load the whole budget; the pager needs their order of magnitude, not the last digit
 * (docs/benchmarks.md, docs/spec-deviations.md). Near the end (the pager's Last button) the count reaches
 * the end, so it is exact there.
 */
export const EXACT_COUNT_LIMIT = 500;

export interface PagedQuery<Selected, Row> {
  /** The partner whose list it is: the bounded count wraps `matching` in a select of its own. */
  scope: TenantScope;
  /** The partner's rows that match the list's search and dates: filters only (no select, no order). */
  matching: AnyQuery<object>;
  /** The id column as both queries name it, e.g. 'mt.id'. */
  id: string;
  /** Sort order, most significant first; end with the id so that pages never overlap. */
  order: ReadonlyArray<readonly [column: string, direction: 'asc' | 'desc']>;
  /** The full select of a row (joins, columns); the helper restricts it to the page's ids and orders it. */
  select: AnyQuery<Selected>;
  /** A database row as the API answers it. */
  toRow: (selected: Selected) => Row;
  /**
   * The rows `matching` stands for, when `matching` reads only as far as a page needs (`pageReach`): the planner's
   * estimate of the total reads this instead. `matching` by default.
   */
  estimated?: AnyQuery<object>;
  /**
   * The exact total from a counter table when it applies (the unfiltered contacts or income list), else
   * undefined. Makes every page of an unfiltered list exact and its deep pages cheap.
   */
  counted?: () => Promise<number | undefined>;
}

type Order = PagedQuery<unknown, unknown>['order'];

/**
 * How many rows of `matching`, in the list's order, a page (with its total) reads at most: the rows up to the
 * page's end and EXACT_COUNT_LIMIT past it, and one more. A `matching` that keeps only its first `pageReach` rows in
 * the order (or a union of parts, each keeping its own first `pageReach`: each part then plans its own walk or
 * sort, as PostgreSQL plans no ordered walk for a part that joins) answers the same page and total: a count that
 * reaches the bound is an estimate anyway (`estimated`), and one below it saw every row, so the page may be read
 * from either end.
 */
export const pageReach = (params: ListParams): number => params.offset + params.pageSize + EXACT_COUNT_LIMIT + 1;

const reversed = (order: Order): Order => order.map(([column, direction]) => [column, direction === 'asc' ? 'desc' : 'asc'] as const);
const sortedBy = <O>(builder: AnyQuery<O>, order: Order): AnyQuery<O> => order.reduce((sorted, [column, direction]) => sorted.orderBy(column, direction), builder);
const orderClause = (order: Order) => sql.join(order.map(([column, direction]) => sql`${sql.ref(column)} ${sql.raw(direction)}`));

/**
 * One page of a list, the way every list is read (docs/benchmarks.md). The page's ids are chosen on the
 * narrow filtered query, then the full rows with their joins are read for those ids only. The total:
 * - a counter table's when it applies (`counted`): exact, free;
 * - on the first pages (within EXACT_COUNT_LIMIT rows), one scan finds the first EXACT_COUNT_LIMIT + 1
 *   matches in order and answers both the page's ids and how many there are: exact up to the limit, the
 *   planner's estimate past it (`totalIsEstimate`); a common search stops after the limit instead of
 *   rechecking every match, a rare one is found once, not once for the page and once more for the count;
 * - beyond, a count bounded at EXACT_COUNT_LIMIT past the page: exact when it reaches the end (the last
 *   pages), an estimate otherwise. With an exact total the page is walked from whichever end is nearer (the
 *   last page of a million contacts is the first of the reversed order, not an OFFSET of 999,990).
 */
export async function pagedList<Selected, Row>(params: ListParams, query: PagedQuery<Selected, Row>): Promise<Page<Row>> {
  const known = query.counted ? await query.counted() : undefined;
  if (known !== undefined) return exactPage(params, query, known);
  if (params.offset + params.pageSize <= EXACT_COUNT_LIMIT) return firstPages(params, query);
  // A deep page: count as far as EXACT_COUNT_LIMIT past it, a walk as long as the page's own OFFSET.
  const bound = params.offset + params.pageSize + EXACT_COUNT_LIMIT;
  const counted = await boundedCount(query, bound);
  if (counted <= bound) return exactPage(params, query, counted);
  const [page, estimate] = await Promise.all([exactPage(params, query, Number.MAX_SAFE_INTEGER), estimatedCount(query.estimated ?? query.matching)]);
  return { rows: page.rows, total: Math.max(bound + 1, estimate), totalIsEstimate: true };
}

/** How many rows match, counting no further than `bound` + 1. */
async function boundedCount<Selected, Row>(query: PagedQuery<Selected, Row>, bound: number): Promise<number> {
  const first = query.matching.select(sql<number>`1`.as('one')).limit(bound + 1);
  const { total } = await query.scope.raw((db) => db.selectFrom(first.as('first')).select(countAll).executeTakeFirstOrThrow());
  return total;
}

/** A page within the first EXACT_COUNT_LIMIT matches: one bounded scan gives its ids and the count. */
async function firstPages<Selected, Row>(params: ListParams, query: PagedQuery<Selected, Row>): Promise<Page<Row>> {
  const hits = query.matching
    .select([sql.ref(query.id).as('hit_id'), sql<number>`row_number() over (order by ${orderClause(query.order)})`.as('position')])
    .$call((q) => sortedBy(q, query.order))
    .limit(EXACT_COUNT_LIMIT + 1);
  const first = params.offset + 1;
  const last = params.offset + params.pageSize;
  const summary = await query.scope.raw((db) =>
    db
      .selectFrom(hits.as('hits'))
      .select([countAll, sql<number[]>`coalesce(array_agg(hit_id order by position) filter (where position between ${first}::int and ${last}::int), '{}')`.as('ids')])
      .executeTakeFirstOrThrow(),
  );
  const [rows, estimate] = await Promise.all([
    rowsOf(query, summary.ids),
    summary.total > EXACT_COUNT_LIMIT ? estimatedCount(query.estimated ?? query.matching) : undefined,
  ]);
  if (estimate === undefined) return { rows, total: summary.total };
  return { rows, total: Math.max(EXACT_COUNT_LIMIT + 1, estimate), totalIsEstimate: true };
}

/** A page when the exact total is known: from the nearer end of the order, so the last page is as cheap as the first. */
async function exactPage<Selected, Row>(params: ListParams, query: PagedQuery<Selected, Row>, total: number): Promise<Page<Row>> {
  if (params.offset >= total) return { rows: [], total };
  const size = Math.min(params.pageSize, total - params.offset);
  // (With `total` unknown, Number.MAX_SAFE_INTEGER: always forward.)
  const fromEnd = total - params.offset - size;
  const ids =
    fromEnd < params.offset
      ? sortedBy(query.matching.select(query.id), reversed(query.order)).limit(size).offset(fromEnd)
      : sortedBy(query.matching.select(query.id), query.order).limit(size).offset(params.offset);
  const rows = await sortedBy(query.select.where(query.id, 'in', ids), query.order).execute();
  return { rows: rows.map(query.toRow), total };
}

async function rowsOf<Selected, Row>(query: PagedQuery<Selected, Row>, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await sortedBy(query.select.where(query.id, 'in', ids), query.order).execute();
  return rows.map(query.toRow);
}

/** PostgreSQL's estimate of how many rows `matching` selects: its plan's row count (EXPLAIN, nothing run). */
async function estimatedCount(matching: AnyQuery<object>): Promise<number> {
  const [row] = await matching.select(sql<number>`1`.as('one')).explain('json');
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}
