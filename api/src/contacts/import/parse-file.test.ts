import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVERY_FIELD_WRONG_MESSAGES } from './fixtures/every-field-wrong';
import { LEGACY_XLS, NOT_CSV, NOT_XLSX, UNSUPPORTED_FILE } from './file-format';
import { ContactImportError } from './import-error';
import { MAX_CELL_CHARS, MAX_CSV_LINE_CHARS, MAX_IMPORT_COLUMNS, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, MAX_SPREADSHEET_ROWS } from './limits';
import { EMPTY_FILE, FILE_TOO_LARGE, NO_CONTACTS, TOO_MANY_ROWS, readSpreadsheet } from './parse-file';
import { readContactsFile } from './read-contacts';
import { XLSX_TOO_LARGE } from './read-xlsx';
import { lineTooLong, TOO_MANY_CELLS, TOO_MANY_SHEET_ROWS, tooManyColumns } from './table-bounds';

const xlsxFixture = () => readFileSync(join(__dirname, 'fixtures', 'contacts.xlsx'));
const utf8 = (text: string) => Buffer.from(text, 'utf8');
/** Reads a file as the import does: day-first dates, Kenyan mobiles. */
const parse = async (file: Uint8Array, nameOrType: string) => {
  const read = await readContactsFile(file, nameOrType, { dateOrder: 'DMY', country: 'KE' });
  return { ...read, format: (await readSpreadsheet(file, nameOrType)).format };
};
const AMINA = { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '+254712345678', residence: 'Nairobi' };

const refusal = async (file: Uint8Array, nameOrType: string) => {
  const error: unknown = await readContactsFile(file, nameOrType, { dateOrder: 'DMY', country: 'KE' }).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ContactImportError);
  return (error as ContactImportError).message;
};

describe('readContactsFile: CSV', () => {
  it('reads UTF-8 with a byte-order mark, semicolons, CRLF and forgiving headers', async () => {
    const csv = '\uFEFFfirst_name;LAST NAME;Sex;Phone Number;Location;E-mail\r\nAmina;Wanjiru;Female;0712 345 678;Nairobi;amina@example.org\r\n';
    const parsed = await parse(utf8(csv), 'contacts.csv');
    expect(parsed.format).toBe('csv');
    expect(parsed.columns).toEqual([
      { header: 'first_name', field: 'firstName' },
      { header: 'LAST NAME', field: 'lastName' },
      { header: 'Sex', field: 'gender' },
      { header: 'Phone Number', field: 'mobile' },
      { header: 'Location', field: 'residence' },
      { header: 'E-mail', field: 'email' },
    ]);
    expect(parsed.rows).toEqual([{ row: 2, values: { ...AMINA, email: 'amina@example.org' }, messages: [] }]);
  });

  it('reads commas, quoted cells with commas, quotes and line breaks, and keeps the row numbers past blank rows', async () => {
    const csv = [
      'Gender,First Name,Last Name,Mobile,Residence,Member since',
      'M,"Otieno, Jr",Odhiambo,0722000111,"Westlands, Nairobi",2019',
      '',
      ',,,,,',
      'F,"Grace ""Neema""",Achieng,0733000222,"Kisumu',
      'Kondele",',
    ].join('\n');
    const parsed = await parse(utf8(csv), 'text/csv; charset=utf-8');
    expect(parsed.columns.at(-1)).toEqual({ header: 'Member since', field: null });
    expect(parsed.rows).toEqual([
      { row: 2, values: { gender: 'M', firstName: 'Otieno, Jr', lastName: 'Odhiambo', mobile: '+254722000111', residence: 'Westlands, Nairobi' }, messages: [] },
      { row: 5, values: { gender: 'F', firstName: 'Grace "Neema"', lastName: 'Achieng', mobile: '+254733000222', residence: 'Kisumu\nKondele' }, messages: [] },
    ]);
  });

  it('takes a semicolon file even when its cells hold commas, and skips blank rows above the header', async () => {
    const csv = '\n;;\nFirstName;LastName;Gender;Mobile;Residence\nAmina;Wanjiru;F;0712345678;Westlands, Nairobi\n';
    const parsed = await parse(utf8(csv), 'contacts.CSV');
    expect(parsed.rows).toEqual([{ row: 4, values: { ...AMINA, residence: 'Westlands, Nairobi' }, messages: [] }]);
  });

  it('reads a file Excel saved in the Windows code page', async () => {
    const header = Buffer.from('First Name,Last Name,Gender,Mobile,Residence\n', 'latin1');
    const row = Buffer.from('Amélie,Müller,F,+33612345678,Besançon\n', 'latin1');
    const parsed = await parse(Buffer.concat([header, row]), 'contacts.csv');
    expect(parsed.rows[0]?.values).toEqual({ firstName: 'Amélie', lastName: 'Müller', gender: 'F', mobile: '+33612345678', residence: 'Besançon' });
  });

  it('takes back the apostrophe our export puts before formula-like cells', async () => {
    const csv = "First Name,Last Name,Gender,Mobile,Residence\n'=Amina,Wanjiru,F,'+254712345678,'@home\n";
    const parsed = await parse(utf8(csv), 'contacts.csv');
    expect(parsed.rows[0]?.values).toEqual({ ...AMINA, firstName: '=Amina', residence: '@home' });
  });

  it('accepts a .csv that Windows labels application/vnd.ms-excel, and a .txt name', async () => {
    const csv = utf8('First Name,Last Name,Gender,Mobile,Residence\nAmina,Wanjiru,F,0712345678,Nairobi\n');
    expect((await parse(csv, 'application/vnd.ms-excel')).format).toBe('csv');
    expect((await parse(csv, 'contacts.txt')).format).toBe('csv');
  });
});

describe('readContactsFile: XLSX', () => {
  it('reads the first sheet with row numbers as the spreadsheet shows them and numbers as their digits', async () => {
    const parsed = await parse(xlsxFixture(), 'contacts.xlsx');
    expect(parsed.format).toBe('xlsx');
    expect(parsed.columns.map((column) => column.field)).toEqual(['firstName', 'lastName', 'gender', 'mobile', 'residence', 'email', null]);
    expect(parsed.rows).toEqual([
      { row: 2, values: { ...AMINA, email: 'amina@example.org' }, messages: [] },
      { row: 4, values: { firstName: 'John', lastName: 'Otieno', gender: 'M', mobile: '+254722000111', residence: 'Kisumu' }, messages: [] },
      // Blank cells are left out; what is given and wrong keeps its text and has the form's message.
      { row: 5, values: { firstName: 'X', gender: 'Unsure', mobile: '12345', email: 'not-an-email' }, messages: EVERY_FIELD_WRONG_MESSAGES },
      { row: 6, values: AMINA, messages: [] },
    ]);
  });

  it('goes by the content when the type fits both formats', async () => {
    expect((await parse(xlsxFixture(), 'application/vnd.ms-excel')).format).toBe('xlsx');
    expect((await parse(xlsxFixture(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).format).toBe('xlsx');
  });

  it('refuses a workbook that claims to unpack to more than the limit (a zip bomb)', async () => {
    const bomb = xlsxFixture();
    // Set the unpacked size in every central directory entry (signature PK\1\2, size at +24) to 4 GB - 2.
    for (let offset = bomb.indexOf('PK\u0001\u0002'); offset !== -1; offset = bomb.indexOf('PK\u0001\u0002', offset + 4)) {
      bomb.writeUInt32LE(0xfffffffe, offset + 24);
    }
    expect(await refusal(bomb, 'contacts.xlsx')).toBe(XLSX_TOO_LARGE);
  });

  it('refuses a damaged workbook and a legacy .xls one', async () => {
    expect(await refusal(xlsxFixture().subarray(0, 200), 'contacts.xlsx')).toBe(NOT_XLSX);
    // A sound ZIP archive whose sheet the workbook cannot find (the entry names are stored as plain text).
    const renamed = Buffer.from(xlsxFixture().toString('latin1').replaceAll('xl/worksheets/sheet1.xml', 'xl/worksheets/sheetX.xml'), 'latin1');
    expect(await refusal(renamed, 'contacts.xlsx')).toBe(NOT_XLSX);
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(await refusal(xls, 'contacts.xls')).toBe(LEGACY_XLS);
    expect(await refusal(xls, 'application/vnd.ms-excel')).toBe(LEGACY_XLS);
  });
});

describe('readContactsFile: refusals', () => {
  const header = 'First Name,Last Name,Gender,Mobile,Residence\n';

  it('refuses other file types and an .xlsx name on text', async () => {
    expect(await refusal(utf8(header), 'contacts.pdf')).toBe(UNSUPPORTED_FILE);
    expect(await refusal(utf8(header), 'application/json')).toBe(UNSUPPORTED_FILE);
    expect(await refusal(utf8(header), 'contacts.xlsx')).toBe(NOT_XLSX);
  });

  it('refuses an empty file, a blank one and one without contacts', async () => {
    expect(await refusal(Buffer.alloc(0), 'contacts.csv')).toBe(EMPTY_FILE);
    expect(await refusal(utf8('\uFEFF\r\n ; \r\n'), 'contacts.csv')).toBe(EMPTY_FILE);
    expect(await refusal(utf8(`${header}\n,,,,\n`), 'contacts.csv')).toBe(NO_CONTACTS);
  });

  it(`refuses a file over ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MiB`, async () => {
    expect(FILE_TOO_LARGE).toBe('The file is larger than 5 MB. Split it into smaller files and import them one by one.');
    expect(await refusal(Buffer.alloc(MAX_IMPORT_FILE_BYTES + 1, 0x41), 'contacts.csv')).toBe(FILE_TOO_LARGE);
  });

  it(`takes ${MAX_IMPORT_ROWS} contacts and refuses one more`, async () => {
    const rows = (count: number) => header + 'Amina,Wanjiru,F,0712345678,Nairobi\n'.repeat(count);
    expect((await parse(utf8(rows(MAX_IMPORT_ROWS)), 'contacts.csv')).rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(TOO_MANY_ROWS).toBe('The file has more than 20,000 contacts. Split it into smaller files and import them one by one.');
    expect(await refusal(utf8(rows(MAX_IMPORT_ROWS + 1)), 'contacts.csv')).toBe(TOO_MANY_ROWS);
  });

  it('takes a file without the columns a new contact needs: the person matches them, or the rows update contacts', async () => {
    const parsed = await parse(utf8('Name,Phone,Town\nAmina,0712345678,Nairobi\n'), 'contacts.csv');
    expect(parsed.columns).toEqual([
      { header: 'Name', field: 'firstName' },
      { header: 'Phone', field: 'mobile' },
      { header: 'Town', field: 'residence' },
    ]);
    expect(parsed.rows).toEqual([{ row: 2, values: { firstName: 'Amina', mobile: '+254712345678', residence: 'Nairobi' }, messages: [] }]);
  });

  it('takes two columns for one field, matching the better one', async () => {
    const parsed = await parse(utf8('First Name,Last Name,Gender,Phone,Mobile,Residence\nAmina,Wanjiru,F,0722000111,0712345678,Nairobi\n'), 'contacts.csv');
    expect(parsed.columns.map(({ field }) => field)).toEqual(['firstName', 'lastName', 'gender', null, 'mobile', 'residence']);
    expect(parsed.rows[0]?.values.mobile).toBe('+254712345678');
  });

  it('refuses a quoted cell that is never closed', async () => {
    expect(await refusal(utf8(`${header}Amina,"Wanjiru,F,0712345678,Nairobi\n`), 'contacts.csv')).toBe(
      'The CSV file could not be read on line 2: a quoted cell is not closed.',
    );
  });
});

describe('readContactsFile: wide, long and binary files', () => {
  const header = 'First Name,Last Name,Gender,Mobile,Residence';
  const amina = 'Amina,Wanjiru,F,0712345678,Nairobi';
  const columns = (count: number, text = (index: number) => `Extra ${index}`) => Array.from({ length: count }, (_, index) => text(index)).join(',');

  it('refuses a CSV with a NUL byte, such as UTF-16 text or a renamed picture', async () => {
    expect(await refusal(Buffer.from(`\uFEFF${header}\r\n${amina}\r\n`, 'utf16le'), 'contacts.csv')).toBe(NOT_CSV);
    expect(await refusal(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), utf8('IHDR')]), 'contacts.csv')).toBe(NOT_CSV);
    expect(await refusal(utf8(`${header}\n${amina}\u0000\n`), 'contacts.csv')).toBe(NOT_CSV);
  });

  it(`refuses a row with a value beyond column ${MAX_IMPORT_COLUMNS}, naming the row and the limit`, async () => {
    expect(tooManyColumns(3)).toBe('Row 3 of the file has more than 50 columns. Keep only the columns to import (at most 50) and try again.');
    expect(await refusal(utf8(`${header},${columns(MAX_IMPORT_COLUMNS - 4)}\n${amina}\n`), 'contacts.csv')).toBe(tooManyColumns(1));
    // Amina's 5 cells, then empty ones up to column 50, then a value in column 51.
    const wideRow = `${amina}${','.repeat(MAX_IMPORT_COLUMNS - 4)}x`;
    expect(await refusal(utf8(`${header}\n${amina}\n${wideRow}\n`), 'contacts.csv')).toBe(tooManyColumns(3));
  });

  it(`reads ${MAX_IMPORT_COLUMNS} columns, and empty cells past the last value whatever their number`, async () => {
    const wide = `${header},${columns(MAX_IMPORT_COLUMNS - 5)}`;
    const parsed = await parse(utf8(`${wide}${','.repeat(500)}\n${amina}${','.repeat(5000)}\n`), 'contacts.csv');
    expect(parsed.columns).toHaveLength(MAX_IMPORT_COLUMNS);
    expect(parsed.rows).toEqual([{ row: 2, values: AMINA, messages: [] }]);
  });

  it(`refuses a line longer than ${MAX_CSV_LINE_CHARS} characters: a million empty columns, a file of one line, a quote never closed`, async () => {
    expect(lineTooLong(1)).toBe('Line 1 of the file is longer than 65,536 characters. Check that it is a CSV file with one row per line.');
    expect(await refusal(utf8(`${header}${','.repeat(1_000_000)}\n${amina}\n`), 'contacts.csv')).toBe(lineTooLong(1));
    expect(await refusal(Buffer.alloc(MAX_IMPORT_FILE_BYTES, 'x'), 'contacts.csv')).toBe(lineTooLong(1));
    const longQuotedCell = `"${'a long note\n'.repeat(10_000)}`;
    expect(await refusal(utf8(`${header}\n${amina},${longQuotedCell}\n`), 'contacts.csv')).toBe(lineTooLong(2));
  });

  it(`refuses more than ${MAX_SPREADSHEET_ROWS} rows, empty ones included, and more cells than the limit`, async () => {
    expect(await refusal(utf8(`${header}\n${amina}\n${'\n'.repeat(MAX_IMPORT_FILE_BYTES - 100)}`), 'contacts.csv')).toBe(TOO_MANY_SHEET_ROWS);
    // 40 columns × 50,001 rows: 2,000,040 cells in under 5 MB.
    const cells = `${header},${columns(35)}\n${`${columns(40, () => '1')}\n`.repeat(50_000)}`;
    const error: unknown = await readSpreadsheet(utf8(cells), 'numbers.csv').catch((failure: unknown) => failure);
    expect(error).toEqual(new ContactImportError(TOO_MANY_CELLS));
  });

  it('stops reading at the first row over the limit: what follows is never parsed', async () => {
    const rows = `${header}\n${`${amina}\n`.repeat(MAX_IMPORT_ROWS + 1)}"a quote never closed`;
    expect(await refusal(utf8(rows), 'contacts.csv')).toBe(TOO_MANY_ROWS);
  });

  it(`keeps the first ${MAX_CELL_CHARS} characters of a cell, which still fail a field's length check`, async () => {
    const parsed = await parse(utf8(`${header}\n${'A'.repeat(60_000)},Wanjiru,F,0712345678,Nairobi\n`), 'contacts.csv');
    expect(parsed.rows[0]?.values.firstName).toBe('A'.repeat(MAX_CELL_CHARS));
    expect(parsed.rows[0]?.messages).toEqual(['Name must be at most 100 characters']);
  });
});
