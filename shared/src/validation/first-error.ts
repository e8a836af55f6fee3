import { ValidationError, type AnySchema } from 'yup';

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Validates like the form does and returns the first failing message in field order.
 * The server answers 400 with that message as status_msg (ARCHITECTURE: one schema, both sides).
 */
export async function validateFirstError<S extends AnySchema>(schema: S, input: unknown): Promise<Validated<S['__outputType']>> {
  try {
    const value = await schema.validate(input, { abortEarly: true, stripUnknown: true });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, message: error.errors[0] ?? error.message };
    throw error;
  }
}
