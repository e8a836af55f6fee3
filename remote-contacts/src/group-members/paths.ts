/**
 * Routes of a group's membership screens (spec 2.8): `/contacts/groups/members/<group id>` and
 * `/contacts/groupmembers/edit/<group id>` (the spec's paths with the group's id: docs/spec-deviations.md).
 */
export const GROUP_MEMBERS_PATH = '/contacts/groups/members';
export const EDIT_GROUP_MEMBERS_PATH = '/contacts/groupmembers/edit';

/** Where this tab last viewed a group's members (an id only, for this tab's life): the groups list's 'Group Members'. */
const LAST_GROUP_KEY = 'ushirika.contacts.lastGroup';

export function rememberGroup(id: number): void {
  try {
    sessionStorage.setItem(LAST_GROUP_KEY, String(id));
  } catch {
    // No storage: 'Group Members' then asks to choose a group.
  }
}

/** The members screen of the group viewed last in this tab, or the bare screen ('Nothing selected'). */
export function lastGroupMembersPath(): string {
  let id: string | null = null;
  try {
    id = sessionStorage.getItem(LAST_GROUP_KEY);
  } catch {
    // As above.
  }
  return id && /^\d+$/.test(id) ? `${GROUP_MEMBERS_PATH}/${id}` : GROUP_MEMBERS_PATH;
}
