/** The contacts import screen (ours: the Contacts issue; the spec has no import). */
export const IMPORT_CONTACTS_PATH = '/contacts/import';
