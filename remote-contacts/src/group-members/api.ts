import { loadAll, pageLoader, saveRecord, type Page } from '@ushirika/shared/api';
import type { Group, GroupMember, ListQuery } from '@ushirika/shared/contract';
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
