import { useFormikContext } from 'formik';
import { createContext, useContext } from 'react';
import type { AnyObjectSchema } from 'yup';

/** Names of the fields the form's schema requires, so labels get their asterisk from the schema itself. */
export const RequiredFields = createContext<ReadonlySet<string>>(new Set());

export function requiredFields(schema: AnyObjectSchema): ReadonlySet<string> {
  const { fields } = schema.describe();
  return new Set(
    Object.entries(fields)
      .filter(([, field]) => 'optional' in field && !field.optional)
      .map(([name]) => name),
  );
}

export const useRequired = (name: string) => useContext(RequiredFields).has(name);

/** The input's id, so each label is tied to its input (screen readers, getByLabelText). */
export const fieldId = (name: string) => `field-${name}`;

/**
 * The form's current values, for what a form shows beside its fields: a field shown only for one choice
 * of another, a count of what is typed. Only inside a FormPage's children.
 */
export function useFormValues<Values extends object = Record<string, unknown>>(): Values {
  return useFormikContext<Values>().values;
}
