import { sql, type Expression, type SqlBool } from 'kysely';
import { phoneSearch, searchNeedsCountry } from '../contacts/member-search';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';
import { partnerCountry } from '../partners/queries';

/**
 * The search of the messaging lists that hold phone numbers (messages, opted-out numbers): a phone-like
 * text finds the number however it was typed, as the contacts search reads it (`phoneSearch`: a whole
 * number by equality, a fragment by its national digits, local forms in the partner's country); any other
 * text is matched anywhere in the number and in `textColumns`, ignoring case. Undefined without a search.
 */
export async function phoneListSearch(
  scope: TenantScope,
  params: ListParams,
  phoneColumn: string,
  textColumns: readonly string[],
): Promise<Expression<SqlBool> | undefined> {
  const { searchKey, searchPattern } = params;
  if (searchPattern === undefined) return undefined;
  const phone = searchNeedsCountry(params) ? phoneSearch(searchKey, await scope.raw((db, tenantId) => partnerCountry(db, tenantId))) : { phoneLike: false };
  const column = sql.ref(phoneColumn);
  const conditions = [
    ...(phone.phoneLike ? [] : [phoneColumn, ...textColumns].map((name) => sql<SqlBool>`${sql.ref(name)} ilike ${searchPattern}`)),
    ...(phone.exact !== undefined ? [sql<SqlBool>`${column} = ${phone.exact}`] : []),
    ...(phone.pattern !== undefined ? [sql<SqlBool>`${column} ilike ${phone.pattern}`] : []),
  ];
  // A phone-like text too short to search by ('+254') finds nothing.
  return conditions.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}
