/** The reports' screens, under /finance (the etracker menu points at the same ones). */
export const STATEMENTS_PATH = '/finance/statements';
export const STATEMENT_PRINT_PATH = '/finance/statements/print';
