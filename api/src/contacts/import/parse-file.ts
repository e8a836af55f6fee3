import { setImmediate as nextTurn } from 'node:timers/promises';
import { cellText } from './cell-text';
import { detectFileFormat, type ContactFileFormat } from './file-format';
import { ContactImportError } from './import-error';
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, MAX_SPREADSHEET_ROWS } from './limits';
import { readCsvCells, type FilledRowLimit } from './read-csv';
import { readXlsxCells } from './read-xlsx';
import { TOO_MANY_SHEET_ROWS } from './table-bounds';

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
export const EMPTY_FILE = 'The file is empty.';
export const FILE_TOO_LARGE = `The file is larger than ${megabytes(MAX_IMPORT_FILE_BYTES)}. Split it into smaller files and import them one by one.`;
export const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} contacts. Split it into smaller files and import them one by one.`;
export const NO_CONTACTS = 'The file has no contacts below its header row.';

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
