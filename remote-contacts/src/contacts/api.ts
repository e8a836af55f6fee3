import { api, pageLoader, saveRecord } from '@ushirika/shared/api';
import type { Member } from '@ushirika/shared/contract';
import type { RecordEndpoint } from '@ushirika/shared/ui';
import type { ContactEditInput, ContactInput } from '@ushirika/shared/validation';

/** GET /member (list query) -> { members, total } */
export const loadContacts = pageLoader<Member>('member', 'members');

/** GET /member/{id} -> { member }: one contact with its version, for the edit screen. */
export const contactRecord: RecordEndpoint<Member> = { path: 'member', singular: 'member' };

/** POST /member, or PUT /member/{id} (with the email and the version the form was read at) when editing. */
export const saveContact = (body: ContactInput | ContactEditInput, edited?: Pick<Member, 'id' | 'version'>) =>
  saveRecord('member', edited ? { ...body, version: edited.version } : body, edited?.id);

/** GET /member/export: the contacts matching `searchKey` as a CSV file, through the api client so the token is sent. */
export const exportContacts = (searchKey: string) => api.get('member/export', { searchParams: { searchKey } }).blob();
