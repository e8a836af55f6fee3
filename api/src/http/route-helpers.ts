import { validateFirstError } from '@ushirika/shared/validation';
import type { AnySchema } from 'yup';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { badRequest, conflict, notFound } from './errors';

/** 400 with the schema's first failing message, in the form's field order. */
export async function validBody<S extends AnySchema>(schema: S, body: unknown): Promise<S['__outputType']> {
  const result = await validateFirstError(schema, body ?? {});
  if (!result.ok) throw badRequest(result.message);
  return result.value;
}

/** Ids are positive integers; anything else cannot name a record, so it is "not found". */
export function idParam(raw: string, message: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(message);
  return Number(raw);
}

/** Runs a save; a unique violation (caught, never pre-checked, so concurrent saves cannot both pass) answers 409. */
export async function refusingDuplicates<T>(message: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}

/** Runs a save whose referenced record was checked before; a foreign-key violation (it went away in between) answers 400. */
export async function refusingUnknownReference<T>(message: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(message);
    throw error;
  }
}
