import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SendQuote, SendResult, UploadedFile } from '@ushirika/shared/contract';
import { uploadedFileRow } from '@ushirika/shared/contract';
import * as uploadedFileNames from '../src/db/migrations/0017_uploaded_file_names';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient, multipartForm } from './support/messaging';
import { deflatedZeros, sheetRowsXml, workbookParts, xlsxWorkbook, zipArchive } from './support/xlsx';

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The contacts import's workbook: a 'Phone Number' column (4th) of 712345678, +254 722 000 111, 12345 and 254712345678. */
const contactsXlsx = () => readFileSync(join(__dirname, '..', 'src', 'contacts', 'import', 'fixtures', 'contacts.xlsx'));

describe.each(testDatabases)('messaging uploads on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  const files = (tenant: Tenant, query = '') => m.get<{ files: UploadedFile[]; total: number }>(tenant, `uploadedfiles${query}`);
  const sendOf = async (response: Awaited<ReturnType<typeof m.notifyUploaded>>) => {
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 201 });
    return response.json<SendResult>();
  };

  it('sends to the first column of a CSV file without a header, stores the file and lists it Pending, then Processed', async () => {
    const tenant = await m.tenantWith(10);
    const csv = '0712345678\r\n0722000111\r\n\r\n0712 345 678\r\n';

    const quote = await m.notifyUploaded(tenant, { name: 'numbers.csv', type: CSV, content: csv }, {}, true);
    expect(quote.json<SendQuote>()).toMatchObject({ recipients: 2, duplicates: 1, invalid: [], units: 2, balance: 10 });
    expect((await files(tenant)).total).toBe(0);

    const sent = await sendOf(await m.notifyUploaded(tenant, { name: 'numbers.csv', type: CSV, content: csv }));

    expect(sent).toEqual({
      status_msg: 'Message sent successfully!',
      send: { id: expect.any(Number), queued: 2, optedOut: 0, units: 2, balance: 8, scheduledFor: null },
    });
    const messages = (await m.messages(tenant)).notifications;
    expect(messages.map((n) => n.recipient).sort()).toEqual(['+254712345678', '+254722000111']);
    expect(messages.every((n) => n.message === 'Harvest on Sunday')).toBe(true);

    const listed = await files(tenant);
    expect(listed).toEqual({
      files: [
        {
          id: expect.any(Number),
          name: 'numbers.csv',
          fileType: 'text/csv',
          extension: 'csv',
          path: `uploadedfiles/${listed.files[0]!.id}/download`,
          status: 0,
          uploadedBy: 'Test User',
          createdAt: expect.stringMatching(ISO_INSTANT),
          recipients: 2,
        },
      ],
      total: 1,
    });
    expect(() => uploadedFileRow.validateSync(listed.files[0], { strict: true })).not.toThrow();

    // Pending while any message waits in the outbox; Processed once none does, however they ended.
    const [first, second] = messages;
    await m.setState(tenant, { ids: [first!.id] }, 'sending');
    await m.setState(tenant, { ids: [second!.id] }, 'sent');
    expect((await files(tenant)).files[0]!.status).toBe(0);
    await m.setState(tenant, { ids: [first!.id] }, 'failed');
    expect((await files(tenant)).files[0]!.status).toBe(1);
  });

  it('takes the column headed Phone, and personalises from the contact with each number', async () => {
    const tenant = await m.tenantWith(10);
    await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');
    const csv = 'Name;Phone\nAmina W;0712345678\nSomeone;+256 772 123 456\n';

    await sendOf(await m.notifyUploaded(tenant, { name: 'choir.csv', type: CSV, content: csv }, { message: 'Hi {firstName}!' }));

    expect((await m.messages(tenant)).notifications.map((n) => [n.recipient, n.message]).sort()).toEqual([
      ['+254712345678', 'Hi Amina!'],
      ['+256772123456', 'Hi !'],
    ]);
  });

  it('reads an XLSX workbook: the column headed MSISDN, numbers stored as numbers', async () => {
    const tenant = await m.tenantWith(10);
    const workbook = xlsxWorkbook([
      ['Name', 'MSISDN'],
      ['Amina', 712345678],
      ['Brian', '+254 722 000 111'],
      ['Carol', 254733000222],
    ]);

    const sent = await sendOf(await m.notifyUploaded(tenant, { name: 'members.xlsx', type: XLSX, content: workbook }));

    expect(sent.send).toMatchObject({ queued: 3, units: 3 });
    expect((await m.messages(tenant)).notifications.map((n) => n.recipient).sort()).toEqual(['+254712345678', '+254722000111', '+254733000222']);
    expect((await files(tenant)).files[0]).toMatchObject({ name: 'members.xlsx', fileType: XLSX, extension: 'xlsx', recipients: 3 });
  });

  it('lists the entries of a file that are not numbers, and refuses to send it', async () => {
    const tenant = await m.tenantWith(10);
    const file = { name: 'contacts.xlsx', type: XLSX, content: contactsXlsx() };

    const quote = await m.notifyUploaded(tenant, file, {}, true);
    expect(quote.json<SendQuote>()).toMatchObject({ recipients: 2, invalid: ['12345'], duplicates: 1, units: 2 });
    expectFailure(await m.notifyUploaded(tenant, file), 400, 'These recipients are not phone numbers: 12345');

    expect((await files(tenant)).total).toBe(0);
    expect((await m.messages(tenant)).total).toBe(0);
    expect(await m.balance(tenant)).toBe(10);
  });

  it('stores nothing when the balance is short', async () => {
    const tenant = await m.tenantWith(1);
    expectFailure(
      await m.notifyUploaded(tenant, { name: 'numbers.csv', type: CSV, content: '0712345678\n0722000111\n' }),
      400,
      'Not enough SMS units: this message needs 2 and the balance is 1',
    );
    expect((await files(tenant)).total).toBe(0);
    expect(await t.db.selectFrom('uploaded_files').select('id').where('tenant_id', '=', tenant.id).execute()).toEqual([]);
  });

  it('queues a file of more numbers than one statement takes whole, or nothing at all', async () => {
    // 5,000 numbers are three statements (NUMBERS_PER_STATEMENT) in one transaction, with turns of the event loop between.
    const numbers = Array.from({ length: 5_000 }, (_, i) => `07${String(20_000_000 + i).slice(-8)}`);
    const csv = `Phone\n${numbers.join('\n')}\n`;
    const tenant = await m.tenantWith(4_998);
    await m.contact(tenant, 'Amina', 'Wanjiru', numbers[4_500]!);
    expect((await m.post(tenant, 'smsoptouts', { phone: numbers[4_900] })).statusCode).toBe(201);
    const file = { name: 'numbers.csv', type: CSV, content: csv };

    const quote = (await m.notifyUploaded(tenant, file, { message: 'Hi {firstName}' }, true)).json<SendQuote>();
    expect(quote).toMatchObject({ recipients: 5_000, optedOut: 1, units: 4_999, invalid: [], duplicates: 0, balance: 4_998 });
    // One unit short: the parts already inserted go with the rest.
    expectFailure(await m.notifyUploaded(tenant, file, { message: 'Hi {firstName}' }), 400, 'Not enough SMS units: this message needs 4999 and the balance is 4998');
    for (const table of ['uploaded_files', 'message_sends', 'notifications'] as const) {
      expect(await t.db.selectFrom(table).select('id').where('tenant_id', '=', tenant.id).execute()).toEqual([]);
    }

    await m.topUp(tenant, 1);
    expect((await sendOf(await m.notifyUploaded(tenant, file, { message: 'Hi {firstName}' }))).send).toMatchObject({
      queued: 4_999,
      optedOut: 1,
      units: 4_999,
      balance: 0,
    });
    const rows = await t.db.selectFrom('notifications').select(['recipient', 'message', 'state']).where('tenant_id', '=', tenant.id).orderBy('id').execute();
    expect(rows.map((row) => row.recipient)).toEqual(numbers.map((number) => `+254${number.slice(1)}`));
    expect(rows[4_500]).toEqual({ recipient: `+254${numbers[4_500]!.slice(1)}`, message: 'Hi Amina', state: 'queued' });
    expect(rows[4_900]!.state).toBe('opted_out');
    expect(rows.filter((row) => row.message === 'Hi ' && row.state === 'queued')).toHaveLength(4_998);
    expect((await files(tenant)).files[0]!.recipients).toBe(5_000);
  });

  it('serves the stored file to its partner only', async () => {
    const tenant = await m.tenantWith(10);
    const other = await m.tenantWith(10);
    const csv = 'Phone\n0712345678\n';
    await sendOf(await m.notifyUploaded(tenant, { name: 'Kikundi cha Vijana.csv', type: CSV, content: csv }));
    const [file] = (await files(tenant)).files;

    const download = await t.as(tenant, { method: 'GET', url: `/api/v2/${file!.path}` });

    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.toString('utf8')).toBe(csv);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Kikundi cha Vijana.csv"; filename*=UTF-8''Kikundi%20cha%20Vijana.csv`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expectFailure(await t.as(other, { method: 'GET', url: `/api/v2/${file!.path}` }), 404, 'File not found');
    expectFailure(await t.as(tenant, { method: 'GET', url: '/api/v2/uploadedfiles/999999/download' }), 404, 'File not found');
    expect((await files(other)).total).toBe(0);
  });

  it('stores and shows file names without bidirectional controls', async () => {
    const tenant = await m.tenantWith(10);
    // Embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069: 'choir\u202Evsc.xlsx' would show as 'choirxslx.csv'.
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    await sendOf(await m.notifyUploaded(tenant, { name: `\u202Bkwaya\u202C ${controls}ya\u2067 vijana\u2069\u202E.csv`, type: CSV, content: 'Phone\n0712345678\n' }));
    const [file] = (await files(tenant)).files;
    expect(file!.name).toBe('kwaya ya vijana.csv');
    const stored = await t.db.selectFrom('uploaded_files').select('name').where('id', '=', file!.id).executeTakeFirstOrThrow();
    expect(stored.name).toBe('kwaya ya vijana.csv');

    const download = await t.as(tenant, { method: 'GET', url: `/api/v2/${file!.path}` });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="kwaya ya vijana.csv"; filename*=UTF-8''kwaya%20ya%20vijana.csv`);
  });

  it('migration 0017 takes the controls out of names stored before, once', async () => {
    const tenant = await m.tenantWith(10);
    await sendOf(await m.notifyUploaded(tenant, { name: 'old.csv', type: CSV, content: 'Phone\n0712345678\n' }));
    const [stored] = (await files(tenant)).files;
    // As a name was stored before the review.
    await t.db.updateTable('uploaded_files').set({ name: 'choir\u202Evsc.xlsx' }).where('id', '=', stored!.id).execute();
    await uploadedFileNames.up(t.db as never);
    expect((await files(tenant)).files[0]!.name).toBe('choirvsc.xlsx');
  });

  it('searches the files by name and by who uploaded them', async () => {
    const tenant = await m.tenantWith(10);
    await sendOf(await m.notifyUploaded(tenant, { name: 'choir.csv', type: CSV, content: '0712345678\n' }));
    await sendOf(await m.notifyUploaded(tenant, { name: 'youth.csv', type: CSV, content: '0712345678\n' }));
    expect((await files(tenant, '?searchKey=YOUTH')).files.map((f) => f.name)).toEqual(['youth.csv']);
    expect((await files(tenant, '?searchKey=test%20user')).total).toBe(2);
    expect((await files(tenant)).files.map((f) => f.name)).toEqual(['youth.csv', 'choir.csv']);
  });

  it("checks the form's fields in the form's order", async () => {
    const tenant = await m.tenantWith(10);
    const noFile = multipartForm({ message: 'Hello', type: 'SMS', category: 'WEBSMS' });
    expectFailure(await t.as(tenant, { method: 'POST', url: '/api/v2/notifyuploaded', ...noFile }), 400, 'Choose a file of recipients');
    expectFailure(await m.notifyUploaded(tenant, { name: 'a.csv', type: CSV, content: '0712345678\n' }, { message: '' }), 400, 'Message is required');
    expectFailure(await m.post(tenant, 'notifyuploaded', { message: 'Hello' }), 400, 'Choose a file of recipients');
    expectFailure(await m.notifyMany(tenant, { recipient_type: 'Upload', textmessage: 'Hello' }), 400, 'Choose a file of recipients');
  });

  it('refuses files it cannot read, with the import’s reasons', async () => {
    const tenant = await m.tenantWith(10);
    expectFailure(
      await m.notifyUploaded(tenant, { name: 'numbers.pdf', type: 'application/pdf', content: '%PDF-1.4' }),
      400,
      'Only CSV and Excel (.xlsx) files can be imported.',
    );
    expectFailure(await m.notifyUploaded(tenant, { name: 'numbers.csv', type: CSV, content: '' }), 400, 'The file is empty.');
    expectFailure(await m.notifyUploaded(tenant, { name: 'numbers.csv', type: CSV, content: 'Phone\n\n' }), 400, 'The file has no phone numbers.');
  });

  it('refuses hostile files with the import’s limits, quickly and before storing anything', async () => {
    const tenant = await m.tenantWith(10);
    const bomb = zipArchive(
      workbookParts([sheetRowsXml([['Phone'], [712345678]])]).map((part) =>
        part.name === 'xl/worksheets/sheet1.xml' ? { ...part, deflated: deflatedZeros(4_000_000), size: 4096, streamed: true } : part,
      ),
    );
    const rowBillion = zipArchive(workbookParts(['<row r="1000000000"><c r="A1000000000"><v>712345678</v></c></row>']));
    const refusals: Array<[{ name: string; type: string; content: string | Buffer }, string]> = [
      [{ name: 'numbers.xlsx', type: XLSX, content: bomb }, 'The file could not be read as an Excel (.xlsx) workbook.'],
      [
        { name: 'numbers.xlsx', type: XLSX, content: rowBillion },
        'The file has more than 200,000 rows, empty ones included. Delete the empty rows at its end, or split it into smaller files.',
      ],
      [
        { name: 'numbers.csv', type: CSV, content: `Phone${',x'.repeat(50)}\n0712345678\n` },
        'Row 1 of the file has more than 50 columns. Keep only the columns to import (at most 50) and try again.',
      ],
      [
        { name: 'numbers.csv', type: CSV, content: Buffer.alloc(5 * 1024 * 1024, 0x37) },
        'Line 1 of the file is longer than 65,536 characters. Check that it is a CSV file with one row per line.',
      ],
      [
        { name: 'numbers.csv', type: CSV, content: `0712345678${'\n'.repeat(5 * 1024 * 1024 - 20)}` },
        'The file has more than 200,000 rows, empty ones included. Delete the empty rows at its end, or split it into smaller files.',
      ],
      [
        { name: 'numbers.csv', type: CSV, content: Buffer.from('Phone\r\n0712345678\r\n', 'utf16le') },
        'The file could not be read as a CSV text file. Save it as CSV (UTF-8) and try again.',
      ],
    ];
    for (const [file, message] of refusals) {
      expectFailure(await m.notifyUploaded(tenant, file, {}, true), 400, message);
      expectFailure(await m.notifyUploaded(tenant, file), 400, message);
    }
    expect((await files(tenant)).total).toBe(0);
    expect(await m.balance(tenant)).toBe(10);
  });

  it('bounds the file: 413 above 5 MB, 400 above 100,000 numbers', async () => {
    const tenant = await m.tenantWith(10);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1, 0x30);
    expectFailure(
      await m.notifyUploaded(tenant, { name: 'numbers.csv', type: CSV, content: huge }),
      413,
      'The file is larger than 5 MB. Split it into smaller files and send the message to each.',
    );
    const tooMany = Array.from({ length: 100_001 }, (_, i) => `0711${String(i).padStart(6, '0')}`).join('\n');
    expectFailure(
      await m.notifyUploaded(tenant, { name: 'numbers.csv', type: CSV, content: tooMany }),
      400,
      'The file has more than 100,000 phone numbers. Split it into smaller files and send the message to each.',
    );
    expect((await files(tenant)).total).toBe(0);
  });
});
