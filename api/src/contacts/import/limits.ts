/**
 * Bounds of one contacts import. They keep one upload from holding the server for long: a file is
 * read whole into memory and every row is validated before anything is saved.
 */

/**
 * Largest file accepted (5 MiB holds about 50,000 typical CSV rows, well above the row limit), and
 * most contacts one file may hold (a larger contact book is imported in several files). Both live
 * in the shared contract so the upload form can check them too.
 */
export { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS } from '@ushirika/shared/contract';

/**
 * Most bytes an XLSX file may unpack to. A 5 MiB workbook of text unpacks to about ten times
 * that; a file claiming far more is a "zip bomb" meant to exhaust memory.
 */
export const MAX_XLSX_UNPACKED_BYTES = 100 * 1024 * 1024;

/** Problem rows a preview lists (its counts cover all of them), so a wrong file cannot produce a huge answer. */
export const PREVIEW_MAX_PROBLEMS = 1_000;

/** Ready rows a preview shows, enough to see that the columns were understood. */
export const PREVIEW_SAMPLE_ROWS = 5;
