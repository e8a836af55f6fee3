import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { SYSTEM_ACTOR, type Actor } from '../activity/record';
import type { Database } from './schema';

/** The tables that belong to a partner: every one with a `tenant_id` column. */
export type TenantTable = { [T in keyof Database]: Database[T] extends { tenant_id: number } ? T : never }[keyof Database];

/** `'meetings'` or `'meetings as m'`: how a query names a tenant table. */
export type TenantFrom = TenantTable | `${TenantTable} as ${string}`;

/** What a query calls the table: the alias if it has one. */
const aliasOf = (from: string) => from.split(/\s+as\s+/i).pop() ?? from;

/** Any query builder that takes a WHERE condition (select, update, delete). */
interface Filterable<Q> {
  where(condition: Expression<SqlBool>): Q;
}

/**
 * `query` with `<alias>.tenant_id = <tenant>` added, keeping the builder's own type (a direct `.where` on
 * the builder of a generic table does not type-check).
 */
function ownedBy<Q>(query: Q, from: string, tenantId: number): Q {
  return (query as unknown as Filterable<Q>).where(sql<SqlBool>`${sql.ref(`${aliasOf(from)}.tenant_id`)} = ${tenantId}`);
}

/**
 * The database as one partner may see it. Every query it starts is already limited to the partner's rows,
 * and every row it inserts already carries the partner's id, so a query cannot forget the tenant filter.
 * Joins name their own conditions: join another tenant table on `tenant_id` as well as on its id
 * (every foreign key includes `tenant_id`).
 *
 * Route handlers get one from the authenticated request (`request.tenant`); the partner id inside comes
 * from the verified token only. It also names who acts through it (`actor`: the signed-in staff member and
 * their address, or one of the product's own writers), whom the activity log records (api/src/activity).
 */
export class TenantScope {
  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
    readonly actor: Actor = SYSTEM_ACTOR,
    /**
     * The partner's time zone when whoever opened the scope has read it (a request reads it with the session,
     * at no extra cost), so a list's dates become constants (db/list-sql.ts `partnerDayStart`); null otherwise.
     */
    readonly timeZone: string | null = null,
  ) {}

  /** True inside a transaction: where a change and its activity event are written together. */
  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  selectFrom<F extends TenantFrom>(from: F) {
    return ownedBy(this.db.selectFrom(from), from, this.tenantId);
  }

  insertInto<T extends TenantTable>(table: T, values: Omit<Insertable<Database[T]>, 'tenant_id'>) {
    return this.db.insertInto(table).values({ ...values, tenant_id: this.tenantId } as unknown as Insertable<Database[T]>);
  }

  updateTable<T extends TenantTable>(table: T) {
    return ownedBy(this.db.updateTable(table), table, this.tenantId);
  }

  deleteFrom<T extends TenantTable>(table: T) {
    return ownedBy(this.db.deleteFrom(table), table, this.tenantId);
  }

  /**
   * The same partner inside one transaction: all or nothing. Called on a scope that is inside a transaction
   * already (a save that runs in a caller's transaction), the work joins it.
   */
  transaction<T>(work: (scope: TenantScope) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx: Transaction<Database>) => work(new TenantScope(trx, this.tenantId, this.actor, this.timeZone)));
  }

  /**
   * Raw SQL for what the builder cannot say (series, window functions). The callback gets the partner id
   * and must filter every tenant table by it itself: keep such queries few and reviewed.
   */
  raw<T>(query: (db: Kysely<Database>, tenantId: number) => Promise<T>): Promise<T> {
    return query(this.db, this.tenantId);
  }
}
