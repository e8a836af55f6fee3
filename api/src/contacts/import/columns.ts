import type { ContactImportColumn, ContactImportField } from '@ushirika/shared/contract';
import { shortened } from './cell-text';
import { ContactImportError } from './import-error';

/** Characters of a header quoted in a message. */
const QUOTED_HEADER_CHARS = 60;

/**
 * Header texts each field is recognised by, compared as `headerKey` gives them (lower case,
 * letters and digits only), so 'First Name', 'first_name', 'FirstName' and 'first-name' all match.
 */
const HEADER_NAMES: Record<ContactImportField, readonly string[]> = {
  gender: ['gender', 'sex'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  mobile: ['mobile', 'mobilenumber', 'mobileno', 'phone', 'phonenumber', 'phoneno', 'telephone', 'tel', 'msisdn'],
  residence: ['residence', 'location', 'address'],
  email: ['email', 'emailaddress', 'mail'],
};

/** The form's label of each field, used to name a missing column. */
export const FIELD_LABELS: Record<ContactImportField, string> = {
  gender: 'Gender',
  firstName: 'First Name',
  lastName: 'Last Name',
  mobile: 'Mobile',
  residence: 'Residence',
  email: 'Email',
};

/** Columns a file must have: the contact form's required fields. Email may be left out. */
const REQUIRED_FIELDS: readonly ContactImportField[] = ['firstName', 'lastName', 'gender', 'mobile', 'residence'];

const FIELD_BY_KEY = new Map<string, ContactImportField>(
  Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((name) => [name, field as ContactImportField])),
);

export function headerKey(header: string): string {
  // NFKD splits accented letters so 'Résidence' compares as 'residence'.
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The field a header text names ('Phone Number' -> 'mobile'), or null for a column of something else. */
export function headerField(header: string): ContactImportField | null {
  return FIELD_BY_KEY.get(headerKey(header)) ?? null;
}

/**
 * Which field each header cell fills; other columns are ignored. Refuses a header that lacks a
 * required column or names one field twice (which of 'Phone' and 'Mobile' to take is a guess).
 */
export function matchColumns(headers: readonly string[]): ContactImportColumn[] {
  const columns = headers.map((header) => ({ header, field: headerField(header) }));
  const seen = new Map<ContactImportField, string>();
  for (const { header, field } of columns) {
    if (field === null) continue;
    const earlier = seen.get(field);
    if (earlier !== undefined) {
      const [first, second] = [earlier, header].map((text) => shortened(text, QUOTED_HEADER_CHARS));
      throw new ContactImportError(`The columns "${first}" and "${second}" both look like the ${FIELD_LABELS[field]} column. Keep only one of them.`);
    }
    seen.set(field, header);
  }
  const missing = REQUIRED_FIELDS.filter((field) => !seen.has(field));
  if (missing.length > 0) throw new ContactImportError(missingColumnsMessage(missing));
  return columns;
}

function missingColumnsMessage(missing: readonly ContactImportField[]): string {
  const names = missing.map((field) => FIELD_LABELS[field]).join(', ');
  const expected = REQUIRED_FIELDS.map((field) => FIELD_LABELS[field]).join(', ');
  return `The file has no ${names} column. ` + `Its first row must name the columns: ${expected} and, if you have them, ${FIELD_LABELS.email}.`;
}
