import { sql } from 'kysely';
import { expensesEndpoint, type Expense, type PaymentChannel } from '@ushirika/shared/contract';
import { expenseSchema, type ExpenseInput } from '@ushirika/shared/validation';
import { recordQueries } from '../db/record-queries';
import type { TenantScope } from '../db/tenant-scope';
import type { CrudResource, SaveContext } from '../http/crud-routes';
import type { ListParams } from '../http/list-query';
import { accountsFor } from './accounts';
import { ledgerSum, listTotalAmount } from './list-total';
import { EXPENSE_ACCOUNT_REFUSED, ledgerListQuery, ledgerStatus, type LedgerListParams } from './ledger-records';
import { holdingPeriods, refusingClosedPeriods } from './periods';

export const EXPENSE_NOT_FOUND = 'Expense not found';

/**
 * Search: payee, reference, 'payment for' and notes (trigram index expenses_search_idx). Dates filter the date of
 * transaction; `?reversals=hide` leaves out reversing entries and the entries they reverse.
 */
function matching(scope: TenantScope, params: ListParams) {
  const { searchPattern, startDate, endDate } = params;
  const { hideReversals } = params as Partial<LedgerListParams>;
  return scope
    .selectFrom('expenses as e')
    .$if(searchPattern !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('e.payee', 'ilike', searchPattern!),
          eb('e.reference', 'ilike', searchPattern!),
          eb('e.payment_for', 'ilike', searchPattern!),
          eb('e.notes', 'ilike', searchPattern!),
        ]),
      ),
    )
    .$if(startDate !== undefined, (q) => q.where('e.date_of_transaction', '>=', startDate!))
    .$if(endDate !== undefined, (q) => q.where('e.date_of_transaction', '<=', endDate!))
    .$if(hideReversals === true, (q) => q.where('e.reversal_of_id', 'is', null).where('e.reversed_by_id', 'is', null));
}

/** date and numeric leave the database as text: no time-zone shift, no float. */
function select(scope: TenantScope) {
  return scope
    .selectFrom('expenses as e')
    .innerJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 'e.tenant_id').onRef('a.id', '=', 'e.account_id'))
    .innerJoin('partners as p', 'p.id', 'e.tenant_id')
    .select([
      'e.id',
      'e.payee',
      sql<string>`e.amount::text`.as('amount'),
      'e.payment_for',
      'e.mode',
      'e.reference',
      'e.notes',
      sql<string>`to_char(e.date_of_transaction, 'YYYY-MM-DD')`.as('date_of_transaction'),
      'e.account_id',
      'a.name as account_name',
      'e.created_at',
      'p.name as partner_name',
      'e.version',
      'e.reversal_of_id',
      'e.reversed_by_id',
      'e.correction_of_id',
      'e.reason',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toExpense = (row: Selected): Expense => ({
  id: row.id,
  payee: row.payee,
  amount: row.amount,
  paymentFor: row.payment_for,
  mode: row.mode,
  reference: row.reference,
  notes: row.notes,
  dateOfTransaction: row.date_of_transaction,
  AccountId: row.account_id,
  Account: { name: row.account_name },
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
  version: row.version,
  status: ledgerStatus(row),
  reversalOfId: row.reversal_of_id,
  reversedById: row.reversed_by_id,
  correctionOfId: row.correction_of_id,
  reason: row.reason,
});

/** The hidden sendMessage of the edit form is accepted and ignored: an expense has no receipt. */
export const expenseColumns = (input: ExpenseInput) => ({
  payee: input.payee,
  amount: input.amount,
  payment_for: input.paymentFor,
  account_id: input.account,
  date_of_transaction: input.dateOfTransaction,
  mode: input.mode as PaymentChannel,
  reference: input.reference,
  notes: input.notes,
});

/**
 * Latest date of transaction first, on expenses_list_idx (tenant_id, date_of_transaction, id). No update: an
 * expense's money is never rewritten (corrections.ts serves PUT /expense/{id}).
 */
const { update: _noUpdate, ...records } = recordQueries({
  table: 'expenses',
  id: 'e.id',
  order: [
    ['e.date_of_transaction', 'desc'],
    ['e.id', 'desc'],
  ],
  matching,
  select,
  toRow: toExpense,
  columns: expenseColumns,
});

export const expenseQueries = {
  ...records,
  /** Records who entered it; refused in a closed month (ClosedPeriodError, periods.ts). */
  async insert(scope: TenantScope, input: ExpenseInput, { userId }: SaveContext): Promise<number> {
    return insertExpense(scope, { ...expenseColumns(input), created_by: userId });
  },
};

/** One expense's columns, as the form and a correction fill them. */
export type ExpenseValues = ReturnType<typeof expenseColumns> & {
  created_by: number | null;
  reversal_of_id?: number | null;
  correction_of_id?: number | null;
  reason?: string | null;
};

/**
 * Inserts one expense inside `trx`, holding the partner's months open (a close waits for it); one dated in a
 * closed month is refused with ClosedPeriodError.
 */
export async function insertExpense(trx: TenantScope, values: ExpenseValues): Promise<number> {
  await holdingPeriods(trx);
  const { id } = await refusingClosedPeriods(() => trx.insertInto('expenses', values).returning('id').executeTakeFirstOrThrow());
  return id;
}

/**
 * Expenses (spec 2.10, 3, 7): `GET/POST /expense` here, `PUT /expense/{id}` and `POST /expense/{id}/reverse`
 * in corrections.ts (issue 26.3), recorded on the partner's expense
 * accounts (DR; ROOT too for the etracker product). The success text speaks of an expense
 * (docs/spec-deviations.md).
 */
export const expenses: CrudResource<typeof expenseSchema, Expense> = {
  endpoint: expensesEndpoint,
  table: 'expenses',
  tag: 'Finance',
  entity: 'expense',
  permissions: { read: 'finance.record', write: 'finance.record' },
  body: expenseSchema,
  example: {
    payee: 'Kenya Power',
    amount: '4300.50',
    account: 1,
    mode: 'M-PESA',
    dateOfTransaction: '2026-03-02',
    paymentFor: 'Electricity, February',
    reference: 'INV-2026-118',
    notes: 'Main hall and offices',
    sendMessage: false,
  },
  texts: { notFound: EXPENSE_NOT_FOUND, unknownReference: EXPENSE_ACCOUNT_REFUSED },
  queries: expenseQueries,
  listQuery: ledgerListQuery,
  // The exact sum of every expense the list's query matches (issue 28.3).
  listSummary: listTotalAmount(
    ledgerSum('expense', (scope, params) => matching(scope, params).select(sql<string>`round(coalesce(sum(e.amount), 0), 2)::text`.as('total'))),
  ),
  references: { account: accountsFor('expense') },
};
