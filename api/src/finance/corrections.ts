import { sql } from 'kysely';
import {
  ENTRY_IS_REVERSAL,
  EXPENSE_ALREADY_REVERSED,
  EXPENSE_CORRECTED,
  EXPENSE_REASON_REQUIRED,
  EXPENSE_REVERSED,
  expenseMoneyChanges,
  expensesEndpoint,
  INCOME_ALREADY_REVERSED,
  INCOME_CORRECTED,
  INCOME_REASON_REQUIRED,
  INCOME_REVERSED,
  incomeMoneyChanges,
  incomesEndpoint,
  MPESA_INCOME_FIXED,
  type ActivityEntity,
  type Expense,
  type Income,
} from '@ushirika/shared/contract';
import type { ExpenseInput, IncomeInput } from '@ushirika/shared/validation';
import { changesBetween, recordActivity } from '../activity/record';
import { savingVersion } from '../db/record-versions';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, conflict } from '../http/errors';
import { expenseColumns, expenseQueries, insertExpense } from './expenses';
import { incomeColumns, incomeQueries } from './incomes';
import { insertIncome, type IncomeValues } from './ledger-records';
import { holdingPeriods, requireOpenMonth } from './periods';
import { sendCorrection, sendReceipt } from './receipts';

/*
 * Money is corrected, not rewritten (issue 26.3). An income or expense, once recorded, is a posted entry. A change
 * of its money - an income's amount, account, date or payer, an expense's amount, account, date or payee - is a
 * correction: in one transaction the entry is marked reversed, a reversing entry cancels it (its amount negated,
 * same account, date and payer) and a new entry holds the corrected values, both linked to it and carrying the
 * reason given, each with its own receipt number (numbers are never reused). A reversal alone cancels an entry
 * with nothing in its place. A reversed entry and a reversing entry are never corrected or reversed again. Text
 * that is not money (what it was for, the reference, the channel, an expense's notes) is still edited in place;
 * the activity log keeps the old text. Nothing dated in a closed month changes (periods.ts).
 */

export { ENTRY_IS_REVERSAL, EXPENSE_ALREADY_REVERSED, EXPENSE_REASON_REQUIRED, INCOME_ALREADY_REVERSED, INCOME_REASON_REQUIRED, MPESA_INCOME_FIXED };

/** Who corrects, over which version of the entry, and how to wake the outbox once an SMS is queued and committed. */
export interface CorrectionContext {
  userId: number;
  version?: number | undefined;
  /** Called inside the transaction when it queued a message: the caller wakes the outbox after the commit. */
  queued: () => void;
}

/** What a PUT or reverse answers: the success text and the entry to show (the new entry of a correction). */
export interface LedgerAnswer<Row> {
  status_msg: string;
  record: Row;
}

interface LedgerRow {
  id: number;
  status: 'posted' | 'reversed' | 'reversal';
  dateOfTransaction: string;
}

/** What differs between an income and an expense in the ledger; the flow (ledgerSave, ledgerReverse) is theirs alike. */
interface Ledger<Input extends { reason: string }, Row extends LedgerRow> {
  table: 'incomes' | 'expenses';
  entity: ActivityEntity;
  texts: { saved: string; corrected: string; reversed: string; reasonRequired: string; alreadyReversed: string; isReversal: string };
  find(scope: TenantScope, id: number): Promise<Row | undefined>;
  /** The money fields the form changes (empty: an edit of text in place). */
  moneyChanges(row: Row, input: Input): string[];
  /** The fields a correction's event lists old and new (the form's, as the row shows them). */
  formView(row: Row): object;
  /** Refuses a correction this kind of entry cannot take (an M-Pesa income's amount). */
  checkCorrection?(row: Row, changed: readonly string[]): void;
  /** Inserts the entry reversing `id` (amount negated, same everything else); answers its id. */
  insertReversal(trx: TenantScope, id: number, reason: string, userId: number): Promise<number>;
  /** Inserts the corrected entry replacing `row`; answers its id. */
  insertCorrection(trx: TenantScope, row: Row, input: Input, reason: string, userId: number): Promise<number>;
  /** What a correction changes besides the entries (an M-Pesa payment's income, the correction SMS). */
  corrected?(trx: TenantScope, row: Row, newId: number, context: CorrectionContext): Promise<void>;
  /** What a reversal changes besides the entries (an M-Pesa payment waits for an account again). */
  reversed?(trx: TenantScope, row: Row): Promise<void>;
  /** Edits the text fields in place. */
  editText(trx: TenantScope, id: number, input: Input): Promise<void>;
  /** What an edit in place may do besides (an income's first receipt). */
  edited?(trx: TenantScope, row: Row, input: Input, context: CorrectionContext): Promise<void>;
}

/** The 409 of an entry that is reversed, or is a reversing entry. */
function refuseSettled<Row extends LedgerRow>(ledger: Ledger<{ reason: string }, Row>, row: Row): void {
  if (row.status === 'reversed') throw conflict(ledger.texts.alreadyReversed);
  if (row.status === 'reversal') throw conflict(ledger.texts.isReversal);
}

/**
 * `PUT /<path>/{id}` (contract: the form, `version?`, `reason?`), in one transaction over the entry's version: a
 * change of money is a correction (reversing entry R, new entry N; the `correct` event on the entry, with the
 * reason, R and N, and the money fields old and new; answers N), refused 400 without a reason and 409 for a
 * reversed or reversing entry; a change of text only is an edit in place (the `update` event; answers the entry).
 * Undefined when the partner has no such entry (404); 409 StaleSaveError over a newer version; ClosedPeriodError
 * for a month closed (the entry's, or the new date's).
 */
async function ledgerSave<Input extends { reason: string }, Row extends LedgerRow>(
  ledger: Ledger<Input, Row>,
  scope: TenantScope,
  id: number,
  input: Input,
  context: CorrectionContext,
): Promise<LedgerAnswer<Row> | undefined> {
  let answer: LedgerAnswer<Row> | undefined;
  const found = await savingVersion(scope, ledger.table, id, context, async (trx) => {
    const before = (await ledger.find(trx, id))!;
    const changed = ledger.moneyChanges(before, input);
    if (changed.length === 0) {
      await holdingPeriods(trx);
      await requireOpenMonth(trx, before.dateOfTransaction);
      await ledger.editText(trx, id, input);
      await ledger.edited?.(trx, before, input, context);
      const after = (await ledger.find(trx, id))!;
      const reason = input.reason.trim();
      await recordActivity(trx, {
        action: 'update',
        entity: ledger.entity,
        entityId: id,
        changes: changesBetween(before, after),
        details: { reason: reason || undefined },
      });
      answer = { status_msg: ledger.texts.saved, record: after };
      return true;
    }
    refuseSettled(ledger, before);
    const reason = input.reason.trim();
    if (reason === '') throw badRequest(ledger.texts.reasonRequired);
    ledger.checkCorrection?.(before, changed);
    const reversalId = await reverseEntry(ledger, trx, id, reason, context.userId);
    const newId = await ledger.insertCorrection(trx, before, input, reason, context.userId);
    await ledger.corrected?.(trx, before, newId, context);
    const created = (await ledger.find(trx, newId))!;
    await recordActivity(trx, {
      action: 'correct',
      entity: ledger.entity,
      entityId: id,
      changes: changesBetween(ledger.formView(before), ledger.formView(created)),
      details: { reason, reversalId, newId },
    });
    answer = { status_msg: ledger.texts.corrected, record: created };
    return true;
  });
  return found ? answer : undefined;
}

/** Inserts the reversing entry of `id` and marks `id` reversed by it; answers the reversing entry's id. */
async function reverseEntry<Input extends { reason: string }, Row extends LedgerRow>(
  ledger: Ledger<Input, Row>,
  trx: TenantScope,
  id: number,
  reason: string,
  userId: number,
): Promise<number> {
  const reversalId = await ledger.insertReversal(trx, id, reason, userId);
  await trx.updateTable(ledger.table).set({ reversed_by_id: reversalId }).where('id', '=', id).execute();
  return reversalId;
}

/**
 * `POST /<path>/{id}/reverse` { reason, version? }: reverses the entry with nothing in its place, in one
 * transaction over its version (the `reverse` event with the reason and the reversing entry); answers the
 * reversing entry. Undefined for no such entry (404); 409 for a reversed or reversing entry, over a newer
 * version, or in a closed month.
 */
async function ledgerReverse<Input extends { reason: string }, Row extends LedgerRow>(
  ledger: Ledger<Input, Row>,
  scope: TenantScope,
  id: number,
  reason: string,
  context: CorrectionContext,
): Promise<LedgerAnswer<Row> | undefined> {
  let answer: LedgerAnswer<Row> | undefined;
  const found = await savingVersion(scope, ledger.table, id, context, async (trx) => {
    const before = (await ledger.find(trx, id))!;
    refuseSettled(ledger, before);
    const reversalId = await reverseEntry(ledger, trx, id, reason, context.userId);
    await ledger.reversed?.(trx, before);
    await recordActivity(trx, { action: 'reverse', entity: ledger.entity, entityId: id, details: { reason, reversalId } });
    answer = { status_msg: ledger.texts.reversed, record: (await ledger.find(trx, reversalId))! };
    return true;
  });
  return found ? answer : undefined;
}

// ------------------------------------------------------------------------------------------------
// Income

/** An income's columns as stored, for its reversing entry (numeric and date as text: exact, no time-zone shift). */
async function storedIncome(trx: TenantScope, id: number): Promise<IncomeValues & { receipt_number: number; receipt_send_id: number | null }> {
  return trx
    .selectFrom('incomes')
    .select([
      'first_name',
      'last_name',
      'phone',
      sql<string>`amount::text`.as('amount'),
      'payment_for',
      'account_id',
      sql<string>`to_char(date_of_transaction, 'YYYY-MM-DD')`.as('date_of_transaction'),
      'mode',
      'reference',
      'online_transaction_id',
      'member_id',
      'meeting_id',
      'receipt_number',
      'receipt_send_id',
      'correction_of_id',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** '1250.00' -> '-1250.00' (exact text; a reversing entry's amount). */
const negated = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

const incomeLedger: Ledger<IncomeInput, Income> = {
  table: 'incomes',
  entity: 'income',
  texts: {
    saved: incomesEndpoint.savedText,
    corrected: INCOME_CORRECTED,
    reversed: INCOME_REVERSED,
    reasonRequired: INCOME_REASON_REQUIRED,
    alreadyReversed: INCOME_ALREADY_REVERSED,
    isReversal: ENTRY_IS_REVERSAL,
  },
  find: (scope, id) => incomeQueries.find(scope, id),
  moneyChanges: (income, input) => incomeMoneyChanges(income, input),
  formView: ({ firstName, lastName, phone, amount, AccountId, Account, dateOfTransaction, mode, paymentFor, reference }) => ({
    firstName,
    lastName,
    phone,
    amount,
    AccountId,
    Account,
    dateOfTransaction,
    mode,
    paymentFor,
    reference,
  }),
  checkCorrection(income, changed) {
    if (income.onlineTransactionId !== null && (changed.includes('amount') || changed.includes('dateOfTransaction'))) throw badRequest(MPESA_INCOME_FIXED);
  },
  async insertReversal(trx, id, reason, userId) {
    const { receipt_number: _number, receipt_send_id: _send, correction_of_id: _corrected, ...stored } = await storedIncome(trx, id);
    const reversal = await insertIncome(trx, { ...stored, amount: negated(stored.amount), reversal_of_id: id, reason, created_by: userId });
    return reversal.id;
  },
  /**
   * The new entry keeps the payment of an M-Pesa income, the meeting whose offering it is, and the contact it was
   * linked to while it still has their phone (income-contact.ts: linked means it has their phone).
   */
  async insertCorrection(trx, income, input, reason, userId) {
    const contact =
      income.MemberId === null
        ? undefined
        : await trx.selectFrom('members').select('id').where('id', '=', income.MemberId).where('phone', '=', input.phone).executeTakeFirst();
    const created = await insertIncome(trx, {
      ...incomeColumns(input),
      online_transaction_id: income.onlineTransactionId,
      member_id: contact?.id ?? null,
      meeting_id: income.MeetingId,
      correction_of_id: income.id,
      reason,
      created_by: userId,
    });
    return created.id;
  },
  /**
   * An M-Pesa payment's income is now the new entry, on its account. A correction never sends the receipt again;
   * when the partner turned correction SMS on, the new entry's payer gets one.
   */
  async corrected(trx, income, newId, context) {
    if (income.onlineTransactionId !== null) {
      const created = await storedIncome(trx, newId);
      await trx.updateTable('online_transactions').set({ income_id: newId, account_id: created.account_id }).where('id', '=', income.onlineTransactionId).execute();
    }
    const partner = await trx.raw((db, tenantId) => db.selectFrom('partners').select('correction_sms').where('id', '=', tenantId).executeTakeFirstOrThrow());
    if (partner.correction_sms && (await sendCorrection(trx, newId, income.receiptNumber, context.userId)) > 0) context.queued();
  },
  /** A reversed M-Pesa income's payment waits for an account again (the allocation screen allocates it anew). */
  async reversed(trx, income) {
    if (income.onlineTransactionId === null) return;
    await trx
      .updateTable('online_transactions')
      .set({ account_id: null, income_id: null, allocated_by: null, allocated_at: null })
      .where('id', '=', income.onlineTransactionId)
      .execute();
  },
  async editText(trx, id, input) {
    const { payment_for, mode, reference } = incomeColumns(input);
    await trx
      .updateTable('incomes')
      .set({ payment_for, mode, reference, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },
  /**
   * With Send Message, an income whose payer never had an SMS about it gets its receipt now; one that had one (or
   * that a correction made: its payer had the first receipt) is never sent another.
   */
  async edited(trx, income, input, context) {
    if (!input.sendMessage || income.status !== 'posted' || income.correctionOfId !== null) return;
    const { receipt_send_id } = await storedIncome(trx, income.id);
    if (receipt_send_id === null && (await sendReceipt(trx, income.id, context.userId)) > 0) context.queued();
  },
};

// ------------------------------------------------------------------------------------------------
// Expense

const expenseLedger: Ledger<ExpenseInput, Expense> = {
  table: 'expenses',
  entity: 'expense',
  texts: {
    saved: expensesEndpoint.savedText,
    corrected: EXPENSE_CORRECTED,
    reversed: EXPENSE_REVERSED,
    reasonRequired: EXPENSE_REASON_REQUIRED,
    alreadyReversed: EXPENSE_ALREADY_REVERSED,
    isReversal: ENTRY_IS_REVERSAL,
  },
  find: (scope, id) => expenseQueries.find(scope, id),
  moneyChanges: (expense, input) => expenseMoneyChanges(expense, input),
  formView: ({ payee, amount, AccountId, Account, dateOfTransaction, mode, paymentFor, reference, notes }) => ({
    payee,
    amount,
    AccountId,
    Account,
    dateOfTransaction,
    mode,
    paymentFor,
    reference,
    notes,
  }),
  async insertReversal(trx, id, reason, userId) {
    const stored = await trx
      .selectFrom('expenses')
      .select([
        'payee',
        sql<string>`amount::text`.as('amount'),
        'payment_for',
        'account_id',
        sql<string>`to_char(date_of_transaction, 'YYYY-MM-DD')`.as('date_of_transaction'),
        'mode',
        'reference',
        'notes',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return insertExpense(trx, { ...stored, amount: negated(stored.amount), reversal_of_id: id, reason, created_by: userId });
  },
  insertCorrection: (trx, expense, input, reason, userId) => insertExpense(trx, { ...expenseColumns(input), correction_of_id: expense.id, reason, created_by: userId }),
  async editText(trx, id, input) {
    const { payment_for, mode, reference, notes } = expenseColumns(input);
    await trx
      .updateTable('expenses')
      .set({ payment_for, mode, reference, notes, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },
};

export const saveIncome = (scope: TenantScope, id: number, input: IncomeInput, context: CorrectionContext) => ledgerSave(incomeLedger, scope, id, input, context);
export const reverseIncome = (scope: TenantScope, id: number, reason: string, context: CorrectionContext) => ledgerReverse(incomeLedger, scope, id, reason, context);
export const saveExpense = (scope: TenantScope, id: number, input: ExpenseInput, context: CorrectionContext) => ledgerSave(expenseLedger, scope, id, input, context);
export const reverseExpense = (scope: TenantScope, id: number, reason: string, context: CorrectionContext) => ledgerReverse(expenseLedger, scope, id, reason, context);
