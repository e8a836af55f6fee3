import type { AnyObjectSchema } from 'yup';
import { validateFirstErrorSync } from '@ushirika/shared/validation';
import { crudResources, type CrudResource } from '../src/http/crud-routes';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

type Resource = CrudResource<AnyObjectSchema, object>;
type Saved = { status_msg: string } & Record<string, { id: number } & Record<string, unknown>>;

/*
 * The contract and the tenant wall of every resource the route factory serves, checked once here by
 * walking the factory's registry: a new resource is covered without a line of test. Each resource's own
 * rules (unique names, search, order) are tested beside it; its messages in its schema's test.
 */
describe.each(testDatabases)('every CRUD resource on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let resources: Resource[];
  beforeAll(() => {
    t = testApp();
    resources = [...crudResources];
  });

  const url = (resource: Resource, id?: number | string) => `/api/v2/${resource.endpoint.path}${id === undefined ? '' : `/${id}`}`;
  const create = (tenant: Tenant, resource: Resource, payload: object) => t.as(tenant, { method: 'POST', url: url(resource), payload });
  const update = (tenant: Tenant, resource: Resource, id: number | string, payload: object) => t.as(tenant, { method: 'PUT', url: url(resource, id), payload });
  const list = async (tenant: Tenant, resource: Resource, query = '') => {
    const response = await t.as(tenant, { method: 'GET', url: `${url(resource)}${query}` });
    expect({ path: resource.endpoint.path, status: response.statusCode }).toEqual({ path: resource.endpoint.path, status: 200 });
    return response.json<Record<string, unknown[]> & { total: number }>();
  };

  /** A valid body for the tenant: the resource's example, with each referenced record created first. */
  async function validBody(tenant: Tenant, resource: Resource, suffix = ''): Promise<Record<string, unknown>> {
    const body: Record<string, unknown> = { ...resource.example };
    // Names are unique per partner in some resources: make each body's texts its own (not fixed choices
    // such as a payment channel or an account type, which a suffix would make invalid).
    for (const [field, value] of Object.entries(body)) {
      const suffixed = { ...body, [field]: `${value}${suffix}` };
      if (typeof value === 'string' && /^[A-Za-z]/.test(value) && validateFirstErrorSync(resource.body, suffixed).ok) body[field] = suffixed[field];
    }
    for (const [field, target] of Object.entries(resource.references ?? {}) as [string, Resource][]) {
      body[field] = (await saved(tenant, target, suffix)).id;
    }
    return body;
  }

  async function saved(tenant: Tenant, resource: Resource, suffix = '') {
    const response = await create(tenant, resource, await validBody(tenant, resource, suffix));
    expect({ path: resource.endpoint.path, status: response.statusCode, body: response.json() }).toMatchObject({ path: resource.endpoint.path, status: 201 });
    return response.json<Saved>()[resource.endpoint.singular]!;
  }

  /** The resources whose change the factory serves (income and expenses serve their own: a correction, finance-corrections.test.ts). */
  const changedByTheFactory = () => resources.filter((resource) => resource.queries.update !== undefined);

  it('finds the resources it walks', () => {
    expect(resources.map((resource) => resource.endpoint.path)).toEqual(
      expect.arrayContaining(['meeting_types', 'meetings', 'group_types', 'groups', 'account', 'income', 'expense']),
    );
  });

  it('creates, lists and changes a record, answering the contract shapes', async () => {
    for (const resource of resources) {
      const { singular, plural, savedText, row } = resource.endpoint;
      const tenant = await t.newTenant();
      const body = await validBody(tenant, resource);
      const createdResponse = await create(tenant, resource, body);
      expect({ path: resource.endpoint.path, status: createdResponse.statusCode }).toEqual({ path: resource.endpoint.path, status: 201 });
      const created = createdResponse.json<Saved>();
      expect(created.status_msg).toBe(savedText);
      // Exactly the row schema's fields, of its types (strict: nothing cast).
      expect(Object.keys(created[singular]!).sort()).toEqual(Object.keys(row.fields).sort());
      expect(() => row.validateSync(created[singular], { strict: true })).not.toThrow();

      const listed = await list(tenant, resource);
      // Income and expenses also answer the total of the amounts listed (issue 28.3): the one record's.
      const summary = resource.listSummary ? { total_amount: created[singular]!.amount } : {};
      expect(listed).toEqual({ [plural]: [created[singular]], total: 1, ...summary });

      // Income and expenses serve their own change (a correction: finance-corrections.test.ts).
      if (!resource.queries.update) continue;
      const changed = await update(tenant, resource, created[singular]!.id, await validBody(tenant, resource, ' (changed)'));
      expect({ path: resource.endpoint.path, status: changed.statusCode }).toEqual({ path: resource.endpoint.path, status: 200 });
      expect(changed.json<Saved>()).toEqual({ status_msg: savedText, [singular]: expect.objectContaining({ id: created[singular]!.id }) });
      expect((await list(tenant, resource)).total).toBe(1);
    }
  });

  it("never shows or changes another partner's records, and refuses their ids inside bodies", async () => {
    for (const resource of resources) {
      const { plural, singular } = resource.endpoint;
      const owner = await t.newTenant();
      const stranger = await t.newTenant();
      const record = await saved(owner, resource);

      expect((await list(stranger, resource))[plural]).toEqual([]);
      expectFailure(await update(stranger, resource, record.id, await validBody(stranger, resource)), 404, resource.texts.notFound);
      expect((await list(owner, resource))[plural]).toEqual([record]);

      for (const [field, target] of Object.entries(resource.references ?? {}) as [string, Resource][]) {
        const theirs = await saved(owner, target, ' (theirs)');
        const body = { ...(await validBody(stranger, resource, ' (mine)')), [field]: theirs.id };
        expectFailure(await create(stranger, resource, body), 400, resource.texts.unknownReference!);
        expectFailure(
          await update(owner, resource, record.id, { ...(await validBody(owner, resource, ' (x)')), [field]: 99_999_999 }),
          400,
          resource.texts.unknownReference!,
        );
      }
      expect({ path: resource.endpoint.path, [singular]: (await list(owner, resource))[plural] }).toEqual({ path: resource.endpoint.path, [singular]: [record] });
    }
  });

  it("answers 400 with the schema's first message, 404 for ids that name nothing, and saves nothing", async () => {
    for (const resource of resources) {
      const tenant = await t.newTenant();
      const firstMessage = validateFirstErrorSync(resource.body, {});
      expect(firstMessage.ok).toBe(false);
      expectFailure(await create(tenant, resource, {}), 400, firstMessage.ok ? '' : firstMessage.message);
      for (const id of ['abc', '0', '99999999999', '999999']) {
        expectFailure(await update(tenant, resource, id, await validBody(tenant, resource, ` ${id}`)), 404, resource.texts.notFound);
      }
      expect((await list(tenant, resource)).total).toBe(0);
    }
  });

  it('refuses the same body twice where the resource keeps a name unique, and saves nothing', async () => {
    for (const resource of resources.filter((candidate) => candidate.texts.duplicate)) {
      const tenant = await t.newTenant();
      const body = await validBody(tenant, resource);
      expect((await create(tenant, resource, body)).statusCode).toBe(201);
      expectFailure(await create(tenant, resource, body), 409, resource.texts.duplicate!);
      expect((await list(tenant, resource)).total).toBe(1);
    }
  });

  it("opens one record by id, with its version, and never another partner's", async () => {
    for (const resource of resources) {
      const { singular } = resource.endpoint;
      const owner = await t.newTenant();
      const record = await saved(owner, resource);
      const opened = await t.as(owner, { method: 'GET', url: url(resource, record.id) });
      expect({ path: resource.endpoint.path, status: opened.statusCode, body: opened.json() }).toEqual({
        path: resource.endpoint.path,
        status: 200,
        body: { [singular]: { ...record, version: 1 } },
      });
      const stranger = await t.newTenant();
      for (const [who, id] of [
        [stranger, record.id],
        [owner, 99_999_999],
        [owner, 'abc'],
      ] as const) {
        expectFailure(await t.as(who, { method: 'GET', url: url(resource, id) }), 404, resource.texts.notFound);
      }
    }
  });

  it('refuses a save over a newer version with who changed it, and saves nothing; a save without a version is made as before', async () => {
    for (const resource of changedByTheFactory()) {
      const { singular } = resource.endpoint;
      const tenant = await t.newTenant();
      const colleague = await t.newColleague(tenant, { firstName: 'Grace', lastName: 'Atieno' });
      const record = await saved(tenant, resource);
      // Both opened the record at version 1; the colleague saves first.
      const first = await update(colleague, resource, record.id, { ...(await validBody(tenant, resource, ' (first)')), version: 1 });
      expect({ path: resource.endpoint.path, status: first.statusCode }).toEqual({ path: resource.endpoint.path, status: 200 });
      const firstSaved = first.json<Saved>()[singular]!;
      expect(firstSaved.version).toBe(2);

      const stale = await update(tenant, resource, record.id, { ...(await validBody(tenant, resource, ' (stale)')), version: 1 });
      expect({ path: resource.endpoint.path, status: stale.statusCode, body: stale.json() }).toEqual({
        path: resource.endpoint.path,
        status: 409,
        body: {
          status_msg: 'Grace Atieno changed this record after you opened it, so your changes were not saved. Reload it to see the changes, then make yours again.',
          changedBy: 'Grace Atieno',
          changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          version: 2,
        },
      });
      const now = await t.as(tenant, { method: 'GET', url: url(resource, record.id) });
      expect({ path: resource.endpoint.path, record: now.json<Record<string, unknown>>()[singular] }).toEqual({ path: resource.endpoint.path, record: firstSaved });

      // With the version it read now, the same person's save goes through; the legacy client sends none.
      expect((await update(tenant, resource, record.id, { ...(await validBody(tenant, resource, ' (second)')), version: 2 })).json<Saved>()[singular]!.version).toBe(3);
      expect((await update(tenant, resource, record.id, await validBody(tenant, resource, ' (legacy)'))).json<Saved>()[singular]!.version).toBe(4);
      expectFailure(
        await update(tenant, resource, record.id, { ...(await validBody(tenant, resource, ' (bad version)')), version: 'two' }),
        400,
        'The version of the record is not valid. Reload the record and try again.',
      );
    }
  });

  it('lets one of two saves made at once over the same version through, and refuses the other', async () => {
    for (const resource of changedByTheFactory()) {
      const { singular } = resource.endpoint;
      const tenant = await t.newTenant();
      const record = await saved(tenant, resource);
      const bodies = await Promise.all(['a', 'b'].map(async (suffix) => ({ ...(await validBody(tenant, resource, ` (${suffix})`)), version: 1 })));
      const answers = await Promise.all(bodies.map((body) => update(tenant, resource, record.id, body)));
      expect({ path: resource.endpoint.path, statuses: answers.map((answer) => answer.statusCode).sort() }).toEqual({
        path: resource.endpoint.path,
        statuses: [200, 409],
      });
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<Saved>()[singular];
      const now = await t.as(tenant, { method: 'GET', url: url(resource, record.id) });
      expect(now.json<Record<string, unknown>>()[singular]).toEqual(winner);
    }
  });

  it('pages by the standard list query and refuses a bad one', async () => {
    for (const resource of resources) {
      const { plural } = resource.endpoint;
      const tenant = await t.newTenant();
      const first = await saved(tenant, resource, ' one');
      const second = await saved(tenant, resource, ' two');
      const page1 = await list(tenant, resource, '?page=1&pagesize=1&action=display&searchKey=&startdate=2020-01-01');
      const page2 = await list(tenant, resource, '?page=2&pagesize=1');
      expect({ path: resource.endpoint.path, total: page1.total, ids: [...page1[plural]!, ...page2[plural]!].map((row) => (row as { id: number }).id).sort() }).toEqual({
        path: resource.endpoint.path,
        total: 2,
        ids: [first.id, second.id].sort(),
      });
      expectFailure(await t.as(tenant, { method: 'GET', url: `${url(resource)}?page=0` }), 400, 'page must be a whole number from 1');
    }
  });

  it('answers 401 without a valid token, before looking at anything else', async () => {
    for (const resource of resources) {
      for (const [method, path] of [
        ['GET', url(resource)],
        ['POST', url(resource)],
        ['GET', url(resource, 1)],
        ['PUT', url(resource, 'abc')],
      ] as const) {
        const response = await t.app.inject({ method, url: path, payload: method === 'GET' ? undefined : {}, headers: { authorization: 'Bearer not-a-token' } });
        expect({ method, path, status: response.statusCode }).toEqual({ method, path, status: 401 });
      }
    }
  });
});
