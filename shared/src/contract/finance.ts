import * as yup from 'yup';
import { endpoint, idField, instantField, partnerRef, versionField } from './common';

/*
 * Finance (spec 2.10, 3, 7): accounts, income, expenses, M-Pesa transactions and their allocation, and what
 * we build beyond the spec's 'Coming Soon': BillRefNumber rules, statements and budgets. Money is always an
 * exact decimal string ("1250.00"): numeric in the database, never a float on either side.
 */

/** Exact decimal text with two places, e.g. "1250.00" or "-300.50". */
export const moneyField = () => yup.string().defined();

/** Account types (spec 9): CR income accounts, DR expense accounts, ROOT the etracker product's client accounts. */
export const ACCOUNT_TYPES = ['CR', 'DR', 'ROOT'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** Parent id of a top-level account, shown as 'Root Account' (spec 2.10, 9). */
export const ROOT_PARENT_ID = 0;

/** Payment channels (spec 3): the title is the value sent. */
export const PAYMENT_CHANNELS = ['CASH', 'M-PESA', 'ACCOUNT', 'CHEQUE'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/**
 * Which accounts money may be recorded against: income on CR accounts, expenses on DR accounts; where the
 * partner's product is etracker, its ROOT client accounts too (issue 9, "both products").
 */
export const INCOME_ACCOUNT_TYPES: Record<'general' | 'etracker', readonly AccountType[]> = { general: ['CR'], etracker: ['CR', 'ROOT'] };
export const EXPENSE_ACCOUNT_TYPES: Record<'general' | 'etracker', readonly AccountType[]> = { general: ['DR'], etracker: ['DR', 'ROOT'] };

/** GET /account -> { accounts, total } (spec 3, 7). `?type=CR|DR|ROOT` (ours) lists one type only. */
export const accountRow = yup.object({
  id: idField(),
  name: yup.string().defined(),
  type: yup.string<AccountType>().oneOf(ACCOUNT_TYPES).defined(),
  /** 0 for a top-level account (spec: 'Root Account'). */
  parentId: yup.number().integer().defined(),
  /** The parent account's name; null for a top-level account. */
  Parent: yup.object({ name: yup.string().defined() }).nullable().defined(),
  /** Offered on the partner's giving page (ours, issue 29; absent from the legacy server: not offered). Sent on create and update too. */
  openForGiving: yup.boolean().optional(),
  createdAt: instantField(),
  Partner: partnerRef,
  version: versionField(),
});
export type Account = yup.InferType<typeof accountRow>;
export const accountsEndpoint = endpoint<Account>({
  path: 'account',
  plural: 'accounts',
  singular: 'account',
  row: accountRow,
  savedText: 'New Account saved successfully!',
});

/**
 * Posted entries (issue 26.3): money is corrected, never rewritten. A change of an income's amount, account, date
 * or payer (an expense's amount, account, date or payee) is a correction: the entry is reversed by a reversing
 * entry (its amount negated, same account and date) and a new entry is recorded, both linked to it, with the
 * reason given. `posted`: an ordinary entry; `reversed`: one a reversing entry cancels; `reversal`: that
 * reversing entry. Lists take `?reversals=hide` to leave out reversing entries and the entries they reverse.
 */
export const LEDGER_STATUSES = ['posted', 'reversed', 'reversal'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
/** `?reversals=hide` on GET /income and GET /expense: the list without reversing entries and the entries they reverse. */
export const HIDE_REVERSALS = { reversals: 'hide' } as const;
/** The longest reason of a correction, reversal or reopened month. */
export const LEDGER_REASON_MAX = 500;

/** The fields every income and expense row has about its place in the ledger (issue 26.3). */
const ledgerFields = {
  status: yup.string<LedgerStatus>().oneOf(LEDGER_STATUSES).defined(),
  /** The entry this reversing entry cancels; null on any other. */
  reversalOfId: yup.number().integer().nullable().defined(),
  /** The reversing entry that cancels this one; null while it stands. */
  reversedById: yup.number().integer().nullable().defined(),
  /** The entry this one replaced (a correction made it); null otherwise. */
  correctionOfId: yup.number().integer().nullable().defined(),
  /** Why it was reversed or made by a correction; null on an ordinary entry. */
  reason: yup.string().nullable().defined(),
};

/** Decimal text as cents, exactly ('1250' and '1250.00' are the same amount); undefined when it is no amount. */
function cents(amount: string | number): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount).trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  return BigInt(`${sign}${whole}${fraction.padEnd(2, '0')}`);
}

/** Two amounts as decimal text are the same amount (compared exactly, never as floats). */
export function sameAmount(a: string | number, b: string | number): boolean {
  const left = cents(a);
  return left !== undefined && left === cents(b);
}

/** What an income form sends that makes a correction when it differs from the income (contract: its money fields). */
export interface IncomeMoneyInput {
  firstname: string;
  lastname: string;
  phone: string;
  amount: string | number;
  account: number;
  dateOfTransaction: string;
}

/**
 * The money fields of an income form that differ from the income: its amount, account, date and payer (names and
 * phone; the phone as the form casts it, E.164). Empty: only free text changed, an edit in place.
 */
export function incomeMoneyChanges(income: Income, input: IncomeMoneyInput): Array<keyof IncomeMoneyInput> {
  const changed: Array<keyof IncomeMoneyInput> = [];
  if (!sameAmount(income.amount, input.amount)) changed.push('amount');
  if (income.AccountId !== Number(input.account)) changed.push('account');
  if (income.dateOfTransaction !== input.dateOfTransaction) changed.push('dateOfTransaction');
  // A blank name or phone reads as '' on both sides (a form's cast may give undefined for an empty text).
  if (income.firstName !== (input.firstname ?? '')) changed.push('firstname');
  if (income.lastName !== (input.lastname ?? '')) changed.push('lastname');
  if (income.phone !== (input.phone ?? '')) changed.push('phone');
  return changed;
}

/** What an expense form sends that makes a correction when it differs from the expense. */
export interface ExpenseMoneyInput {
  payee: string;
  amount: string | number;
  account: number;
  dateOfTransaction: string;
}

/** The money fields of an expense form that differ from the expense: amount, account, date, payee. */
export function expenseMoneyChanges(expense: Expense, input: ExpenseMoneyInput): Array<keyof ExpenseMoneyInput> {
  const changed: Array<keyof ExpenseMoneyInput> = [];
  if (!sameAmount(expense.amount, input.amount)) changed.push('amount');
  if (expense.AccountId !== Number(input.account)) changed.push('account');
  if (expense.dateOfTransaction !== input.dateOfTransaction) changed.push('dateOfTransaction');
  if (expense.payee !== input.payee) changed.push('payee');
  return changed;
}

/** `POST /income/{id}/reverse` and `POST /expense/{id}/reverse` { reason, version? } -> { status_msg, income | expense }: the reversing entry. */
export const reversePath = (resourcePath: 'income' | 'expense', id: number | string) => `${resourcePath}/${id}/reverse`;
export const INCOME_CORRECTED = 'The income was corrected: the old entry is reversed and the new one recorded';
export const EXPENSE_CORRECTED = 'The expense was corrected: the old entry is reversed and the new one recorded';
export const INCOME_REVERSED = 'The income was reversed';
export const EXPENSE_REVERSED = 'The expense was reversed';
/** A change of money without a reason (400): the edit screens ask for one first, with the same text. */
export const INCOME_REASON_REQUIRED = 'Give a reason: changing the amount, account, date or payer corrects the income with a reversing entry and a new one';
export const EXPENSE_REASON_REQUIRED = 'Give a reason: changing the amount, account, date or payee corrects the expense with a reversing entry and a new one';
/** A correction or reversal of an entry that is reversed already, or is a reversing entry (409). */
export const INCOME_ALREADY_REVERSED = 'This income has been reversed: it cannot be corrected or reversed again';
export const EXPENSE_ALREADY_REVERSED = 'This expense has been reversed: it cannot be corrected or reversed again';
export const ENTRY_IS_REVERSAL = 'This is a reversing entry: it cannot be corrected or reversed';
/** A reversal, or a closed month's reopening, without a reason (400). */
export const REVERSAL_REASON_REQUIRED = 'Give a reason for the reversal';
export const REOPEN_REASON_REQUIRED = 'Give a reason for reopening the month';
/** A change of an M-Pesa income's amount or date (400): the payment's own. */
export const MPESA_INCOME_FIXED = "An M-Pesa income keeps its payment's amount and date: to change them, reverse the income and allocate the payment again";

/** GET /income -> { incomes, total } (spec 3, 7); `?reversals=hide` (issue 26.3). */
export const incomeRow = yup.object({
  id: idField(),
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  phone: yup.string().defined(),
  amount: moneyField(),
  paymentFor: yup.string().defined(),
  Account: yup.object({ name: yup.string().defined() }).defined(),
  AccountId: idField(),
  /** YYYY-MM-DD */
  dateOfTransaction: yup.string().defined(),
  mode: yup.string<PaymentChannel>().oneOf(PAYMENT_CHANNELS).defined(),
  reference: yup.string().defined(),
  createdAt: instantField(),
  Partner: partnerRef,
  // Ours, beyond the legacy record:
  /** Sequential per partner, never reused: the number on the payer's receipt. */
  receiptNumber: yup.number().integer().defined(),
  /** The M-Pesa transaction this income was allocated from; null for one typed in. */
  onlineTransactionId: yup.number().integer().nullable().defined(),
  /** The contact it is linked to (an M-Pesa payer found among the contacts, or chosen by a treasurer); null for none. */
  MemberId: yup.number().integer().nullable().defined(),
  Member: yup.object({ firstName: yup.string().defined(), lastName: yup.string().defined(), phone: yup.string().defined() }).nullable().defined(),
  /** The meeting whose offering it records (issue 28.4); null for none. */
  MeetingId: yup.number().integer().nullable().defined(),
  version: versionField(),
  ...ledgerFields,
});
export type Income = yup.InferType<typeof incomeRow>;
export const incomesEndpoint = endpoint<Income>({ path: 'income', plural: 'incomes', singular: 'income', row: incomeRow, savedText: 'New income saved successfully!' });

/**
 * An M-Pesa income's contact (ours; issue 31.3): `GET /income/{id}/contactsuggestions` -> { suggestions } (the
 * contacts a masked payer number and first name fit, when more than one does), `PUT /income/{id}/contact`
 * `{ memberId, version }` (null unlinks) -> { status_msg, income }.
 */
export const incomeContactPath = (incomeId: number) => `income/${incomeId}/contact`;
export const contactSuggestionsPath = (incomeId: number) => `income/${incomeId}/contactsuggestions`;
export const contactSuggestionRow = yup.object({
  id: idField(),
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  /** E.164 */
  phone: yup.string().defined(),
});
export type ContactSuggestion = yup.InferType<typeof contactSuggestionRow>;
export const contactSuggestions = yup.object({ suggestions: yup.array(contactSuggestionRow).defined() });
export type ContactSuggestions = yup.InferType<typeof contactSuggestions>;
export const INCOME_CONTACT_LINKED = 'The income is linked to the contact';
export const INCOME_CONTACT_UNLINKED = 'The income is no longer linked to a contact';

/** GET /expense -> { expenses, total } (spec 3, 7); `?reversals=hide` (issue 26.3). */
export const expenseRow = yup.object({
  id: idField(),
  payee: yup.string().defined(),
  amount: moneyField(),
  paymentFor: yup.string().defined(),
  mode: yup.string<PaymentChannel>().oneOf(PAYMENT_CHANNELS).defined(),
  reference: yup.string().defined(),
  notes: yup.string().defined(),
  /** YYYY-MM-DD */
  dateOfTransaction: yup.string().defined(),
  AccountId: idField(),
  Account: yup.object({ name: yup.string().defined() }).defined(),
  createdAt: instantField(),
  Partner: partnerRef,
  version: versionField(),
  ...ledgerFields,
});
export type Expense = yup.InferType<typeof expenseRow>;
export const expensesEndpoint = endpoint<Expense>({
  path: 'expense',
  plural: 'expenses',
  singular: 'expense',
  row: expenseRow,
  // The spec shows 'New income saved successfully!' here and calls it wrong (docs/spec-deviations.md).
  savedText: 'New expense saved successfully!',
});

/**
 * GET /onlinetrans and GET /onlinetrans/0 (unallocated only) -> { transactions, total } (spec 3, 7): the
 * M-Pesa payments that arrived through the C2B confirmation callback.
 */
export const onlineTransactionRow = yup.object({
  id: idField(),
  /** The payer's names as M-Pesa gives them. */
  sender: yup.string().defined(),
  /** As M-Pesa sent it: a phone number, or since 2021 possibly a SHA-256 hash (never used to match contacts). */
  msisdn: yup.string().defined(),
  amount: moneyField(),
  /** M-Pesa's TransID, e.g. "TK60708BHZ". */
  trxnid: yup.string().defined(),
  /** When M-Pesa says the payment happened (its TransTime, East Africa Time), as an instant. */
  trxTime: instantField(),
  // Ours:
  /** What the payer typed as 'account' (BillRefNumber). */
  billRef: yup.string().defined(),
  /** The account it was allocated to; null while it waits for a person or a rule. */
  AccountId: yup.number().integer().nullable().defined(),
  Account: yup.object({ name: yup.string().defined() }).nullable().defined(),
  /** The income record the allocation wrote; null while unallocated. */
  incomeId: yup.number().integer().nullable().defined(),
  /** 'rule' when a BillRefNumber rule allocated it on arrival, 'staff' when a person did; null while unallocated. */
  allocatedBy: yup.string<'rule' | 'staff'>().oneOf(['rule', 'staff']).nullable().defined(),
  /**
   * Why a person must check it (fixed sentences joined by '; ': no MSISDN, a BillRefNumber over 100 characters,
   * a TransTime outside the app's dates, ...); null when nothing is wrong. No rule allocates it while set.
   * Optional: servers before it do not send it.
   */
  checkReason: yup.string().nullable(),
});
export type OnlineTransaction = yup.InferType<typeof onlineTransactionRow>;
export const onlineTransactionsEndpoint = endpoint<OnlineTransaction>({
  path: 'onlinetrans',
  plural: 'transactions',
  singular: 'transaction',
  row: onlineTransactionRow,
  savedText: 'New income saved successfully!',
});
/**
 * Ours (issue 28.3): GET /income and GET /expense answer, beside { incomes | expenses, total }, `total_amount`: the
 * exact sum of the amounts of every row the query matches (all pages; search and dates applied), e.g. "48250.50".
 */
export const LIST_TOTAL_AMOUNT_FIELD = 'total_amount';

/** GET /onlinetrans/0: the transactions still waiting for an account (spec 4). */
export const UNALLOCATED_TRANSACTIONS_PATH = 'onlinetrans/0';

/** POST /allocateaccounts { account, selectedRecords } (spec 7): all selected or none. */
export const ALLOCATE_PATH = 'allocateaccounts';
export const allocationResult = yup.object({
  status_msg: yup.string().defined(),
  /** How many transactions were allocated (each got one income record). */
  allocated: yup.number().integer().defined(),
  /** The income records written, in the order of the selection. */
  incomeIds: yup.array(idField()).defined(),
});
export type AllocationResult = yup.InferType<typeof allocationResult>;

/**
 * GET /mpesarules -> { rules, total }; POST, PUT /mpesarules/{id}, DELETE /mpesarules/{id} (ours): a payment
 * whose BillRefNumber matches `billRef` (case and spaces ignored) is allocated to the account on arrival.
 */
export const billRefRuleRow = yup.object({
  id: idField(),
  /** As the partner wrote it, e.g. "Tithe". */
  billRef: yup.string().defined(),
  AccountId: idField(),
  Account: yup.object({ name: yup.string().defined() }).defined(),
  createdAt: instantField(),
  Partner: partnerRef,
  version: versionField(),
});
export type BillRefRule = yup.InferType<typeof billRefRuleRow>;
export const billRefRulesEndpoint = endpoint<BillRefRule>({
  path: 'mpesarules',
  plural: 'rules',
  singular: 'rule',
  row: billRefRuleRow,
  savedText: 'Payments with this account reference will be allocated automatically',
});
/** The key a BillRefNumber is matched on: upper case, without spaces ("tithe " and "TI THE" are "TITHE"). */
export const billRefKey = (billRef: string) => billRef.replace(/\s+/g, '').toUpperCase();

/**
 * GET /statements/account?account=&startdate=&enddate= (ours): an account with its sub-accounts over a
 * period. Income adds to the balance, expenses take from it; lines are in date order (then as recorded).
 * `closingBalance` = `openingBalance` + `totalIn` − `totalOut`. `.csv` and `.xlsx` variants of the same
 * path download it.
 */
export const statementLine = yup.object({
  /** YYYY-MM-DD */
  date: yup.string().defined(),
  kind: yup.string<'income' | 'expense'>().oneOf(['income', 'expense']).defined(),
  /** The income or expense record's id. */
  id: idField(),
  /** Income only; null for an expense. */
  receiptNumber: yup.number().integer().nullable().defined(),
  /** The payer's names (income) or the payee (expense), with what it was for. */
  party: yup.string().defined(),
  paymentFor: yup.string().defined(),
  reference: yup.string().defined(),
  mode: yup.string().defined(),
  /** The (sub-)account the line was recorded against. */
  account: yup.string().defined(),
  moneyIn: moneyField(),
  moneyOut: moneyField(),
  /** The running balance after this line. */
  balance: moneyField(),
});
export type StatementLine = yup.InferType<typeof statementLine>;
export const accountStatement = yup.object({
  account: yup.object({ id: idField(), name: yup.string().defined(), type: yup.string<AccountType>().oneOf(ACCOUNT_TYPES).defined() }).defined(),
  /** The accounts included: the account and every account below it. */
  accounts: yup.array(yup.string().defined()).defined(),
  startDate: yup.string().defined(),
  endDate: yup.string().defined(),
  openingBalance: moneyField(),
  lines: yup.array(statementLine).defined(),
  totalIn: moneyField(),
  totalOut: moneyField(),
  closingBalance: moneyField(),
  Partner: partnerRef,
});
export type AccountStatement = yup.InferType<typeof accountStatement>;
export const ACCOUNT_STATEMENT_PATH = 'statements/account';
/** The most lines a statement answers (a longer period is refused with a message to narrow it). */
export const MAX_STATEMENT_LINES = 20_000;

/**
 * GET /statements/giving?phone=&startdate=&enddate= (ours): what a contributor gave over a period, matched
 * by phone number; POST /statements/giving/send { phone, startdate, enddate } queues the SMS summary.
 */
export const givingStatement = yup.object({
  phone: yup.string().defined(),
  /** The contact with this number ("First Last"), else the names on the latest gift. */
  name: yup.string().defined(),
  startDate: yup.string().defined(),
  endDate: yup.string().defined(),
  gifts: yup
    .array(
      yup.object({
        id: idField(),
        date: yup.string().defined(),
        receiptNumber: yup.number().integer().defined(),
        account: yup.string().defined(),
        paymentFor: yup.string().defined(),
        mode: yup.string().defined(),
        amount: moneyField(),
      }),
    )
    .defined(),
  total: moneyField(),
  Partner: partnerRef,
});
export type GivingStatement = yup.InferType<typeof givingStatement>;
export const GIVING_STATEMENT_PATH = 'statements/giving';
export const GIVING_STATEMENT_SEND_PATH = 'statements/giving/send';
/**
 * POST /statements/giving/send/quote (ours; issue 28.5), the send's body: what the send would queue and charge,
 * with its text, before the user confirms; nothing is saved and no event is written.
 */
export const GIVING_STATEMENT_SEND_QUOTE_PATH = 'statements/giving/send/quote';
export const givingSmsQuote = yup.object({
  /** The SMS as the contributor gets it. */
  text: yup.string().defined(),
  /** The contributor's number (E.164) and the statement's name for them ('' when none is known). */
  recipient: yup.string().defined(),
  name: yup.string().defined(),
  /** 1, or 0 when the number is an archived contact's (the send then refuses). */
  recipients: yup.number().integer().defined(),
  /** 1 when the number opted out: nothing would be sent or charged. */
  optedOut: yup.number().integer().defined(),
  encoding: yup.string<'GSM-7' | 'UCS-2'>().oneOf(['GSM-7', 'UCS-2']).defined(),
  characters: yup.number().integer().defined(),
  segments: yup.number().integer().defined(),
  units: yup.number().integer().defined(),
  balance: yup.number().integer().defined(),
});
export type GivingSmsQuote = yup.InferType<typeof givingSmsQuote>;

/**
 * GET /budgets?year=2026 (ours): every CR and DR account of the partner with its monthly budget (zeros where
 * none is set) and its actuals (income on CR, expenses on DR, the account's own records only) per month.
 * PUT /budgets/{year} { lines: [{ account, months: [12 amounts] }] } replaces the given accounts' year.
 * variance = actual − budget; variancePercent = variance ÷ budget × 100 to one decimal, null when the budget is 0.
 */
export const budgetLine = yup.object({
  AccountId: idField(),
  account: yup.string().defined(),
  type: yup.string<AccountType>().oneOf(ACCOUNT_TYPES).defined(),
  /** 12 amounts, January first. */
  budget: yup.array(moneyField()).defined(),
  actual: yup.array(moneyField()).defined(),
  budgetTotal: moneyField(),
  actualTotal: moneyField(),
  variance: moneyField(),
  variancePercent: yup.string().nullable().defined(),
});
export type BudgetLine = yup.InferType<typeof budgetLine>;
export const budgetYear = yup.object({ year: yup.number().integer().defined(), lines: yup.array(budgetLine).defined(), Partner: partnerRef });
export type BudgetYear = yup.InferType<typeof budgetYear>;
export const BUDGETS_PATH = 'budgets';
export const budgetSaved = yup.object({ status_msg: yup.string().defined(), budget: budgetYear });
export type BudgetSaved = yup.InferType<typeof budgetSaved>;

/**
 * Closing a month (issue 26.4). `GET /periods` -> { periods }: every month from the partner's first entry (or this
 * month) to this month in the partner's time zone, newest first. `POST /periods/{YYYY-MM}/close` (a month that has
 * ended) and `POST /periods/{YYYY-MM}/reopen` { reason } (owners) -> { status_msg, period }. No entry dated in a
 * closed month can be recorded, corrected or reversed: the refusal is 409 with `closedMonth` ('YYYY-MM') beside
 * `status_msg`, so a screen can name the month in its own language.
 */
export const PERIODS_PATH = 'periods';
export const periodClosePath = (month: string) => `${PERIODS_PATH}/${month}/close`;
export const periodReopenPath = (month: string) => `${PERIODS_PATH}/${month}/reopen`;
export const ledgerPeriod = yup.object({
  /** YYYY-MM */
  month: yup.string().defined(),
  closed: yup.boolean().defined(),
  /** When it was last closed (ISO instant); null when it never was. */
  closedAt: yup.string().nullable().defined(),
  /** Who last closed it ("First Last"); null when it never was. */
  closedBy: yup.string().nullable().defined(),
  /** When it was last reopened, by whom, and why; null when it never was. */
  reopenedAt: yup.string().nullable().defined(),
  reopenedBy: yup.string().nullable().defined(),
  reopenReason: yup.string().nullable().defined(),
});
export type LedgerPeriod = yup.InferType<typeof ledgerPeriod>;
export const ledgerPeriods = yup.object({ periods: yup.array(ledgerPeriod).defined() });
export type LedgerPeriods = yup.InferType<typeof ledgerPeriods>;
export const periodSaved = yup.object({ status_msg: yup.string().defined(), period: ledgerPeriod });
export type PeriodSaved = yup.InferType<typeof periodSaved>;
/** The body of a refusal for a closed month: `{ status_msg, closedMonth }`. */
export interface ClosedMonthBody {
  status_msg: string;
  /** YYYY-MM */
  closedMonth: string;
}
export const isClosedMonthBody = (body: unknown): body is ClosedMonthBody =>
  typeof body === 'object' && body !== null && typeof (body as ClosedMonthBody).closedMonth === 'string' && typeof (body as ClosedMonthBody).status_msg === 'string';

/**
 * `GET /ledger-settings` -> { correctionSms } (finance.record) and `PUT /ledger-settings` { correctionSms } ->
 * { status_msg, correctionSms } (finance.manage): whether a corrected income's payer gets one correction SMS.
 */
export const LEDGER_SETTINGS_PATH = 'ledger-settings';
export const ledgerSettings = yup.object({ correctionSms: yup.boolean().defined() });
export type LedgerSettings = yup.InferType<typeof ledgerSettings>;
export const ledgerSettingsRequest = yup.object({
  correctionSms: yup
    .boolean()
    .strict()
    .typeError('Say whether a correction sends the payer an SMS: true or false')
    .required('Say whether a correction sends the payer an SMS: true or false'),
});
export type LedgerSettingsRequest = yup.InferType<typeof ledgerSettingsRequest>;
export const ledgerSettingsSaved = ledgerSettings.shape({ status_msg: yup.string().defined() });
export type LedgerSettingsSaved = yup.InferType<typeof ledgerSettingsSaved>;
export const CORRECTION_SMS_ON = "A corrected income's payer now gets a correction SMS";
export const CORRECTION_SMS_OFF = 'Corrections no longer send an SMS';
export const MONTH_CLOSED = 'The month is closed';
export const MONTH_REOPENED = 'The month is reopened';
