import Papa from 'papaparse';
import { ContactImportError } from './import-error';

/**
 * The cells of a CSV file, row by row, as text. Accepts what spreadsheets write: UTF-8 with or
 * without a byte-order mark, comma or semicolon between cells (Excel uses semicolons where the
 * decimal separator is a comma), CRLF or LF line ends, quoted cells with line breaks inside.
 */
export function readCsvCells(file: Uint8Array): string[][] {
  const text = decodeText(file);
  const result = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: false });
  const broken = result.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    const where = broken.row === undefined ? '' : ` on line ${broken.row + 1}`;
    throw new ContactImportError(`The CSV file could not be read${where}: a quoted cell is not closed.`);
  }
  return result.data;
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
 * Comma or semicolon, whichever the first line (the header) holds more of. Decided on the header
 * alone because data cells may contain the other character ("Westlands, Nairobi").
 */
function guessDelimiter(text: string): ',' | ';' {
  const header = text.trimStart().split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (character: string) => header.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}
