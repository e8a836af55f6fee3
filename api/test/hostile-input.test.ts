import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { simulatedCallbackBody } from '../src/finance/mpesa/express/simulator';
import { createPartnerRecords, daraja, statusResult, TENANT_REQUESTS, type PartnerRecords, type Request } from './support/partner-records';

/**
 * Hostile input (issue 10) on every route that takes a JSON body, a query or an id in its path, read from
 * the server's own OpenAPI document (a new route is covered without a line here; one without a valid
 * request to start from fails the first test). Each route starts from a valid request (support/
 * partner-records.ts) and gets, field by field and parameter by parameter: other types (null, booleans,
 * numbers, lists, objects, objects whose toString is no function), missing and extra fields, 5,000- and
 * 1 MB strings, emoji, right-to-left and lone surrogates, NUL, SQL and HTML, negative, zero, fractional and
 * absurd numbers and ids, impossible dates; whole bodies that are no object, JSON nested 10,000 deep, broken
 * JSON, prototype keys; then fast-check mixes valid and hostile values at random. Field by field and parameter
 * by parameter, every value goes to one route per body or query schema (a resource's POST and PUT, and all the
 * lists, share theirs); every route gets the whole-body, path and random inputs.
 *
 * Every answer is a 2xx or a 4xx with a non-empty `status_msg` (M-Pesa's callbacks: Daraja's ResultDesc),
 * never a 5xx, and after a 4xx no transaction has committed: nothing is half-saved. Uploads (multipart) are the import tests' (helper B's) and are left out here;
 * the pledges import's CSV text (issue 30.2) gets hostile files of its own.
 */

const SMS_SECRET = 'hostile-input-sms-secret';

/** Values every JSON field is sent instead of the right one: other types first, then hostile text. */
const FIELD_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['true', true],
  ['-1', -1],
  ['0.5', 0.5],
  ['2^31', 2 ** 31],
  ['an empty list', []],
  ['a list', ['x']],
  ['an object', { a: 1 }],
  ['an object whose toString is no function', { toString: 1, valueOf: 1 }],
  ['empty text', ''],
  ['blank text', '   '],
  ['5,000 characters', 'x'.repeat(5000)],
  ['NUL', 'ab\u0000cd'],
  ['emoji', 'Zawadi 😀👍🏽🇰🇪'],
  ['a lone surrogate', 'ab\ud800cd'],
  ['SQL', "Robert'); drop table members; --"],
  ['HTML', '<img src=x onerror="window.__pwned=1">'],
  ['0000-00-00', '0000-00-00'],
  ['2026-02-30', '2026-02-30'],
  ['id above 2^31', '99999999999'],
  ['negative amount', '-5.00'],
  ['1e3', '1e3'],
];

/** More of the same, which fast-check mixes in at random. */
const MORE_VALUES: unknown[] = [
  false,
  0,
  -0.01,
  -(2 ** 31) - 1,
  2 ** 53,
  1e308,
  '\u202Eabc\u0301\u200D',
  "' or '1'='1",
  '${7*7} {{7*7}} {firstName}',
  '9999-12-31',
  '0001-01-01T00:00',
  '2026-02-29',
  '99999999999999.99',
  '999999999999.99',
  '1,2147483648',
  '0,1',
  [[['x']]],
  { toString: 'x' },
];

/** Values a query parameter may be sent as (already text). */
const QUERY_VALUES: string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '999999999',
  '99999999999',
  String(2 ** 31),
  'abc',
  'x'.repeat(5000),
  'a\u0000b',
  '%',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '0000-00-00',
  '9999-12-31',
  '2026-02-30',
  '😀',
];

/** What may stand where an id is in a path. */
const PATH_VALUES = ['0', '-1', String(2 ** 31), String(2 ** 53), '1e3', '1.5', 'abc', '%00', '9'.repeat(400), '%20%201', '..'];

/**
 * CSV files (issue 30.2, the pledges import) as hostile as the JSON bodies: `{phone}` stands for a contact's number.
 * Each is refused whole with its message, or imported whole.
 */
const CSV_BODIES: Array<[string, string | Buffer]> = [
  ['an empty file', ''],
  ['a header only', 'name,phone,amount\n'],
  ['no header', '{phone},Amina,100\n'],
  ['a UTF-8 BOM', '\uFEFFname,phone,amount\nAmina,{phone},100\n'],
  ['UTF-16 with its BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name,phone,amount\nAmina,{phone},100\n', 'utf16le')])],
  ['bytes that are no text', Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x81, 0x0a, 0xc3, 0x28, 0xe2, 0x82])],
  ['NUL in a cell', 'name,phone,amount\nAm\u0000ina,{phone},100\n'],
  ['an unclosed quote', 'name,phone,amount\n"Amina,{phone},100\n'],
  ['a spreadsheet formula as the name', 'name,phone,amount\n"=HYPERLINK(""http://x"",""y"")",{phone},100\n'],
  ['SQL and HTML as the name', "name,phone,amount\nRobert'); drop table pledges; -- <img src=x onerror=alert(1)>,{phone},100\n"],
  ['emoji and right-to-left text', 'name,phone,amount\nZawadi 😀\u202Eabc,{phone},100\n'],
  ['10,000 columns', `name,phone,amount${',x'.repeat(10_000)}\nAmina,{phone},100\n`],
  ['a 900 KB cell', `name,phone,amount\n${'x'.repeat(900 * 1024)},{phone},100\n`],
  ['a cell of 5,000 characters as the number', `name,phone,amount\nAmina,${'7'.repeat(5000)},100\n`],
  ['absurd amounts', 'name,phone,amount\nA,{phone},1e3\nB,0711999001,-5\nC,0711999002,99999999999999.99\nD,0711999003,NaN\nE,0711999004,0x10\n'],
  ['carriage returns only', 'name,phone,amount\rAmina,{phone},100\r'],
  ['semicolons and tabs mixed', 'name;phone\tamount\nAmina;{phone}\t100\n'],
  ['the header twice', 'name,phone,amount\nname,phone,amount\nAmina,{phone},100\n'],
  ['5,001 rows', `name,phone,amount\n${Array.from({ length: 5001 }, (_, i) => `P${i},07${String(10_000_000 + i).slice(-8)},10`).join('\n')}\n`],
];

/** Whole JSON bodies that are not a form's object, as raw text. */
const RAW_BODIES: Array<[string, string]> = [
  ['a list', '[]'],
  ['a string', '"text"'],
  ['a number', '42'],
  ['null', 'null'],
  ['broken JSON', '{"name": '],
  ['nested 10,000 deep in a list', '['.repeat(10_000) + ']'.repeat(10_000)],
  ['nested 10,000 deep in a field', `{"name":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`],
  ['a __proto__ key', '{"__proto__":{"isAdmin":true}}'],
  ['a constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['inherited names as keys', '{"toString":1,"valueOf":1,"hasOwnProperty":1}'],
];

interface Operation {
  /** 'POST /api/v2/meetings/:id', as Fastify registers it. */
  route: string;
  method: string;
  pattern: string;
  pathParams: string[];
  queryParams: string[];
  jsonBody: boolean;
  /** The body is a CSV file's text (`text/csv`): the pledges import (issue 30.2). */
  csvBody: boolean;
  bodyFields: string[];
  /** The body's JSON schema as text: routes sharing one share their validation. */
  bodySchema: string;
  /** The query parameters' schemas as text, likewise (every list shares the list query's). */
  querySchema: string;
}

interface DocOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

/** A starting request split into its parts: the path's parameters, the query and the body. */
interface Base {
  path: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  headers?: Record<string, string>;
}

/**
 * Safaricom's callbacks (`<prefix>/:secret/validation`, `/confirmation`; issue 29: `/stk`, `/status-result`,
 * `/status-timeout`): the inbox keeps what they refuse, and they answer in Daraja's format.
 */
const isMpesaCallback = (route: string) => route.includes('/c2b/:secret/');

describe.each(testDatabases)('hostile input on every route, on %s', (_name, database) => {
  const testApp = useTestApp(database, { smsCallbackSecret: SMS_SECRET });
  let t: TestApp;
  let r: PartnerRecords;
  /** Issue 29: the partner's prompt's paid result, and the OriginatorConversationID a look-up of the partner's waits for. */
  let paidPrompt: object;
  let waitingConversation: string;
  let operations: Operation[];
  let lastMark = '';
  /** Every table with a tenant_id. */
  let tenantTables: string[];
  /** Inputs after which something wrote (saved, or tried and rolled back). */
  let writes = 0;
  let failures: string[] = [];
  let inputs = 0;

  const basePublic = (): Record<string, () => Request> => ({
    'POST /api/v2/login': () => ({ method: 'POST', url: '/api/v2/login', payload: { email: r.tenant.email, password: 'not the password' } }),
    // A second step without a first, a reset code nobody was sent: refused, whatever comes.
    'POST /api/v2/login/two-step': () => ({ method: 'POST', url: '/api/v2/login/two-step', payload: { challenge: 'not a challenge', code: '000000' } }),
    'POST /api/v2/password-reset': () => ({ method: 'POST', url: '/api/v2/password-reset', payload: { login: r.tenant.email } }),
    'POST /api/v2/password-reset/confirm': () => ({
      method: 'POST',
      url: '/api/v2/password-reset/confirm',
      payload: { login: r.tenant.email, code: '000000', new_password: 'a long new passphrase' },
    }),
    // A link nobody was given (of the token's form): whatever comes, no password is set.
    'GET /api/v2/invitation/:token': () => ({ method: 'GET', url: `/api/v2/invitation/${'A'.repeat(43)}` }),
    'POST /api/v2/invitation': () => ({ method: 'POST', url: '/api/v2/invitation', payload: { token: 'A'.repeat(43), password: 'a chosen passphrase' } }),
    'POST /api/v2/callbacks/sms/:secret/delivery': () => ({
      method: 'POST',
      url: `/api/v2/callbacks/sms/${SMS_SECRET}/delivery`,
      payload: { id: 'ATXid_1', status: 'Success', phoneNumber: r.contactPhone },
    }),
    'POST /api/v2/callbacks/sms/:secret/incoming': () => ({
      method: 'POST',
      url: `/api/v2/callbacks/sms/${SMS_SECRET}/incoming`,
      payload: { from: '+254700999888', text: 'Hello', to: '22384' },
    }),
    'POST /api/v2/callbacks/sms/:secret/optout': () => ({
      method: 'POST',
      url: `/api/v2/callbacks/sms/${SMS_SECRET}/optout`,
      payload: { senderId: 'HOSTILE', phoneNumber: '+254700999887' },
    }),
    'POST /api/v2/c2b/:secret/validation': () => ({
      method: 'POST',
      url: `/api/v2/c2b/${r.mpesa.secret}/validation`,
      payload: daraja(r.mpesa.shortCode, r.marker, 'HOSTILE001'),
    }),
    'POST /api/v2/c2b/:secret/confirmation': () => ({
      method: 'POST',
      url: `/api/v2/c2b/${r.mpesa.secret}/confirmation`,
      payload: daraja(r.mpesa.shortCode, r.marker, 'HOSTILE002'),
    }),
    // Issue 29: the partner's prompt paid, a look-up's result (not found) and its time-out; the giving page.
    'POST /api/v2/c2b/:secret/stk': () => ({ method: 'POST', url: `/api/v2/c2b/${r.mpesa.secret}/stk`, payload: paidPrompt }),
    'POST /api/v2/c2b/:secret/status-result': () => ({
      method: 'POST',
      url: `/api/v2/c2b/${r.mpesa.secret}/status-result`,
      payload: statusResult(waitingConversation),
    }),
    'POST /api/v2/c2b/:secret/status-timeout': () => ({
      method: 'POST',
      url: `/api/v2/c2b/${r.mpesa.secret}/status-timeout`,
      payload: statusResult(waitingConversation, 1, 'The service request timed out'),
    }),
    'GET /api/v2/give/:code': () => ({ method: 'GET', url: `/api/v2/give/${r.givingCode}` }),
    'POST /api/v2/give/:code': () => ({ method: 'POST', url: `/api/v2/give/${r.givingCode}`, payload: { fund: r.incomeAccount, amount: '100', phone: '0712000903' } }),
    'GET /api/v2/give/:code/:checkoutRequestId': () => ({ method: 'GET', url: `/api/v2/give/${r.givingCode}/${r.checkoutRequestId}` }),
  });
  const baseRequest = (route: string): Request | undefined => TENANT_REQUESTS[route]?.(r) ?? basePublic()[route]?.();

  function baseOf(operation: Operation): Base {
    const request = baseRequest(operation.route)!;
    const [path = '', search = ''] = (request.url as string).split('?');
    const names = [...operation.pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const matched = new RegExp(`^${operation.pattern.replace(/:\w+/g, '([^/]+)')}$`).exec(path);
    return {
      path: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(matched?.[i + 1] ?? '1')])),
      query: Object.fromEntries(new URLSearchParams(search)),
      body: request.payload as Record<string, unknown> | undefined,
      headers: request.headers as Record<string, string> | undefined,
    };
  }

  function urlOf(operation: Operation, path: Record<string, string>, query: Record<string, string | string[]>): string {
    const filled = operation.pattern.replace(/:(\w+)/g, (_whole, name: string) => encodePath(path[name] ?? '1'));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, one);
    const text = search.toString();
    return text ? `${filled}?${text}` : filled;
  }
  // Already-encoded hostile path values (%00, %20) are sent as they are.
  const encodePath = (value: string) => (/%[0-9A-F]{2}/i.test(value) ? value : encodeURIComponent(value));

  /**
   * Sends one input and checks the answer. After a refusal nothing may have been saved: when a transaction
   * has committed since the input before (the database's transaction ids tell; a write that failed and rolled
   * back is fine), no row of the partner, in any table, may be new or changed since (its xmin). M-Pesa's
   * callbacks keep every raw body they refuse, by design (the inbox): for them the partner's payments and
   * incomes are counted before and after instead.
   */
  async function send(label: string, operation: Operation, request: { url: string; payload?: unknown; headers?: Record<string, string> }) {
    inputs += 1;
    const isPublic = !(operation.route in TENANT_REQUESTS);
    const isInbox = isMpesaCallback(operation.route);
    const headers: Record<string, string> = { ...request.headers, ...(isPublic ? {} : { authorization: r.tenant.auth }) };
    let payload = request.payload;
    if (payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
      payload = JSON.stringify(payload);
      headers['content-type'] ??= 'application/json';
    }
    const payments = isInbox ? await paymentCount() : 0;
    const response = await t.app.inject({ method: operation.method as 'GET', url: request.url, payload: payload as string | undefined, headers });
    const problem = judge(response);
    if (problem) failures.push(`${operation.route} ${label} -> ${problem}`);
    const mark = await writeMark();
    if (mark !== lastMark && response.statusCode >= 400) {
      if (isInbox) {
        const now = await paymentCount();
        if (now !== payments)
          failures.push(`${operation.route} ${label} -> ${response.statusCode} but the partner's payments and incomes went from ${payments} to ${now}`);
      } else if ((await committedBetween(lastMark, mark)) > 0) {
        // On a shared PostgreSQL server other databases commit too: only the partner's own rows tell.
        const written = await rowsWrittenSince(lastMark);
        if (written.length > 0) failures.push(`${operation.route} ${label} -> ${response.statusCode} but wrote rows of ${written.join(', ')}`);
      }
    }
    if (mark !== lastMark) {
      writes += 1;
      lastMark = mark;
    }
    return response;
  }

  /**
   * The partner's tables holding a row inserted or changed by a transaction from `from` on (its xmin; the
   * 32-bit xid of the row against the 64-bit transaction id, which a test database never wraps).
   */
  async function rowsWrittenSince(from: string): Promise<string[]> {
    const since = sql`(${from}::bigint % 4294967296)`;
    const parts = tenantTables.map(
      (table) => sql`select ${table}::text as name from ${sql.table(table)} where tenant_id = ${r.tenant.id} and xmin::text::bigint >= ${since}`,
    );
    const { rows } = await sql<{ name: string }>`select distinct name from (${sql.join(parts, sql` union all `)}) as written`.execute(t.db);
    return rows.map((row) => row.name);
  }

  /** The partner's M-Pesa payments and incomes: what a refused callback must not add to. */
  const paymentCount = async () =>
    (
      await sql<{ n: number }>`select (select count(*) from online_transactions where tenant_id = ${r.tenant.id})::int
        + (select count(*) from incomes where tenant_id = ${r.tenant.id})::int as n`.execute(t.db)
    ).rows[0]!.n;

  /** The first transaction id not yet given out: it moves whenever anything writes, even a write that rolls back. */
  const writeMark = async () => (await sql<{ mark: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`.execute(t.db)).rows[0]!.mark;
  /** How many transactions from `from` up to (not including) `to` committed. */
  const committedBetween = async (from: string, to: string) =>
    (
      await sql<{ committed: number }>`
        select count(*)::int as committed from generate_series(${from}::bigint, ${to}::bigint - 1) as x
        where pg_xact_status(x::text::xid8) = 'committed'`.execute(t.db)
    ).rows[0]!.committed;

  function judge(response: LightMyRequestResponse): string | undefined {
    const brief = `${response.statusCode} ${response.body.slice(0, 200)}`;
    if (response.statusCode >= 500) return brief;
    if (response.statusCode < 400) return undefined;
    let body: { status_msg?: unknown; ResultDesc?: unknown };
    try {
      body = response.json();
    } catch {
      return `${brief} (not JSON)`;
    }
    const text = body.status_msg ?? body.ResultDesc;
    return typeof text === 'string' && text.trim().length > 0 ? undefined : `${brief} (no status_msg)`;
  }

  beforeAll(async () => {
    t = testApp();
    r = await createPartnerRecords(t, 'Xavier', 3);
    const prompt = await t.db
      .selectFrom('mpesa_express_requests')
      .select(['merchant_request_id', sql<string>`amount::text`.as('amount'), 'phone'])
      .where('tenant_id', '=', r.tenant.id)
      .where('checkout_request_id', '=', r.checkoutRequestId)
      .executeTakeFirstOrThrow();
    paidPrompt = simulatedCallbackBody(
      { checkoutRequestId: r.checkoutRequestId, merchantRequestId: prompt.merchant_request_id ?? '', amount: prompt.amount, phone: prompt.phone },
      new Date(),
    );
    // A look-up Safaricom acknowledged (only Daraja can make one), waiting for its result.
    waitingConversation = `xavier-waiting-${Date.now()}`;
    await t.db
      .insertInto('mpesa_lookups')
      .values({ tenant_id: r.tenant.id, trans_id: 'TKHOSTILE1', status: 'waiting', conversation_id: 'AG_HOSTILE_1', originator_conversation_id: waitingConversation })
      .execute();
    const { rows: tables } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id' order by table_name`.execute(t.db);
    tenantTables = tables.map((row) => row.table_name);
    lastMark = await writeMark();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, DocOperation>> }>();
    operations = Object.entries(doc.paths).flatMap(([docPath, methods]) =>
      Object.entries(methods).map(([method, op]): Operation => {
        const pattern = docPath.replace(/\{(\w+)\}/g, ':$1');
        const parameters = op.parameters ?? [];
        const json = op.requestBody?.content['application/json'];
        return {
          route: `${method.toUpperCase()} ${pattern}`,
          method: method.toUpperCase(),
          pattern,
          pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
          jsonBody: json !== undefined,
          csvBody: op.requestBody?.content['text/csv'] !== undefined,
          bodyFields: Object.keys(json?.schema.properties ?? {}),
          bodySchema: JSON.stringify(json?.schema ?? null),
          querySchema: JSON.stringify(parameters.filter((p) => p.in === 'query')),
        };
      }),
    );
  }, 120_000);

  beforeEach(() => {
    failures = [];
  });

  /** Routes with something to attack: a JSON body, a query or a path parameter; uploads are helper B's. */
  const attackable = () => operations.filter((op) => op.jsonBody || op.queryParams.length > 0 || op.pathParams.length > 0);

  it('has a valid request to start from for every route that takes input', () => {
    expect(attackable().length).toBeGreaterThan(45);
    expect(
      attackable()
        .filter((op) => !baseRequest(op.route))
        .map((op) => op.route),
    ).toEqual([]);
  });

  it('answers every hostile field value with a 4xx and its message, or saves it whole', async () => {
    // One route per body schema (a resource's POST and PUT share theirs): the others get the whole-body and random inputs below.
    const seen = new Set<string>();
    const firstOfSchema = attackable().filter((op) => op.jsonBody && !seen.has(op.bodySchema) && seen.add(op.bodySchema));
    for (const op of firstOfSchema) {
      const base = baseOf(op);
      const fields = [...new Set([...op.bodyFields, ...Object.keys(base.body ?? {})])].filter(
        (field) => !(op.route === 'POST /api/v2/password' && field === 'current_password'),
      );
      for (const field of fields) {
        for (const [name, value] of FIELD_VALUES) {
          await send(`${field} = ${name}`, op, { url: urlOf(op, base.path, base.query), payload: { ...base.body, [field]: value } });
        }
        const { [field]: _missing, ...without } = base.body ?? {};
        await send(`${field} missing`, op, { url: urlOf(op, base.path, base.query), payload: without });
      }
      await send('an extra field', op, { url: urlOf(op, base.path, base.query), payload: { ...base.body, isAdmin: true, tenant_id: 1, id: 1 } });
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers bodies that are no form, too deep, too large or mislabelled with a 4xx and its message', async () => {
    for (const op of attackable().filter((candidate) => candidate.jsonBody)) {
      const base = baseOf(op);
      const url = urlOf(op, base.path, base.query);
      for (const [name, raw] of RAW_BODIES) await send(`body: ${name}`, op, { url, payload: raw, headers: { 'content-type': 'application/json' } });
      const field = op.bodyFields[0] ?? 'name';
      const overLimit = await send('a 1 MB field', op, { url, payload: { ...base.body, [field]: 'x'.repeat(1024 * 1024) } });
      // The callbacks of M-Pesa read at most 16 KB and answer in Daraja's format.
      expect({ route: op.route, status: overLimit.statusCode }).toEqual({ route: op.route, status: isMpesaCallback(op.route) ? 400 : 413 });
      await send('a 900 KB field', op, { url, payload: { ...base.body, [field]: 'y'.repeat(900 * 1024) } });
      await send('a text/plain body', op, { url, payload: JSON.stringify(base.body ?? {}), headers: { 'content-type': 'text/plain' } });
      await send('an empty JSON body', op, { url, payload: '', headers: { 'content-type': 'application/json' } });
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers hostile CSV files on the routes that take one with a 4xx and its message, or imports them whole', async () => {
    const csvRoutes = operations.filter((op) => op.csvBody);
    expect(csvRoutes.map((op) => op.route)).toEqual(['POST /api/v2/campaigns/:id/pledges/import']);
    for (const op of csvRoutes) {
      const base = baseOf(op);
      const url = urlOf(op, base.path, base.query);
      for (const [name, body] of CSV_BODIES) {
        const payload = typeof body === 'string' ? body.replaceAll('{phone}', r.contactPhone) : body;
        for (const contentType of ['text/csv', 'text/csv; charset=windows-1252'])
          await send(`CSV: ${name} (${contentType})`, op, { url, payload, headers: { 'content-type': contentType } });
      }
      const overLimit = await send('CSV: over 1 MB', op, { url, payload: `name,phone,amount\n${'x'.repeat(1024 * 1024)}`, headers: { 'content-type': 'text/csv' } });
      expect({ route: op.route, status: overLimit.statusCode }).toEqual({ route: op.route, status: 413 });
      await send('CSV: as JSON', op, { url, payload: { csv: 'name,phone,amount' } });
      await send('CSV: as text/plain', op, { url, payload: 'name,phone,amount\nAmina,0711000001,100\n', headers: { 'content-type': 'text/plain' } });
      await send('CSV: no body', op, { url, headers: { 'content-type': 'text/csv' } });
    }
    expect(failures).toEqual([]);
  });

  it('answers upload forms that cannot be read (no boundary, another boundary, cut short) with a 4xx and its message', async () => {
    const part = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nHello there\r\n`;
    const forms: Array<[string, string, string]> = [
      ['no boundary', 'multipart/form-data', `${part('AAA')}--AAA--\r\n`],
      ['another boundary', 'multipart/form-data; boundary=BBB', `${part('AAA')}--AAA--\r\n`],
      ['cut short', 'multipart/form-data; boundary=AAA', `${part('AAA')}--AAA\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nphone\n07`],
      ['a malformed part header', 'multipart/form-data; boundary=AAA', '--AAA\r\nContent-Disposition\r\n\r\nx\r\n--AAA--\r\n'],
    ];
    const uploads = operations.filter(
      (op) => !op.jsonBody && op.route.startsWith('POST ') && op.pathParams.length === 0 && op.queryParams.length === 0 && op.route in TENANT_REQUESTS,
    );
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    for (const op of uploads) {
      for (const [name, contentType, body] of forms) await send(`multipart: ${name}`, op, { url: op.pattern, payload: body, headers: { 'content-type': contentType } });
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile query parameters and path ids with a 4xx and its message', async () => {
    // Every value on one route per query schema (the lists share theirs); the others get the random inputs below.
    const seen = new Set<string>();
    for (const op of attackable()) {
      const base = baseOf(op);
      const body = op.jsonBody ? base.body : undefined;
      const firstOfSchema = !seen.has(op.querySchema) && seen.add(op.querySchema);
      for (const param of firstOfSchema ? op.queryParams.filter((name) => name !== 'tenantid') : []) {
        for (const value of QUERY_VALUES)
          await send(`?${param}=${JSON.stringify(value.slice(0, 20))}`, op, { url: urlOf(op, base.path, { ...base.query, [param]: value }), payload: body });
        await send(`?${param} twice`, op, { url: urlOf(op, base.path, { ...base.query, [param]: [base.query[param] ?? '1', '2'] }), payload: body });
      }
      for (const param of op.pathParams.filter((name) => name !== 'secret')) {
        for (const value of PATH_VALUES)
          await send(`:${param}=${value.slice(0, 20)}`, op, { url: urlOf(op, { ...base.path, [param]: value }, base.query), payload: body });
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers random mixes of valid and hostile values (fast-check) with a 2xx or a 4xx and its message', async () => {
    const hostile = fc.oneof(
      fc.constantFrom(...FIELD_VALUES.map(([, value]) => value), ...MORE_VALUES),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const queryText = fc.oneof(fc.constantFrom(...QUERY_VALUES), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.integer().map(String));
    for (const op of attackable()) {
      const base = baseOf(op);
      const fields = op.jsonBody ? [...new Set([...op.bodyFields, ...Object.keys(base.body ?? {})])] : [];
      const queryParams = op.queryParams.filter((name) => name !== 'tenantid');
      const bodies = fc.record(Object.fromEntries(fields.map((field) => [field, fc.oneof(fc.constant(base.body?.[field]), hostile)])), { requiredKeys: [] });
      const queries = fc.record(Object.fromEntries(queryParams.map((param) => [param, fc.oneof(fc.constant(base.query[param] ?? ''), queryText)])), { requiredKeys: [] });
      await fc.assert(
        fc.asyncProperty(bodies, queries, async (body, query) => {
          const payload = op.jsonBody ? (op.route === 'POST /api/v2/password' ? { ...body, current_password: 'not the password' } : body) : undefined;
          const before = failures.length;
          await send(`random ${JSON.stringify({ body, query }).slice(0, 300)}`, op, { url: urlOf(op, base.path, query as Record<string, string>), payload });
          if (failures.length > before) throw new Error(failures.slice(before).join('\n'));
        }),
        { numRuns: op.jsonBody ? 40 : 20 },
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);

  afterAll(() => {
    // The count the closing note quotes.
    console.log(
      `hostile input (${database.name}): ${inputs} inputs over ${operations?.length ?? 0} documented routes (${attackable().length} taking input); ${writes} of them wrote`,
    );
  });
});
