import type { AccountType, LedgerStatus, PaymentChannel } from '@ushirika/shared/contract';
import { ETRACKER_PRODUCT, INCOME_ACCOUNT_TYPES, EXPENSE_ACCOUNT_TYPES } from '@ushirika/shared/contract';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest } from '../http/errors';
import { parseListQuery, type ListParams } from '../http/list-query';
import { listQuerySchema, validatedBy } from '../http/schema';
import { refusingClosedPeriods } from './periods';

/*
 * What every writer of money records shares: the form's income and expense routes, M-Pesa allocation (by a
 * person or a BillRefNumber rule) and the demo seed. One place gives receipt numbers and checks accounts.
 */

/** The account kinds a partner records money in and out against (contract INCOME_/EXPENSE_ACCOUNT_TYPES). */
export async function accountTypesFor(scope: TenantScope, direction: 'income' | 'expense'): Promise<readonly AccountType[]> {
  const { product } = await scope.raw((db, tenantId) => db.selectFrom('partners').select('product').where('id', '=', tenantId).executeTakeFirstOrThrow());
  const variant = product === ETRACKER_PRODUCT ? 'etracker' : 'general';
  return (direction === 'income' ? INCOME_ACCOUNT_TYPES : EXPENSE_ACCOUNT_TYPES)[variant];
}

export const INCOME_ACCOUNT_REFUSED = 'Choose an income account from the list';
export const EXPENSE_ACCOUNT_REFUSED = 'Choose an expense account from the list';

/**
 * The partner's account `id` with its name, if its type is one of `types`; otherwise 400 `refused`, the same
 * for another partner's account, an unknown id and an account of the wrong kind.
 */
export async function requireAccount(
  scope: TenantScope,
  id: number,
  types: readonly AccountType[],
  refused: string,
): Promise<{ id: number; name: string; type: AccountType }> {
  const account = await scope.selectFrom('accounts').select(['id', 'name', 'type']).where('id', '=', id).where('type', 'in', types).executeTakeFirst();
  if (!account) throw badRequest(refused);
  return account;
}

/**
 * Takes the next `count` receipt numbers of the partner and answers the first. Must run inside the
 * transaction that inserts the incomes: the row lock on the partner orders concurrent incomes, and a
 * rollback gives the numbers back, so they stay sequential with no gaps and are never reused.
 */
export async function takeReceiptNumbers(trx: TenantScope, count = 1): Promise<number> {
  const { last_receipt_number } = await trx.raw((db, tenantId) =>
    db
      .updateTable('partners')
      .set((eb) => ({ last_receipt_number: eb('last_receipt_number', '+', count) }))
      .where('id', '=', tenantId)
      .returning('last_receipt_number')
      .executeTakeFirstOrThrow(),
  );
  return last_receipt_number - count + 1;
}

/** The columns of one income, as every writer fills them (the receipt number is taken by `insertIncome`). */
export interface IncomeValues {
  first_name: string;
  last_name: string;
  phone: string;
  /** Exact decimal text */
  amount: string;
  payment_for: string;
  account_id: number;
  /** YYYY-MM-DD */
  date_of_transaction: string;
  mode: PaymentChannel;
  reference: string;
  online_transaction_id?: number | null;
  /** The contact it is linked to (an M-Pesa payer found among the partner's contacts) */
  member_id?: number | null;
  /** The meeting whose offering it records (issue 28.4) */
  meeting_id?: number | null;
  created_by?: number | null;
  /** A correction's links and reason (corrections.ts): the entry reversed, or replaced. */
  reversal_of_id?: number | null;
  correction_of_id?: number | null;
  reason?: string | null;
}

/**
 * Inserts one income with the next receipt number, inside `trx` (see takeReceiptNumbers). An income dated in a
 * closed month is refused, whoever records it (the form, an M-Pesa allocation, the seed): `ClosedPeriodError`
 * (periods.ts), thrown after the database's refusal, which has aborted `trx`.
 */
export async function insertIncome(trx: TenantScope, values: IncomeValues): Promise<{ id: number; receiptNumber: number }> {
  const receiptNumber = await takeReceiptNumbers(trx);
  const { id } = await refusingClosedPeriods(() =>
    trx
      .insertInto('incomes', { ...values, receipt_number: receiptNumber })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { id, receiptNumber };
}

/** An income's or expense's place in the ledger, from its links (contract LEDGER_STATUSES). */
export const ledgerStatus = (row: { reversal_of_id: number | null; reversed_by_id: number | null }): LedgerStatus =>
  row.reversal_of_id !== null ? 'reversal' : row.reversed_by_id !== null ? 'reversed' : 'posted';

/** The income and expense lists' query: the standard one and `reversals` (issue 26.3). */
export interface LedgerListParams extends ListParams {
  /** `?reversals=hide`: leave out the reversing entries and the entries they reverse. */
  hideReversals: boolean;
}

export const REVERSALS_FILTER_REFUSED = 'reversals must be hide or show';

/** GET /income and GET /expense: the standard list query and `?reversals=hide|show` (show, the default: every entry). */
export const ledgerListQuery = validatedBy(
  {
    ...listQuerySchema,
    properties: {
      ...(listQuerySchema.properties as object),
      reversals: {
        type: 'string',
        enum: ['hide', 'show', ''],
        description: 'hide: leave out reversing entries and the entries they reverse (corrected or reversed); show or empty: every entry',
      },
    },
  },
  (query): LedgerListParams => {
    const raw = (query as Record<string, unknown> | null)?.reversals;
    if (raw !== undefined && raw !== '' && raw !== 'hide' && raw !== 'show') throw badRequest(REVERSALS_FILTER_REFUSED);
    return { ...parseListQuery(query), hideReversals: raw === 'hide' };
  },
);
