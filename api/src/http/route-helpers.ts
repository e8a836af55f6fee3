import { validateFirstError, type ValidationContext } from '@ushirika/shared/validation';
import type { AnySchema } from 'yup';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { badRequest, conflict } from './errors';
import { isJsonObject, NOT_AN_OBJECT } from './json-body';

/** 400 with the schema's first failing message, in the form's field order (a body that is no JSON object: NOT_AN_OBJECT). `context`: yup's, e.g. the partner's country. */
export async function validBody<S extends AnySchema>(schema: S, body: unknown, context?: ValidationContext): Promise<S['__outputType']> {
  if (body !== undefined && body !== null && !isJsonObject(body)) throw badRequest(NOT_AN_OBJECT);
  const result = await validateFirstError(schema, body ?? {}, context);
  if (!result.ok) throw badRequest(result.message);
  return result.value;
}

/**
 * Runs a save and answers the caller for the constraint it broke: a unique violation 409 `duplicate`, a
 * foreign-key violation (a referenced record went away since it was checked) 400 `unknownReference`.
 * Caught, never pre-checked, so two concurrent saves cannot both pass.
 */
export async function refusingViolations<T>(texts: { duplicate?: string; unknownReference?: string }, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (texts.duplicate && isUniqueViolation(error)) throw conflict(texts.duplicate);
    if (texts.unknownReference && isForeignKeyViolation(error)) throw badRequest(texts.unknownReference);
    throw error;
  }
}
