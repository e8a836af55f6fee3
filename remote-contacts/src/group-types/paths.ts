/** Routes of the group-type screens (spec 2.9); the edit screen gets its record by hand-off, not in the path. */
export const GROUP_TYPES_PATH = '/contacts/grouptypes';
export const NEW_GROUP_TYPE_PATH = '/contacts/grouptypes/new';
export const EDIT_GROUP_TYPE_PATH = '/contacts/grouptypes/edit';
