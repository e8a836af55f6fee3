/** Routes of the contact screens (spec 2.7); the edit screen of a contact is `/contacts/edit/<id>` (docs/spec-deviations.md). */
export const CONTACTS_PATH = '/contacts/default';
export const NEW_CONTACT_PATH = '/contacts/new';
export const EDIT_CONTACT_PATH = '/contacts/edit';
