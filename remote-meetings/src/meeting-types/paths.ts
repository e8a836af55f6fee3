/** Routes of the meeting-type screens (spec 2.11); the edit screen gets its record by hand-off, not in the path. */
export const MEETING_TYPES_PATH = '/meetings/meetingtypes';
export const NEW_MEETING_TYPE_PATH = '/meetings/meetingtypes/new';
export const EDIT_MEETING_TYPE_PATH = '/meetings/meetingtypes/edit';
