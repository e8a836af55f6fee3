import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FORMER_MPESA_CALLBACK_PREFIX } from '../src/config';
import { useTestApp } from './support/app';
import { oneDatabase } from './support/databases';

/** A built host, so the static web routes exist too: they must stay out of the document. */
const webRoot = mkdtempSync(join(tmpdir(), 'ushirika-openapi-'));
mkdirSync(join(webRoot, 'host', 'dist'), { recursive: true });
writeFileSync(join(webRoot, 'host', 'dist', 'index.html'), '<!doctype html><title>Ushirika</title>');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

interface Schema {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
}
interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  security: unknown[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const LIST_QUERY = ['searchKey', 'action', 'page', 'pagesize', 'startdate', 'enddate', 'tenantid'];
/** Every list route and the key of its rows. */
const LISTS: Array<[path: string, plural: string]> = [
  ['/api/v2/meeting_types', 'meeting_types'],
  ['/api/v2/meetings', 'meetings'],
  ['/api/v2/member', 'members'],
  ['/api/v2/group_types', 'group_types'],
  ['/api/v2/groups', 'groups'],
  ['/api/v2/groupmembers/{groupId}', 'members'],
];
/**
 * Safaricom's callbacks (the partner's secret in the path guards them): C2B, and (issue 29) a prompt's result and
 * Transaction Status's. Every answer, failures too, is in Daraja's format.
 */
const DARAJA_CALLBACKS = ['validation', 'confirmation', 'stk', 'status-result', 'status-timeout'].map((kind) => `POST /api/v2/c2b/{secret}/${kind}`);
/** The public giving page (issue 29): its giving code names the partner. */
const GIVING_PAGE = ['GET /api/v2/give/{code}', 'POST /api/v2/give/{code}', 'GET /api/v2/give/{code}/{checkoutRequestId}'];
/** Login and health, the SMS gateway's and M-Pesa's callbacks (a secret in the path guards them), the giving page. */
const WITHOUT_TOKEN = [
  'GET /api/v2/health',
  'GET /api/v2/invitation/{token}',
  'POST /api/v2/invitation',
  'POST /api/v2/login',
  'POST /api/v2/login/two-step',
  'POST /api/v2/password-reset',
  'POST /api/v2/password-reset/confirm',
  'POST /api/v2/callbacks/sms/{secret}/delivery',
  'POST /api/v2/callbacks/sms/{secret}/incoming',
  'POST /api/v2/callbacks/sms/{secret}/optout',
  ...DARAJA_CALLBACKS,
  ...GIVING_PAGE,
];
/** Lists that take a filter beyond the list query: the accounts list's `type` (CR, DR or ROOT; contract accountsEndpoint). */
const EXTRA_LIST_QUERY: Record<string, string[]> = {
  'GET /api/v2/account': ['type'],
  // Archived contacts (issue 26.5): `archived=only` lists them instead of the active ones; a membership status
  // ('none': without one) and a household's members (issue 27.5).
  'GET /api/v2/member': ['archived', 'membershipStatus', 'householdId'],
  // Corrected entries (issue 26.3): `reversals=hide` leaves out reversals and the entries they reverse.
  'GET /api/v2/income': ['reversals'],
  'GET /api/v2/expense': ['reversals'],
  // The activity log's filters (issue 26.2).
  'GET /api/v2/activity': ['user', 'area', 'entity', 'entityid'],
  // Campaigns (issue 30): open or closed; the per-contact list's order and filter; a contact's pledges (their page).
  'GET /api/v2/campaigns': ['status'],
  'GET /api/v2/campaigns/{id}/pledges': ['sort', 'order', 'filter'],
  'GET /api/v2/pledges': ['contactId'],
};
/** Takes the list query (its search and dates) but answers every matching row, as a CSV file. */
const EXPORTS = ['GET /api/v2/member/export', 'GET /api/v2/activity.csv'];

// The document does not depend on the database: PGlite is enough.

describe('the OpenAPI document at /api/docs', () => {
  const testApp = useTestApp(oneDatabase, { webRoot, smsCallbackSecret: 'openapi-test-secret' });
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
  const operation = (method: string, path: string): Operation => {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method} ${path} is not documented`);
    return op;
  };
  const jsonSchema = (op: Operation, status: string) => op.responses[status]?.content?.['application/json']?.schema;

  beforeAll(async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json<Document>();
  });

  it('is OpenAPI 3.0.3 for the Ushirika API, with a bearer scheme', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info).toMatchObject({ title: 'Ushirika API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents exactly the /api/v2 routes the server registers, and nothing else', () => {
    // The former default M-Pesa prefix is served for URLs registered under it, not documented (finance/mpesa/callbacks.ts).
    const registered = testApp()
      .app.routeTable.filter((route) => route.url.startsWith('/api/v2/') && route.method !== 'HEAD' && !route.url.startsWith(`${FORMER_MPESA_CALLBACK_PREFIX}/`))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    const documented = operations().map(({ key }) => key);
    expect(registered.length).toBeGreaterThan(15);
    expect([...new Set(documented)].sort()).toEqual([...new Set(registered)].sort());
    // the web routes and the docs' own routes are registered but not documented
    const urls = testApp().app.routeTable.map((route) => route.url);
    expect(urls).toContain('/api/docs/json');
    expect(urls.filter((url) => url.startsWith('/remotes/') || url === '/*').length).toBeGreaterThan(0);
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/v2/'))).toBe(true);
  });

  it('gives every operation a tag, a summary and its failures; only login, health, the SMS and M-Pesa callbacks and the giving page go without a token', () => {
    for (const { key, op } of operations()) {
      expect({ key, tags: op.tags?.length, summary: typeof op.summary }).toEqual({ key, tags: 1, summary: 'string' });
      if (WITHOUT_TOKEN.includes(key)) {
        expect({ key, security: op.security }).toEqual({ key, security: [] });
      } else {
        expect({ key, security: op.security, has401: '401' in op.responses }).toEqual({ key, security: undefined, has401: true });
      }
      const failureBody = DARAJA_CALLBACKS.includes(key) ? ['ResultCode', 'ResultDesc'] : ['status_msg'];
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400)
          expect({ key, status, schema: response.content?.['application/json']?.schema }).toMatchObject({ key, status, schema: { required: failureBody } });
      }
      if (DARAJA_CALLBACKS.includes(key))
        expect({ key, failures: Object.keys(op.responses).filter((status) => Number(status) >= 400) }).toEqual({ key, failures: ['400', '429', '503'] });
    }
  });

  it.each(LISTS)('documents %s as the standard list: { %s, total } and the list query', (path, plural) => {
    const op = operation('get', path);
    const answer = jsonSchema(op, '200');
    expect(answer).toMatchObject({ type: 'object', required: [plural, 'total'] });
    expect(answer?.properties?.[plural]).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(answer?.properties?.total).toMatchObject({ type: 'integer' });
    const query = (op.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    expect(query.sort()).toEqual([...LIST_QUERY, ...(EXTRA_LIST_QUERY[`GET ${path}`] ?? [])].sort());
  });

  it('documents every route with a total as a list with the whole list query, and only those', () => {
    for (const { key, op } of operations().filter(({ key }) => key.startsWith('GET '))) {
      const answer = jsonSchema(op, '200');
      // A list's total counts rows (an integer); a statement's total is money (text).
      const isList = answer?.properties?.total?.type === 'integer';
      if (EXPORTS.includes(key)) continue;
      const query = (op.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      expect({ key, isList, query: [...query].sort() }).toEqual({
        key,
        isList,
        query: isList ? [...LIST_QUERY, ...(EXTRA_LIST_QUERY[key] ?? [])].sort() : expect.not.arrayContaining(['page']),
      });
      if (isList) expect({ key, keys: answer?.required?.length }).toEqual({ key, keys: 2 });
    }
  });

  it('documents ids in paths as required integers', () => {
    expect(operation('put', '/api/v2/member/{id}').parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true, schema: expect.objectContaining({ type: 'integer' }) }),
    );
    expect(operation('get', '/api/v2/groupmembers/{groupId}').parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'groupId', required: true }));
  });

  it('documents bodies from the shared schemas and saves as { status_msg, <singular> }', () => {
    const contact = operation('post', '/api/v2/member');
    expect(contact.requestBody?.content['application/json']?.schema).toMatchObject({ required: ['firstName', 'lastName', 'mobile'] });
    expect(jsonSchema(contact, '201')).toMatchObject({ required: ['status_msg', 'member'] });
    expect(jsonSchema(operation('post', '/api/v2/groupmembers'), '200')).toMatchObject({ required: ['status_msg', 'group'] });
    // The login answers the token, or (two-step sign-in on) a challenge for the second step.
    expect(jsonSchema(operation('post', '/api/v2/login'), '200')).toMatchObject({
      anyOf: [{ required: ['access_token', 'user'] }, { required: ['status_msg', 'two_step', 'challenge'] }],
    });
  });

  it('documents the imports as multipart uploads of `file` and the export as CSV', () => {
    for (const path of ['/api/v2/member/import/preview', '/api/v2/member/import']) {
      expect(operation('post', path).requestBody?.content['multipart/form-data']?.schema).toMatchObject({ required: ['file'] });
    }
    expect(operation('get', '/api/v2/member/export').responses['200']?.content).toHaveProperty(['text/csv']);
  });

  it('serves Swagger UI and its assets from the package', async () => {
    const page = await testApp().app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const bundle = await testApp().app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });
});
