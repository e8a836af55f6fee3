import type { AccountStatement } from '@ushirika/shared/contract';
import { CSV_BYTE_ORDER_MARK, csvLines, type CsvValue } from '../../http/csv';
import writeExcelFile, { type Cell } from 'write-excel-file/node';

/*
 * An account statement as a download: CSV and XLSX with one layout (statementTable), so both files hold
 * the same rows: a heading block, the column headings, the opening balance, every line with its running
 * balance, and the totals with the closing balance. Amounts are the statement's exact decimal text.
 */

const COLUMNS = ['Date', 'Receipt No.', 'Name / Payee', 'Payment for', 'Reference', 'Mode', 'Account', 'Money in', 'Money out', 'Balance'] as const;
const WIDTHS = [12, 12, 28, 28, 18, 10, 22, 16, 16, 16];
export const OPENING_BALANCE = 'Opening balance';
export const TOTALS = 'Totals and closing balance';

/** A cell of both files: text, an amount (the statement's exact decimal text), or empty. */
type StatementCell = { text: string } | { amount: string } | null;
interface StatementRow {
  cells: readonly StatementCell[];
  /** Headings and totals. */
  bold?: boolean;
}

const text = (value: string): StatementCell => ({ text: value });
const amount = (value: string): StatementCell => ({ amount: value });
const blanks = (count: number): StatementCell[] => Array.from({ length: count }, () => null);

/** The statement as rows of cells: what both files hold. */
export function statementTable(statement: AccountStatement): StatementRow[] {
  /** A row of the table: date, the name column's text, and the three amounts (null for none). */
  const summaryRow = (date: string, label: string, moneyIn: string | null, moneyOut: string | null, balance: string): StatementRow => ({
    cells: [text(date), null, text(label), ...blanks(4), moneyIn === null ? null : amount(moneyIn), moneyOut === null ? null : amount(moneyOut), amount(balance)],
    bold: true,
  });
  return [
    { cells: [text(statement.Partner.name)], bold: true },
    { cells: [text(`Account statement: ${statement.account.name}`)], bold: true },
    { cells: [text(`Accounts: ${statement.accounts.join(', ')}`)] },
    { cells: [text(`Period: ${statement.startDate} to ${statement.endDate}`)] },
    { cells: [] },
    { cells: COLUMNS.map(text), bold: true },
    summaryRow(statement.startDate, OPENING_BALANCE, null, null, statement.openingBalance),
    ...statement.lines.map((line): StatementRow => ({
      cells: [
        text(line.date),
        line.receiptNumber === null ? null : text(String(line.receiptNumber)),
        text(line.party),
        text(line.paymentFor),
        text(line.reference),
        text(line.mode),
        text(line.account),
        line.kind === 'income' ? amount(line.moneyIn) : null,
        line.kind === 'expense' ? amount(line.moneyOut) : null,
        amount(line.balance),
      ],
    })),
    summaryRow(statement.endDate, TOTALS, statement.totalIn, statement.totalOut, statement.closingBalance),
  ];
}

/**
 * The statement as CSV (RFC 4180, UTF-8 with BOM, CRLF), by the one CSV writer (http/csv.ts): text that a
 * spreadsheet would run as a formula (names and references are typed by people), at the start of a cell or
 * after a separator inside it, gets an apostrophe; amounts are written as they are, so a negative balance
 * stays a number.
 */
export function statementCsv(statement: AccountStatement): string {
  const table = statementTable(statement).map(({ cells }) => cells.map((cell): CsvValue => (cell === null || 'amount' in cell ? cell : cell.text)));
  return CSV_BYTE_ORDER_MARK + csvLines(table);
}

/**
 * The statement as an XLSX workbook of one sheet (write-excel-file). Amounts are numeric cells, so a
 * spreadsheet can sum them: the decimal text becomes the cell's number with no arithmetic on the way, and
 * numeric(14,2) has at most 14 significant digits, which a double carries exactly back to the same text.
 */
export function statementXlsx(statement: AccountStatement): Promise<Buffer> {
  const rows = statementTable(statement).map(({ cells, bold }) =>
    cells.map((cell): Cell => {
      const fontWeight = bold ? 'bold' : undefined;
      if (cell === null) return null;
      if ('amount' in cell) return { value: Number(cell.amount), type: Number, format: '#,##0.00', fontWeight };
      return { value: cell.text, type: String, fontWeight };
    }),
  );
  return writeExcelFile(rows, { sheet: 'Statement', columns: WIDTHS.map((width) => ({ width })) }).toBuffer();
}

/** statement-<account>-<start>-<end>.<extension>, the account's name in ASCII letters and digits (its id when none are left). */
export function statementFileName(statement: AccountStatement, extension: 'csv' | 'xlsx'): string {
  const slug = statement.account.name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `statement-${slug || statement.account.id}-${statement.startDate}-${statement.endDate}.${extension}`;
}
