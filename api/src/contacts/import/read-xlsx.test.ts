import { deflated, deflatedZeros, sheetRowsXml, workbookParts, zerosInflated, zipArchive, type ZipPart } from '../../../test/support/xlsx';
import { NOT_XLSX } from './file-format';
import { ContactImportError } from './import-error';
import { MAX_IMPORT_COLUMNS, MAX_XLSX_ENTRIES, MAX_XLSX_UNPACKED_BYTES } from './limits';
import { readSpreadsheet } from './parse-file';
import { XLSX_TOO_LARGE } from './read-xlsx';
import { TOO_MANY_CELLS, TOO_MANY_SHEET_ROWS, tooManyColumns } from './table-bounds';

/*
 * Hostile workbooks, built by hand: zip bombs whose directory tells the truth, whose directory lies,
 * whose bomb hides outside the directory; sheets that name rows and columns far beyond the limits.
 * Each is refused (or read safely) without inflating or building more than the limits allow.
 */

const CONTACTS = [
  ['First Name', 'Last Name', 'Gender', 'Mobile', 'Residence'],
  ['Amina', 'Wanjiru', 'F', 712345678, 'Nairobi'],
];
const SHEET = 'xl/worksheets/sheet1.xml';
const MB = 1024 * 1024;

const read = (file: Buffer) => readSpreadsheet(file, 'contacts.xlsx');
const refusal = async (file: Buffer) => {
  const error: unknown = await read(file).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ContactImportError);
  return (error as ContactImportError).message;
};
/** A one-sheet workbook whose sheet holds `rows` (sheetData XML), Excel-like: every part deflated. */
const workbookOf = (rows: string, ...more: string[]) => zipArchive(workbookParts([rows, ...more]).map(deflated));
/** The workbook with its sheet part replaced. */
const withSheet = (sheet: Partial<ZipPart>) => zipArchive(workbookParts([sheetRowsXml(CONTACTS)]).map((part) => (part.name === SHEET ? { ...part, ...sheet } : part)));

/** Resident memory added while `work` runs, sampled every few milliseconds, in MB. */
async function peakMemoryGrowth(work: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return (Math.max(peak, process.memoryUsage().rss) - before) / MB;
}

describe('readSpreadsheet: XLSX', () => {
  it('reads a workbook whose parts are deflated, as Excel packs them', async () => {
    expect((await read(workbookOf(sheetRowsXml(CONTACTS)))).table).toEqual([CONTACTS[0], ['Amina', 'Wanjiru', 'F', '712345678', 'Nairobi']]);
  });

  describe('zip bombs', () => {
    // 4,000,000 runs: about 1 GB of zeros from a part of 1 MB.
    const bomb = deflatedZeros(4_000_000);

    it('refuses a part that inflates past the size its directory declares, having inflated no more than that', async () => {
      expect(zerosInflated(4_000_000)).toBeGreaterThan(1e9);
      // As the attacker's file: the local header declares nothing (streamed), the directory 4 KB.
      const file = withSheet({ deflated: bomb, size: 4096, streamed: true });
      expect(file.byteLength).toBeLessThan(1.1 * MB);

      const started = performance.now();
      let message = '';
      const growth = await peakMemoryGrowth(async () => (message = await refusal(file)));

      console.log(
        `lying zip bomb (${(file.byteLength / 1024).toFixed(0)} KB, inflates to 1 GB): refused in ${(performance.now() - started).toFixed(0)} ms, resident memory +${growth.toFixed(0)} MB`,
      );
      expect(message).toBe(NOT_XLSX);
      expect(growth).toBeLessThan(150);
    });

    it('refuses a workbook whose directory declares more than the limit, without inflating anything', async () => {
      const file = withSheet({ deflated: bomb, size: MAX_XLSX_UNPACKED_BYTES + 1 });
      const growth = await peakMemoryGrowth(async () => expect(await refusal(file)).toBe(XLSX_TOO_LARGE));
      expect(growth).toBeLessThan(150);
    });

    it('never inflates an entry left out of the directory (a reader walking local headers would)', async () => {
      const hidden: ZipPart = { name: 'xl/worksheets/sheet9.xml', deflated: bomb, size: 0, unlisted: true };
      const file = zipArchive([hidden, ...workbookParts([sheetRowsXml(CONTACTS)]).map(deflated)]);
      let rows = 0;
      const growth = await peakMemoryGrowth(async () => (rows = (await read(file)).table.length));
      expect(rows).toBe(2);
      expect(growth).toBeLessThan(150);
    });

    it('refuses a part whose bytes do not inflate, or do not match their checksum', async () => {
      expect(await refusal(withSheet({ deflated: Buffer.from('not deflate data at all') }))).toBe(NOT_XLSX);
      const sheet = deflated({ name: SHEET, data: Buffer.from(sheetRowsXml(CONTACTS)) });
      expect(await refusal(withSheet({ deflated: sheet.deflated, data: Buffer.from('other text of the same size'.padEnd(sheet.data!.length)) }))).toBe(NOT_XLSX);
    });

    it(`refuses an archive of more than ${MAX_XLSX_ENTRIES} entries`, async () => {
      const pictures = Array.from({ length: MAX_XLSX_ENTRIES }, (_, index): ZipPart => ({ name: `xl/media/image${index}.png`, data: Buffer.alloc(1) }));
      expect(await refusal(zipArchive([...workbookParts([sheetRowsXml(CONTACTS)]), ...pictures]))).toBe(XLSX_TOO_LARGE);
    });
  });

  describe('sheets that name rows and columns beyond the limits', () => {
    const text = (ref: string) => `<c r="${ref}" t="inlineStr"><is><t>x</t></is></c>`;

    it.each([
      ['a row numbered a billion', `<row r="1"/><row r="1000000000"/>`],
      ['a cell in row a billion, its row unnumbered', `<row>${text('A1000000000')}</row>`],
      ['a row number written as 1e9', `<row r="1e9"/>`],
      ['more than 200,000 unnumbered rows', '<row/>'.repeat(200_001)],
    ])('refuses %s', async (_what, rows) => {
      expect(await refusal(workbookOf(rows))).toBe(TOO_MANY_SHEET_ROWS);
    });

    it.each([
      ['a value in column ZZZZZZZ', `<row r="1">${text('ZZZZZZZ1')}</row>`, 1],
      ['a value in column AY (51)', `<row r="1">${text('A1')}</row><row r="2">${text('AY2')}</row>`, 2],
      ['an address written with character references', `<row r="3"><c r="&#90;&#90;&#90;3"><v>1</v></c></row>`, 3],
      ['a prefixed cell tag', `<row r="1"><x:c xmlns:x="urn:x" r="ZZZ1"><x:v>1</x:v></x:c></row>`, 1],
      ['a quoted ">" before the address', `<row r="1"><c s="a>b" r="ZZZ1"><v>1</v></c></row>`, 1],
    ])('refuses %s', async (_what, rows, row) => {
      expect(await refusal(workbookOf(rows))).toBe(tooManyColumns(row));
    });

    it(`refuses a sheet whose filled rectangle is more than the cell limit, and reads one whose empty formatted cells lie beyond column ${MAX_IMPORT_COLUMNS}`, async () => {
      expect(await refusal(workbookOf(`<row r="1">${text('A1')}</row><row r="199999">${text('AX199999')}</row>`))).toBe(TOO_MANY_CELLS);
      const formatted = `<row r="1">${text('A1')}<c r="BZ1" s="1"/><c r="XFD1" s="1"/></row>`;
      expect((await read(workbookOf(formatted))).table).toEqual([['x']]);
    });

    it('reads the first sheet and leaves the others out, unmeasured and unread', async () => {
      const file = workbookOf(sheetRowsXml(CONTACTS), `<row r="1000000000">${text('ZZZZZZZ1000000000')}</row>`);
      expect((await read(file)).table).toHaveLength(2);
    });
  });
});
