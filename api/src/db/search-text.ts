import { sql, type Expression, type SqlBool } from 'kysely';
import type { PhoneSearch } from '../contacts/member-search';

/**
 * The condition of a list search on a table's `search_text` (migration 0009: its searched columns,
 * lower-cased, names joined by spaces) and, for a table with phone numbers, its phone column:
 * - the lower-cased text anywhere in `search_text`: one LIKE on its trigram index, where ILIKE on each
 *   column cost ten times as much per row checked;
 * - a phone-like text (`phoneSearch`, three digits or more) also matches `phone.column` as
 *   `phoneConditions` reads it, the column having a prefix index (contacts and incomes, migration 0030).
 * `searchPattern` is the list query's ILIKE pattern (`%text%`, with %, _ and \ escaped).
 */
export function searchTextMatches(column: string, searchPattern: string, phone?: { column: string; search: PhoneSearch }): Expression<SqlBool> {
  const conditions = [sql<SqlBool>`${sql.ref(column)} like lower(${searchPattern})`, ...(phone ? phoneConditions(phone.column, phone.search, 'prefix') : [])];
  return conditions.length === 1 ? conditions[0]! : sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * What a phone-like search (`phoneSearch`) asks of an E.164 phone column, any one of them matching; none for a
 * phone-like text too short to search by ('+254'). Shorter digit runs never search phones: every stored number
 * holds the calling code's digits.
 * - a whole number: equality, on the (tenant_id, phone) unique index;
 * - a number's start ('0115 98'): with the column's `index` 'prefix' (a `text_pattern_ops` b-tree, migration
 *   0030), LIKE '+25411598%', one range of it. With only a 'trigram' index (the messages' recipients: another
 *   index would cost every bulk send's row), the national digits anywhere select on the trigrams and
 *   `starts_with` keeps the numbers that start so: LIKE '+25411598%' on trigrams would select on those of the
 *   calling code and the operator's digits, which every number holds (twice the time, docs/benchmarks.md);
 * - other digits ('980 000'): the national digits anywhere, on the column's trigram index.
 */
export function phoneConditions(column: string, search: PhoneSearch, index: 'prefix' | 'trigram'): Expression<SqlBool>[] {
  const ref = sql.ref(column);
  const { exact, prefix, pattern } = search;
  return [
    ...(exact !== undefined ? [sql<SqlBool>`${ref} = ${exact}`] : []),
    ...(prefix === undefined
      ? []
      : index === 'prefix'
        ? [sql<SqlBool>`${ref} like ${`${prefix.start}%`}`]
        : [sql<SqlBool>`(${ref} like ${prefix.fragment} and starts_with(${ref}, ${prefix.start}))`]),
    ...(pattern !== undefined ? [sql<SqlBool>`${ref} like ${pattern}`] : []),
  ];
}
