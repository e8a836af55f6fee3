/** The contacts import wizard (issue 27; the spec has no import). */
export const IMPORT_CONTACTS_PATH = '/contacts/import';
/** The partner's imports, newest first, each undoable for IMPORT_UNDO_DAYS (issue 27.4). */
export const IMPORTS_PATH = '/contacts/imports';
