import { InvalidInputError, readSheet } from 'read-excel-file/node';
import { ContactImportError } from './import-error';
import { LEGACY_XLS, NOT_XLSX } from './file-format';
import { MAX_XLSX_UNPACKED_BYTES } from './limits';
import { zipUnpackedSize } from './zip-size';

export const XLSX_TOO_LARGE = 'The Excel file unpacks to too much data to import. Save it as CSV and try again.';

/**
 * The cells of the workbook's first sheet, row by row. Blank rows in the middle come back as rows
 * of nulls, so a row's index still gives its row number.
 */
export async function readXlsxCells(file: Uint8Array): Promise<unknown[][]> {
  const unpacked = zipUnpackedSize(file);
  if (unpacked === null) throw new ContactImportError(NOT_XLSX);
  if (unpacked > MAX_XLSX_UNPACKED_BYTES) throw new ContactImportError(XLSX_TOO_LARGE);
  try {
    // Numbers are kept as the text the file stores: a phone typed as a number must not pass
    // through a float (and be shown as 2.54712345678e+11).
    return await readSheet<string>(Buffer.from(file.buffer, file.byteOffset, file.byteLength), { parseNumber: (text) => text });
  } catch (error) {
    if (error instanceof InvalidInputError && error.code === 'XLS_FILE_NOT_SUPPORTED') throw new ContactImportError(LEGACY_XLS);
    // Anything else wrong inside the workbook is the file's fault, not the server's.
    throw new ContactImportError(NOT_XLSX);
  }
}
