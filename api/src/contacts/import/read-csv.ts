import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Papa from 'papaparse';
import { ContactImportError } from './import-error';
import { MAX_CSV_LINE_CHARS } from './limits';
import { checkRowWidth, checkTableSize, lineTooLong } from './table-bounds';

/** Rows with at least one filled cell a file may hold, and the refusal beyond (each caller words its own). */
export interface FilledRowLimit {
  max: number;
  message: string;
}

/**
 * Text handed to the parser at a time. Between two slices the event loop serves other requests, so
 * even the largest file holds it for a few milliseconds at a time.
 */
const SLICE_CHARS = 16 * 1024;

export const unclosedQuote = (line: number) => `The CSV file could not be read on line ${line}: a quoted cell is not closed.`;

/**
 * The cells of a CSV file, row by row, as text, without the empty cells at the end of a row (a blank
 * row is []). Accepts what spreadsheets write: UTF-8 with or without a byte-order mark, comma or
 * semicolon between cells (Excel uses semicolons where the decimal separator is a comma), CRLF or LF
 * line ends, quoted cells with line breaks inside.
 *
 * Bounded while it parses, slice by slice: a row longer than MAX_CSV_LINE_CHARS, wider than
 * MAX_IMPORT_COLUMNS, a table beyond MAX_SPREADSHEET_ROWS or MAX_SPREADSHEET_CELLS, or more filled
 * rows than `filledRows` allows is refused as soon as it is seen, without parsing the rest.
 */
export async function readCsvCells(file: Uint8Array, filledRows: FilledRowLimit): Promise<string[][]> {
  const text = decodeText(file);
  return parseRows(text, guessDelimiter(text), filledRows);
}

function parseRows(text: string, delimiter: string, filledRows: FilledRowLimit): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    let cells = 0;
    let filled = 0;
    /** Where the last complete row ended, and how much text the parser has been given. */
    let rowEnd = 0;
    let given = 0;
    let refused = false;

    async function* slices(): AsyncGenerator<string> {
      for (let start = 0; start < text.length && !refused; start += SLICE_CHARS) {
        // A row still open this far past the last row's end is too long, whatever its quotes hold.
        if (given - rowEnd > MAX_CSV_LINE_CHARS) return refuse(new ContactImportError(lineTooLong(rows.length + 1)));
        given = Math.min(text.length, start + SLICE_CHARS);
        yield text.slice(start, given);
        await nextTurn();
      }
    }
    const source = Readable.from(slices());

    function refuse(error: unknown): void {
      if (refused) return;
      refused = true;
      source.destroy();
      reject(error);
    }

    Papa.parse<string[], NodeJS.ReadableStream>(source, {
      delimiter,
      skipEmptyLines: false,
      step(result, parser) {
        try {
          const line = rows.length + 1;
          // A row may end with CRLF; a quote never closed runs to the end of the file.
          if (result.meta.cursor - rowEnd > MAX_CSV_LINE_CHARS + 2) throw new ContactImportError(lineTooLong(line));
          if (result.errors.some((error) => error.type === 'Quotes')) throw new ContactImportError(unclosedQuote(line));
          rowEnd = result.meta.cursor;
          const row = withoutTrailingEmptyCells(result.data);
          if (row.length > 0) checkRowWidth(line, row.length);
          cells += row.length;
          checkTableSize(line, cells);
          if (row.length > 0 && ++filled > filledRows.max) throw new ContactImportError(filledRows.message);
          rows.push(row);
        } catch (error) {
          // Refused first: abort() calls `complete`, which must not resolve.
          refuse(error);
          parser.abort();
        }
      },
      complete: () => {
        if (!refused) resolve(rows);
      },
      error: (error) => refuse(error),
    });
  });
}

function withoutTrailingEmptyCells(row: string[]): string[] {
  let length = row.length;
  while (length > 0 && row[length - 1] === '') length -= 1;
  return length === row.length ? row : row.slice(0, length);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/**
 * UTF-8 (the decoder drops a byte-order mark). Excel's plain "CSV" on Windows writes the
 * Windows-1252 code page instead, so a file that is not valid UTF-8 is read as that: every byte
 * has a meaning there, and the accented Latin letters in names come out right.
 */
function decodeText(file: Uint8Array): string {
  try {
    return utf8.decode(file);
  } catch {
    return windows1252.decode(file);
  }
}

/**
 * Comma or semicolon, whichever the first non-blank line (the header) holds more of. Decided on the
 * header alone because data cells may contain the other character ("Westlands, Nairobi"). Only the
 * first MAX_CSV_LINE_CHARS of it are looked at: a longer header is refused by the parser anyway.
 */
function guessDelimiter(text: string): ',' | ';' {
  const start = Math.max(0, text.search(/\S/));
  const header = text.slice(start, start + MAX_CSV_LINE_CHARS + 1).split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (character: string) => header.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}
