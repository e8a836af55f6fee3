/** Routes of the group screens (spec 2.8); the edit screen gets its record by hand-off, not in the path. */
export const GROUPS_PATH = '/contacts/groups';
export const NEW_GROUP_PATH = '/contacts/groups/new';
/** The edit route of the spec's route table; the record is handed over under this path. */
export const EDIT_GROUP_PATH = '/contacts/groups/edit';
/** The legacy list's link to the same screen (spec 2.5): it resolves too, and reads the same record. */
export const LEGACY_EDIT_GROUP_PATH = '/contacts/sgroups/edit';
