import { ContactImportError } from './import-error';

export type ContactFileFormat = 'csv' | 'xlsx';

// An XLSX workbook is a ZIP archive; a legacy .xls workbook is an OLE2 compound file.
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const CSV_EXTENSIONS = ['.csv', '.txt'];
const XLSX_EXTENSION = '.xlsx';
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'text/x-csv', 'text/comma-separated-values'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Windows browsers label .csv files (and legacy .xls ones) with this type, so the content decides. */
const EXCEL_OR_CSV_TYPE = 'application/vnd.ms-excel';

export const UNSUPPORTED_FILE = 'Only CSV and Excel (.xlsx) files can be imported.';
export const LEGACY_XLS = 'Old Excel (.xls) files cannot be imported. Save the file as Excel Workbook (.xlsx) or CSV and try again.';
export const NOT_XLSX = 'The file could not be read as an Excel (.xlsx) workbook.';
export const NOT_CSV = 'The file could not be read as a CSV text file. Save it as CSV (UTF-8) and try again.';

/**
 * Which reader a file needs. `nameOrType` is the uploaded file's name or, when the name is not
 * known, its MIME type; it must name a CSV or XLSX file. The content then decides, because
 * browsers label files inconsistently (a .csv file may arrive as application/vnd.ms-excel).
 */
export function detectFileFormat(file: Uint8Array, nameOrType: string): ContactFileFormat {
  if (startsWith(file, OLE2_SIGNATURE)) throw new ContactImportError(LEGACY_XLS);
  const declared = declaredFormat(nameOrType.trim().toLowerCase());
  if (declared === null) throw new ContactImportError(UNSUPPORTED_FILE);
  const isZip = startsWith(file, ZIP_SIGNATURE);
  if (declared === 'xlsx' && !isZip) throw new ContactImportError(NOT_XLSX);
  if (!isZip && isBinary(file)) throw new ContactImportError(NOT_CSV);
  return isZip ? 'xlsx' : 'csv';
}

/**
 * Text never holds a NUL byte; pictures, PDFs, archives and UTF-16 text ("Unicode Text" from Excel) do,
 * within their first bytes. The whole file is searched: it is quick, and a text with a NUL inside is not
 * one the parser should see either.
 */
function isBinary(file: Uint8Array): boolean {
  return file.includes(0);
}

/** 'either' when the label fits both (the Windows type for .csv). */
function declaredFormat(nameOrType: string): ContactFileFormat | 'either' | null {
  // Multipart file names are base names, so a slash means a MIME type (possibly with "; charset=…").
  if (nameOrType.includes('/')) {
    const type = nameOrType.split(';', 1)[0]?.trim() ?? '';
    if (CSV_TYPES.includes(type)) return 'csv';
    if (type === XLSX_TYPE) return 'xlsx';
    return type === EXCEL_OR_CSV_TYPE ? 'either' : null;
  }
  if (CSV_EXTENSIONS.some((extension) => nameOrType.endsWith(extension))) return 'csv';
  return nameOrType.endsWith(XLSX_EXTENSION) ? 'xlsx' : null;
}

function startsWith(file: Uint8Array, signature: readonly number[]): boolean {
  return file.length >= signature.length && signature.every((byte, index) => file[index] === byte);
}
