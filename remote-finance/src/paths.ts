/** Routes of the Finance ledger screens (spec 2.5, 2.10; the BillRefNumber rules are ours). */
export const INCOME_PATH = '/finance/income';
export const EXPENSES_PATH = '/finance/expenses';
export const ACCOUNTS_PATH = '/finance/accounts';
export const CLIENT_ACCOUNTS_PATH = '/etracker/accounts';
export const MPESA_PATH = '/finance/mpesa';
export const ALLOCATE_SCREEN_PATH = '/finance/mpesa/allocate';
export const RULES_PATH = '/finance/mpesa/rules';
/** The months of the books, closed or open (issue 26.4). */
export const PERIODS_PATH = '/finance/periods';
