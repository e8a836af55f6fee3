import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ContactImportColumn, ContactImportField, ContactImportMapping, ImportDateOrder } from '@ushirika/shared/contract';
import { checkCell, MESSAGE_ORDER } from './cell-rules';
import { cellReaders, isBlankCell, withCodes, type CellReader } from './cell-values';
import { columnCodes, isFullNameHeader, matchColumns } from './columns';
import type { ContactFileFormat } from './file-format';
import { ContactImportError } from './import-error';
import { MAX_IMPORT_ROWS } from './limits';
import { EMPTY_FILE, NO_CONTACTS, readSpreadsheet, TOO_MANY_ROWS } from './parse-file';

/** One data row of an import file, read and normalised (not yet matched to a contact). */
export interface ReadContactRow {
  /** the row number a spreadsheet shows (header row is 1) */
  row: number;
  /**
   * The non-blank cells of mapped columns, normalised to the API's form when valid: mobile E.164 (partner's
   * country), gender M/F/O, dateOfBirth YYYY-MM-DD, membershipStatus/maritalStatus/householdRole codes, others
   * trimmed text. A blank cell is ABSENT (never ''): a blank never erases.
   */
  values: Partial<Record<ContactImportField, string>>;
  /**
   * The contact form's messages for the given cells that are wrong (contactEditSchema's messages, one per field,
   * form order, then the household columns'). Empty when all given cells are fine. Required-field messages are
   * NOT added here.
   */
  messages: string[];
}

export interface ReadContactsFile {
  columns: ContactImportColumn[];
  rows: ReadContactRow[];
  /** The uploaded file's name (its base name, at most FILE_NAME_MAX_CHARS), or 'contacts.csv'/'contacts.xlsx' when only its type was given. */
  fileName: string;
}

export interface ReadContactsOptions {
  /** The person's matching (header -> field, or null to ignore); headers it does not name keep the automatic match. */
  mapping?: ContactImportMapping;
  dateOrder: ImportDateOrder;
  /** The partner's country (ISO 3166-1 alpha-2): local mobiles are read in it. */
  country: string;
}

/** Characters of a file name kept (the batches list shows it). */
export const FILE_NAME_MAX_CHARS = 200;

/**
 * The event loop gets a turn every ROWS_PER_TURN rows (about 20 ms of work: the form's rules and the phone parser
 * take some 40 µs a row), or sooner when TURN_MS have passed (a loaded server).
 */
const ROWS_PER_TURN = 500;
const TURN_MS = 20;
const ROWS_BETWEEN_CLOCK_READS = 25;

/**
 * Reads an uploaded contacts file (CSV or XLSX, within the import's limits) into normalised rows. The first non-blank
 * row is the header, matched to fields by the dictionary and `mapping` (columns.ts); each later non-blank row is a
 * contact, its row number the one the spreadsheet shows. Every cell of a matched column is read into its field's
 * API form (cell-values.ts) and checked by the form's rule (cell-rules.ts); blank cells are left out.
 *
 * Throws ContactImportError (answered 400 with its message) when the file cannot be read at all (type, size, bounds,
 * no header, no row below it, more than MAX_IMPORT_ROWS contacts) or when `mapping` is wrong. Gives the event loop a
 * turn every few hundred rows (ROWS_PER_TURN, TURN_MS): a file of 20,000 contacts must not hold the server.
 *
 * @param nameOrType the file's name (preferred) or its MIME type
 */
export async function readContactsFile(bytes: Uint8Array, nameOrType: string, options: ReadContactsOptions): Promise<ReadContactsFile> {
  // The header and MAX_IMPORT_ROWS contacts: one more filled row is refused while the file is read.
  const { format, table } = await readSpreadsheet(bytes, nameOrType, { max: MAX_IMPORT_ROWS + 1, message: TOO_MANY_ROWS });
  const headerIndex = table.findIndex((cells) => !isBlankRow(cells));
  if (headerIndex === -1) throw new ContactImportError(EMPTY_FILE);
  const columns = matchColumns(table[headerIndex] ?? [], options.mapping);
  const readRow = rowReader(columns, options);

  const rows: ReadContactRow[] = [];
  let sinceTurn = 0;
  let turnAt = performance.now();
  for (let index = headerIndex + 1; index < table.length; index += 1) {
    const cells = table[index] ?? [];
    if (isBlankRow(cells)) continue;
    rows.push(readRow(index + 1, cells));
    sinceTurn += 1;
    if (sinceTurn === ROWS_PER_TURN || (sinceTurn % ROWS_BETWEEN_CLOCK_READS === 0 && performance.now() - turnAt > TURN_MS)) {
      await nextTurn();
      sinceTurn = 0;
      turnAt = performance.now();
    }
  }
  if (rows.length === 0) throw new ContactImportError(NO_CONTACTS);
  return { columns, rows, fileName: fileNameOf(nameOrType, format) };
}

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell === '');

interface ColumnReader {
  index: number;
  field: ContactImportField;
  read: CellReader;
}

/** Reads one row's cells into a ReadContactRow, by the matched columns. */
function rowReader(columns: readonly ContactImportColumn[], { dateOrder, country }: ReadContactsOptions): (row: number, cells: readonly string[]) => ReadContactRow {
  const readers = cellReaders(dateOrder, country);
  const used: ColumnReader[] = columns.flatMap(({ header, field }, index) => {
    if (field === null) return [];
    const codes = columnCodes(header, field);
    return [{ index, field, read: codes ? withCodes(codes, readers[field]) : readers[field] }];
  });
  const filled = new Set(used.map(({ field }) => field));
  // A 'Jina' / 'Full Name' column filling the first name of a file without a last-name column holds whole names.
  const fullName = filled.has('lastName') ? undefined : used.find(({ field, index }) => field === 'firstName' && isFullNameHeader(columns[index]?.header ?? ''));

  return (row, cells) => {
    const values: Partial<Record<ContactImportField, string>> = {};
    const known = new Map<ContactImportField, string>();
    const valid = new Set<ContactImportField>();
    for (const column of used) {
      const text = cells[column.index] ?? '';
      if (isBlankCell(text)) continue;
      if (column === fullName) {
        Object.assign(values, splitFullName(text));
        continue;
      }
      const reading = column.read(text);
      if (reading === null) continue;
      values[column.field] = reading.value;
      if (reading.message !== undefined) known.set(column.field, reading.message);
      if (reading.valid) valid.add(column.field);
    }

    const messages: string[] = [];
    for (const field of MESSAGE_ORDER) {
      const value = values[field];
      if (value === undefined || valid.has(field)) continue;
      const message = known.get(field);
      if (message !== undefined) {
        messages.push(message);
        continue;
      }
      const checked = checkCell(field, value, country);
      if ('message' in checked) messages.push(checked.message);
      else values[field] = checked.value;
    }
    return { row, values, messages };
  };
}

/**
 * A whole name split into first and last name: 'Wanjiru, Amina' (a comma: last name first) or 'Amina Wanjiru Kamau'
 * (the first word is the first name, the rest the last name). One word is a first name alone.
 */
export function splitFullName(text: string): { firstName?: string; lastName?: string } {
  const comma = text.indexOf(',');
  const [first, last] = comma === -1 ? splitAtFirstSpace(text) : [text.slice(comma + 1).trim(), text.slice(0, comma).trim()];
  return { ...(first ? { firstName: first } : {}), ...(last ? { lastName: last } : {}) };
}

function splitAtFirstSpace(text: string): [string, string] {
  const words = text.trim().split(/\s+/);
  return [words[0] ?? '', words.slice(1).join(' ')];
}

/** The base name of an uploaded file, without control characters; a made-up name when only the MIME type is known. */
function fileNameOf(nameOrType: string, format: ContactFileFormat): string {
  // Multipart file names are base names, so a slash means a MIME type; some browsers sent C:\fakepath\name.
  const name = nameOrType.includes('/')
    ? ''
    : (nameOrType
        .split('\\')
        .pop()
        ?.replace(/\p{Cc}/gu, '')
        .trim() ?? '');
  return name === '' ? `contacts.${format}` : name.slice(0, FILE_NAME_MAX_CHARS);
}
