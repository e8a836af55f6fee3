/**
 * The contacts import and export core: pure functions over file bytes and rows, no HTTP and no database.
 * The import reads a file with `readContactsFile` (columns matched by the dictionary in columns.ts and the
 * person's mapping, cells normalised and checked with the contact form's rules); matching the rows to
 * contacts, the preview and the commit are import-match.ts's and the routes' (api/src/contacts).
 * Other uploads of a table (the messaging recipients file) read it with readSpreadsheet, under the same
 * limits, and recognise a phone column with headerField.
 */
export { ContactImportError } from './import-error';
export { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, MAX_XLSX_UNPACKED_BYTES, PREVIEW_MAX_PROBLEMS, PREVIEW_SAMPLE_ROWS } from './limits';
export { readSpreadsheet, EMPTY_FILE, FILE_TOO_LARGE, NO_CONTACTS, TOO_MANY_ROWS, type Spreadsheet } from './parse-file';
export { CONTACT_IMPORT_FIELD_LABELS, headerField, headerKey, matchColumns, NOT_A_MAPPING } from './columns';
export { excelShortenedMobile } from './cell-values';
export { HOUSEHOLD_ROLE_MESSAGE, MESSAGE_ORDER } from './cell-rules';
export type { ContactFileFormat } from './file-format';
export { readContactsFile, type ReadContactRow, type ReadContactsFile, type ReadContactsOptions } from './read-contacts';
export { contactsToCsv, type ExportedContact } from './export-csv';

/** The answer to a contact saved with a mobile another contact has (member-routes.ts's DUPLICATE_PHONE). */
export const ALREADY_A_CONTACT = 'A contact with this mobile number already exists';
