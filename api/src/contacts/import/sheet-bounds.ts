import { ContactImportError } from './import-error';
import { MAX_IMPORT_COLUMNS, MAX_SPREADSHEET_CELLS, MAX_SPREADSHEET_ROWS } from './limits';
import { TOO_MANY_CELLS, TOO_MANY_SHEET_ROWS, tooManyColumns } from './table-bounds';
import { attributeValue, attributeValues, forEachOpenTag } from './xml-tags';

/*
 * The size of the table a workbook's sheet would become, measured on its XML before the reader builds
 * it. The reader (read-excel-file) trusts the sheet's cell addresses: it fills every row up to the
 * highest row number and every value's row up to its column with empty cells, so a few bytes naming
 * row 1,000,000,000 or column ZZZZZZZ would take all the memory there is. The addresses are read here
 * as the reader reads them (parseCellAddress: letters in base 26, then Number() of the rest).
 */

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';
const SHEET = new Set(['sheet']);
const RELATIONSHIP = new Set(['Relationship']);
const ROW_OR_CELL = new Set(['row', 'c']);
const WORKSHEET_TYPES = [
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet',
];

export interface WorkbookSheets {
  /** The part of the workbook's first sheet: the one the reader reads. */
  first: string;
  /** The parts of all its worksheets. */
  all: Set<string>;
}

/**
 * Which parts hold the workbook's sheets, found as the reader finds them: the first <sheet> with a name
 * in xl/workbook.xml, through its relationship id in xl/_rels/workbook.xml.rels. Null when there is no
 * such sheet (the reader would refuse the workbook too).
 */
export async function workbookSheets(parts: ReadonlyMap<string, Uint8Array>): Promise<WorkbookSheets | null> {
  const workbook = parts.get(WORKBOOK);
  const relationships = parts.get(WORKBOOK_RELATIONSHIPS);
  if (!workbook || !relationships) return null;

  let firstId: string | undefined;
  let found = false;
  await forEachOpenTag(utf8(workbook), SHEET, ({ attributes }) => {
    if (found || !attributeValue(attributes, 'name')) return;
    found = true;
    firstId = attributeValue(attributes, 'id');
  });

  const sheets = new Map<string, string>();
  await forEachOpenTag(utf8(relationships), RELATIONSHIP, ({ attributes }) => {
    const target = attributeValue(attributes, 'Target');
    if (target === undefined || !WORKSHEET_TYPES.includes(attributeValue(attributes, 'Type') ?? '')) return;
    sheets.set(attributeValue(attributes, 'Id') ?? '', target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  });
  const first = firstId === undefined ? undefined : sheets.get(firstId);
  return first === undefined ? null : { first, all: new Set(sheets.values()) };
}

/**
 * Refuses a sheet whose table would be too long (a row number beyond MAX_SPREADSHEET_ROWS, or more
 * rows than that), too wide (a cell that can hold a value beyond column MAX_IMPORT_COLUMNS) or too
 * large (its filled rectangle beyond MAX_SPREADSHEET_CELLS). Empty cells written as `<c r="AZ9" s="1"/>`
 * (formatting only) may lie beyond the columns: the reader adds nothing for them.
 */
export async function checkSheetBounds(sheet: Uint8Array): Promise<void> {
  // The limits as plain numbers: read through their module in the loop, each would cost a call.
  const [maxRows, maxColumns] = [MAX_SPREADSHEET_ROWS, MAX_IMPORT_COLUMNS];
  let rows = 0;
  let rowNumber = 0;
  let filledRows = 0;
  let filledColumns = 0;
  const tooLong = (row: number) => {
    if (row > maxRows) throw new ContactImportError(TOO_MANY_SHEET_ROWS);
  };

  await forEachOpenTag(utf8(sheet), ROW_OR_CELL, ({ name, attributes, selfClosing }) => {
    if (name === 'row') {
      rows += 1;
      tooLong(rows);
      rowNumber = highest(attributeValues(attributes, 'r').map(Number));
      tooLong(rowNumber);
    } else if (name === 'c') {
      for (const address of attributeValues(attributes, 'r')) {
        const { row, column } = cellAddress(address);
        tooLong(row);
        if (selfClosing) continue;
        const at = Math.max(highest([row]), rowNumber);
        if (column > maxColumns) throw new ContactImportError(tooManyColumns(at));
        filledRows = Math.max(filledRows, at);
        filledColumns = Math.max(filledColumns, column);
      }
    }
  });
  if (filledRows * filledColumns > MAX_SPREADSHEET_CELLS) throw new ContactImportError(TOO_MANY_CELLS);
}

/** The highest of some numbers, NaN ones left out (the reader ignores a row number that is not one); 0 for none. */
function highest(numbers: readonly number[]): number {
  return numbers.reduce((high, value) => (value > high ? value : high), 0);
}

/**
 * A cell address as read-excel-file's parseCellAddress reads it: every character before the first digit
 * is a base-26 letter (code - 64, whatever the character), the rest is a Number. NaN row when there is no digit.
 */
export function cellAddress(address: string): { row: number; column: number } {
  let column = 0;
  for (let index = 0; index < address.length; index += 1) {
    const code = address.charCodeAt(index);
    if (code >= 48 && code <= 57) return { row: Number(address.slice(index)), column };
    column = column * 26 + code - 64;
  }
  return { row: NaN, column };
}

const decoder = new TextDecoder('utf-8');
const utf8 = (bytes: Uint8Array) => decoder.decode(bytes);
