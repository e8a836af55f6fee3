import ajvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { staleSave } from '@ushirika/shared/contract';
import { DATE_RANGE, isId, MAX_ID, validateFirstErrorSync } from '@ushirika/shared/validation';
import * as yup from 'yup';
import type { AnyObjectSchema, AnySchema, SchemaDescription, SchemaFieldDescription } from 'yup';
import { HttpError, badRequest, notFound } from './errors';
import { isJsonObject, NOT_AN_OBJECT } from './json-body';
import { MAX_SEARCH_LENGTH, parseListQuery } from './list-query';

/**
 * Route schemas derived from the shared yup schemas and the contract's row schemas, so nothing is
 * written twice: Fastify validates requests and serialises answers (fast-json-stringify) with them,
 * and @fastify/swagger publishes them as the OpenAPI document (`/api/docs`).
 *
 * Request parts that our rules check (bodies, the list query, ids in paths) carry their own check:
 * the JSON Schema documents them and the check validates them (the yup schema's first message, in
 * field order) and replaces the part with the cast value. Ajv never produces a message for them.
 * Any other request schema (the login body) is validated by Fastify's default Ajv compiler.
 */

export type JsonSchema = Record<string, unknown>;

type Mode = 'input' | 'output';
type ValidatorFactory = NonNullable<NonNullable<Parameters<FastifyInstance['setSchemaController']>[0]['compilersFactory']>['buildValidator']>;

// ------------------------------------------------------------------------------------------------
// yup -> JSON Schema (OpenAPI 3.0: `nullable: true`, no type arrays, no numeric exclusive bounds)

/**
 * JSON Schema (OpenAPI 3.0 compatible) of a yup schema, read from `schema.describe()`.
 * 'input' = what a caller may send: lenient where yup transforms (a number may come as a numeric
 * string; a rule's `meta({ inputJsonSchema })` replaces the derived schema), fields with a default
 * are optional. 'output' = exactly what we send: the rule's own type, fields required unless optional.
 * In both modes `meta({ jsonSchema })` is merged over the result (see shared/src/validation/rules.ts).
 */
export function jsonSchemaOf(schema: AnySchema, mode: Mode): JsonSchema {
  return convert(schema.describe(), mode);
}

function convert(field: SchemaFieldDescription, mode: Mode): JsonSchema {
  // References and lazy schemas describe nothing we can tell statically: any value.
  if (!('tests' in field)) return {};
  const description = field as SchemaDescription;
  const meta = description.meta ?? {};
  if (mode === 'input' && meta.inputJsonSchema) return { ...meta.inputJsonSchema, ...meta.jsonSchema };

  let json = byType(description, mode);
  if (description.label) json.title = description.label;
  const allowed = description.oneOf.filter((value) => value !== undefined);
  if (allowed.length > 0) json.enum = description.nullable && !allowed.includes(null) ? [...allowed, null] : allowed;
  if (mode === 'input' && isScalar(description.default)) json.default = description.default;
  if (description.nullable) json = nullable(json);
  return { ...json, ...meta.jsonSchema };
}

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

function byType(description: SchemaDescription, mode: Mode): JsonSchema {
  switch (description.type) {
    case 'string':
      return stringSchema(description);
    case 'number':
      return numberSchema(description, mode);
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'object':
      return objectSchema(description, mode);
    case 'array':
      return arraySchema(description, mode);
    case 'tuple':
      return { type: 'array' };
    default:
      return {};
  }
}

type Params = Record<string, unknown>;
const testsOf = (description: SchemaDescription) => description.tests.map((test) => ({ name: test.name, params: (test.params ?? {}) as Params }));

function stringSchema(description: SchemaDescription): JsonSchema {
  const json: JsonSchema = { type: 'string' };
  let required = false;
  for (const { name, params } of testsOf(description)) {
    if (name === 'required') required = true;
    else if (name === 'min' && typeof params.min === 'number') json.minLength = params.min;
    else if (name === 'max' && typeof params.max === 'number') json.maxLength = params.max;
    else if (name === 'length' && typeof params.length === 'number') json.minLength = json.maxLength = params.length;
    else if (name === 'matches' && params.regex instanceof RegExp) json.pattern = params.regex.source;
    else if (name === 'email') json.format = 'email';
    else if (name === 'url') json.format = 'uri';
    else if (name === 'uuid') json.format = 'uuid';
  }
  // yup's `required` refuses '' as well as a missing value.
  if (required && json.minLength === undefined) json.minLength = 1;
  return json;
}

function numberSchema(description: SchemaDescription, mode: Mode): JsonSchema {
  const tests = testsOf(description);
  const integer = tests.some((test) => test.name === 'integer');
  const json: JsonSchema = { type: integer ? 'integer' : 'number' };
  for (const { name, params } of tests) {
    // A strict bound on a whole number is the next whole number; on a decimal it is documented as inclusive.
    if (name === 'min' && typeof params.min === 'number') json.minimum = params.min;
    if (name === 'min' && typeof params.more === 'number') json.minimum = integer ? Math.floor(params.more) + 1 : params.more;
    if (name === 'max' && typeof params.max === 'number') json.maximum = params.max;
    if (name === 'max' && typeof params.less === 'number') json.maximum = integer ? Math.ceil(params.less) - 1 : params.less;
  }
  if (mode === 'output') return json;
  // yup casts numeric strings ("12", " 3 ") to numbers, as form inputs and selects send them.
  const sign = typeof json.minimum === 'number' && json.minimum >= 0 ? '\\+?' : '[+-]?';
  const digits = integer ? `${sign}\\d+` : `${sign}(\\d+(\\.\\d*)?|\\.\\d+)`;
  return { anyOf: [json, { type: 'string', pattern: `^\\s*${digits}\\s*$` }] };
}

function objectSchema(description: SchemaDescription, mode: Mode): JsonSchema {
  const fields = (description as SchemaDescription & { fields?: Record<string, SchemaFieldDescription> }).fields ?? {};
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    properties[name] = convert(field, mode);
    if (isRequired(field, mode)) required.push(name);
  }
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
}

/**
 * 'input': a caller must send the field unless it is optional or has a default. 'output': we always
 * send it unless it is optional without a default (a nested object schema is optional in yup but
 * defaults to an object, so it is always there).
 */
function isRequired(field: SchemaFieldDescription, mode: Mode): boolean {
  if (!('optional' in field)) return false;
  const hasDefault = 'default' in field && field.default !== undefined;
  return mode === 'input' ? !field.optional && !hasDefault : !field.optional || hasDefault;
}

function arraySchema(description: SchemaDescription, mode: Mode): JsonSchema {
  const inner = (description as SchemaDescription & { innerType?: SchemaFieldDescription }).innerType;
  const json: JsonSchema = { type: 'array', items: inner && !Array.isArray(inner) ? convert(inner, mode) : {} };
  for (const { name, params } of testsOf(description)) {
    if (name === 'min' && typeof params.min === 'number') json.minItems = params.min;
    if (name === 'max' && typeof params.max === 'number') json.maxItems = params.max;
    if (name === 'length' && typeof params.length === 'number') json.minItems = json.maxItems = params.length;
  }
  return json;
}

/** OpenAPI 3.0 has no `null` type: `nullable` goes next to each `type`. */
function nullable(json: JsonSchema): JsonSchema {
  if (Array.isArray(json.anyOf)) return { ...json, anyOf: (json.anyOf as JsonSchema[]).map(nullable) };
  return json.type === undefined ? json : { ...json, nullable: true };
}

// ------------------------------------------------------------------------------------------------
// Request parts with their own check

/** What Fastify's validator function answers: the part replaced by the cast value, or the failure as it is sent. */
type Validator = (data: unknown) => { value: unknown } | { error: Error } | true;

/**
 * The check of each request schema we made, by the schema object. The same check also rides on the
 * schema under a symbol, so a copy made by spreading (`{ ...bodyFrom(s), examples }`) keeps it;
 * JSON, the OpenAPI document and Ajv never see symbol keys.
 */
const checks = new WeakMap<object, Validator>();
const CHECK = Symbol('ushirika.schemaCheck');

function withValidator(json: JsonSchema, validator: Validator): JsonSchema {
  const schema = { ...json, [CHECK]: validator };
  checks.set(schema, validator);
  return schema;
}

function validatorOf(schema: unknown): Validator | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  return checks.get(schema) ?? (schema as { [CHECK]?: Validator })[CHECK];
}

/**
 * A request schema documented by `json` and checked by `check`: `check` returns the value the handler
 * gets (request.body / query / params) or throws an HttpError, which is answered as it is
 * (`{ status_msg: message }` with its status). Anything else thrown is a 500.
 */
export function validatedBy(json: JsonSchema, check: (data: unknown) => unknown): JsonSchema {
  return withValidator(json, (data) => {
    try {
      return { value: check(data) };
    } catch (error) {
      if (error instanceof HttpError) return { error };
      throw error;
    }
  });
}

/** A request schema for the document only: the route checks the part itself, nothing is validated before. */
export function documented(json: JsonSchema): JsonSchema {
  return withValidator(json, () => true);
}

/** Route body: documented from the yup schema, validated by it (400 with its first message); request.body becomes the cast output. */
export function bodyFrom(schema: AnyObjectSchema): JsonSchema {
  return validatedBy(jsonSchemaOf(schema, 'input'), (body) => {
    if (body !== undefined && body !== null && !isJsonObject(body)) throw badRequest(NOT_AN_OBJECT);
    const result = validateFirstErrorSync(schema, body ?? {});
    if (!result.ok) throw badRequest(result.message);
    return result.value;
  });
}

/**
 * A body documented from the yup schema but NOT validated before the handler: for bodies whose
 * validation needs a per-request yup context (the member form reads phones in the partner's country).
 * The handler validates it (`validBody(schema, request.body, context)`).
 */
export function documentedBody(schema: AnyObjectSchema): JsonSchema {
  return documented(jsonSchemaOf(schema, 'input'));
}

const dateParameter = (what: string): JsonSchema => ({
  type: 'string',
  format: 'date',
  description: `${what} (YYYY-MM-DD, inclusive, from ${DATE_RANGE.min} to ${DATE_RANGE.max}); empty = none`,
});

/** The `tenantid` every call of the legacy client sends: only compared with the token's tenant. */
export const tenantIdParameter: JsonSchema = {
  type: 'integer',
  description: "Optional. When given (not empty) it must be the token's tenant, else 403; the tenant is always the token's.",
};

/** The standard list query (spec 7): documented; validated by parseListQuery (its 400 messages); request.query becomes ListParams. */
export const listQuerySchema: JsonSchema = validatedBy(
  {
    type: 'object',
    properties: {
      searchKey: {
        type: 'string',
        maxLength: MAX_SEARCH_LENGTH,
        description: 'Text matched anywhere, ignoring case; trimmed; empty = no search. %, _ and \\ are literal.',
      },
      action: { type: 'string', enum: ['', 'display'], description: "The legacy client's 'display'; nothing else is accepted" },
      page: { type: 'integer', minimum: 1, maximum: 999_999_999, default: 1, description: '1-based page number' },
      pagesize: { type: 'integer', minimum: 1, maximum: 999_999_999, default: 15, description: 'Rows per page; above 100 it is capped to 100' },
      startdate: dateParameter('First day of the date range'),
      enddate: dateParameter('Last day of the date range'),
      tenantid: tenantIdParameter,
    },
  },
  parseListQuery,
);

const ID = /^\d{1,10}$/;

/** A `version` in a body that cannot be one. */
const STALE_VERSION_TEXT = 'The version of the record is not valid. Reload the record and try again.';

/**
 * `{ id }` path parameter (or another name): an id from 1 to MAX_ID (PostgreSQL's integer), else 404
 * `{ status_msg: notFound }` (what cannot be an id names no record); request.params becomes `{ id: number }`.
 */
export function idParams(notFoundMessage: string, name = 'id'): JsonSchema {
  return validatedBy({ type: 'object', required: [name], properties: { [name]: { type: 'integer', minimum: 1, maximum: MAX_ID } } }, (params) => {
    const raw = (params as Record<string, unknown> | null)?.[name];
    if (typeof raw !== 'string' || !ID.test(raw) || !isId(Number(raw))) throw notFound(notFoundMessage);
    return { [name]: Number(raw) };
  });
}

// ------------------------------------------------------------------------------------------------
// Response bodies

export const errorBodySchema: JsonSchema = {
  type: 'object',
  required: ['status_msg'],
  properties: {
    status_msg: { type: 'string', description: 'The text to show the user as it is' },
    closedMonth: { type: 'string', description: 'A refusal for a closed month (issue 26.4): the month, YYYY-MM, for the screen to name in its language' },
  },
};

/** `{ [key]: row[], total, total_is_estimate? }`: one page of rows, and how many match in all. */
export function listOf(key: string, row: AnyObjectSchema): JsonSchema {
  return {
    description: `One page of ${key} and the number of all matching rows`,
    type: 'object',
    required: [key, 'total'],
    properties: {
      [key]: { type: 'array', items: jsonSchemaOf(row, 'output') },
      total: { type: 'integer', minimum: 0 },
      total_is_estimate: {
        type: 'boolean',
        description: 'Present (true) when `total` is an estimate: more than 500 rows match past the page start, and the end is not reached. Absent when exact.',
      },
    },
  };
}

/** `{ status_msg, [key]: row }`: the answer of a save. */
export function savedOf(key: string, row: AnyObjectSchema): JsonSchema {
  return {
    description: `Saved: the success text and the ${key} as stored`,
    type: 'object',
    required: ['status_msg', key],
    properties: { status_msg: { type: 'string' }, [key]: jsonSchemaOf(row, 'output') },
  };
}

/** `{ [key]: row }`: one record (`GET /<path>/{id}`). */
export function recordOf(key: string, row: AnyObjectSchema): JsonSchema {
  return { description: `The ${key} as stored`, type: 'object', required: [key], properties: { [key]: jsonSchemaOf(row, 'output') } };
}

/** The version a `PUT` body may carry (contract `versionField`): the record's version when the form read it. */
const versionInput = yup
  .number()
  .typeError(STALE_VERSION_TEXT)
  .integer(STALE_VERSION_TEXT)
  .min(1, STALE_VERSION_TEXT)
  .max(MAX_ID, STALE_VERSION_TEXT)
  .optional()
  .meta({
    jsonSchema: {
      description:
        'The version of the record the form was read at (GET answers it). When given and the record has changed since, nothing is saved and the answer is 409. Without it the save is made over any version (the legacy client).',
    },
  });

/** A `PUT` body's yup schema with the optional `version` (checked last, after the form's own fields). */
export const withVersion = <S extends AnyObjectSchema>(schema: S) => schema.shape({ version: versionInput });

/** 409 on a `PUT` that names a version: a save over a newer version of the record (contract `staleSave`), or a unique value taken. */
export const staleOrDuplicate: JsonSchema = {
  ...jsonSchemaOf(staleSave, 'output'),
  required: ['status_msg'],
  description: 'A save over a newer version of the record (with changedBy, changedAt and version: nothing was saved), or a value the partner already has',
};

const FAILURES: Record<number, string> = {
  400: "Validation failed: the form schema's first failing message, in the form's field order",
  401: 'No token, or one that is malformed, wrongly signed or expired (login: wrong email or password)',
  403: "The tenantid query parameter is not the token's tenant",
  404: "No such record: an id that is malformed, unknown or another partner's",
  409: 'A record the partner already has with the same unique value',
  413: 'The body or file is too large',
  429: 'Too many failed logins for this email',
  503: 'The database is not reachable',
};

/** The failure responses a route documents, each `{ status_msg }`. */
export function failures(...codes: number[]): Record<number, JsonSchema> {
  return Object.fromEntries(codes.map((code) => [code, { ...errorBodySchema, description: FAILURES[code] ?? 'Failure' }]));
}

// ------------------------------------------------------------------------------------------------
// The validator compiler

/**
 * Schemas made by bodyFrom / listQuerySchema / idParams / validatedBy / documented use their own check;
 * any other falls back to Fastify's default Ajv compiler (built with the server's ajv options and
 * shared schemas, as Fastify would). Call before any route is added.
 */
export function registerSchemaValidation(app: FastifyInstance): void {
  // @fastify/ajv-compiler's types describe its compiler as taking a bare schema; at run time it takes
  // the route schema definition ({ schema, method, url, httpPart }), as every Fastify compiler does.
  const buildAjvCompiler = ajvCompiler() as unknown as (externalSchemas: unknown, ajvOptions: unknown) => FastifySchemaCompiler<unknown>;
  const buildValidator = (externalSchemas: unknown, ajvOptions: unknown): FastifySchemaCompiler<unknown> => {
    const ajv = buildAjvCompiler(externalSchemas, ajvOptions);
    return (route) => validatorOf(route.schema) ?? ajv(route);
  };
  app.setSchemaController({ compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory } });
}
