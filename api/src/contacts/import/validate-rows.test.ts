import type { ContactImportInput } from '@ushirika/shared/contract';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVERY_FIELD_WRONG_MESSAGES } from './fixtures/every-field-wrong';
import { PREVIEW_MAX_PROBLEMS, PREVIEW_SAMPLE_ROWS } from './limits';
import { parseContactsFile, type ContactSourceRow } from './parse-file';
import { buildImportPreview, countImportRows, importResult } from './summary';
import { ALREADY_A_CONTACT, markExistingContacts, readyMobiles, validateImportRows } from './validate-rows';

const amina: ContactImportInput = {
  gender: 'Female',
  firstName: 'Amina',
  lastName: 'Wanjiru',
  mobile: '0712 345 678',
  residence: 'Nairobi',
  email: 'amina@example.org',
};
const john: ContactImportInput = { gender: 'm', firstName: 'John', lastName: 'Otieno', mobile: '+254 722 000 111', residence: 'Kisumu', email: '' };
const rowsOf = (...inputs: ContactImportInput[]): ContactSourceRow[] => inputs.map((input, index) => ({ line: index + 2, input }));

describe('validateImportRows', () => {
  it('makes valid rows ready, with gender words as codes and the mobile in E.164', () => {
    expect(validateImportRows(rowsOf(amina, john))).toEqual([
      {
        line: 2,
        input: amina,
        contact: { gender: 'F', firstName: 'Amina', lastName: 'Wanjiru', mobile: '+254712345678', residence: 'Nairobi', email: 'amina@example.org' },
        errors: [],
        status: 'ready',
      },
      {
        line: 3,
        input: john,
        contact: { gender: 'M', firstName: 'John', lastName: 'Otieno', mobile: '+254722000111', residence: 'Kisumu', email: '' },
        errors: [],
        status: 'ready',
      },
    ]);
  });

  it.each([
    ['MALE', 'M'],
    ['f', 'F'],
    ['Other', 'O'],
    [' o ', 'O'],
  ])('reads the gender %j as %s', (gender, code) => {
    expect(validateImportRows(rowsOf({ ...amina, gender }))[0]?.contact?.gender).toBe(code);
  });

  it("lists every failing field's first message, in the contact form's order and words", () => {
    const bad: ContactImportInput = { gender: 'Unknown', firstName: 'X', lastName: '', mobile: '12345', residence: '', email: 'not-an-email' };
    expect(validateImportRows(rowsOf(bad))).toEqual([
      {
        line: 2,
        input: bad,
        errors: EVERY_FIELD_WRONG_MESSAGES,
        status: 'invalid',
      },
    ]);
    const empty: ContactImportInput = { gender: '', firstName: '', lastName: '', mobile: '', residence: '', email: '' };
    expect(validateImportRows(rowsOf(empty))[0]?.errors).toEqual([
      'First Name is required',
      'Last name is required',
      'Gender is required',
      'Mobile is required',
      'Residence is required',
    ]);
  });

  it('marks a later row with the same mobile, in any spelling, as a duplicate of the first', () => {
    const rows = validateImportRows(rowsOf(amina, john, { ...amina, mobile: '254712345678' }, { ...john, mobile: '0722-000-111', firstName: 'Johnny' }));
    expect(rows.map(({ line, status, errors }) => ({ line, status, errors }))).toEqual([
      { line: 2, status: 'ready', errors: [] },
      { line: 3, status: 'ready', errors: [] },
      { line: 4, status: 'duplicate', errors: ['Duplicate of line 2 (same mobile number)'] },
      { line: 5, status: 'duplicate', errors: ['Duplicate of line 3 (same mobile number)'] },
    ]);
    expect(rows.map((row) => row.duplicateOfLine)).toEqual([undefined, undefined, 2, 3]);
    expect(rows[3]?.contact?.firstName).toBe('Johnny');
  });

  it('keeps the earliest line with a mobile as the original even when that line is invalid', () => {
    const rows = validateImportRows(rowsOf({ ...amina, residence: '' }, amina));
    expect(rows.map(({ status, errors }) => ({ status, errors }))).toEqual([
      { status: 'invalid', errors: ['Residence is required'] },
      { status: 'duplicate', errors: ['Duplicate of line 2 (same mobile number)'] },
    ]);
  });

  it('reads the XLSX fixture into ready, invalid and duplicate rows', async () => {
    const file = await parseContactsFile(readFileSync(join(__dirname, 'fixtures', 'contacts.xlsx')), 'contacts.xlsx');
    expect(validateImportRows(file.rows).map(({ line, status, errors }) => ({ line, status, errors }))).toEqual([
      { line: 2, status: 'ready', errors: [] },
      { line: 4, status: 'ready', errors: [] },
      {
        line: 5,
        status: 'invalid',
        errors: EVERY_FIELD_WRONG_MESSAGES,
      },
      { line: 6, status: 'duplicate', errors: ['Duplicate of line 2 (same mobile number)'] },
    ]);
  });
});

describe('markExistingContacts and readyMobiles', () => {
  it('turns ready rows whose mobile is already a contact into duplicates, and leaves the others', () => {
    const rows = validateImportRows(rowsOf(amina, john, { ...amina, firstName: '' }));
    expect(readyMobiles(rows)).toEqual(['+254712345678', '+254722000111']);
    const marked = markExistingContacts(rows, new Set(['+254722000111']));
    expect(marked.map(({ status, errors }) => ({ status, errors }))).toEqual([
      { status: 'ready', errors: [] },
      { status: 'duplicate', errors: [ALREADY_A_CONTACT] },
      { status: 'invalid', errors: ['First Name is required', 'Duplicate of line 2 (same mobile number)'] },
    ]);
    expect(ALREADY_A_CONTACT).toBe('A contact with this mobile number already exists');
    expect(rows[1]?.status).toBe('ready');
  });
});

describe('summary', () => {
  const rows = validateImportRows(rowsOf(amina, john, { ...amina, mobile: '0712345678' }, { ...john, mobile: '0733000222', gender: '' }));

  it('counts the rows by status', () => {
    expect(countImportRows(rows)).toEqual({ total: 4, ready: 2, duplicate: 1, invalid: 1 });
  });

  it('previews the problem rows and a sample of the ready ones', () => {
    const columns = [{ header: 'Phone', field: 'mobile' as const }];
    const preview = buildImportPreview(columns, rows);
    expect(preview.columns).toBe(columns);
    expect(preview.counts).toEqual({ total: 4, ready: 2, duplicate: 1, invalid: 1 });
    expect(preview.problems.map((row) => row.line)).toEqual([4, 5]);
    expect(preview.sample.map((row) => row.line)).toEqual([2, 3]);
  });

  it(`lists at most ${PREVIEW_MAX_PROBLEMS} problems and ${PREVIEW_SAMPLE_ROWS} sample rows, but counts all`, () => {
    const many = Array.from({ length: PREVIEW_MAX_PROBLEMS + 10 }, (_, index) => ({ ...amina, mobile: `07${String(index).padStart(8, '0')}` }));
    const broken = many.map((input) => ({ ...input, residence: '' }));
    const preview = buildImportPreview([], validateImportRows(rowsOf(...many, ...broken)));
    expect(preview.counts).toEqual({ total: 2 * many.length, ready: many.length, duplicate: 0, invalid: many.length });
    expect(preview.problems).toHaveLength(PREVIEW_MAX_PROBLEMS);
    expect(preview.sample).toHaveLength(PREVIEW_SAMPLE_ROWS);
  });

  it('reports the commit, counting ready rows the database refused as skipped duplicates', () => {
    expect(importResult(rows, 2)).toEqual({ created: 2, skippedDuplicates: 1, failed: 1 });
    expect(importResult(rows, 1)).toEqual({ created: 1, skippedDuplicates: 2, failed: 1 });
    expect(() => importResult(rows, 3)).toThrow(RangeError);
    expect(() => importResult(rows, -1)).toThrow(RangeError);
  });
});
