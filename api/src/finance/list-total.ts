import { LIST_TOTAL_AMOUNT_FIELD } from '@ushirika/shared/contract';
import type { TenantScope } from '../db/tenant-scope';
import type { ListSummary } from '../http/crud-routes';
import type { ListParams } from '../http/list-query';

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
