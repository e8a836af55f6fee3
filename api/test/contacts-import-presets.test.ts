import type { ContactImportPreset, ContactImportPresetsResponse, ErrorBody, LoginResponse } from '@ushirika/shared/contract';
import { MAX_IMPORT_PRESETS } from '@ushirika/shared/contract';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

/*
 * The import's saved column matchings (issue 27.1; GET/POST /member/import/presets, DELETE /member/import/presets/{id}):
 * saved and replaced by name, bounded, checked, the partner's own, each change one `contact_import_preset` event, and
 * the secretary's like the import itself (contacts.transfer).
 */

describe.each(testDatabases)('import presets on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const save = (tenant: Tenant, payload: unknown) => t.as(tenant, { method: 'POST', url: '/api/v2/member/import/presets', payload: payload as object });
  const presets = async (tenant: Tenant) =>
    (await t.as(tenant, { method: 'GET', url: '/api/v2/member/import/presets?pagesize=100' })).json<ContactImportPresetsResponse>();
  const remove = (tenant: Tenant, id: number) => t.as(tenant, { method: 'DELETE', url: `/api/v2/member/import/presets/${id}` });
  const events = (tenant: Tenant) =>
    t.db
      .selectFrom('activity_events')
      .select(['action', 'entity_id', 'changes'])
      .where('tenant_id', '=', tenant.id)
      .where('entity', '=', 'contact_import_preset')
      .orderBy('id')
      .execute();

  const SWAHILI = { 'Jina la kwanza': 'firstName', Simu: 'mobile', Maoni: null };

  it('saves a matching, replaces it by name, lists them by name and deletes one, each with its event', async () => {
    const tenant = await t.newTenant();

    const created = await save(tenant, { name: '  Kanisa sheet ', mapping: SWAHILI });
    expect(created.statusCode).toBe(201);
    const preset = created.json<{ status_msg: string; preset: ContactImportPreset }>();
    expect(preset).toEqual({ status_msg: 'Matching saved', preset: { id: expect.any(Number), name: 'Kanisa sheet', mapping: SWAHILI, createdAt: expect.any(String) } });

    const replaced = await save(tenant, { name: 'Kanisa sheet', mapping: { ...SWAHILI, Makazi: 'residence' } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<{ preset: ContactImportPreset }>().preset).toMatchObject({ id: preset.preset.id, mapping: { ...SWAHILI, Makazi: 'residence' } });
    expect((await save(tenant, { name: 'Breeze', mapping: {} })).statusCode).toBe(201);

    expect((await presets(tenant)).presets.map(({ name, mapping }) => ({ name, mapping }))).toEqual([
      { name: 'Breeze', mapping: {} },
      { name: 'Kanisa sheet', mapping: { ...SWAHILI, Makazi: 'residence' } },
    ]);

    expect((await remove(tenant, preset.preset.id)).json<ErrorBody>()).toEqual({ status_msg: 'Matching deleted' });
    expect((await presets(tenant)).total).toBe(1);
    expectFailure(await remove(tenant, preset.preset.id), 404, 'Saved matching not found');

    expect((await events(tenant)).map((event) => [event.action, event.entity_id])).toEqual([
      ['create', String(preset.preset.id)],
      ['update', String(preset.preset.id)],
      ['create', expect.any(String)],
      ['delete', String(preset.preset.id)],
    ]);
  });

  it.each<[string, unknown, string]>([
    ['no name', { name: '  ', mapping: {} }, 'Name is required'],
    ['a long name', { name: 'x'.repeat(61), mapping: {} }, 'Name must be at most 60 characters'],
    [
      'a mapping that is a list',
      { name: 'A', mapping: ['firstName'] },
      'mapping must be a JSON object from a column header to a field name (or null to ignore the column)',
    ],
    ['an unknown field', { name: 'A', mapping: { Simu: 'phone' } }, expect.stringMatching(/^mapping: each column's field must be one of firstName, .* or null$/)],
    ['a long header', { name: 'A', mapping: { ['h'.repeat(201)]: null } }, 'mapping: a column header is at most 200 characters'],
    ['51 headers', { name: 'A', mapping: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`C${i}`, null])) }, 'mapping may name at most 50 columns'],
    ['a list for a body', ['Kanisa'], 'The request body must be a JSON object'],
  ])('refuses %s', async (_what, payload, message) => {
    const tenant = await t.newTenant();
    const response = await save(tenant, payload);
    expect({ status: response.statusCode, body: response.json<ErrorBody>() }).toEqual({ status: 400, body: { status_msg: message } });
    expect((await presets(tenant)).total).toBe(0);
  });

  it(`keeps at most ${MAX_IMPORT_PRESETS} per partner; another partner's are neither listed nor deleted`, async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    for (let index = 0; index < MAX_IMPORT_PRESETS; index += 1) expect((await save(tenant, { name: `Sheet ${index}`, mapping: {} })).statusCode).toBe(201);

    const refused = await save(tenant, { name: 'One more', mapping: {} });
    expectFailure(refused, 409, `A partner keeps at most ${MAX_IMPORT_PRESETS} saved matchings: delete one you no longer use first.`);
    // Replacing one of them is not one more.
    expect((await save(tenant, { name: 'Sheet 7', mapping: { Simu: 'mobile' } })).statusCode).toBe(200);

    expect((await presets(other)).total).toBe(0);
    const mine = (await presets(tenant)).presets[0]!;
    expectFailure(await remove(other, mine.id), 404, 'Saved matching not found');
    expect((await presets(tenant)).total).toBe(MAX_IMPORT_PRESETS);
  });

  it('is the secretary’s, not the viewer’s', async () => {
    const tenant = await t.newTenant();
    const email = `viewer.${Date.now()}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'View', lastName: 'Only', roles: ['viewer'] });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    const viewer: Tenant = { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };

    for (const response of [
      await save(viewer, { name: 'A', mapping: {} }),
      await t.as(viewer, { method: 'GET', url: '/api/v2/member/import/presets' }),
      await t.as(viewer, { method: 'GET', url: '/api/v2/member/imports' }),
      await t.as(viewer, { method: 'POST', url: '/api/v2/member/imports/1/undo' }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await presets(tenant)).total).toBe(0);
  });
});
