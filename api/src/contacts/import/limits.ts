/**
 * Bounds of one uploaded table (a contacts import, a messaging recipients file). They keep one upload
 * from holding the server's memory or its event loop for long: a file is read whole into memory, and
 * every bound is checked while reading, before the work it would cost is done. docs/security.md lists
 * them with the attack each one stops.
 */

/**
 * Largest file accepted (5 MiB holds about 50,000 typical CSV rows, well above the row limit), most
 * contacts one file may hold (a larger contact book is imported in several files), and most columns a
 * row may use (the import knows 6; a member list exported from elsewhere rarely has more than 30).
 * They live in the shared contract so the upload form can check them too.
 */
export { MAX_IMPORT_COLUMNS, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS } from '@ushirika/shared/contract';

/**
 * Most rows a file may span, empty ones included: CSV lines, or the last row number of the sheet. The
 * messaging upload takes up to 100,000 numbers; twice that leaves room for blank rows. A 5 MiB CSV of
 * empty lines holds 5 million of them, which would take seconds and hundreds of MB to parse.
 */
export const MAX_SPREADSHEET_ROWS = 200_000;

/**
 * Most cells the rows × columns of a table may hold (20,000 contacts × 50 columns is 1,000,000; 100,000
 * numbers × 20 columns is 2,000,000). An XLSX sheet with one value at row 200,000 and one in column 50
 * is tiny, but the reader fills the whole rectangle in between.
 */
export const MAX_SPREADSHEET_CELLS = 2_000_000;

/**
 * Longest CSV line, in characters. A row of 50 columns of 1,000 characters fits; one 5 MiB line (a file
 * without line breaks, or a million delimiters) is refused before it is parsed.
 */
export const MAX_CSV_LINE_CHARS = 64 * 1024;

/**
 * Most bytes the parts of an XLSX workbook the reader needs (its XML) may unpack to, counted on the bytes
 * actually inflated. A workbook of 20,000 contacts in 10 columns unpacks to about 11 MB, 100,000 numbers
 * to about 8 MB; a file beyond is either far over the row limits or a "zip bomb" meant to exhaust memory.
 */
export const MAX_XLSX_UNPACKED_BYTES = 32 * 1024 * 1024;

/** Most files (parts) a workbook may hold: Excel writes about a dozen, and a few more per sheet or picture. */
export const MAX_XLSX_ENTRIES = 1_000;

/**
 * Characters of a cell kept when it is read: more than any field takes (an email address, the longest,
 * is at most 254), so a longer cell still fails its field's length check, while the text validated and
 * echoed back in a preview stays small (a cell can otherwise hold megabytes).
 */
export const MAX_CELL_CHARS = 1_000;

/** Problem rows a preview lists (its counts cover all of them), so a wrong file cannot produce a huge answer. */
export const PREVIEW_MAX_PROBLEMS = 1_000;

/** Ready rows a preview shows, enough to see that the columns were understood. */
export const PREVIEW_SAMPLE_ROWS = 5;
