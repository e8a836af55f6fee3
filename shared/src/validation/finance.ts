import * as yup from 'yup';
import {
  ACCOUNT_TYPES,
  EXPENSE_REASON_REQUIRED,
  INCOME_REASON_REQUIRED,
  LEDGER_REASON_MAX,
  PAYMENT_CHANNELS,
  REOPEN_REASON_REQUIRED,
  REVERSAL_REASON_REQUIRED,
  ROOT_PARENT_ID,
} from '@ushirika/shared/contract';
import { booleanInput, idInput, ID_LIST_MAX_LENGTH, isoDate, MAX_ID, money, numberInput, option, optionalText, phone, text, TEXT_LIMITS, textInput } from './rules';

/*
 * The finance area's forms (spec 5). Field order is the form's order, so the server's "first failing
 * message" is the one the user would see first. Lengths beyond the spec's minimums are ours: every text
 * has a maximum, so no field can grow without bound.
 */

const NAME = { label: 'Name', max: TEXT_LIMITS.name };
const LINE = TEXT_LIMITS.line;
const INVALID_DATE = 'Date of transaction must be a valid date in the format YYYY-MM-DD';
const INVALID_AMOUNT = 'Amount must be a positive amount with at most two decimals';

/** An amount above zero: a record of no money is refused. */
const positiveAmount = () =>
  money('Amount is required', INVALID_AMOUNT, 'Amount').test('positive', 'Amount must be more than 0', (value) => !value || /[1-9]/.test(value));

/** An account picked from a select: a positive id (0 and '' are "Select one"). */
const accountChoice = () => idInput('Account is required').required('Account is required');

const channel = () => option(PAYMENT_CHANNELS, 'Channel is required', 'Channel must be one of CASH, M-PESA, ACCOUNT or CHEQUE', 'Channel');

const reference = () => text('Reference is required', { label: 'Reference', max: LINE }, { length: 2, message: 'Reference must be at least 2 characters' });
const paymentFor = () => text('This field is required', { label: 'Payment for', max: LINE });
const INVALID_PHONE = 'Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678';
export const CONTACT_CHOICE_INVALID = 'Choose a contact from the list';

/**
 * Why a posted entry's money changes (issue 26.3): optional in the form, required by the server when the
 * amount, account, date or payer changes (a correction); '' when not given.
 */
const REASON = { label: 'Reason', max: LEDGER_REASON_MAX };
const correctionReason = () =>
  optionalText(REASON).meta({
    jsonSchema: { description: 'Why the money changes: required when the amount, account, date or payer (payee) changes, which makes a correction' },
  });

/**
 * Account form, POST /account and PUT /account/{id} (spec 5, "Account"). The etracker form sends
 * accountType ROOT and parentId 0 from hidden fields.
 */
const ACCOUNT_TYPE_INVALID = 'Type must be CR (income), DR (expense) or ROOT (client account)';
export const accountSchema = yup.object({
  accountName: text('Account Name is required', NAME, { length: 2, message: 'Name must be at least 2 characters' }),
  accountType: textInput('Type')
    .required('Account Type is required')
    .min(2, 'Type must be at least 2 characters')
    .max(4, ACCOUNT_TYPE_INVALID)
    .test('account-type', ACCOUNT_TYPE_INVALID, (value) => !value || (ACCOUNT_TYPES as readonly string[]).includes(value)),
  parentId: numberInput('parentId is required')
    .transform((value: unknown) => (value === null ? undefined : value))
    .required('parentId is required')
    .integer('parentId is required')
    .min(ROOT_PARENT_ID, 'parentId is required')
    .max(MAX_ID, 'parentId is required')
    .meta({ jsonSchema: { description: 'The id of the parent account, 0 for a top-level (Root) account' } }),
  // Ours (issue 29): no default, so a save that leaves it out (the legacy form) leaves it unchanged.
  openForGiving: booleanInput('Open for giving must be true or false')
    .transform((value: unknown) => (value === '' ? undefined : value))
    .optional()
    .meta({ jsonSchema: { description: "True to offer the account on the partner's giving page (issue 29); left out: unchanged on update" } }),
});
export type AccountInput = yup.InferType<typeof accountSchema>;

/** The payment channel whose payers come with a first name only and a hidden number. */
const isMpesa = (mode: unknown) => mode === 'M-PESA';
/** A loose or plate offering (ours, issue 28.2): an income with no contributor. */
const isLoose = (looseOffering: unknown) => looseOffering === true;
/** Not required after all: '' when not given, null or left out (a stored income's names and phone are never null). */
const unlessGiven = <S extends yup.StringSchema<string | undefined>>(rule: S) =>
  rule
    .notRequired()
    .transform((value: unknown) => value ?? '')
    .default('');

/**
 * A payer's name. M-Pesa gives the payer's first name only (issue 31.3): an M-Pesa income needs a name, first
 * or last (the first one carries the message); a loose offering (issue 28.2) needs none; every other income
 * needs both (spec 5).
 */
const payerName = (field: 'firstname' | 'lastname') => {
  const rule = text('Name is required', NAME).when(['mode', 'looseOffering'], ([mode, looseOffering], named) =>
    isMpesa(mode) || isLoose(looseOffering) ? unlessGiven(named) : named,
  );
  return field === 'lastname'
    ? rule
    : rule.test('a-name', 'Name is required', function hasName(value) {
        return !isMpesa(this.parent.mode) || isLoose(this.parent.looseOffering) || Boolean(value) || Boolean(this.parent.lastname);
      });
};

export const LOOSE_OFFERING_INVALID = 'No contributor must be true or false';
export const LOOSE_OFFERING_HAS_NO_CONTACT = 'A loose offering has no contributor: choose no contact, or untick No contributor';
export const MEETING_CHOICE_INVALID = 'Choose a meeting from the list';
export const RECEIPT_NEEDS_PHONE = "An SMS receipt needs the payer's phone: give one, or untick Send Message";
const REFERENCE_MIN = 'Reference must be at least 2 characters';

/**
 * Income form, POST /income and PUT /income/{id} (spec 5, "Income"). Ours (issue 28): `looseOffering` records
 * an income with no contributor (a loose or plate offering: names, phone and reference not required; a
 * documented deviation), `memberId` the contact chosen in the form (the server takes their phone), `meetingId`
 * the meeting whose offering it records.
 */
export const incomeSchema = yup.object({
  looseOffering: booleanInput(LOOSE_OFFERING_INVALID)
    .transform((value: unknown) => (value === null ? false : value))
    .default(false)
    .meta({ jsonSchema: { description: 'True for a loose or plate offering: no contributor, so names, phone and reference are not required' } }),
  memberId: idInput(CONTACT_CHOICE_INVALID)
    .nullable()
    .default(null)
    .test('no-contributor', LOOSE_OFFERING_HAS_NO_CONTACT, function noContact(value) {
      return value === null || value === undefined || !isLoose(this.parent.looseOffering);
    })
    .meta({ jsonSchema: { description: "The id of the partner's contact who gave it: the income takes the contact's phone; null or absent for none" } }),
  firstname: payerName('firstname'),
  lastname: payerName('lastname'),
  amount: positiveAmount(),
  // M-Pesa now hides the payer's number (issue 31.3): an M-Pesa income needs one only to send its receipt; a loose
  // offering needs none (its Send Message says why it cannot be ticked).
  phone: phone('Phone is required', INVALID_PHONE, 'Phone').when(['mode', 'sendMessage', 'looseOffering'], ([mode, sendMessage, looseOffering], rule) =>
    isLoose(looseOffering) || (isMpesa(mode) && sendMessage !== true) ? unlessGiven(rule) : rule,
  ),
  account: accountChoice(),
  mode: channel(),
  dateOfTransaction: isoDate('Date of Transaction is required', INVALID_DATE, 'Date of Transaction'),
  paymentFor: paymentFor(),
  reference: reference().when('looseOffering', ([looseOffering], rule) =>
    isLoose(looseOffering) ? unlessGiven(rule.min(0)).test('reference-min', REFERENCE_MIN, (value) => !value || value.length >= 2) : rule,
  ),
  sendMessage: booleanInput('Field is required')
    .required('Field is required')
    // Every other income with Send Message needs its phone (the phone's own message); a loose offering's is hidden.
    .test('a-phone', RECEIPT_NEEDS_PHONE, function hasPhone(value) {
      return value !== true || !isLoose(this.parent.looseOffering) || Boolean(this.parent.phone);
    })
    .meta({ jsonSchema: { description: 'True to send the payer an SMS receipt through the outbox (charged in SMS units); needs a phone' } }),
  meetingId: idInput(MEETING_CHOICE_INVALID)
    .nullable()
    .default(null)
    .meta({ jsonSchema: { description: "The id of the partner's meeting whose offering it records; null or absent for none" } }),
  reason: correctionReason(),
});
export type IncomeInput = yup.InferType<typeof incomeSchema>;

/** Linking an M-Pesa income to a contact (ours; issue 31.3), PUT /income/{id}/contact: the contact's id, or null to unlink. */
export const incomeContactSchema = yup.object({
  memberId: numberInput(CONTACT_CHOICE_INVALID)
    .nullable()
    .defined(CONTACT_CHOICE_INVALID)
    .integer(CONTACT_CHOICE_INVALID)
    .moreThan(0, CONTACT_CHOICE_INVALID)
    .max(MAX_ID, CONTACT_CHOICE_INVALID)
    .meta({ jsonSchema: { description: "The contact's id; null unlinks the income from its contact" } }),
});
export type IncomeContactInput = yup.InferType<typeof incomeContactSchema>;

/**
 * Expense form, POST /expense and PUT /expense/{id} (spec 5, "Expense"). The edit form also sends a hidden
 * sendMessage (false); it is accepted and ignored: an expense has no receipt.
 */
export const expenseSchema = yup.object({
  payee: text('Payee details are required', { label: 'Payee', max: LINE }),
  amount: positiveAmount(),
  account: accountChoice(),
  mode: channel(),
  dateOfTransaction: isoDate('Date of Transaction is required', INVALID_DATE, 'Date of Transaction'),
  paymentFor: paymentFor(),
  reference: reference(),
  notes: text('Notes are required', { label: 'Notes', max: TEXT_LIMITS.paragraph }, { length: 2, message: 'Notes must be at least 2 characters' }),
  sendMessage: booleanInput('Field is required').default(false),
  reason: correctionReason(),
});
export type ExpenseInput = yup.InferType<typeof expenseSchema>;

/**
 * The edit screens' schemas (issue 26.3): the form's, its reason required when `moneyChanged` says the form's
 * values (as cast) change the entry's money, with the server's own message, so the screen asks before it saves.
 */
const reasonWhen = <Input>(message: string, moneyChanged: (input: Input) => boolean) =>
  correctionReason().test('reason-for-money', message, function reasonGiven(value) {
    return !moneyChanged(this.parent as Input) || Boolean(value?.trim());
  });
export const incomeEditSchema = (moneyChanged: (input: IncomeInput) => boolean) => incomeSchema.shape({ reason: reasonWhen(INCOME_REASON_REQUIRED, moneyChanged) });
export const expenseEditSchema = (moneyChanged: (input: ExpenseInput) => boolean) => expenseSchema.shape({ reason: reasonWhen(EXPENSE_REASON_REQUIRED, moneyChanged) });

/** Reversing a posted income or expense (issue 26.3), POST /income/{id}/reverse and /expense/{id}/reverse: why. */
export const reversalSchema = yup.object({
  reason: text(REVERSAL_REASON_REQUIRED, REASON),
});
export type ReversalInput = yup.InferType<typeof reversalSchema>;

/** Reopening a closed month (issue 26.4), POST /periods/{YYYY-MM}/reopen: why. */
export const periodReopenSchema = yup.object({
  reason: text(REOPEN_REASON_REQUIRED, REASON),
});
export type PeriodReopenInput = yup.InferType<typeof periodReopenSchema>;

/** Allocation, POST /allocateaccounts (spec 3, 7): an account and the chosen transactions' ids joined with commas. */
export const allocationSchema = yup.object({
  account: accountChoice(),
  selectedRecords: textInput('Selected transactions')
    .transform((value: unknown) => (value === null ? '' : value))
    .required('Select at least one transaction')
    .max(ID_LIST_MAX_LENGTH, 'Select at least one transaction')
    .matches(/^[1-9]\d{0,9}(\s*,\s*[1-9]\d{0,9})*$/, { message: 'Select at least one transaction', excludeEmptyString: true })
    .test('ids', 'Select at least one transaction', (value) => !value || value.split(',').every((id) => Number(id) <= MAX_ID))
    .meta({ jsonSchema: { description: 'Transaction ids joined with commas', example: '12,40,41' } }),
});
export type AllocationInput = yup.InferType<typeof allocationSchema>;

/** BillRefNumber rule (ours), POST /mpesarules and PUT /mpesarules/{id}. */
export const billRefRuleSchema = yup.object({
  billRef: text('Account reference is required', { label: 'Account reference', max: 40 }),
  account: accountChoice(),
});
export type BillRefRuleInput = yup.InferType<typeof billRefRuleSchema>;

/** A statement's period: `startdate` and `enddate` (inclusive), the end not before the start. */
const period = {
  startdate: isoDate('Start date is required', 'Start date must be a valid date in the format YYYY-MM-DD', 'Start date'),
  enddate: isoDate('End date is required', 'End date must be a valid date in the format YYYY-MM-DD', 'End date').test(
    'after-start',
    'End date must not be before the start date',
    function check(value) {
      const start = this.parent.startdate as string | undefined;
      return !value || !start || value >= start;
    },
  ),
};

/** Giving statement (ours): a contributor's phone and a period. */
export const givingStatementSchema = yup.object({
  phone: phone('Phone is required', INVALID_PHONE, 'Phone'),
  ...period,
});
export type GivingStatementInput = yup.InferType<typeof givingStatementSchema>;

const BUDGET_LINES_INVALID = 'Budget lines must be a list of accounts with their 12 monthly amounts';
const BUDGET_LINE_INVALID = 'A budget line must be an account with its 12 monthly amounts';

/** One account's year in PUT /budgets/{year}: 12 monthly amounts, January first. */
export const budgetSchema = yup.object({
  lines: yup
    .array(
      yup
        .object({
          account: accountChoice(),
          months: yup
            .array(money('Every month needs an amount (0 for none)', 'A monthly budget must be an amount with at most two decimals', 'A monthly budget'))
            .typeError('A budget has 12 months')
            .length(12, 'A budget has 12 months')
            .required('A budget has 12 months'),
        })
        .typeError(BUDGET_LINE_INVALID),
    )
    .typeError(BUDGET_LINES_INVALID)
    .max(500, 'At most 500 accounts at once')
    .required('Budget lines are required'),
});
export type BudgetInput = yup.InferType<typeof budgetSchema>;

/** Account statement (ours), GET /statements/account{,.csv,.xlsx}: an account (with its sub-accounts) and a period. */
export const accountStatementSchema = yup.object({
  account: accountChoice().meta({ jsonSchema: { description: "The account's id; the statement includes every account below it" } }),
  ...period,
});
export type AccountStatementInput = yup.InferType<typeof accountStatementSchema>;
