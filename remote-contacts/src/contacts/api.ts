import { api, pageLoader } from '@ushirika/shared/api';
import { memberArchivePath, memberErasePath, memberRestorePath, type Member, type MemberArchiveResponse, type MemberEraseResponse } from '@ushirika/shared/contract';
import { filterParams, type ContactFilters } from './filters';

/** GET /member (list query) -> { members, total }: the active contacts. */
export const loadContacts = pageLoader<Member>('member', 'members');

/**
 * GET /member/export: the contacts the list shows (its search and filters) as a CSV file, through the api client
 * so the token is sent.
 */
export const exportContacts = (searchKey: string, filters: ContactFilters = {}) =>
  api.get('member/export', { searchParams: { searchKey, ...filterParams(filters) } }).blob();

/** POST /member/{id}/archive over the version the screen read: out of the lists, groups and sends. */
export const archiveContact = (member: Pick<Member, 'id' | 'version'>) =>
  api.post(memberArchivePath(member.id), { json: { version: member.version } }).json<MemberArchiveResponse>();

/** POST /member/{id}/restore over the version the screen read. */
export const restoreContact = (member: Pick<Member, 'id' | 'version'>) =>
  api.post(memberRestorePath(member.id), { json: { version: member.version } }).json<MemberArchiveResponse>();

/** POST /member/{id}/erase with the reason (owners): the person's data erased, for good. */
export const eraseContact = (id: number, reason: string) => api.post(memberErasePath(id), { json: { reason } }).json<MemberEraseResponse>();
