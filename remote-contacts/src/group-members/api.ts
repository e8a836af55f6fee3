import { loadAll, pageLoader, saveRecord, type Page } from '@ushirika/shared/api';
import { groupsEndpoint, type Group, type GroupMember, type ListQuery } from '@ushirika/shared/contract';
import { loadRecord } from '@ushirika/shared/ui';
import type { GroupMembersInput } from '@ushirika/shared/validation';

/** GET /groupmembers/{groupId} (list query) -> { members, total } */
export const loadGroupMembers = (groupId: number, query: ListQuery, signal?: AbortSignal): Promise<Page<GroupMember>> =>
  pageLoader<GroupMember>(`groupmembers/${groupId}`, 'members')(query, signal);

/** Every member of the group, for the membership editor. */
export const loadAllGroupMembers = (groupId: number, signal?: AbortSignal): Promise<GroupMember[]> =>
  loadAll((query, pageSignal) => loadGroupMembers(groupId, query, pageSignal), signal);

/**
 * POST /groupmembers: replaces the group's whole membership with `memberIds` (spec 7), over the group's version
 * the editor read (a membership change is a change of the group: a 409 when someone changed it meanwhile).
 */
export function saveGroupMembers(group: Pick<Group, 'id' | 'version'>, memberIds: readonly number[]) {
  const body: GroupMembersInput & { version: number } = { group: group.id, selectedRecords: memberIds.join(','), version: group.version };
  return saveRecord('groupmembers', body);
}

/**
 * One contact joins the group (a person's page, issue 28.1): the group's membership as it is now (its version and
 * every member), with them added, saved through the same replacing call as the membership editor.
 */
export async function addToGroup(groupId: number, memberId: number) {
  const [group, members] = await Promise.all([loadRecord(groupsEndpoint, groupId), loadAllGroupMembers(groupId)]);
  const ids = members.map((member) => member.MemberId);
  return saveGroupMembers(group, ids.includes(memberId) ? ids : [...ids, memberId]);
}

/** One contact leaves the group: its membership as it is now, without them. */
export async function removeFromGroup(groupId: number, memberId: number) {
  const [group, members] = await Promise.all([loadRecord(groupsEndpoint, groupId), loadAllGroupMembers(groupId)]);
  return saveGroupMembers(
    group,
    members.map((member) => member.MemberId).filter((id) => id !== memberId),
  );
}
