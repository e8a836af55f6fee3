/** Routes of the meeting screens (spec 2.11; the edit screen is ours, see the Meetings issue). */
export const MEETINGS_PATH = '/meetings/default';
export const NEW_MEETING_PATH = '/meetings/new';
export const EDIT_MEETING_PATH = '/meetings/edit';
