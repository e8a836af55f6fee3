import type {
  ContactImportBatchesResponse,
  ContactImportPreview,
  ContactImportResult,
  ContactImportUndoResult,
  ErrorBody,
  HouseholdsResponse,
  Member,
  MemberSaveResponse,
  MembersResponse,
} from '@ushirika/shared/contract';
import { sql } from 'kysely';
import { readContactsFile } from '../src/contacts/import';
import { commitImport } from '../src/contacts/import-batches';
import { importKeys, matchImportRows } from '../src/contacts/import-match';
import { lookUpImportKeys } from '../src/contacts/import-queries';
import { TenantScope } from '../src/db/tenant-scope';
import { incomeBody } from './support/partner-records';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { multipartForm } from './support/messaging';

/*
 * Issue 27's journey at API level, and the rules around it: import a file, import a corrected second file (two
 * phones changed, one new person, one blank email) and see 1 new and 2 updates with old and new values and nothing
 * erased, then undo the second import and see the earlier values back. Then what the undo keeps (a field changed
 * since, a contact given a gift since), the conflicts a file can hold, households, and partner isolation.
 */

const HEADER = 'First Name,Last Name,Mobile,Email,External ID';

describe.each(testDatabases)('contacts import journey on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const form = (lines: readonly string[], name = 'members.csv') => multipartForm({}, { field: 'file', name, type: 'text/csv', content: `${lines.join('\r\n')}\r\n` });
  const send = (tenant: Tenant, url: string, lines: readonly string[]) => {
    const body = form(lines);
    return t.as(tenant, { method: 'POST', url: `/api/v2/member/${url}`, payload: body.payload, headers: body.headers });
  };
  const preview = async (tenant: Tenant, lines: readonly string[]) => {
    const response = await send(tenant, 'import/preview', lines);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 200 });
    return response.json<ContactImportPreview>();
  };
  const commit = async (tenant: Tenant, lines: readonly string[]) => {
    const response = await send(tenant, 'import', lines);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 200 });
    return response.json<ContactImportResult>();
  };
  const undo = (tenant: Tenant, batch: number) => t.as(tenant, { method: 'POST', url: `/api/v2/member/imports/${batch}/undo` });
  const undone = async (tenant: Tenant, batch: number) => {
    const response = await undo(tenant, batch);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 200 });
    return response.json<ContactImportUndoResult>();
  };
  const contacts = async (tenant: Tenant, query = '') =>
    (await t.as(tenant, { method: 'GET', url: `/api/v2/member?pagesize=100${query}` })).json<MembersResponse>().members;
  const byName = async (tenant: Tenant, query = '') => new Map((await contacts(tenant, query)).map((member) => [member.firstName, member]));
  const events = (tenant: Tenant) =>
    t.db
      .selectFrom('activity_events')
      .select(['action', 'entity_id', 'details'])
      .where('tenant_id', '=', tenant.id)
      .where('entity', '=', 'contact_import')
      .orderBy('id')
      .execute();
  const fields = ({ firstName, lastName, phone, email, externalId }: Member) => ({ firstName, lastName, phone, email, externalId });

  const FIRST = [
    HEADER,
    'Amina,Wanjiru,0712000001,amina@example.org,M-1',
    'Brian,Otieno,0712000002,brian@example.org,M-2',
    'Carol,Njeri,0712000003,carol@example.org,M-3',
  ];
  /** Amina's and Brian's phones corrected, Carol's email left blank, Dan new. */
  const SECOND = [
    HEADER,
    'Amina,Wanjiru,0712000011,amina@example.org,M-1',
    'Brian,Otieno,0712 000 012,brian@example.org,M-2',
    'Carol,Njeri,0712000003,,M-3',
    'Dan,Kamau,0712000004,dan@example.org,M-4',
  ];

  it('imports a corrected second file as 1 new and 2 updates, erases nothing, and undoes it back to the earlier values', async () => {
    const tenant = await t.newTenant('Journey');
    const first = await commit(tenant, FIRST);
    expect(first).toEqual({ status_msg: '3 contacts imported, 0 updated', batch: { id: expect.any(Number), created: 3, updated: 0 } });
    const before = await byName(tenant);

    const dry = await preview(tenant, SECOND);
    expect(dry.counts).toEqual({ new: 1, update: 2, unchanged: 1, conflict: 0, error: 0 });
    expect(dry.rows).toEqual([
      { row: 2, status: 'update', contactId: before.get('Amina')!.id, changes: [{ field: 'mobile', old: '+254712000001', new: '+254712000011' }] },
      { row: 3, status: 'update', contactId: before.get('Brian')!.id, changes: [{ field: 'mobile', old: '+254712000002', new: '+254712000012' }] },
      { row: 4, status: 'unchanged', contactId: before.get('Carol')!.id },
      {
        row: 5,
        status: 'new',
        changes: expect.arrayContaining([
          { field: 'firstName', old: '', new: 'Dan' },
          { field: 'externalId', old: '', new: 'M-4' },
        ]),
      },
    ]);

    const second = await commit(tenant, SECOND);
    expect(second).toEqual({ status_msg: '1 contact imported, 2 updated', batch: { id: expect.any(Number), created: 1, updated: 2 } });
    const after = await byName(tenant);
    expect([...after.values()].map(fields).sort((a, b) => a.firstName.localeCompare(b.firstName))).toEqual([
      { firstName: 'Amina', lastName: 'Wanjiru', phone: '+254712000011', email: 'amina@example.org', externalId: 'M-1' },
      { firstName: 'Brian', lastName: 'Otieno', phone: '+254712000012', email: 'brian@example.org', externalId: 'M-2' },
      // The blank email erased nothing.
      { firstName: 'Carol', lastName: 'Njeri', phone: '+254712000003', email: 'carol@example.org', externalId: 'M-3' },
      { firstName: 'Dan', lastName: 'Kamau', phone: '+254712000004', email: 'dan@example.org', externalId: 'M-4' },
    ]);
    expect(after.get('Amina')!.version).toBe(before.get('Amina')!.version + 1);
    expect(after.get('Carol')!.version).toBe(before.get('Carol')!.version);

    const undoing = await undone(tenant, second.batch.id);
    expect(undoing).toEqual({ status_msg: 'Import undone: 1 contact removed, 0 archived, 2 restored', removed: 1, archived: 0, restored: 2, kept: [] });
    const back = await byName(tenant);
    expect([...back.values()].map(fields)).toEqual([...before.values()].map(fields));
    expect(back.get('Amina')!.version).toBe(before.get('Amina')!.version + 2);
    expect(back.has('Dan')).toBe(false);
    expect(await contacts(tenant, '&archived=only')).toEqual([]);

    const batches = (await t.as(tenant, { method: 'GET', url: '/api/v2/member/imports' })).json<ContactImportBatchesResponse>();
    expect(batches.imports.map((batch) => [batch.id, batch.created, batch.updated, batch.undoneAt === null])).toEqual([
      [second.batch.id, 1, 2, false],
      [first.batch.id, 3, 0, true],
    ]);
    expect(await events(tenant)).toEqual([
      { action: 'import', entity_id: String(first.batch.id), details: { created: 3, updated: 0, unchanged: 0, conflict: 0, error: 0, skipped: 0 } },
      { action: 'import', entity_id: String(second.batch.id), details: { created: 1, updated: 2, unchanged: 1, conflict: 0, error: 0, skipped: 0 } },
      { action: 'undo', entity_id: String(second.batch.id), details: { removed: 1, archived: 0, restored: 2, kept: 0 } },
    ]);

    // Once is enough; the second undo changes nothing.
    expectFailure(await undo(tenant, second.batch.id), 409, 'This import was undone already.');
    expect(await events(tenant)).toHaveLength(3);
  });

  it('keeps a field changed since the import and lists it, restoring the others', async () => {
    const tenant = await t.newTenant('Kept');
    await commit(
      tenant,
      [...FIRST.slice(0, 2)].map((line, index) => (index === 0 ? `${line},Residence` : `${line},Kasarani`)),
    );
    const second = await commit(tenant, [`${HEADER},Residence`, 'Amina,Wanjiru,0712000011,amina@example.org,M-1,Githurai']);
    const amina = (await byName(tenant)).get('Amina')!;
    const edited = await t.as(tenant, {
      method: 'PUT',
      url: `/api/v2/member/${amina.id}`,
      payload: { firstName: 'Amina', lastName: 'Wanjiru', mobile: amina.phone, email: amina.email, residence: 'Ruaka', externalId: 'M-1', version: amina.version },
    });
    expect(edited.statusCode).toBe(200);

    const undoing = await undone(tenant, second.batch.id);

    expect(undoing).toEqual({
      status_msg: 'Import undone: 0 contacts removed, 0 archived, 1 restored; 1 field changed since kept as it is',
      removed: 0,
      archived: 0,
      restored: 1,
      kept: [{ contactId: amina.id, field: 'residence', current: 'Ruaka', before: 'Kasarani' }],
    });
    expect((await byName(tenant)).get('Amina')).toMatchObject({
      phone: '+254712000001',
      residence: 'Ruaka',
      version: edited.json<MemberSaveResponse>().member.version + 1,
    });
  });

  it('archives a created contact given a gift since, and removes the others', async () => {
    const tenant = await t.newTenant('Gift');
    const batch = await commit(tenant, FIRST);
    const account = await t.as(tenant, { method: 'POST', url: '/api/v2/account', payload: { accountName: 'Tithe', accountType: 'CR', parentId: 0 } });
    expect(account.statusCode).toBe(201);
    const gift = await t.as(tenant, {
      method: 'POST',
      url: '/api/v2/income',
      payload: incomeBody('Brian', account.json<{ account: { id: number } }>().account.id, '+254712000002'),
    });
    expect(gift.statusCode).toBe(201);

    expect(await undone(tenant, batch.batch.id)).toMatchObject({ removed: 2, archived: 1, restored: 0, kept: [] });
    expect((await contacts(tenant)).map((member) => member.firstName)).toEqual([]);
    expect((await contacts(tenant, '&archived=only')).map((member) => member.firstName)).toEqual(['Brian']);
  });

  it('shows conflicts rather than guessing, and never matches an archived or erased contact quietly', async () => {
    const tenant = await t.newTenant('Conflicts');
    await commit(tenant, [HEADER, 'Amina,Wanjiru,0712000001,family@example.org,M-1', 'Brian,Otieno,0712000002,family@example.org,M-2', 'Carol,Njeri,0712000003,,M-3']);
    const known = await byName(tenant);
    const carol = known.get('Carol')!;
    expect((await t.as(tenant, { method: 'POST', url: `/api/v2/member/${carol.id}/archive`, payload: {} })).statusCode).toBe(200);
    const erasable = await t.as(tenant, { method: 'POST', url: '/api/v2/member', payload: { firstName: 'Erin', lastName: 'Gone', mobile: '0712000009' } });
    const erased = await t.as(tenant, {
      method: 'POST',
      url: `/api/v2/member/${erasable.json<MemberSaveResponse>().member.id}/erase`,
      payload: { reason: 'Asked on 1 May' },
    });
    expect(erased.statusCode).toBe(200);

    const dry = await preview(tenant, [
      HEADER,
      'Amina,Wanjiru,0712000002,,M-1', //               2: M-1 is Amina, the mobile is Brian's
      'Sam,Shared,0712000077,FAMILY@example.org,', //   3: the email belongs to two contacts
      'Carol,Njeri,,,M-3', //                           4: archived
      'Amina,W.,,,M-1', //                               5: Amina again (row 6 takes her: this one first)
      'Amina,Wanjiru,0712000001,,', //                  6: an earlier row took Amina
      'Neo,One,0712000055,,N-1', //                     7: new
      'Neo,Two,0712000055,,N-2', //                     8: the same mobile as row 7
      'Erin,Gone,0712000009,,', //                      9: the erased contact's mobile: a new person
    ]);

    expect(dry.rows.map((row) => [row.row, row.status, row.messages, row.conflictWith])).toEqual([
      [2, 'conflict', ['Its external ID and its mobile belong to two different contacts'], { contactIds: [known.get('Amina')!.id, known.get('Brian')!.id] }],
      [
        3,
        'conflict',
        ['Its email belongs to several contacts: add the mobile or the external ID to tell which'],
        { contactIds: expect.arrayContaining([known.get('Amina')!.id, known.get('Brian')!.id]) },
      ],
      [4, 'conflict', ['Matches an archived contact: restore it first'], { contactIds: [carol.id] }],
      [5, 'update', undefined, undefined],
      [6, 'conflict', ['An earlier row of the file matches the same contact'], { contactIds: [known.get('Amina')!.id], row: 5 }],
      [7, 'new', undefined, undefined],
      [8, 'conflict', ['An earlier row of the file has the same mobile'], { contactIds: [], row: 7 }],
      [9, 'new', undefined, undefined],
    ]);
    expect(dry.counts).toEqual({ new: 2, update: 1, unchanged: 0, conflict: 5, error: 0 });
  });

  it('builds households from the file, keeps one head each, and removes the ones it made on undo', async () => {
    const tenant = await t.newTenant('Households');
    const lines = [
      `${HEADER},Household ID,Household Name,Household Role`,
      'Amina,Wanjiru,0712000001,,M-1,F-7,Wanjiru family,head',
      'Brian,Wanjiru,0712000002,,M-2,F-7,,spouse',
      'Cate,Wanjiru,0712000003,,M-3,F-7,,head', // a second head
      'Dan,Kamau,0712000004,,M-4,,Kamau home,', // by name, role other
    ];
    const dry = await preview(tenant, lines);
    expect(dry.rows[2]).toEqual({ row: 4, status: 'conflict', messages: ['Its household already has a head'], conflictWith: { contactIds: [], row: 2 } });
    expect(dry.rows[3]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'householdName', old: '', new: 'Kamau home' },
        { field: 'householdRole', old: '', new: 'other' },
      ]),
    );

    const batch = await commit(tenant, lines);
    const households = async () => (await t.as(tenant, { method: 'GET', url: '/api/v2/households' })).json<HouseholdsResponse>();
    expect((await households()).households.map(({ name, key, head, memberCount }) => ({ name, key, head, memberCount }))).toEqual([
      { name: 'Kamau home', key: expect.stringMatching(/^H-\d+$/), head: null, memberCount: 1 },
      { name: 'Wanjiru family', key: 'F-7', head: 'Amina Wanjiru', memberCount: 2 },
    ]);

    // The same file again: Cate is still no head; the others are unchanged, the household found by its key and name.
    const again = await preview(tenant, lines);
    expect(again.counts).toEqual({ new: 0, update: 0, unchanged: 3, conflict: 1, error: 0 });

    expect(await undone(tenant, batch.batch.id)).toMatchObject({ removed: 3, archived: 0 });
    expect((await households()).total).toBe(0);
  });

  it("never matches another partner's contacts, and another partner's batch is not found", async () => {
    const tenant = await t.newTenant('Mine');
    const other = await t.newTenant('Theirs');
    const theirs = await commit(other, FIRST);

    const dry = await preview(tenant, FIRST);
    expect(dry.counts).toEqual({ new: 3, update: 0, unchanged: 0, conflict: 0, error: 0 });
    const mine = await commit(tenant, FIRST);

    expectFailure(await undo(tenant, theirs.batch.id), 404, 'Import not found');
    expectFailure(await undo(other, mine.batch.id), 404, 'Import not found');
    expect((await t.as(tenant, { method: 'GET', url: '/api/v2/member/imports' })).json<ContactImportBatchesResponse>().imports.map((batch) => batch.id)).toEqual([
      mine.batch.id,
    ]);
    expect((await contacts(other)).map(fields)).toHaveLength(3);
  });

  it('skips, and counts, a contact saved by someone else between the reading of the file and its writing', async () => {
    const tenant = await t.newTenant('Race');
    await commit(tenant, FIRST);
    const scope = new TenantScope(t.db, tenant.id);
    const file = await readContactsFile(Buffer.from(SECOND.join('\r\n')), 'second.csv', { dateOrder: 'DMY', country: 'KE' });
    const match = await matchImportRows(file.rows, await lookUpImportKeys(scope, importKeys(file.rows)), 'KE');
    // Meanwhile Amina's record is saved by a colleague.
    const amina = (await byName(tenant)).get('Amina')!;
    const saved = await t.as(tenant, {
      method: 'PUT',
      url: `/api/v2/member/${amina.id}`,
      payload: { firstName: 'Amina', lastName: 'Wanjiru', mobile: amina.phone, email: amina.email, residence: 'Ruaka', externalId: 'M-1', version: amina.version },
    });
    expect(saved.statusCode).toBe(200);
    const { id: userId } = await t.db.selectFrom('users').select('id').where('email', '=', tenant.email).executeTakeFirstOrThrow();

    const result = await scope.transaction((trx) => commitImport(trx, match, { userId, fileName: file.fileName }));

    expect(result).toEqual({
      status_msg: '1 contact imported, 1 updated; 1 contact was changed by someone else meanwhile and left as they are',
      batch: { id: expect.any(Number), created: 1, updated: 1 },
    });
    expect((await byName(tenant)).get('Amina')).toMatchObject({ phone: '+254712000001', residence: 'Ruaka', version: amina.version + 1 });
    expect((await events(tenant)).at(-1)?.details).toMatchObject({ created: 1, updated: 1, skipped: 1 });
  });

  it('refuses to undo an import older than 30 days', async () => {
    const tenant = await t.newTenant('Old');
    const batch = await commit(tenant, FIRST);
    await sql`update contact_import_batches set created_at = now() - interval '31 days' where id = ${batch.batch.id}`.execute(t.db);
    const response = await undo(tenant, batch.batch.id);
    expect({ status: response.statusCode, body: response.json<ErrorBody>() }).toEqual({
      status: 409,
      body: { status_msg: 'This import is more than 30 days old and can no longer be undone.' },
    });
    expect(await contacts(tenant)).toHaveLength(3);
  });
});
