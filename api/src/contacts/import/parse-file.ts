import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ContactImportColumn, ContactImportInput } from '@ushirika/shared/contract';
import { CONTACT_IMPORT_FIELDS } from '@ushirika/shared/contract';
import { cellText } from './cell-text';
import { matchColumns } from './columns';
import { detectFileFormat, type ContactFileFormat } from './file-format';
import { ContactImportError } from './import-error';
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, MAX_SPREADSHEET_ROWS } from './limits';
import { readCsvCells, type FilledRowLimit } from './read-csv';
import { readXlsxCells } from './read-xlsx';
import { TOO_MANY_SHEET_ROWS } from './table-bounds';

/** One data row of an import file, before validation. */
export interface ContactSourceRow {
  /** the row number a spreadsheet shows (the header's is 1 when it is the first row) */
  line: number;
  input: ContactImportInput;
}

export interface ParsedContactsFile {
  format: ContactFileFormat;
  columns: ContactImportColumn[];
  rows: ContactSourceRow[];
}

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
export const EMPTY_FILE = 'The file is empty.';
export const FILE_TOO_LARGE = `The file is larger than ${megabytes(MAX_IMPORT_FILE_BYTES)}. Split it into smaller files and import them one by one.`;
export const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} contacts. Split it into smaller files and import them one by one.`;
export const NO_CONTACTS = 'The file has no contacts below its header row.';

/**
 * Reads an uploaded contacts file (CSV or XLSX) into rows of field texts. The first non-blank row
 * is the header; blank rows are skipped but keep their row numbers, so a row's `line` is where
 * the user finds it in their spreadsheet. Throws ContactImportError when the file as a whole
 * cannot be imported; problems of single rows are left to `validateImportRows`.
 *
 * @param nameOrType the file's name (preferred) or its MIME type
 */
export async function parseContactsFile(file: Uint8Array, nameOrType: string): Promise<ParsedContactsFile> {
  // The header and MAX_IMPORT_ROWS contacts: one more filled row is refused while the file is read.
  const { format, table } = await readSpreadsheet(file, nameOrType, { max: MAX_IMPORT_ROWS + 1, message: TOO_MANY_ROWS });
  return { format, ...toSourceRows(table) };
}

/** An uploaded file's cells as text, row by row, before any column has a meaning. */
export interface Spreadsheet {
  format: ContactFileFormat;
  /** Every row of the file (or of the workbook's first sheet), blank ones included, each cell as `cellText` reads it. */
  table: string[][];
}

/** Rows turned into texts between two turns of the event loop. */
const ROWS_PER_TURN = 5_000;

/**
 * Reads an uploaded CSV or XLSX file with the import's checks and limits into rows of cell texts: its
 * size, its type (the bytes must be what the name says), zip bombs, and the table's rows, columns and
 * cells (limits.ts), each refused before the work it would cost. The contacts import reads its rows
 * from it; so does any other upload of a table (a messaging recipients file). Throws ContactImportError
 * when the file cannot be read.
 *
 * @param nameOrType the file's name (preferred) or its MIME type
 * @param filledRows most rows with a filled cell, header included, and the refusal beyond
 */
export async function readSpreadsheet(
  file: Uint8Array,
  nameOrType: string,
  filledRows: FilledRowLimit = { max: MAX_SPREADSHEET_ROWS, message: TOO_MANY_SHEET_ROWS },
): Promise<Spreadsheet> {
  if (file.byteLength === 0) throw new ContactImportError(EMPTY_FILE);
  if (file.byteLength > MAX_IMPORT_FILE_BYTES) throw new ContactImportError(FILE_TOO_LARGE);
  const format = detectFileFormat(file, nameOrType);
  const cells = format === 'xlsx' ? await readXlsxCells(file) : await readCsvCells(file, filledRows);
  const table: string[][] = [];
  let filled = 0;
  for (const row of cells) {
    const texts = row.map(cellText);
    if (texts.some((text) => text !== '') && ++filled > filledRows.max) throw new ContactImportError(filledRows.message);
    table.push(texts);
    if (table.length % ROWS_PER_TURN === 0) await nextTurn();
  }
  return { format, table };
}

function toSourceRows(table: readonly string[][]): Omit<ParsedContactsFile, 'format'> {
  const isBlank = (row: readonly string[]) => row.every((cell) => cell === '');
  const headerIndex = table.findIndex((row) => !isBlank(row));
  if (headerIndex === -1) throw new ContactImportError(EMPTY_FILE);
  const columns = matchColumns(table[headerIndex] ?? []);

  const rows: ContactSourceRow[] = [];
  for (let index = headerIndex + 1; index < table.length; index += 1) {
    const cells = table[index] ?? [];
    if (isBlank(cells)) continue;
    if (rows.length === MAX_IMPORT_ROWS) throw new ContactImportError(TOO_MANY_ROWS);
    rows.push({ line: index + 1, input: fieldTexts(columns, cells) });
  }
  if (rows.length === 0) throw new ContactImportError(NO_CONTACTS);
  return { columns, rows };
}

function fieldTexts(columns: readonly ContactImportColumn[], cells: readonly string[]): ContactImportInput {
  const input = Object.fromEntries(CONTACT_IMPORT_FIELDS.map((field) => [field, ''])) as ContactImportInput;
  columns.forEach(({ field }, index) => {
    if (field !== null) input[field] = cells[index] ?? '';
  });
  return input;
}
