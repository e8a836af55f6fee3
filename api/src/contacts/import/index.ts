/**
 * The contacts import and export core: pure functions over file bytes and rows, no HTTP and no
 * database. The contacts routes call, for a preview:
 *   parseContactsFile -> validateImportRows -> markExistingContacts(readyMobiles looked up) -> buildImportPreview
 * and for the commit the same steps, then insert the ready rows and answer importResult.
 * Other uploads of a table (the messaging recipients file) read it with readSpreadsheet, under the same
 * limits, and recognise a phone column with headerField.
 */
export { ContactImportError } from './import-error';
export { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, MAX_XLSX_UNPACKED_BYTES, PREVIEW_MAX_PROBLEMS, PREVIEW_SAMPLE_ROWS } from './limits';
export { parseContactsFile, readSpreadsheet, FILE_TOO_LARGE, type ContactSourceRow, type ParsedContactsFile, type Spreadsheet } from './parse-file';
export { headerField } from './columns';
export type { ContactFileFormat } from './file-format';
export { validateImportRows, validateImportRowsInTurns, readyMobiles, markExistingContacts, ALREADY_A_CONTACT } from './validate-rows';
export { countImportRows, buildImportPreview, importResult } from './summary';
export { contactsToCsv, type ExportedContact } from './export-csv';
