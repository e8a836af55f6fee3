import { ValidationError, type AnySchema } from 'yup';
import type { ValidationContext } from './phone';

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string };

/** Names every object inherits ('toString', 'constructor', 'valueOf', …): no form field has one. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Deeper than any of our schemas: yup never reads below it. */
const SCHEMA_DEPTH = 8;

/**
 * The input without keys named like Object.prototype's members, in objects and lists down to SCHEMA_DEPTH.
 * yup looks every key of an object up in its schema's fields (`fields[key]`), which finds the inherited
 * `fields.toString` for a body `{ "toString": 1 }` and throws instead of ignoring an unknown key.
 */
export function withoutInheritedKeys(value: unknown, depth = 0): unknown {
  if (depth > SCHEMA_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withoutInheritedKeys(item, depth + 1));
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (INHERITED.has(key) ? [] : [[key, withoutInheritedKeys(item, depth + 1)]])));
}

/**
 * Validates like the form does and returns the first failing message in field order.
 * The server answers 400 with that message as status_msg (ARCHITECTURE: one schema, both sides).
 * `context` is yup's validation context: `{ country }` reads phone numbers in the partner's country.
 *
 * yup's `abortEarly: true` does NOT give the first field: an object's field tests settle in no
 * promised order (for our meeting schema it reports the last field). So we collect every error
 * and pick the one whose top-level field comes first in the schema's declaration order; within
 * one field, yup lists errors in test order (required before min), which is what we want.
 */
export async function validateFirstError<S extends AnySchema>(schema: S, input: unknown, context?: ValidationContext): Promise<Validated<S['__outputType']>> {
  try {
    const value = await schema.validate(withoutInheritedKeys(input), { abortEarly: false, stripUnknown: true, context });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, message: firstInFieldOrder(schema, error) };
    throw error;
  }
}

/**
 * `validateFirstError`, synchronously: the same value (cast: trimmed, numbers from numeric strings,
 * unknown keys stripped) or the same first message in field order. The server validates bodies with
 * it inside Fastify's validator compiler, which must answer synchronously (an async validator is
 * pass/fail only there). Our schemas have no asynchronous tests. `context` is yup's validation
 * context (`ValidationContext`: the partner's country for phone numbers).
 */
export function validateFirstErrorSync<S extends AnySchema>(schema: S, input: unknown, context?: ValidationContext): Validated<S['__outputType']> {
  try {
    return { ok: true, value: schema.validateSync(withoutInheritedKeys(input), { abortEarly: false, stripUnknown: true, disableStackTrace: true, context }) };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, message: firstInFieldOrder(schema, error) };
    throw error;
  }
}

export type ValidatedFields<T> = { ok: true; value: T } | { ok: false; messages: string[] };

/**
 * Validates every field and returns each failing field's first message, in field order: what one
 * row of a contacts import shows. Synchronous, because an import validates thousands of rows and
 * our schemas have no asynchronous tests. `context` is yup's (the partner's country for phones).
 */
export function validateFieldsSync<S extends AnySchema>(schema: S, input: unknown, context?: ValidationContext): ValidatedFields<S['__outputType']> {
  try {
    // Without stack traces: building one per failing field made a file of invalid rows about 5× slower.
    return { ok: true, value: schema.validateSync(withoutInheritedKeys(input), { abortEarly: false, stripUnknown: true, disableStackTrace: true, context }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const seen = new Set<string>();
    const messages: string[] = [];
    for (const failure of inFieldOrder(schema, error)) {
      const field = topLevelField(failure.path);
      if (seen.has(field)) continue;
      seen.add(field);
      messages.push(failure.errors[0] ?? failure.message);
    }
    return { ok: false, messages };
  }
}

function firstInFieldOrder(schema: AnySchema, error: ValidationError): string {
  const first = inFieldOrder(schema, error)[0];
  return first?.errors[0] ?? error.errors[0] ?? error.message;
}

const topLevelField = (path: string | undefined) => (path ?? '').split(/[.[]/, 1)[0] ?? '';

/** The failures sorted by their top-level field's place in the schema. */
function inFieldOrder(schema: AnySchema, error: ValidationError): ValidationError[] {
  const fieldOrder = 'fields' in schema && schema.fields && typeof schema.fields === 'object' ? Object.keys(schema.fields) : [];
  const rank = (path: string | undefined) => {
    const index = fieldOrder.indexOf(topLevelField(path));
    return index === -1 ? fieldOrder.length : index;
  };
  const errors = error.inner.length > 0 ? error.inner : [error];
  // Array.prototype.sort is stable, so errors of one field keep yup's test order.
  return [...errors].sort((a, b) => rank(a.path) - rank(b.path));
}
