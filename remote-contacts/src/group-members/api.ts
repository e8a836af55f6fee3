import { listQuery, pageLoader, saveRecord, type Page } from '@ushirika/shared/api';
import { MAX_PAGE_SIZE, type GroupMember, type GroupMembersBody, type ListQuery } from '@ushirika/shared/contract';

/** GET /groupmembers/{groupId} (list query) -> { members, total } */
export const loadGroupMembers = (groupId: number, query: ListQuery, signal?: AbortSignal): Promise<Page<GroupMember>> =>
  pageLoader<GroupMember>(`groupmembers/${groupId}`, 'members')(query, signal);

/** Every member of the group, in pages of the largest size the server allows, for the membership editor. */
export async function loadAllGroupMembers(groupId: number, signal?: AbortSignal): Promise<GroupMember[]> {
  const members: GroupMember[] = [];
  for (let page = 1; ; page += 1) {
    const { rows, total } = await loadGroupMembers(groupId, listQuery({ page, pagesize: MAX_PAGE_SIZE }), signal);
    members.push(...rows);
    // An empty page ends it too, should members leave the group while it is read.
    if (rows.length === 0 || members.length >= total) return members;
  }
}

/** POST /groupmembers: replaces the group's whole membership with `memberIds` (spec 7). */
export function saveGroupMembers(groupId: number, memberIds: readonly number[]) {
  const body: GroupMembersBody = { group: groupId, selectedRecords: memberIds.join(',') };
  return saveRecord('groupmembers', body);
}
