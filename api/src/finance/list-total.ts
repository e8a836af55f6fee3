import { sql } from 'kysely';
import { LIST_TOTAL_AMOUNT_FIELD } from '@ushirika/shared/contract';
import type { TenantScope } from '../db/tenant-scope';
import type { ListSummary } from '../http/crud-routes';
import type { ListParams } from '../http/list-query';
import type { LedgerListParams } from './ledger-records';

/** A query answering one row: the sum of the matching rows' amounts as exact text (`total`). */
interface SumQuery {
  executeTakeFirstOrThrow(): Promise<{ total: string }>;
}

/**
 * `total_amount` (issue 28.3) beside a ledger list's page: the exact sum, in SQL numeric, of the amounts of every
 * row the list's query matches (search, dates and reversals as the page; all pages), e.g. "48250.50"; "0.00" for none.
 * A reversing entry's negative amount cancels the entry it reverses.
 */
export function listTotalAmount(sum: (scope: TenantScope, params: ListParams) => Promise<SumQuery> | SumQuery): ListSummary {
  return {
    properties: {
      [LIST_TOTAL_AMOUNT_FIELD]: {
        type: 'string',
        pattern: '^-?\\d+\\.\\d{2}$',
        description: 'The exact sum of the amounts of every row the query matches (all pages), as decimal text',
        example: '48250.50',
      },
    },
    async read(scope, params) {
      const { total } = await (await sum(scope, params)).executeTakeFirstOrThrow();
      return { [LIST_TOTAL_AMOUNT_FIELD]: total };
    },
  };
}

/**
 * A ledger list's sum (`listTotalAmount`'s argument): without a search or hidden reversals, the sum of
 * day_totals' days of `source` within the dates (migration 0010: every income's or expense's signed amount on its
 * date of transaction, by mode, kept by triggers, a reversing entry's negative amount included): one range of
 * day_totals_by_source_idx, whatever the number of rows. Summing every matching row scanned the whole table on each
 * page (a parallel sequential scan of 770,000 incomes at the benchmark's sizes: about 6 income pages a second on 2
 * cores). With a search or `reversals=hide`, `summed` adds up the matching rows.
 */
export function ledgerSum(source: 'income' | 'expense', summed: (scope: TenantScope, params: ListParams) => Promise<SumQuery> | SumQuery) {
  return (scope: TenantScope, params: ListParams): Promise<SumQuery> | SumQuery => {
    const { searchKey, startDate, endDate } = params;
    if (searchKey !== undefined || (params as Partial<LedgerListParams>).hideReversals === true) return summed(scope, params);
    return scope
      .selectFrom('day_totals as d')
      .select(sql<string>`round(coalesce(sum(d.amount), 0), 2)::text`.as('total'))
      .where('d.source', '=', source)
      .$if(startDate !== undefined, (q) => q.where('d.day', '>=', startDate!))
      .$if(endDate !== undefined, (q) => q.where('d.day', '<=', endDate!));
  };
}
