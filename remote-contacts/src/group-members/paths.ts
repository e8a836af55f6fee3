/** Routes of a group's membership screens (spec 2.8); both get the group by hand-off, not in the path. */
export const GROUP_MEMBERS_PATH = '/contacts/groups/members';
export const EDIT_GROUP_MEMBERS_PATH = '/contacts/groupmembers/edit';
