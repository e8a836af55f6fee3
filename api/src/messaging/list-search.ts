import { sql, type Expression, type SqlBool } from 'kysely';
import { listPhoneSearch } from '../contacts/member-search';
import { phoneConditions } from '../db/search-text';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';

/** Any of `conditions`; false for none. */
export const anyOf = (conditions: Expression<SqlBool>[]): Expression<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;

/**
 * The search of the lists that hold phone numbers beside a few text columns (opted-out numbers, staff): a
 * phone-like text finds the number however it was typed (db/search-text.ts, `phoneConditions`); any other
 * text is matched anywhere in the number and in `textColumns`, ignoring case. Undefined without a search.
 * (The messages list searches its own way: messaging/notifications.ts.)
 */
export async function phoneListSearch(
  scope: TenantScope,
  params: ListParams,
  phoneColumn: string,
  textColumns: readonly string[],
): Promise<Expression<SqlBool> | undefined> {
  const { searchPattern } = params;
  if (searchPattern === undefined) return undefined;
  const phone = await listPhoneSearch(scope, params);
  // Their phone columns have no search index of their own (a partner's few staff or opted-out numbers).
  if (phone.phoneLike) return anyOf(phoneConditions(phoneColumn, phone, 'trigram'));
  return anyOf([phoneColumn, ...textColumns].map((name) => sql<SqlBool>`${sql.ref(name)} ilike ${searchPattern}`));
}
