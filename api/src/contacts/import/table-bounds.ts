import { ContactImportError } from './import-error';
import { MAX_CSV_LINE_CHARS, MAX_IMPORT_COLUMNS, MAX_SPREADSHEET_CELLS, MAX_SPREADSHEET_ROWS } from './limits';

/*
 * The refusals both readers share when a table is too wide or too long, and the running count that
 * raises them. The CSV reader counts row by row while it parses; the XLSX reader counts from the sheet's
 * cell addresses before the workbook is parsed (sheet-bounds.ts). Either way the refusal comes before
 * the work the file would cost.
 */

const count = (value: number) => value.toLocaleString('en-US');

export const tooManyColumns = (row: number) =>
  `Row ${count(row)} of the file has more than ${MAX_IMPORT_COLUMNS} columns. Keep only the columns to import (at most ${MAX_IMPORT_COLUMNS}) and try again.`;
export const TOO_MANY_SHEET_ROWS = `The file has more than ${count(MAX_SPREADSHEET_ROWS)} rows, empty ones included. Delete the empty rows at its end, or split it into smaller files.`;
export const TOO_MANY_CELLS = `The file has more than ${count(MAX_SPREADSHEET_CELLS)} cells. Delete the columns you do not need, or split it into smaller files.`;
export const lineTooLong = (line: number) =>
  `Line ${count(line)} of the file is longer than ${count(MAX_CSV_LINE_CHARS)} characters. Check that it is a CSV file with one row per line.`;

/** Throws the refusal for a row (1-based) of `columns` cells, the last one not empty. */
export function checkRowWidth(row: number, columns: number): void {
  if (columns > MAX_IMPORT_COLUMNS) throw new ContactImportError(tooManyColumns(row));
}

/** Throws the refusal for a table of `rows` rows (empty ones included) and `cells` cells. */
export function checkTableSize(rows: number, cells: number): void {
  if (rows > MAX_SPREADSHEET_ROWS) throw new ContactImportError(TOO_MANY_SHEET_ROWS);
  if (cells > MAX_SPREADSHEET_CELLS) throw new ContactImportError(TOO_MANY_CELLS);
}
