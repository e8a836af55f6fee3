import { ValidationError, type AnySchema } from 'yup';
import { EXTERNAL_ID_MAX_LENGTH, HOUSEHOLD_ROLES, type ContactImportField } from '@ushirika/shared/contract';
import { contactEditSchema, optionalOption, optionalText, TEXT_LIMITS } from '@ushirika/shared/validation';

/*
 * The rules a given cell must pass: the contact edit form's, field by field (the same messages a person sees on the
 * form), and for the household columns the household's bounds. Only given cells are checked: a field the row leaves
 * blank is not changed by it, and whether a new contact lacks a required field is the matcher's concern
 * (a blank mobile is fine on a row that updates a contact found by its external id).
 */

export const HOUSEHOLD_ROLE_MESSAGE = 'Household role must be head, spouse, child or other';

/** The household columns' bounds: as the households table keeps them (a name of at most 100 characters, a key of at most 64). */
const HOUSEHOLD_RULES = {
  householdId: optionalText({ label: 'Household ID', max: EXTERNAL_ID_MAX_LENGTH }),
  householdName: optionalText({ label: 'Household name', max: TEXT_LIMITS.name }),
  householdRole: optionalOption(HOUSEHOLD_ROLES, HOUSEHOLD_ROLE_MESSAGE, 'Household role'),
};

const RULES: Partial<Record<ContactImportField, AnySchema>> = { ...(contactEditSchema.fields as unknown as Record<string, AnySchema>), ...HOUSEHOLD_RULES };

/** The fields in the order their messages are listed: the contact form's, then the household's. */
export const MESSAGE_ORDER = Object.keys(RULES) as ContactImportField[];

/**
 * The cell checked by its field's rule: its value as the rule casts it (a mobile in E.164, trimmed text), or the
 * rule's first message. `country` reads local mobiles, as the form does for the partner.
 */
export function checkCell(field: ContactImportField, value: string, country: string): { value: string } | { message: string } {
  const rule = RULES[field];
  if (rule === undefined) return { value };
  try {
    const cast: unknown = rule.validateSync(value, { abortEarly: false, disableStackTrace: true, context: { country } });
    return { value: typeof cast === 'string' ? cast : value };
  } catch (error) {
    if (error instanceof ValidationError) return { message: error.errors[0] ?? error.message };
    throw error;
  }
}
