import { sql, type Expression, type SqlBool } from 'kysely';
import type { PhoneSearch } from '../contacts/member-search';

/**
 * The condition of a list search on a table's `search_text` (migration 0009: its searched columns,
 * lower-cased, names joined by spaces) and, for a table with phone numbers, its phone column:
 * - the lower-cased text anywhere in `search_text`: one LIKE on its trigram index, where ILIKE on each
 *   column cost ten times as much per row checked;
 * - a phone-like text (`phoneSearch`, three digits or more) also matches ``phone.column` (its own trigram
 *   index) by its national digits anywhere, or a whole number by equality on the unique index. Shorter
 *   digit runs never search phones: every stored number holds the calling code's digits.
 * `searchPattern` is the list query's ILIKE pattern (`%text%`, with %, _ and \ escaped).
 */
export function searchTextMatches(column: string, searchPattern: string, phone?: { column: string; search: PhoneSearch }): Expression<SqlBool> {
  const conditions = [sql<SqlBool>`${sql.ref(column)} like lower(${searchPattern})`];
  if (phone?.search.pattern !== undefined) conditions.push(sql<SqlBool>`${sql.ref(phone.column)} like ${phone.search.pattern}`);
  if (phone?.search.exact !== undefined) conditions.push(sql<SqlBool>`${sql.ref(phone.column)} = ${phone.search.exact}`);
  return conditions.length === 1 ? conditions[0]! : sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}
