import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContactImportPreview, ContactImportResult, ErrorBody, MembersResponse } from '@ushirika/shared/contract';
import { MAX_IMPORT_FILE_BYTES } from '@ushirika/shared/contract';
import { insertGeneratedContacts } from '../src/contacts/generate';
import { EXPORT_BATCH_ROWS } from '../src/contacts/export-queries';
import { EVERY_FIELD_WRONG_MESSAGES } from '../src/contacts/import/fixtures/every-field-wrong';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { deflatedZeros, sheetRowsXml, workbookParts, zipArchive } from './support/xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NOT_CSV = 'The file could not be read as a CSV text file. Save it as CSV (UTF-8) and try again.';
/** A workbook whose sheet's directory entry declares 4 KB, as streaming zip writers leave it, and inflates to 1 GB. */
const lyingZipBomb = () =>
  zipArchive(
    workbookParts([sheetRowsXml([['First Name']])]).map((part) =>
      part.name === 'xl/worksheets/sheet1.xml' ? { ...part, deflated: deflatedZeros(4_000_000), size: 4096, streamed: true } : part,
    ),
  );
const xlsxFixture = () => readFileSync(join(__dirname, '..', 'src', 'contacts', 'import', 'fixtures', 'contacts.xlsx'));
const BOM = '\uFEFF';
const EXPORT_HEADER = 'First Name,Last Name,Gender,Mobile,Email,Residence,Date Added';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(file: Buffer | string, filename: string, contentType = 'text/csv', field = 'file') {
  const boundary = `----ushirika-test-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const CSV = [
  'First Name,Last Name,Gender,Mobile,Residence,Email',
  'Amina,Wanjiru,Female,0712 345 678,Kasarani,amina@example.org', // line 2: ready
  'Brian,Otieno,M,+254 722 000 111,Githurai,', //                    line 3: already a contact (created below)
  'A,,X,12345,,not-an-email', //                                     line 4: invalid
  'Caroline,Njeri,F,254712345678,Rongai,', //                        line 5: duplicate of line 2
  '',
  'Dennis,Kamau,male,0110-555-666,Kitengela,', //                    line 7: ready
].join('\r\n');

describe.each(testDatabases)('contacts import and export on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const upload = (tenant: Tenant, url: string, body: ReturnType<typeof multipart>) =>
    t.as(tenant, { method: 'POST', url: `/api/v2/member/${url}`, payload: body.payload, headers: body.headers });
  const preview = (tenant: Tenant, body: ReturnType<typeof multipart>) => upload(tenant, 'import/preview', body);
  const commit = (tenant: Tenant, body: ReturnType<typeof multipart>) => upload(tenant, 'import', body);
  const list = async (tenant: Tenant, query = '?pagesize=100') => (await t.as(tenant, { method: 'GET', url: `/api/v2/member${query}` })).json<MembersResponse>();
  const createContact = (tenant: Tenant, firstName: string, mobile: string) =>
    t.as(tenant, { method: 'POST', url: '/api/v2/member', payload: { firstName, lastName: 'Existing', gender: 'M', mobile, residence: 'Ruiru' } });
  const exportCsv = (tenant: Tenant, query = '') => t.as(tenant, { method: 'GET', url: `/api/v2/member/export${query}` });

  /** A tenant who already has Brian's mobile, and another tenant who has Amina's. */
  async function tenants() {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    expect((await createContact(tenant, 'Brian', '0722000111')).statusCode).toBe(201);
    expect((await createContact(other, 'Amina', '0712345678')).statusCode).toBe(201);
    return { tenant, other };
  }

  describe('preview', () => {
    it('reports ready, duplicate and invalid rows with the form messages and saves nothing', async () => {
      const { tenant, other } = await tenants();

      const response = await preview(tenant, multipart(CSV, 'contacts.csv'));

      expect(response.statusCode).toBe(200);
      const body = response.json<ContactImportPreview>();
      expect(body.counts).toEqual({ total: 5, ready: 2, duplicate: 2, invalid: 1 });
      expect(body.columns.map((column) => column.field)).toEqual(['firstName', 'lastName', 'gender', 'mobile', 'residence', 'email']);
      expect(body.sample.map((row) => [row.line, row.contact?.mobile])).toEqual([
        [2, '+254712345678'],
        [7, '+254110555666'],
      ]);
      expect(body.problems.map((row) => [row.line, row.status, row.errors])).toEqual([
        [3, 'duplicate', ['A contact with this mobile number already exists']],
        [4, 'invalid', EVERY_FIELD_WRONG_MESSAGES],
        [5, 'duplicate', ['Duplicate of line 2 (same mobile number)']],
      ]);
      expect(body.problems[2]!.duplicateOfLine).toBe(2);
      expect((await list(tenant)).total).toBe(1);
      expect((await list(other)).total).toBe(1);
    });

    it('reads the XLSX fixture', async () => {
      const tenant = await t.newTenant();
      const response = await preview(tenant, multipart(xlsxFixture(), 'contacts.xlsx', XLSX_TYPE));
      expect(response.statusCode).toBe(200);
      const body = response.json<ContactImportPreview>();
      expect(body.counts).toEqual({ total: 4, ready: 2, duplicate: 1, invalid: 1 });
      expect(body.sample.map((row) => row.contact)).toEqual([
        { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '+254712345678', residence: 'Nairobi', email: 'amina@example.org' },
        { firstName: 'John', lastName: 'Otieno', gender: 'M', mobile: '+254722000111', residence: 'Kisumu', email: '' },
      ]);
      expect(body.problems.map((row) => [row.line, row.status])).toEqual([
        [5, 'invalid'],
        [6, 'duplicate'],
      ]);
    });
  });

  describe('commit', () => {
    it("creates the ready rows, skips duplicates and invalid rows, and touches no other partner's contacts", async () => {
      const { tenant, other } = await tenants();
      const othersBefore = await list(other);

      const response = await commit(tenant, multipart(CSV, 'contacts.csv'));

      expect(response.statusCode).toBe(200);
      expect(response.json<ContactImportResult>()).toEqual({ created: 2, skippedDuplicates: 2, failed: 1 });
      const after = await list(tenant);
      expect(after.total).toBe(3);
      expect(after.members.map((m) => [m.firstName, m.lastName, m.gender, m.phone, m.email, m.residence]).sort()).toEqual([
        ['Amina', 'Wanjiru', 'F', '+254712345678', 'amina@example.org', 'Kasarani'],
        ['Brian', 'Existing', 'M', '+254722000111', '', 'Ruiru'],
        ['Dennis', 'Kamau', 'M', '+254110555666', '', 'Kitengela'],
      ]);
      expect(await list(other)).toEqual(othersBefore);

      // The same file again: everything is now a duplicate.
      expect((await commit(tenant, multipart(CSV, 'contacts.csv'))).json<ContactImportResult>()).toEqual({ created: 0, skippedDuplicates: 4, failed: 1 });
      expect((await list(tenant)).total).toBe(3);
    });

    it('imports the XLSX fixture', async () => {
      const tenant = await t.newTenant();
      const response = await commit(tenant, multipart(xlsxFixture(), 'contacts.xlsx', XLSX_TYPE));
      expect(response.json<ContactImportResult>()).toEqual({ created: 2, skippedDuplicates: 1, failed: 1 });
      expect((await list(tenant)).members.map((m) => m.phone).sort()).toEqual(['+254712345678', '+254722000111']);
    });

    it('imports a file that round-trips through the export', async () => {
      const source = await t.newTenant();
      await commit(source, multipart(CSV, 'contacts.csv'));
      const exported = (await exportCsv(source)).body;
      const target = await t.newTenant();

      const response = await commit(target, multipart(exported, 'contacts-export.csv'));

      expect(response.json<ContactImportResult>()).toEqual({ created: 3, skippedDuplicates: 0, failed: 0 });
      // The export is newest first, so the file is the reverse of the order it was created in: compare by mobile.
      const strip = (r: MembersResponse) =>
        r.members
          .map(({ firstName, lastName, gender, phone, email, residence }) => ({ firstName, lastName, gender, phone, email, residence }))
          .sort((a, b) => a.phone.localeCompare(b.phone));
      expect(strip(await list(target))).toEqual(strip(await list(source)));
    });
  });

  describe('refused files', () => {
    it.each<[string, () => ReturnType<typeof multipart>, number, string]>([
      ['no file part', () => multipart(CSV, 'contacts.csv', 'text/csv', 'document'), 400, 'Choose a CSV or Excel (.xlsx) file to import.'],
      ['a PDF', () => multipart('%PDF-1.4', 'contacts.pdf', 'application/pdf'), 400, 'Only CSV and Excel (.xlsx) files can be imported.'],
      ['an empty file', () => multipart('', 'contacts.csv'), 400, 'The file is empty.'],
      [
        'no mobile column',
        () => multipart('First Name,Last Name,Gender,Residence\r\nAmina,Wanjiru,F,Kasarani', 'c.csv'),
        400,
        'The file has no Mobile column. Its first row must name the columns: First Name, Last Name, Gender, Mobile, Residence and, if you have them, Email.',
      ],
      ['text with NUL bytes (UTF-16)', () => multipart(Buffer.from('First Name,Mobile\r\n', 'utf16le'), 'c.csv'), 400, NOT_CSV],
      ['an .xlsx name on text', () => multipart(CSV, 'contacts.xlsx', XLSX_TYPE), 400, 'The file could not be read as an Excel (.xlsx) workbook.'],
      [
        'a header of 51 columns',
        () => multipart(`First Name,Last Name,Gender,Mobile,Residence,${Array.from({ length: 46 }, (_, i) => `Extra ${i}`).join(',')}\r\n`, 'c.csv'),
        400,
        'Row 1 of the file has more than 50 columns. Keep only the columns to import (at most 50) and try again.',
      ],
      [
        'a million empty columns',
        () => multipart(`First Name,Last Name,Gender,Mobile,Residence${','.repeat(1_000_000)}\r\n`, 'c.csv'),
        400,
        'Line 1 of the file is longer than 65,536 characters. Check that it is a CSV file with one row per line.',
      ],
      ['a zip bomb whose directory lies', () => multipart(lyingZipBomb(), 'contacts.xlsx', XLSX_TYPE), 400, 'The file could not be read as an Excel (.xlsx) workbook.'],
      [
        'a file over the size limit',
        () => multipart(Buffer.alloc(MAX_IMPORT_FILE_BYTES + 1, 'a'), 'big.csv'),
        413,
        'The file is larger than 5 MB. Split it into smaller files and import them one by one.',
      ],
    ])('answers %s with a message and saves nothing', async (_what, file, status, message) => {
      const tenant = await t.newTenant();
      for (const send of [preview, commit]) {
        const response = await send(tenant, file());
        expect(response.statusCode).toBe(status);
        expect(response.json<ErrorBody>()).toEqual({ status_msg: message });
      }
      expect((await list(tenant)).total).toBe(0);
    });

    it('accepts a file larger than the 1 MiB limit of JSON bodies', async () => {
      const tenant = await t.newTenant();
      // 40 contacts with 60,000 characters of notes each: 2.4 MB, every line within the line limit.
      const notes = 'n'.repeat(60_000);
      const rows = Array.from({ length: 40 }, (_, index) => `Amina,Wanjiru,F,07123456${String(index).padStart(2, '0')},Kasarani,${notes}`);
      const file = ['First Name,Last Name,Gender,Mobile,Residence,Notes', ...rows, ''].join('\r\n');
      expect(file.length).toBeGreaterThan(2 * 1024 * 1024);
      const response = await commit(tenant, multipart(file, 'contacts.csv'));
      expect(response.statusCode).toBe(200);
      expect(response.json<ContactImportResult>()).toEqual({ created: 40, skippedDuplicates: 0, failed: 0 });
    });

    it('answers 400 to a JSON body', async () => {
      const tenant = await t.newTenant();
      const response = await t.as(tenant, { method: 'POST', url: '/api/v2/member/import', payload: { file: 'x' } });
      expectFailure(response, 400, 'Choose a CSV or Excel (.xlsx) file to import.');
    });
  });

  describe('export', () => {
    it('answers the contacts as a CSV download, newest first, with formula-like cells defused', async () => {
      const { tenant, other } = await tenants();
      await commit(tenant, multipart(CSV, 'contacts.csv'));
      await createContact(other, 'Foreign', '0799000000');

      const response = await exportCsv(tenant);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename=contacts-${new Date().toISOString().slice(0, 10)}.csv`);
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe(`${BOM}${EXPORT_HEADER}`);
      expect(lines.at(-1)).toBe('');
      const rows = lines.slice(1, -1);
      expect(rows).toHaveLength(3);
      const listed = (await list(tenant)).members;
      expect(rows).toEqual(
        listed.map((m) => [m.firstName, m.lastName, { M: 'Male', F: 'Female', O: 'Other' }[m.gender], `"'${m.phone}"`, m.email, m.residence, m.createdAt].join(',')),
      );
      expect(response.body).not.toContain('Foreign');
    });

    it('honours searchKey and answers only the header when nothing matches', async () => {
      const { tenant } = await tenants();
      await commit(tenant, multipart(CSV, 'contacts.csv'));

      const found = (await exportCsv(tenant, '?searchKey=KAMAU')).body.split('\r\n');
      expect(found.slice(1, -1).map((line) => line.split(',')[0])).toEqual(['Dennis']);
      expect((await exportCsv(tenant, '?searchKey=0712')).body).toContain('Amina');
      expect((await exportCsv(tenant, '?searchKey=nobody')).body).toBe(`${BOM}${EXPORT_HEADER}\r\n`);
      expect((await exportCsv(tenant, '?startdate=bad')).statusCode).toBe(400);
    });

    it('writes every contact once across its batches', async () => {
      const tenant = await t.newTenant();
      const count = EXPORT_BATCH_ROWS * 2 + 3;
      await insertGeneratedContacts(t.db, tenant.id, count);

      const rows = (await exportCsv(tenant)).body.split('\r\n').slice(1, -1);

      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row.split(',')[3])).size).toBe(count);
    });
  });
});
