import type { ListParams } from '../http/list-query';
import { pagedList, type AnyQuery, type Page, type PagedQuery } from './paged-list';
import type { TenantScope, TenantTable } from './tenant-scope';

/**
 * A table of records as a CRUD resource reads and writes it: how its list filters, how one row is selected
 * and answered, which columns a body fills. Every query goes through the partner's scope.
 */
export interface RecordTable<Input, Selected, Row> {
  table: TenantTable;
  /** The id column as `matching` and `select` name it: 'g.id'. */
  id: string;
  order: PagedQuery<Selected, Row>['order'];
  /** The partner's rows that match the list's search and dates (may look something up first). */
  matching: (scope: TenantScope, params: ListParams) => AnyQuery<object> | Promise<AnyQuery<object>>;
  /** The full select of a row (joins, columns). */
  select: (scope: TenantScope) => AnyQuery<Selected>;
  toRow: (selected: Selected) => Row;
  /** The list's exact total from a counter when it applies (see PagedQuery.counted); undefined to count rows. */
  counted?: (scope: TenantScope, params: ListParams) => Promise<number | undefined>;
  /** The table's columns a valid body fills. */
  columns: (input: Input) => Record<string, unknown>;
}

export interface RecordQueries<Input, Row> {
  list(scope: TenantScope, params: ListParams): Promise<Page<Row>>;
  find(scope: TenantScope, id: number): Promise<Row | undefined>;
  /** The first `limit` records in the list's order (a dashboard's 'Recent …'), without a total. */
  latest(scope: TenantScope, limit: number): Promise<Row[]>;
  /** Returns the new id; a broken unique or foreign key throws (the route answers 409 or 400). */
  insert(scope: TenantScope, input: Input): Promise<number>;
  /** False when the partner has no such record. */
  update(scope: TenantScope, id: number, input: Input): Promise<boolean>;
}

/** The list (one page, newest or as ordered, with its total), one record, insert and update of a table. */
export function recordQueries<Input, Selected, Row>(records: RecordTable<Input, Selected, Row>): RecordQueries<Input, Row> {
  // Kysely types writes on a concrete table; the columns come from the resource's own `columns`.
  const table = records.table as 'groups';
  return {
    list: async (scope, params) =>
      pagedList(params, {
        scope,
        matching: await records.matching(scope, params),
        id: records.id,
        order: records.order,
        select: records.select(scope),
        toRow: records.toRow,
        counted: records.counted && (() => records.counted!(scope, params)),
      }),

    async find(scope, id) {
      const row = await records.select(scope).where(records.id, '=', id).executeTakeFirst();
      return row && records.toRow(row);
    },

    async latest(scope, limit) {
      const ordered = records.order.reduce((query, [column, direction]) => query.orderBy(column, direction), records.select(scope));
      return (await ordered.limit(limit).execute()).map(records.toRow);
    },

    async insert(scope, input) {
      const { id } = await scope
        .insertInto(table, records.columns(input) as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(scope, id, input) {
      const result = await scope.updateTable(table).set(records.columns(input)).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
