import { api, pageLoader, saveRecord } from '@ushirika/shared/api';
import { memberArchivePath, memberErasePath, memberRestorePath, type Member, type MemberArchiveResponse, type MemberEraseResponse } from '@ushirika/shared/contract';
import type { RecordEndpoint } from '@ushirika/shared/ui';
import type { ContactEditInput, ContactInput } from '@ushirika/shared/validation';

/** GET /member (list query) -> { members, total }: the active contacts. */
export const loadContacts = pageLoader<Member>('member', 'members');

/** GET /member?archived=only: the archived contacts (cached apart from the active ones, refreshed with them). */
const archivedPage = pageLoader<Member>('member', 'members');
const ARCHIVED_ONLY = { archived: 'only' } as const;
export const loadArchivedContacts = Object.assign((...[query, signal]: Parameters<typeof archivedPage>) => archivedPage({ ...query, ...ARCHIVED_ONLY }, signal), {
  path: 'member',
  params: ARCHIVED_ONLY,
});

/** GET /member/{id} -> { member }: one contact with its version, for the edit screen. */
export const contactRecord: RecordEndpoint<Member> = { path: 'member', singular: 'member' };

/** POST /member, or PUT /member/{id} (with the email and the version the form was read at) when editing. */
export const saveContact = (body: ContactInput | ContactEditInput, edited?: Pick<Member, 'id' | 'version'>) =>
  saveRecord('member', edited ? { ...body, version: edited.version } : body, edited?.id);

/** GET /member/export: the contacts matching `searchKey` (the archived ones with `archived`) as a CSV file, through the api client so the token is sent. */
export const exportContacts = (searchKey: string, archived = false) =>
  api.get('member/export', { searchParams: { searchKey, ...(archived ? ARCHIVED_ONLY : {}) } }).blob();

/** POST /member/{id}/archive over the version the screen read: out of the lists, groups and sends. */
export const archiveContact = (member: Pick<Member, 'id' | 'version'>) =>
  api.post(memberArchivePath(member.id), { json: { version: member.version } }).json<MemberArchiveResponse>();

/** POST /member/{id}/restore over the version the screen read. */
export const restoreContact = (member: Pick<Member, 'id' | 'version'>) =>
  api.post(memberRestorePath(member.id), { json: { version: member.version } }).json<MemberArchiveResponse>();

/** POST /member/{id}/erase with the reason (owners): the person's data erased, for good. */
export const eraseContact = (id: number, reason: string) => api.post(memberErasePath(id), { json: { reason } }).json<MemberEraseResponse>();
