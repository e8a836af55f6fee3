import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ActivityList,
  ContactImportBatchesResponse,
  ContactImportPreview,
  ContactImportResult,
  ContactImportRow,
  ErrorBody,
  ImportDateOrder,
  MemberSaveResponse,
  MembersResponse,
} from '@ushirika/shared/contract';
import { CONTACT_EXPORT_COLUMNS, MAX_IMPORT_FILE_BYTES } from '@ushirika/shared/contract';
import { EXPORT_BATCH_ROWS } from '../src/contacts/export-queries';
import { insertGeneratedContacts } from '../src/contacts/generate';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { deflatedZeros, sheetRowsXml, workbookParts, zipArchive } from './support/xlsx';

/*
 * The contacts import and export over the API (issue 27; contract shared/src/contract/imports.ts): the preview's
 * rows and counts, the commit as one batch with its event, the files refused, the fixtures shaped like real exports
 * (their counts exact), and the export that imports back with every row unchanged. The journey of a corrected second
 * file, the undo, conflicts and isolation: contacts-import-journey.test.ts; presets: contacts-import-presets.test.ts;
 * a 20,000-row file beside /health: contacts-import-load.test.ts.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NOT_CSV = 'The file could not be read as a CSV text file. Save it as CSV (UTF-8) and try again.';
const FIXTURES = join(__dirname, 'fixtures', 'imports');
const BOM = '\uFEFF';
const EXPORT_HEADER = CONTACT_EXPORT_COLUMNS.map(([title]) => title).join(',');
/** A workbook whose sheet's directory entry declares 4 KB, as streaming zip writers leave it, and inflates to 1 GB. */
const lyingZipBomb = () =>
  zipArchive(
    workbookParts([sheetRowsXml([['First Name']])]).map((part) =>
      part.name === 'xl/worksheets/sheet1.xml' ? { ...part, deflated: deflatedZeros(4_000_000), size: 4096, streamed: true } : part,
    ),
  );

type Part = { name: string; value: string } | { name: string; filename: string; type: string; content: Buffer | string };

/** A multipart/form-data body of these parts, in this order, as a browser's FormData sends it. */
function multipart(...parts: Part[]) {
  const boundary = `----ushirika-test-${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
      : [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`),
          typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content,
          Buffer.from('\r\n'),
        ],
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const csvFile = (content: Buffer | string, filename = 'contacts.csv', type = 'text/csv'): Part => ({ name: 'file', filename, type, content });

/** The rows of a preview without the parts a test does not fix. */
const statuses = (rows: readonly ContactImportRow[]) => rows.map((row) => [row.row, row.status]);

describe.each(bothDatabases)('contacts import and export on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const upload = (tenant: Tenant, url: string, body: ReturnType<typeof multipart>) =>
    t.as(tenant, { method: 'POST', url: `/api/v2/member/${url}`, payload: body.payload, headers: body.headers });
  const preview = (tenant: Tenant, ...parts: Part[]) => upload(tenant, 'import/preview', multipart(...parts));
  const commit = (tenant: Tenant, ...parts: Part[]) => upload(tenant, 'import', multipart(...parts));
  const previewed = async (tenant: Tenant, ...parts: Part[]) => {
    const response = await preview(tenant, ...parts);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 200 });
    return response.json<ContactImportPreview>();
  };
  const committed = async (tenant: Tenant, ...parts: Part[]) => {
    const response = await commit(tenant, ...parts);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 200 });
    return response.json<ContactImportResult>();
  };
  const list = async (tenant: Tenant, query = '?pagesize=100') => (await t.as(tenant, { method: 'GET', url: `/api/v2/member${query}` })).json<MembersResponse>();
  const createContact = async (tenant: Tenant, body: Record<string, unknown>) => {
    const response = await t.as(tenant, { method: 'POST', url: '/api/v2/member', payload: { lastName: 'Existing', gender: 'M', residence: 'Ruiru', ...body } });
    expect(response.statusCode).toBe(201);
    return response.json<MemberSaveResponse>().member;
  };
  const exportCsv = (tenant: Tenant, query = '') => t.as(tenant, { method: 'GET', url: `/api/v2/member/export${query}` });
  const importEvents = (tenant: Tenant) =>
    t.db
      .selectFrom('activity_events')
      .select(['action', 'entity', 'entity_id', 'details'])
      .where('tenant_id', '=', tenant.id)
      .where('entity', '=', 'contact_import')
      .orderBy('id')
      .execute();

  describe('preview', () => {
    /** Brian is a contact (mobile 0722 000 111), so is Carol (external id C-3); Dan's mobile and Carol's id disagree. */
    const CSV = [
      'First Name,Last Name,Mobile,Email,Residence,External ID',
      'Amina,Wanjiru,0712 345 678,amina@example.org,Kasarani,', //   2: new
      'Brian,Otieno,+254 722 000 111,BRIAN@example.org,Githurai,', //  3: update (residence; email only in case)
      'Carol,Njeri,,,,C-3', //                                          4: unchanged (a blank never erases)
      'Dan,Kamau,0722000111,,,C-3', //                                  5: conflict: Carol's id, Brian's mobile
      'Eve,,0733 000 444,,,', //                                        6: error: no last name
      'Fay,Mwangi,0744 000 555,not-an-email,,', //                      7: error: a wrong cell
    ].join('\r\n');

    it('says what each row would do, with the old and new values and exact counts, and saves nothing', async () => {
      const tenant = await t.newTenant();
      await committed(
        tenant,
        csvFile('First Name,Last Name,Mobile,Email,Residence,External ID\nBrian,Otieno,0722000111,brian@example.org,Ruiru,\nCarol,Njeri,0755000666,,,C-3\n'),
      );
      const known = new Map((await list(tenant)).members.map((member) => [member.firstName, member]));
      const brian = known.get('Brian')!;
      const carol = known.get('Carol')!;

      const body = await previewed(tenant, csvFile(CSV));

      expect(body.counts).toEqual({ new: 1, update: 1, unchanged: 1, conflict: 1, error: 2 });
      expect(body.dateOrder).toBe('DMY');
      expect(body.columns).toEqual([
        { header: 'First Name', field: 'firstName' },
        { header: 'Last Name', field: 'lastName' },
        { header: 'Mobile', field: 'mobile' },
        { header: 'Email', field: 'email' },
        { header: 'Residence', field: 'residence' },
        { header: 'External ID', field: 'externalId' },
      ]);
      expect(body.rows).toEqual([
        {
          row: 2,
          status: 'new',
          changes: [
            { field: 'firstName', old: '', new: 'Amina' },
            { field: 'lastName', old: '', new: 'Wanjiru' },
            { field: 'mobile', old: '', new: '+254712345678' },
            { field: 'email', old: '', new: 'amina@example.org' },
            { field: 'residence', old: '', new: 'Kasarani' },
          ],
        },
        { row: 3, status: 'update', contactId: brian.id, changes: [{ field: 'residence', old: 'Ruiru', new: 'Githurai' }] },
        { row: 4, status: 'unchanged', contactId: carol.id },
        {
          row: 5,
          status: 'conflict',
          messages: ['Its external ID and its mobile belong to two different contacts'],
          conflictWith: { contactIds: [carol.id, brian.id] },
        },
        { row: 6, status: 'error', messages: ['Last name is required'] },
        { row: 7, status: 'error', messages: ['Email must be a valid email address, e.g. name@example.com'] },
      ]);
      expect((await list(tenant)).members).toEqual([...known.values()]);
      expect(await importEvents(tenant)).toHaveLength(1);
    });

    it('reads the mapping and the date order sent before or after the file, and refuses wrong ones', async () => {
      const tenant = await t.newTenant();
      const sheet = 'Jina la kwanza,Jina la mwisho,Simu,Maoni,Born\r\nAmina,Wanjiru,0712345678,Anapenda kuimba,03/11/1990\r\n';
      const mapping = { name: 'mapping', value: JSON.stringify({ Maoni: null, Born: 'dateOfBirth' }) };

      for (const parts of [
        [mapping, { name: 'dateOrder', value: 'MDY' }, csvFile(sheet)],
        [csvFile(sheet), { name: 'dateOrder', value: 'MDY' }, mapping],
      ]) {
        const body = await previewed(tenant, ...parts);
        expect(body.dateOrder).toBe('MDY');
        expect(body.columns.map((column) => column.field)).toEqual(['firstName', 'lastName', 'mobile', null, 'dateOfBirth']);
        expect(body.rows[0]!.changes).toContainEqual({ field: 'dateOfBirth', old: '', new: '1990-03-11' });
      }
      expect((await previewed(tenant, csvFile(sheet), mapping)).rows[0]!.changes).toContainEqual({ field: 'dateOfBirth', old: '', new: '1990-11-03' });

      const refused: Array<[Part[], string]> = [
        [[csvFile(sheet), { name: 'dateOrder', value: 'DDMMYY' }], 'dateOrder must be DMY, MDY or YMD'],
        [[csvFile(sheet), { name: 'mapping', value: '{"Simu":' }], 'mapping must be a JSON object from a column header to a field name (or null to ignore the column)'],
        [[csvFile(sheet), { name: 'mapping', value: '["Simu"]' }], 'mapping must be a JSON object from a column header to a field name (or null to ignore the column)'],
        [[csvFile(sheet), { name: 'mapping', value: '{"Simu":"phone"}' }], expect.stringMatching(/^mapping: each column's field must be one of firstName, /)],
        [[csvFile(sheet), { name: 'mapping', value: JSON.stringify({ ['x'.repeat(201)]: null }) }], 'mapping: a column header is at most 200 characters'],
        [
          [csvFile(sheet), { name: 'mapping', value: JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`C${i}`, null]))) }],
          'mapping may name at most 50 columns',
        ],
        [[csvFile(sheet), { name: 'mapping', value: `{"Maoni":"${'x'.repeat(70_000)}"}` }], 'The mapping or dateOrder field is too long.'],
      ];
      for (const [parts, message] of refused) {
        for (const send of [preview, commit]) {
          const response = await send(tenant, ...parts);
          expect({ status: response.statusCode, body: response.json<ErrorBody>() }).toEqual({ status: 400, body: { status_msg: message } });
        }
      }
      expect((await list(tenant)).total).toBe(0);
    });

    // Files shaped like the real exports (api/test/fixtures/imports, written from their documented columns): each
    // maps without a change and every row's status is exact. A fresh partner: every readable contact is new.
    // US exports write month-first dates: the person picks MDY for them (the Kenyan default is DMY).
    it.each<[string, string, ImportDateOrder, Array<[number, ContactImportRow['status']]>]>([
      // Row 4: a child without a mobile; row 6: a mobile of 9 digits, 'X' for gender, an email with (at), and more.
      [
        'a Planning Center People export',
        'planning-center-people.csv',
        'MDY',
        [
          [2, 'new'],
          [3, 'new'],
          [4, 'error'],
          [5, 'new'],
          [6, 'error'],
        ],
      ],
      // Row 4: a child without a mobile.
      [
        'a Breeze export',
        'breeze-people.csv',
        'MDY',
        [
          [2, 'new'],
          [3, 'new'],
          [4, 'error'],
          [5, 'new'],
          [6, 'new'],
        ],
      ],
      // Row 3: a birthday without its year (11-3); row 4: no mobile; row 6: 30 February.
      [
        'a ChurchCRM CSV',
        'churchcrm-export.csv',
        'DMY',
        [
          [2, 'new'],
          [3, 'error'],
          [4, 'error'],
          [5, 'new'],
          [6, 'error'],
        ],
      ],
      [
        'a Rock (Slingshot) person file',
        'rock-slingshot-person.csv',
        'MDY',
        [
          [2, 'new'],
          [3, 'new'],
          [4, 'error'],
          [5, 'new'],
        ],
      ],
      // Row 4 is blank; row 5: a single name (no last name); row 7: every cell wrong.
      [
        'a Swahili Excel sheet with day-first dates',
        'swahili-members.xlsx',
        'DMY',
        [
          [2, 'new'],
          [3, 'new'],
          [5, 'error'],
          [6, 'new'],
          [7, 'error'],
        ],
      ],
      // Row 4: a mobile Excel turned into 2.54712E+11.
      [
        'a Windows-1252 CSV from Excel',
        'windows-1252-members.csv',
        'DMY',
        [
          [2, 'new'],
          [3, 'new'],
          [4, 'error'],
          [5, 'new'],
        ],
      ],
      [
        'our own export',
        'ushirika-export.csv',
        'DMY',
        [
          [2, 'new'],
          [3, 'new'],
          [4, 'new'],
        ],
      ],
    ])('previews %s with every column matched and exact counts', async (_what, fixture, dateOrder, rows) => {
      const tenant = await t.newTenant();
      const type = fixture.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
      const body = await previewed(tenant, csvFile(readFileSync(join(FIXTURES, fixture)), fixture, type), { name: 'dateOrder', value: dateOrder });
      expect(body.columns.filter((column) => column.field !== null).length).toBeGreaterThanOrEqual(6);
      expect(statuses(body.rows)).toEqual(rows);
      const counts = { new: 0, update: 0, unchanged: 0, conflict: 0, error: 0 };
      for (const [, status] of rows) counts[status] += 1;
      expect(body.counts).toEqual(counts);
      expect((await list(tenant)).total).toBe(0);
    });
  });

  describe('commit', () => {
    it('creates the new rows and updates the matched ones as one batch with one event of counts', async () => {
      const tenant = await t.newTenant();
      const brian = await createContact(tenant, { firstName: 'Brian', lastName: 'Otieno', mobile: '0722000111' });
      const file = [
        'First Name,Last Name,Mobile,Gender,Date of Birth,Membership Status,Household ID,Household Name,Household Role',
        'Amina,Wanjiru,0712345678,F,03/11/1990,Member,HH-1,Wanjiru family,Head',
        'Brian,Otieno,0722000111,,,Visitor,HH-1,,Spouse',
        'Carol,,0733000222,,,,,,',
      ].join('\n');

      const result = await committed(tenant, csvFile(file, 'members.csv'));

      expect(result).toEqual({ status_msg: '1 contact imported, 1 updated', batch: { id: expect.any(Number), created: 1, updated: 1 } });
      const contacts = (await list(tenant)).members;
      const amina = contacts.find((member) => member.firstName === 'Amina')!;
      expect(amina).toMatchObject({
        gender: 'F',
        phone: '+254712345678',
        dateOfBirth: '1990-11-03',
        membershipStatus: 'member',
        household: { name: 'Wanjiru family', role: 'head' },
      });
      expect(contacts.find((member) => member.id === brian.id)).toMatchObject({
        membershipStatus: 'visitor',
        gender: 'M',
        version: 2,
        household: { id: amina.household!.id, role: 'spouse' },
      });
      expect(await importEvents(tenant)).toEqual([
        {
          action: 'import',
          entity: 'contact_import',
          entity_id: String(result.batch.id),
          details: { created: 1, updated: 1, unchanged: 0, conflict: 0, error: 1, skipped: 0 },
        },
      ]);
      const batches = (await t.as(tenant, { method: 'GET', url: '/api/v2/member/imports' })).json<ContactImportBatchesResponse>();
      expect(batches).toEqual({
        imports: [
          {
            id: result.batch.id,
            createdAt: expect.any(String),
            createdBy: 'Test User',
            fileName: 'members.csv',
            created: 1,
            updated: 1,
            undoneAt: null,
            undoUntil: new Date(Date.parse(batches.imports[0]!.createdAt) + 30 * 86_400_000).toISOString(),
          },
        ],
        total: 1,
      });

      // The same file again changes nothing: no batch, no event.
      const again = await commit(tenant, csvFile(file, 'members.csv'));
      expectFailure(again, 400, 'Nothing to import: no row of the file is a new contact or changes one (2 unchanged, 0 conflicts, 1 error).');
      expect(await importEvents(tenant)).toHaveLength(1);
      expect((await t.as(tenant, { method: 'GET', url: '/api/v2/member/imports' })).json<ContactImportBatchesResponse>().total).toBe(1);
    });

    it("names the batch's event in the contact area's activity log, with counts and no person's data", async () => {
      const tenant = await t.newTenant();
      await committed(tenant, csvFile('First Name,Last Name,Mobile\nAmina,Wanjiru,0712345678\n'));
      const log = (await t.as(tenant, { method: 'GET', url: '/api/v2/activity?area=contacts' })).json<ActivityList>();
      const entry = log.activity.find((event) => event.entity === 'contact_import')!;
      expect(entry).toMatchObject({ action: 'import', details: { created: 1, updated: 0 } });
      expect(JSON.stringify(entry)).not.toMatch(/Amina|712345678/);
    });
  });

  describe('refused files', () => {
    it.each<[string, () => ReturnType<typeof multipart>, number, string]>([
      [
        'no file part',
        () => multipart({ name: 'document', filename: 'c.csv', type: 'text/csv', content: 'First Name\nA\n' }),
        400,
        'Choose a CSV or Excel (.xlsx) file to import.',
      ],
      ['only text fields', () => multipart({ name: 'dateOrder', value: 'DMY' }), 400, 'Choose a CSV or Excel (.xlsx) file to import.'],
      ['a PDF', () => multipart(csvFile('%PDF-1.4', 'contacts.pdf', 'application/pdf')), 400, 'Only CSV and Excel (.xlsx) files can be imported.'],
      ['an empty file', () => multipart(csvFile('')), 400, 'The file is empty.'],
      ['a header alone', () => multipart(csvFile('First Name,Last Name,Mobile\r\n')), 400, 'The file has no contacts below its header row.'],
      ['text with NUL bytes (UTF-16)', () => multipart(csvFile(Buffer.from('First Name,Mobile\r\n', 'utf16le'))), 400, NOT_CSV],
      ['an .xlsx name on text', () => multipart(csvFile('First Name\nA\n', 'contacts.xlsx', XLSX_TYPE)), 400, 'The file could not be read as an Excel (.xlsx) workbook.'],
      [
        'a header of 51 columns',
        () => multipart(csvFile(`First Name,Last Name,Gender,Mobile,Residence,${Array.from({ length: 46 }, (_, i) => `Extra ${i}`).join(',')}\r\n`)),
        400,
        'Row 1 of the file has more than 50 columns. Keep only the columns to import (at most 50) and try again.',
      ],
      [
        'a million empty columns',
        () => multipart(csvFile(`First Name,Last Name,Gender,Mobile,Residence${','.repeat(1_000_000)}\r\n`)),
        400,
        'Line 1 of the file is longer than 65,536 characters. Check that it is a CSV file with one row per line.',
      ],
      [
        'a zip bomb whose directory lies',
        () => multipart(csvFile(lyingZipBomb(), 'contacts.xlsx', XLSX_TYPE)),
        400,
        'The file could not be read as an Excel (.xlsx) workbook.',
      ],
      [
        'a file over the size limit',
        () => multipart(csvFile(Buffer.alloc(MAX_IMPORT_FILE_BYTES + 1, 'a'), 'big.csv')),
        413,
        'The file is larger than 5 MB. Split it into smaller files and import them one by one.',
      ],
    ])('answers %s with a message and saves nothing', async (_what, file, status, message) => {
      const tenant = await t.newTenant();
      for (const url of ['import/preview', 'import']) {
        const response = await upload(tenant, url, file());
        expect({ status: response.statusCode, body: response.json<ErrorBody>() }).toEqual({ status, body: { status_msg: message } });
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
      expect((await committed(tenant, csvFile(file))).batch.created).toBe(40);
    });

    it('answers 400 to a JSON body', async () => {
      const tenant = await t.newTenant();
      expectFailure(await t.as(tenant, { method: 'POST', url: '/api/v2/member/import', payload: { file: 'x' } }), 400, 'Choose a CSV or Excel (.xlsx) file to import.');
    });
  });

  describe('export', () => {
    /** Contacts with every field, two in a household imported with a key and one in a household made here. */
    async function everyField(tenant: Tenant) {
      await committed(
        tenant,
        csvFile(
          [
            'First Name,Last Name,Mobile,Email,Gender,Residence,Date of Birth,Membership Status,Marital Status,External ID,Household ID,Household Name,Household Role',
            'Amina,Wanjiru,0712345678,Amina@Example.org,F,"Westlands, Nairobi",03/11/1990,member,married,=PC-1,PC-H1,Wanjiru family,head',
            'Otieno,Odhiambo,0722000111,,M,Kisumu,,former,widowed,-2,PC-H1,Wanjiru family,spouse',
            "Grace,O'Neil,0733000222,grace@example.org,O,,29/02/2000,visitor,single,,,,",
          ].join('\n'),
        ),
      );
      const grace = (await list(tenant)).members.find((member) => member.firstName === 'Grace')!;
      const household = await t.as(tenant, {
        method: 'POST',
        url: '/api/v2/households',
        payload: { name: 'Mama Grace', members: [{ memberId: grace.id, role: 'head' }] },
      });
      expect(household.statusCode).toBe(201);
      await createContact(tenant, { firstName: 'Plain', lastName: 'Contact', mobile: '0744000333', gender: '', residence: '' });
      return household.json<{ household: { id: number } }>().household.id;
    }

    it('writes every field and the household, newest first, formula-like cells defused', async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      const made = await everyField(tenant);
      await createContact(other, { firstName: 'Foreign', mobile: '0799000000' });

      const response = await exportCsv(tenant);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename=contacts-${new Date().toISOString().slice(0, 10)}.csv`);
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe(`${BOM}${EXPORT_HEADER}`);
      expect(lines.slice(1, -1).sort()).toEqual(
        [
          `Amina,Wanjiru,"'+254712345678",Amina@Example.org,Female,"Westlands, Nairobi",1990-11-03,member,married,"'=PC-1",PC-H1,Wanjiru family,head`,
          `Otieno,Odhiambo,"'+254722000111",,Male,Kisumu,,former,widowed,"'-2",PC-H1,Wanjiru family,spouse`,
          `Grace,O'Neil,"'+254733000222",grace@example.org,Other,,2000-02-29,visitor,single,,H-${made},Mama Grace,head`,
          `Plain,Contact,"'+254744000333",,,,,,,,,,`,
        ].sort(),
      );
      expect(lines.at(-1)).toBe('');
      expect(response.body).not.toContain('Foreign');
    });

    it('imports its own export back with every row unchanged (round trip), in this partner and into another as new', async () => {
      const tenant = await t.newTenant();
      await everyField(tenant);
      const exported = (await exportCsv(tenant)).rawPayload;

      const again = await previewed(tenant, csvFile(exported, 'contacts-export.csv'));
      expect(again.counts).toEqual({ new: 0, update: 0, unchanged: 4, conflict: 0, error: 0 });
      expect(again.columns).toEqual(CONTACT_EXPORT_COLUMNS.map(([header, field]) => ({ header, field })));

      const elsewhere = await t.newTenant();
      expect((await committed(elsewhere, csvFile(exported, 'contacts-export.csv'))).batch).toMatchObject({ created: 4, updated: 0 });
      const strip = ({ members }: MembersResponse) =>
        members
          .map(({ id: _id, createdAt: _at, Partner: _p, version: _v, household, ...fields }) => ({
            ...fields,
            household: household && { name: household.name, role: household.role },
          }))
          .sort((a, b) => a.phone.localeCompare(b.phone));
      expect(strip(await list(elsewhere))).toEqual(strip(await list(tenant)));
      // And back: the other partner's export is the same file, every row unchanged here too.
      const back = await previewed(elsewhere, csvFile((await exportCsv(elsewhere)).rawPayload, 'contacts-export.csv'));
      expect(back.counts).toMatchObject({ unchanged: 4 });
    });

    it('honours the search and the list filters and answers only the header when nothing matches', async () => {
      const tenant = await t.newTenant();
      await everyField(tenant);
      const names = async (query: string) =>
        (await exportCsv(tenant, query)).body
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.split(',')[0]);

      expect(await names('?searchKey=ODHIAMBO')).toEqual(['Otieno']);
      expect(await names('?membershipStatus=visitor')).toEqual(['Grace']);
      expect((await names('?membershipStatus=none')).sort()).toEqual(['Plain']);
      expect((await exportCsv(tenant, '?searchKey=nobody')).body).toBe(`${BOM}${EXPORT_HEADER}\r\n`);
      expect((await exportCsv(tenant, '?startdate=bad')).statusCode).toBe(400);
    });

    it('writes every contact once across its batches', async () => {
      const tenant = await t.newTenant();
      const count = EXPORT_BATCH_ROWS * 2 + 3;
      await insertGeneratedContacts(t.db, tenant.id, count);

      const rows = (await exportCsv(tenant)).body.split('\r\n').slice(1, -1);

      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row.split(',')[2])).size).toBe(count);
    });
  });
});
