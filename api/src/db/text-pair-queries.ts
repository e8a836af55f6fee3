import { sql } from 'kysely';
import type { PartnerRef } from '@ushirika/shared/contract';
import type { ListParams } from '../http/list-query';
import { withinDates } from './list-sql';
import { recordQueries } from './record-queries';
import type { VersionedTable } from './record-versions';
import type { TenantScope, TenantTable } from './tenant-scope';

/** A record of such a table as the API answers it: the two texts under their column names. */
export type TextPair<A extends string, B extends string> = { id: number; createdAt: string; Partner: PartnerRef; version: number } & Record<A | B, string>;

/**
 * One set of queries for every table of two-text records: meeting types and group types (name +
 * description), message configs (config + value). The list is newest first and searches both texts (on the
 * table's trigram or list index); the first text is unique per partner in any case (a unique index).
 */
export function textPairQueries<A extends string, B extends string>(table: VersionedTable & TenantTable, [first, second]: readonly [A, B]) {
  // Kysely types a query on a concrete table; these tables share the shape that matters here (id,
  // tenant_id, created_at and the two text columns named by the caller).
  const from = `${table} as t` as 'meeting_types as t';
  const column = (name: string) => sql.ref<string>(`t.${name}`);

  const matching = (scope: TenantScope, { searchPattern, ...dates }: ListParams) =>
    scope
      .selectFrom(from)
      .$if(searchPattern !== undefined, (q) => q.where((eb) => eb.or([eb(column(first), 'ilike', searchPattern!), eb(column(second), 'ilike', searchPattern!)])))
      .$call(withinDates('t.created_at', dates, scope));

  const select = (scope: TenantScope) =>
    scope
      .selectFrom(from)
      .innerJoin('partners as p', 'p.id', 't.tenant_id')
      .select(['t.id', column(first).as('first'), column(second).as('second'), 't.created_at', 'p.name as partner_name', 't.version']);

  type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const toRow = (row: Selected) =>
    ({
      id: row.id,
      [first]: row.first,
      [second]: row.second,
      createdAt: row.created_at.toISOString(),
      Partner: { name: row.partner_name },
      version: row.version,
    }) as TextPair<A, B>;

  return recordQueries({
    table,
    id: 't.id',
    order: [
      ['t.created_at', 'desc'],
      ['t.id', 'desc'],
    ],
    matching,
    select,
    toRow,
    columns: (input: Record<A | B, string>) => ({ [first]: input[first], [second]: input[second] }),
  });
}

/** Meeting types and group types: a name and a description. */
export const namedTypeQueries = (table: 'meeting_types' | 'group_types') => textPairQueries(table, ['name', 'description'] as const);
