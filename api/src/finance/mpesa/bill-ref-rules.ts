import { billRefKey, type BillRefRule } from '@ushirika/shared/contract';
import type { BillRefRuleInput } from '@ushirika/shared/validation';
import { withinDates } from '../../db/list-sql';
import { recordQueries } from '../../db/record-queries';
import type { TenantScope } from '../../db/tenant-scope';
import type { ListParams } from '../../http/list-query';

/*
 * BillRefNumber rules (ours): what payers type as 'account' (TITHE, BUILDING) mapped to one of the partner's
 * income accounts. A payment whose BillRefNumber has a rule's key (upper case, spaces removed: ' tithe '
 * and 'TI THE' are both TITHE) is allocated to that account as it arrives; the rest wait for a person.
 */

export const RULE_NOT_FOUND = 'Rule not found';
export const RULE_DUPLICATE = 'There is already a rule for this account reference';
export const RULE_DELETED = 'Rule deleted';

function matching(scope: TenantScope, params: ListParams) {
  return scope
    .selectFrom('bill_ref_rules as r')
    .innerJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.account_id'))
    .$if(params.searchPattern !== undefined, (q) =>
      q.where((eb) => eb.or([eb('r.bill_ref', 'ilike', params.searchPattern!), eb('a.name', 'ilike', params.searchPattern!)])),
    )
    .$call(withinDates('r.created_at', params, scope));
}

function select(scope: TenantScope) {
  return scope
    .selectFrom('bill_ref_rules as r')
    .innerJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.account_id'))
    .innerJoin('partners as p', 'p.id', 'r.tenant_id')
    .select(['r.id', 'r.bill_ref', 'r.account_id', 'a.name as account_name', 'r.created_at', 'p.name as partner_name', 'r.version']);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toRule = (row: Selected): BillRefRule => ({
  id: row.id,
  billRef: row.bill_ref,
  AccountId: row.account_id,
  Account: { name: row.account_name },
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
  version: row.version,
});

/** Newest first; a key the partner has a rule for already is refused by the unique key (409). */
export const billRefRuleQueries = recordQueries({
  table: 'bill_ref_rules',
  id: 'r.id',
  order: [
    ['r.created_at', 'desc'],
    ['r.id', 'desc'],
  ],
  matching,
  select,
  toRow: toRule,
  columns: (input: BillRefRuleInput) => ({ bill_ref: input.billRef, bill_ref_key: billRefKey(input.billRef), account_id: input.account }),
});

/** DELETE /mpesarules/{id}: false when the partner has no such rule. */
export async function deleteBillRefRule(scope: TenantScope, id: number): Promise<boolean> {
  const result = await scope.deleteFrom('bill_ref_rules').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
