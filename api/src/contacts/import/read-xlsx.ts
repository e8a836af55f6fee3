import { ContactImportError } from './import-error';
import { NOT_XLSX } from './file-format';
import { MAX_XLSX_UNPACKED_BYTES } from './limits';
import { readFirstSheet } from './read-sheet';
import { checkSheetBounds, workbookSheets } from './sheet-bounds';
import { storedZip, unpackXlsxParts, XLSX_TOO_LARGE } from './unzip-xlsx';
import { zipUnpackedSize } from './zip-size';

export { XLSX_TOO_LARGE } from './unzip-xlsx';

/**
 * The cells of the workbook's first sheet, row by row. Blank rows in the middle come back as rows
 * of nulls, so a row's index still gives its row number.
 *
 * The workbook is checked in steps, each before the next costs anything: the sizes its central
 * directory declares (a quick refusal of an ordinary zip bomb); its XML parts inflated within those
 * sizes (a directory that lies is caught after inflating no more than it claims); the first sheet's
 * cell addresses (a sheet that would become a huge table). Only then does the reader parse it, from
 * a stored copy of the checked parts, the other sheets left out, in a worker thread (read-sheet.ts).
 */
export async function readXlsxCells(file: Uint8Array): Promise<unknown[][]> {
  const declared = zipUnpackedSize(file);
  if (declared === null) throw new ContactImportError(NOT_XLSX);
  if (declared > MAX_XLSX_UNPACKED_BYTES) throw new ContactImportError(XLSX_TOO_LARGE);
  const parts = await unpackXlsxParts(file);
  const sheets = await workbookSheets(new Map(parts.map((part) => [part.name, part.bytes])));
  if (sheets === null) throw new ContactImportError(NOT_XLSX);
  const sheet = parts.find((part) => part.name === sheets.first);
  if (!sheet) throw new ContactImportError(NOT_XLSX);
  await checkSheetBounds(sheet.bytes);
  // The reader reads the first sheet it finds named in the workbook; any other would be a sheet not measured.
  const reading = await readFirstSheet(storedZip(parts.filter((part) => part === sheet || !sheets.all.has(part.name))));
  if (reading === 'too large') throw new ContactImportError(XLSX_TOO_LARGE);
  // Anything else wrong inside the workbook is the file's fault, not the server's. The reader answers
  // no rows for a first sheet that is not a worksheet (a chart sheet).
  if (reading === 'unreadable') throw new ContactImportError(NOT_XLSX);
  return reading.rows;
}
