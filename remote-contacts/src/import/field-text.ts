import { GENDER_LABELS, GENDERS, HOUSEHOLD_ROLES, MARITAL_STATUSES, MEMBERSHIP_STATUSES, type ContactImportField } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { formatDate } from '@ushirika/shared/ui';
import type { IntlShape } from 'react-intl';

/** The catalogue id of a field's label in the import screens ('contacts.import.field.mobile'). */
export const fieldLabelId = (field: ContactImportField) => `contacts.import.field.${field}`;

/** A field's label in the user's language. */
export const fieldLabel = (intl: IntlShape, field: ContactImportField) => intl.formatMessage({ id: fieldLabelId(field) });

/** Labels joined as the language lists them ('First Name, Last Name and Mobile'). */
export const fieldList = (intl: IntlShape, fields: readonly ContactImportField[]) =>
  intl.formatList(
    fields.map((field) => fieldLabel(intl, field)),
    { type: 'conjunction' },
  );

/** The coded fields and their codes: each code has its word in the catalogue ('contacts.import.value.maritalStatus.married'). */
const CODES: Partial<Record<ContactImportField, readonly string[]>> = {
  membershipStatus: MEMBERSHIP_STATUSES,
  maritalStatus: MARITAL_STATUSES,
  householdRole: HOUSEHOLD_ROLES,
};

const isGender = (value: string): value is keyof typeof GENDER_LABELS => (GENDERS as readonly string[]).includes(value);

/**
 * A value of the preview (as the contact's row has it: codes, YYYY-MM-DD, E.164) as the person reads it: the
 * gender's and the statuses' words, the date in their language (so a wrong date order shows at once: 3 Nov or 11
 * Mar), '(none)' for a blank. Anything else, or a code no catalogue knows, as it came.
 */
export function fieldValue(intl: IntlShape, field: ContactImportField, value: string): string {
  if (value === '') return intl.formatMessage({ id: 'contacts.import.value.none' });
  if (field === 'gender') return isGender(value) ? translateText(intl, GENDER_LABELS[value]) : value;
  if (field === 'dateOfBirth') return formatDate(value, intl.locale);
  if (CODES[field]?.includes(value)) return intl.formatMessage({ id: `contacts.import.value.${field}.${value}` });
  return value;
}
