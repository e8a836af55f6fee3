import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ContactImportContact, ContactImportRow, Gender } from '@ushirika/shared/contract';
import { contactEditSchema, DEFAULT_PHONE_COUNTRY, normalizePhone, validateFieldsSync } from '@ushirika/shared/validation';
import type { ContactSourceRow } from './parse-file';

export const duplicateOfLine = (line: number) => `Duplicate of line ${line} (same mobile number)`;
export const ALREADY_A_CONTACT = 'A contact with this mobile number already exists';

/** Spreadsheets spell gender out; the form's codes are M, F and O. Anything else is left for the schema to refuse. */
const GENDER_CODES: Record<string, Gender> = { m: 'M', male: 'M', f: 'F', female: 'F', o: 'O', other: 'O' };

const genderCode = (text: string): string => GENDER_CODES[text.trim().toLowerCase()] ?? text;

/**
 * Checks each row with the contact edit form's schema (the same messages a user sees on the
 * form), and marks a row whose mobile, once normalised, is on an earlier line. The earliest line
 * with a number is the one kept, whatever else is wrong with it, so the user can see which rows
 * belong together; the duplicate's `contact` stays so the preview can still show what it holds.
 * Local mobiles are read in the partner's `country` (Kenya when not given), as on the form.
 */
export function validateImportRows(rows: readonly ContactSourceRow[], country: string = DEFAULT_PHONE_COUNTRY): ContactImportRow[] {
  return rows.map(rowValidator(country));
}

/** Rows validated between two turns of the event loop (about 50 ms of work). */
const ROWS_PER_TURN = 500;

/**
 * `validateImportRows`, giving the event loop a turn every ROWS_PER_TURN rows: the schema takes about
 * 50 µs a row, a second for a file of 20,000 contacts, which the server must not spend answering nobody else.
 */
export async function validateImportRowsInTurns(rows: readonly ContactSourceRow[], country: string = DEFAULT_PHONE_COUNTRY): Promise<ContactImportRow[]> {
  const validate = rowValidator(country);
  const validated: ContactImportRow[] = [];
  for (const row of rows) {
    validated.push(validate(row));
    if (validated.length % ROWS_PER_TURN === 0) await nextTurn();
  }
  return validated;
}

/** Validates rows one by one, in file order, remembering the line of each mobile seen. */
function rowValidator(country: string): (row: ContactSourceRow) => ContactImportRow {
  const firstLineOfMobile = new Map<string, number>();
  return ({ line, input }) => {
    const result = validateFieldsSync(contactEditSchema, { ...input, gender: genderCode(input.gender) }, { country });
    const errors = result.ok ? [] : [...result.messages];

    const mobile = normalizePhone(input.mobile, country);
    const earlier = mobile === null ? undefined : firstLineOfMobile.get(mobile);
    if (earlier !== undefined) errors.push(duplicateOfLine(earlier));
    else if (mobile !== null) firstLineOfMobile.set(mobile, line);

    const row: ContactImportRow = { line, input, errors, status: 'invalid' };
    if (earlier !== undefined) row.duplicateOfLine = earlier;
    if (result.ok) {
      row.contact = result.value satisfies ContactImportContact;
      row.status = earlier === undefined ? 'ready' : 'duplicate';
    }
    return row;
  };
}

/** The mobiles of the rows that would be created: the ones to look up among the partner's contacts. */
export function readyMobiles(rows: readonly ContactImportRow[]): string[] {
  return rows.flatMap((row) => (row.status === 'ready' && row.contact ? [row.contact.mobile] : []));
}

/**
 * Turns ready rows whose mobile already belongs to one of the partner's contacts into duplicates.
 * `existing` comes from the database (a lookup of `readyMobiles`), keeping this function pure.
 */
export function markExistingContacts(rows: readonly ContactImportRow[], existing: ReadonlySet<string>): ContactImportRow[] {
  return rows.map((row) =>
    row.status === 'ready' && row.contact && existing.has(row.contact.mobile) ? { ...row, errors: [...row.errors, ALREADY_A_CONTACT], status: 'duplicate' } : row,
  );
}
