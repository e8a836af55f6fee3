/** Routes of the contact screens (spec 2.7); the edit screen gets its record by hand-off, not in the path. */
export const CONTACTS_PATH = '/contacts/default';
export const NEW_CONTACT_PATH = '/contacts/new';
export const EDIT_CONTACT_PATH = '/contacts/edit';
