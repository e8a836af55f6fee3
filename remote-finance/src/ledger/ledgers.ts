import { expenseMoneyChanges, incomeMoneyChanges, type Expense, type ExpenseMoneyInput, type Income, type IncomeMoneyInput } from '@ushirika/shared/contract';
import { expenses } from '../expenses/resource';
import { incomes } from '../income/resource';
import type { LedgerPath } from './api';

/** The two ledgers the edit screens correct (issue 26.3): what differs between an income's and an expense's. */
export type LedgerKind = 'income' | 'expense';

interface Ledger<Row, Input> extends LedgerPath {
  resource: Row extends Income ? typeof incomes : typeof expenses;
  /** The money fields a form's values change (the shared rule the server applies). */
  moneyChanges(entry: Row, input: Input): string[];
}

export const LEDGERS: { income: Ledger<Income, IncomeMoneyInput>; expense: Ledger<Expense, ExpenseMoneyInput> } = {
  income: { path: 'income', singular: 'income', resource: incomes, moneyChanges: incomeMoneyChanges },
  expense: { path: 'expense', singular: 'expense', resource: expenses, moneyChanges: expenseMoneyChanges },
};
