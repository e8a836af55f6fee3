import { api, pageLoader, saveRecord } from '@ushirika/shared/api';
import type { Member } from '@ushirika/shared/contract';
import type { ContactEditInput, ContactInput } from '@ushirika/shared/validation';

/** GET /member (list query) -> { members, total } */
export const loadContacts = pageLoader<Member>('member', 'members');

/** POST /member, or PUT /member/{id} (with the email) when editing. */
export const saveContact = (body: ContactInput | ContactEditInput, id?: number) => saveRecord('member', body, id);

/** GET /member/export: the contacts matching `searchKey` as a CSV file, through the api client so the token is sent. */
export const exportContacts = (searchKey: string) => api.get('member/export', { searchParams: { searchKey } }).blob();
