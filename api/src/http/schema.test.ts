import Fastify, { type FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { memberRow } from '@ushirika/shared/contract';
import { contactEditSchema, groupMembersSchema, meetingSchema } from '@ushirika/shared/validation';
import { registerErrorHandling } from './errors';
import type { ListParams } from './list-query';
import { bodyFrom, documentedBody, errorBodySchema, failures, idParams, jsonSchemaOf, listOf, listQuerySchema, registerSchemaValidation, savedOf } from './schema';

describe('jsonSchemaOf', () => {
  const shape = yup.object({
    name: yup.string().trim().required('Name').min(2, 'short').max(40),
    code: yup
      .string()
      .length(3)
      .matches(/^[A-Z]+$/),
    email: yup.string().email(),
    count: yup.number().integer().min(0).defined(),
    price: yup.number().moreThan(0).lessThan(100),
    active: yup.boolean().defined(),
    tags: yup.array(yup.string().defined()).min(1).defined(),
    seen: yup.date().nullable().defined(),
    colour: yup.string().oneOf(['red', 'blue']).defined(),
    note: yup.string().nullable().default(''),
    anything: yup.mixed(),
    nested: yup.object({ id: yup.number().integer().defined() }),
  });

  it('converts types, bounds, formats and enums', () => {
    const { properties } = jsonSchemaOf(shape, 'output') as { properties: Record<string, unknown> };
    expect(properties).toEqual({
      name: { type: 'string', minLength: 2, maxLength: 40 },
      code: { type: 'string', minLength: 3, maxLength: 3, pattern: '^[A-Z]+$' },
      email: { type: 'string', format: 'email' },
      count: { type: 'integer', minimum: 0 },
      price: { type: 'number', minimum: 0, maximum: 100 },
      active: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
      seen: { type: 'string', format: 'date-time', nullable: true },
      colour: { type: 'string', enum: ['red', 'blue'] },
      note: { type: 'string', nullable: true },
      anything: {},
      nested: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    });
  });

  it('marks what a caller must send (input) and what we always send (output)', () => {
    // input: not optional and no default; a nested object defaults to an object, so it may be left out
    expect(jsonSchemaOf(shape, 'input').required).toEqual(['name', 'count', 'active', 'tags', 'seen', 'colour']);
    // output: everything not optional, and what has a default
    expect(jsonSchemaOf(shape, 'output').required).toEqual(['name', 'count', 'active', 'tags', 'seen', 'colour', 'note', 'nested']);
  });

  it('accepts numeric strings for numbers in input mode only, and documents defaults of input', () => {
    const { properties } = jsonSchemaOf(shape, 'input') as { properties: Record<string, Record<string, unknown>> };
    expect(properties.count).toEqual({
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'string', pattern: '^\\s*\\+?\\d+\\s*$' },
      ],
    });
    expect(properties.note).toEqual({ type: 'string', default: '', nullable: true });
    expect(properties.name).toEqual({ type: 'string', minLength: 2, maxLength: 40 });
  });

  it('merges meta jsonSchema in both modes and lets meta inputJsonSchema replace the input schema', () => {
    const rule = yup
      .number()
      .integer()
      .meta({ jsonSchema: { description: 'An id' }, inputJsonSchema: { type: 'string', pattern: '^\\d+$' } });
    expect(jsonSchemaOf(rule, 'output')).toEqual({ type: 'integer', description: 'An id' });
    expect(jsonSchemaOf(rule, 'input')).toEqual({ type: 'string', pattern: '^\\d+$', description: 'An id' });
  });

  it("documents the shared rules as they accept input: a select's id, money, a gender code, an optional email", () => {
    const meeting = jsonSchemaOf(meetingSchema, 'input') as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(meeting.properties.meeting_type!.anyOf).toEqual([
      { type: 'integer', minimum: 1, maximum: 2147483647 },
      { type: 'string', pattern: '^\\s*\\+?\\d+\\s*$' },
    ]);
    expect(meeting.properties.totalOffering!.anyOf).toEqual([
      { type: 'string', pattern: '^\\s*\\d{1,12}(\\.\\d{1,2})?\\s*$', maxLength: 15 },
      { type: 'number', minimum: 0, maximum: 999_999_999_999.99, multipleOf: 0.01 },
    ]);
    expect(meeting.properties.subject).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(meeting.properties.dateOfMeeting).toMatchObject({ type: 'string', format: 'date' });
    expect(meeting.required).not.toContain('notes');

    const contact = jsonSchemaOf(contactEditSchema, 'input') as { properties: Record<string, Record<string, unknown>>; required: string[] };
    // Optional since issue 27: '' is "not known".
    expect(contact.properties.gender).toMatchObject({ type: 'string', enum: ['M', 'F', 'O', ''] });
    expect(contact.properties.email).toMatchObject({ type: 'string', nullable: true, maxLength: 254 });
    expect(contact.properties.firstName).toMatchObject({ type: 'string', minLength: 2, maxLength: 100 });
    expect(contact.required).toEqual(['firstName', 'lastName', 'mobile']);
  });

  it('describes a contract row exactly, every field required', () => {
    const member = jsonSchemaOf(memberRow, 'output') as { properties: Record<string, unknown>; required: string[] };
    expect(member.required).toEqual([
      'id',
      'firstName',
      'lastName',
      'gender',
      'phone',
      'email',
      'residence',
      'dateOfBirth',
      'membershipStatus',
      'maritalStatus',
      'externalId',
      'household',
      'createdAt',
      'Partner',
      'version',
      'archivedAt',
      'erased',
    ]);
    expect(member.properties.Partner).toEqual({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
  });
});

describe('route schemas at run time', () => {
  let app: FastifyInstance;
  const seen: unknown[] = [];
  const moneyRow = yup.object({ id: yup.number().integer().defined(), totalOffering: yup.string().defined() });

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerSchemaValidation(app);
    const keep = async (request: { body?: unknown; query?: unknown; params?: unknown }) => {
      seen.push({ body: request.body, query: request.query, params: request.params });
      return { status_msg: 'ok' };
    };
    app.post('/members', { schema: { body: bodyFrom(groupMembersSchema) } }, keep);
    // a copy made by spreading keeps its check
    app.post('/members-copy', { schema: { body: { ...bodyFrom(groupMembersSchema), examples: [{ group: 1 }] } } }, keep);
    app.post('/documented', { schema: { body: documentedBody(contactEditSchema) } }, keep);
    app.post('/plain', { schema: { body: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } } } }, keep);
    app.get('/things', { schema: { querystring: listQuerySchema } }, keep);
    app.get('/things/:id', { schema: { params: idParams('Thing not found') } }, keep);
    app.get('/money', { schema: { response: { 200: savedOf('meeting', moneyRow), ...failures(400) } } }, async () => ({
      status_msg: 'saved',
      meeting: { id: '7', totalOffering: '1250.50', secret: 'not in the schema' },
    }));
    app.get('/page', { schema: { response: { 200: listOf('meetings', moneyRow) } } }, async () => ({
      meetings: [{ id: 1, totalOffering: '0.10' }],
      total: 1,
    }));
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    seen.length = 0;
  });

  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

  it("answers 400 with the yup schema's first message, exactly { status_msg }", async () => {
    for (const url of ['/members', '/members-copy']) {
      const response = await post(url, { selectedRecords: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status_msg: 'Group is required' });
    }
    const second = await post('/members', { group: '3', selectedRecords: '1,x' });
    expect(second.json()).toEqual({ status_msg: 'Selected members must be contact ids separated by commas' });
    expect(seen).toEqual([]);
  });

  it('hands the handler the cast value: numbers from strings, trimmed, unknown keys dropped, defaults filled', async () => {
    const response = await post('/members', { group: ' 4 ', selectedRecords: ' 12, 40 ', extra: true });
    expect(response.statusCode).toBe(200);
    expect(seen[0]).toMatchObject({ body: { group: 4, selectedRecords: '12, 40' } });
    await post('/members', { group: 5 });
    expect((seen[1] as { body: unknown }).body).toEqual({ group: 5, selectedRecords: '' });
  });

  it('validates nothing for a documented body, and falls back to Ajv for a plain JSON schema', async () => {
    const documented = await post('/documented', { anything: 1 });
    expect(documented.statusCode).toBe(200);
    expect(seen[0]).toMatchObject({ body: { anything: 1 } });

    const plain = await post('/plain', {});
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ status_msg: "body must have required property 'email'" });
  });

  it("parses the list query with parseListQuery's messages", async () => {
    const ok = await app.inject({ method: 'GET', url: '/things?page=2&pagesize=500&searchKey=%20a_b%20&tenantid=3' });
    expect(ok.statusCode).toBe(200);
    const query = (seen[0] as { query: ListParams }).query;
    expect(query).toMatchObject({ page: 2, pageSize: 100, offset: 100, searchKey: 'a_b', searchPattern: '%a\\_b%' });

    const bad = await app.inject({ method: 'GET', url: '/things?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status_msg: 'page must be a whole number from 1' });
  });

  it.each(['0', 'abc', '2147483648', '99999999999', '-3', '1.5'])('answers 404 with the resource message for the id %s', async (id) => {
    const response = await app.inject({ method: 'GET', url: `/things/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status_msg: 'Thing not found' });
  });

  it('hands the handler a numeric id', async () => {
    await app.inject({ method: 'GET', url: '/things/42' });
    expect(seen[0]).toMatchObject({ params: { id: 42 } });
  });

  it('serialises with the output schema: a money string stays an exact string, fields outside the row are dropped', async () => {
    const response = await app.inject({ method: 'GET', url: '/money' });
    expect(response.body).toBe('{"status_msg":"saved","meeting":{"id":7,"totalOffering":"1250.50"}}');
    const page = await app.inject({ method: 'GET', url: '/page' });
    expect(page.json()).toEqual({ meetings: [{ id: 1, totalOffering: '0.10' }], total: 1 });
  });

  it('documents every failure as the error body', () => {
    expect(failures(400, 404)).toEqual({
      400: expect.objectContaining({ ...errorBodySchema, description: expect.any(String) }),
      404: expect.objectContaining({ ...errorBodySchema, description: expect.any(String) }),
    });
  });
});
