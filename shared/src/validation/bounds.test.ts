import fc from 'fast-check';
import * as yup from 'yup';
import type { SchemaDescription, SchemaFieldDescription } from 'yup';
import * as contract from '../contract';
import { validateFieldsSync, validateFirstErrorSync } from './first-error';
import * as validation from './index';

/**
 * Every form schema is bounded (issue 10): each text has a maximum length, each number a minimum and a
 * maximum, each list a maximum size. This walks every yup object schema the package exports (and the
 * contract's request bodies), so a new field without bounds fails here. Then every field is sent what an
 * attacker would send: the rule must answer with its message, never throw.
 */

type Named = [name: string, schema: yup.AnyObjectSchema];

const objectSchemas = (exports: Record<string, unknown>, accept: (name: string) => boolean): Named[] =>
  Object.entries(exports).filter((entry): entry is Named => accept(entry[0]) && yup.isSchema(entry[1]) && (entry[1] as yup.Schema).type === 'object');

const SCHEMAS: Named[] = [...objectSchemas(validation, () => true), ...objectSchemas(contract, (name) => name.endsWith('Request'))];
/** The forms' schemas (this package's rules), whose messages name their field. */
const FORMS = new Set(objectSchemas(validation, () => true).map(([name]) => name));

/** Fields that are not sent at all (the new-message form's file input): no type to bound. */
const UNSENT = new Set(['messageSchema.recipientsfile']);

type Params = Record<string, unknown>;
const tests = (field: SchemaDescription) => field.tests.map((test) => ({ name: test.name, params: (test.params ?? {}) as Params }));
const hasTest = (field: SchemaDescription, name: string, param: string) => tests(field).some((test) => test.name === name && typeof test.params[param] === 'number');

/** What is missing on one field: '' when it is bounded. */
function missingBounds(field: SchemaDescription): string[] {
  switch (field.type) {
    case 'string':
      return hasTest(field, 'max', 'max') || hasTest(field, 'length', 'length') || field.oneOf.length > 0 ? [] : ['a maximum length'];
    case 'number':
      return [
        ...(hasTest(field, 'min', 'min') || hasTest(field, 'min', 'more') ? [] : ['a minimum']),
        ...(hasTest(field, 'max', 'max') || hasTest(field, 'max', 'less') ? [] : ['a maximum']),
      ];
    case 'array':
      return hasTest(field, 'max', 'max') || hasTest(field, 'length', 'length') ? [] : ['a maximum number of items'];
    case 'boolean':
    case 'object':
      return [];
    default:
      return [`a type (it is ${field.type})`];
  }
}

/** Every field of the schema, nested ones (array items, objects) included, with the path it has in a body. */
function fieldsOf(description: SchemaFieldDescription, path: string): Array<[string, SchemaDescription]> {
  if (!('tests' in description)) return [[path, { type: 'lazy' } as unknown as SchemaDescription]];
  const field = description as SchemaDescription & { fields?: Record<string, SchemaFieldDescription>; innerType?: SchemaFieldDescription };
  const nested = [
    ...Object.entries(field.fields ?? {}).flatMap(([name, inner]) => fieldsOf(inner, path ? `${path}.${name}` : name)),
    ...(field.innerType && !Array.isArray(field.innerType) ? fieldsOf(field.innerType, `${path}[]`) : []),
  ];
  return path ? [[path, field], ...nested] : nested;
}

describe('every exported form schema is bounded', () => {
  it('finds the schemas', () => {
    expect(SCHEMAS.map(([name]) => name)).toEqual(expect.arrayContaining(['contactSchema', 'meetingSchema', 'incomeSchema', 'budgetSchema', 'loginRequest']));
  });

  it.each(SCHEMAS.map(([name]) => name))('%s: every text has a maximum length, every number a range, every list a maximum size', (name) => {
    const schema = SCHEMAS.find(([candidate]) => candidate === name)![1];
    const unbounded = fieldsOf(schema.describe(), '')
      .filter(([path]) => !UNSENT.has(`${name}.${path}`))
      .flatMap(([path, field]) => missingBounds(field).map((what) => `${path} has no ${what}`));
    expect(unbounded).toEqual([]);
  });
});

/** What a caller may send instead of a value: other types, objects that break coercion, NUL, very long and very deep values. */
const HOSTILE: unknown[] = [
  null,
  true,
  0,
  -1,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  1e308,
  [],
  ['x'],
  [['x']],
  {},
  { a: 1 },
  { toString: 1 },
  { toString: 1, valueOf: 1 },
  [{ toString: 1, valueOf: 1 }],
  'a\u0000b',
  '\u0000',
  'x'.repeat(100_000),
  '9'.repeat(400),
  '<img src=x onerror=alert(1)>',
  "'; drop table members; --",
  '😀👍🏽'.repeat(50),
  '0000-00-00',
  '9999-12-31',
  '2026-02-30',
  '-0.01',
  '1e3',
  JSON.parse('['.repeat(2000) + ']'.repeat(2000)),
];

describe('every field answers hostile values with its message, never a crash', () => {
  const byName = new Map(SCHEMAS);
  const fields = SCHEMAS.flatMap(([name, schema]) => Object.keys(schema.fields).map((field): [string, string] => [name, field]));

  it.each(fields)('%s.%s', (name, field) => {
    const schema = byName.get(name)!;
    for (const value of HOSTILE) {
      const result = validateFirstErrorSync(schema, { [field]: value });
      if (!result.ok) {
        expect(result.message).toEqual(expect.any(String));
        // yup's own type messages print the value: the forms' rules name the field instead (the contract's
        // request bodies are checked by Ajv's messages on the server: only the crash matters for them).
        if (FORMS.has(name)) expect({ value, message: result.message }).toEqual({ value, message: expect.not.stringMatching(/must be a `|\[object|cannot be null/) });
      }
    }
  });

  it('any JSON value in any field of any schema: a result, never an exception', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 2 }), ([name, field], value, rest) => {
        const schema = byName.get(name)!;
        const body = typeof rest === 'object' && rest !== null && !Array.isArray(rest) ? { ...rest, [field]: value } : { [field]: value };
        const result = validateFirstErrorSync(schema, body);
        expect(result.ok || result.message.length > 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses NUL in every text field of the forms with a message naming the field', () => {
    for (const [name, schema] of objectSchemas(validation, () => true)) {
      for (const [field, description] of Object.entries(schema.describe().fields)) {
        if (description.type !== 'string') continue;
        const result = validateFieldsSync(schema, { [field]: 'ab\u0000cd' });
        const messages = result.ok ? [] : result.messages;
        expect({ name, field, nul: messages.filter((message) => message.includes('NUL')) }).toEqual({
          name,
          field,
          nul: [expect.stringMatching(/^[A-Z].* must not contain the character NUL$/)],
        });
      }
    }
  });
});
