import { sql } from 'kysely';
import { ACCOUNT_TYPES, accountsEndpoint, ROOT_PARENT_ID, type Account, type AccountType } from '@ushirika/shared/contract';
import { accountSchema, type AccountInput } from '@ushirika/shared/validation';
import { withinDates } from '../db/list-sql';
import { recordQueries } from '../db/record-queries';
import type { TenantScope } from '../db/tenant-scope';
import type { CrudResource } from '../http/crud-routes';
import { badRequest, conflict } from '../http/errors';
import { parseListQuery, type ListParams } from '../http/list-query';
import { listQuerySchema, validatedBy } from '../http/schema';
import { accountTypesFor } from './ledger-records';

export const ACCOUNT_NOT_FOUND = 'Account not found';
export const DUPLICATE_ACCOUNT = 'An account with this name already exists';
export const PARENT_REFUSED = 'Choose a parent account from the list';
export const ACCOUNT_CYCLE = 'An account cannot be placed under itself or one of its own sub-accounts';
export const ACCOUNT_TYPE_IN_USE = 'This account has income, expenses or M-Pesa rules recorded on it, so its type cannot change. Create a new account instead.';
const TYPE_FILTER_REFUSED = `type must be one of ${ACCOUNT_TYPES.join(', ')}`;

/** The accounts list query: the standard one and `type` (ours), one account type only. */
export interface AccountListParams extends ListParams {
  type: AccountType | undefined;
}

function typeFilter(query: unknown): AccountType | undefined {
  const raw = (query as Record<string, unknown> | null)?.type;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !(ACCOUNT_TYPES as readonly string[]).includes(raw)) throw badRequest(TYPE_FILTER_REFUSED);
  return raw as AccountType;
}

/** GET /account: the standard list query and `?type=CR|DR|ROOT` (the pickers and the etracker's client accounts). */
const accountListQuery = validatedBy(
  {
    ...listQuerySchema,
    properties: {
      ...(listQuerySchema.properties as object),
      type: { type: 'string', enum: [...ACCOUNT_TYPES, ''], description: 'Only accounts of this type (CR income, DR expense, ROOT client accounts); empty = all' },
    },
  },
  (query): AccountListParams => ({ ...parseListQuery(query), type: typeFilter(query) }),
);

/** Search: the account's name (a partner has some dozens of accounts: no index needed beyond the tenant's). */
function matching(scope: TenantScope, { searchPattern, type, ...dates }: AccountListParams) {
  return scope
    .selectFrom('accounts as a')
    .$if(searchPattern !== undefined, (q) => q.where('a.name', 'ilike', searchPattern!))
    .$if(type !== undefined, (q) => q.where('a.type', '=', type!))
    .$call(withinDates('a.created_at', dates, scope));
}

function select(scope: TenantScope) {
  return scope
    .selectFrom('accounts as a')
    .leftJoin('accounts as pa', (join) => join.onRef('pa.tenant_id', '=', 'a.tenant_id').onRef('pa.id', '=', 'a.parent_id'))
    .innerJoin('partners as p', 'p.id', 'a.tenant_id')
    .select(['a.id', 'a.name', 'a.type', 'a.parent_id', 'pa.name as parent_name', 'a.created_at', 'p.name as partner_name', 'a.version', 'a.open_for_giving']);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toAccount = (row: Selected): Account => ({
  id: row.id,
  name: row.name,
  type: row.type,
  parentId: row.parent_id ?? ROOT_PARENT_ID,
  Parent: row.parent_name === null ? null : { name: row.parent_name },
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
  openForGiving: row.open_for_giving,
  version: row.version,
});

/**
 * API parentId 0 ('Root Account') is no parent in the database. `openForGiving` left out (the legacy form) leaves
 * the stored value (not offered on a new account).
 */
const columns = (input: AccountInput) => ({
  name: input.accountName,
  type: input.accountType as AccountType,
  parent_id: input.parentId === ROOT_PARENT_ID ? null : input.parentId,
  ...(input.openForGiving === undefined ? {} : { open_for_giving: input.openForGiving }),
});

const records = recordQueries({
  table: 'accounts',
  id: 'a.id',
  order: [
    ['a.created_at', 'desc'],
    ['a.id', 'desc'],
  ],
  matching: (scope, params) => matching(scope, params as AccountListParams),
  select,
  toRow: toAccount,
  columns,
});

/** Two-key advisory lock (this number, the partner) held while an account moves under another: moves are serialised per partner. */
const ACCOUNT_TREE_LOCK = 60_061;

/** True when `parentId` is `id` or lies below it: then `id` under `parentId` would be its own ancestor. */
async function wouldBeOwnAncestor(trx: TenantScope, id: number, parentId: number): Promise<boolean> {
  return trx.raw(async (db, tenantId) => {
    // `union` (not `union all`) ends the walk even on a cycle, should one ever be stored.
    const { rows } = await sql<{ cycle: boolean }>`
      with recursive ancestors (id, parent_id) as (
        select id, parent_id from accounts where tenant_id = ${tenantId}::int and id = ${parentId}::int
        union
        select a.id, a.parent_id from accounts a join ancestors on a.id = ancestors.parent_id where a.tenant_id = ${tenantId}::int
      )
      select exists (select 1 from ancestors where id = ${id}::int) as cycle`.execute(db);
    return rows[0]!.cycle;
  });
}

/**
 * Security review: an account's type (income CR, expense DR, client ROOT) decides which side its money is on.
 * Changed under incomes, expenses or BillRefNumber rules, it would silently turn the incomes into expenses on
 * statements and budgets, and a rule would go on recording payments as income on an expense account: refused
 * (409). Only when the type changes, the account's row is locked (`for update`) before its uses are looked
 * for: an income, expense or rule being saved on it at that moment holds its foreign-key lock on that row until
 * it commits, so the look sees it. (A save that checked the account's kind before this change committed and
 * inserts after it is not seen: the writers check the kind outside their own transaction.)
 */
async function refuseTypeChangeInUse(trx: TenantScope, id: number, type: AccountType): Promise<void> {
  const now = await trx.selectFrom('accounts').select('type').where('id', '=', id).executeTakeFirst();
  if (now === undefined || now.type === type) return;
  await trx.selectFrom('accounts').select('id').where('id', '=', id).forUpdate().execute();
  const inUse = await trx.raw(async (db, tenantId) => {
    const { rows } = await sql<{ used: boolean }>`
      select exists (select 1 from incomes where tenant_id = ${tenantId}::int and account_id = ${id}::int)
          or exists (select 1 from expenses where tenant_id = ${tenantId}::int and account_id = ${id}::int)
          or exists (select 1 from bill_ref_rules where tenant_id = ${tenantId}::int and account_id = ${id}::int) as used`.execute(db);
    return rows[0]!.used;
  });
  if (inUse) throw conflict(ACCOUNT_TYPE_IN_USE);
}

/**
 * A parent that is not the partner's account is refused by the composite foreign key (400 PARENT_REFUSED,
 * see `texts.unknownReference`). A move under another account checks the way up from the new parent while
 * holding the partner's tree lock, so two moves at the same moment cannot close a cycle between them. A type
 * change of an account in use is refused (refuseTypeChangeInUse).
 */
async function updateAccount(scope: TenantScope, id: number, input: AccountInput): Promise<boolean> {
  if (input.parentId === id) throw badRequest(ACCOUNT_CYCLE);
  return scope.transaction(async (trx) => {
    if (input.parentId !== ROOT_PARENT_ID) {
      await trx.raw((db, tenantId) => sql`select pg_advisory_xact_lock(${ACCOUNT_TREE_LOCK}::int, ${tenantId}::int)`.execute(db));
      if (await wouldBeOwnAncestor(trx, id, input.parentId)) throw badRequest(ACCOUNT_CYCLE);
    }
    await refuseTypeChangeInUse(trx, id, input.accountType as AccountType);
    return records.update(trx, id, input);
  });
}

export const accountQueries = { ...records, update: updateAccount };

/**
 * Accounts (spec 2.10, 3, 7): `GET/POST /account`, `PUT /account/{id}` (an edit the spec names but does not
 * show). Names are unique per partner ignoring case; the parent is another of the partner's accounts or
 * none (parentId 0); the type may change while no income, expense or M-Pesa rule uses the account (409).
 * `openForGiving` (ours, issue 29): the account is offered on the partner's giving page.
 */
export const accounts: CrudResource<typeof accountSchema, Account> = {
  endpoint: accountsEndpoint,
  table: 'accounts',
  tag: 'Finance',
  entity: 'account',
  permissions: { read: 'finance.record', write: 'finance.manage' },
  body: accountSchema,
  example: { accountName: 'Tithes', accountType: 'CR', parentId: 0 },
  texts: { notFound: ACCOUNT_NOT_FOUND, duplicate: DUPLICATE_ACCOUNT, unknownReference: PARENT_REFUSED },
  queries: accountQueries,
  listQuery: accountListQuery,
};

/**
 * The accounts money of `direction` may be recorded against, as the target of an income's or expense's
 * `account` field (`references`): the partner's accounts of `accountTypesFor(direction)` only, so an
 * account of another kind, of another partner or unknown is refused alike. It creates accounts through
 * `/account` like the resource itself, of the first kind allowed.
 */
export function accountsFor(direction: 'income' | 'expense'): CrudResource<typeof accountSchema, Account> {
  return {
    ...accounts,
    example: { ...accounts.example, accountType: direction === 'income' ? 'CR' : 'DR' },
    queries: {
      ...accountQueries,
      async find(scope, id) {
        const types = await accountTypesFor(scope, direction);
        const row = await select(scope).where('a.id', '=', id).where('a.type', 'in', types).executeTakeFirst();
        return row && toAccount(row);
      },
    },
  };
}
