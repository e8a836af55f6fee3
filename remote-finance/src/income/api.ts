import { api, listQuery, pageLoader } from '@ushirika/shared/api';
import {
  contactSuggestionsPath,
  DROPDOWN_PAGE_SIZE,
  incomeContactPath,
  type ContactSuggestion,
  type ContactSuggestions,
  type Income,
  type Member,
  type SaveResponse,
} from '@ushirika/shared/contract';

/** GET /income/{id}/contactsuggestions: the contacts an M-Pesa income's masked payer number and first name fit. */
export const loadContactSuggestions = (incomeId: number, signal?: AbortSignal) =>
  api
    .get(contactSuggestionsPath(incomeId), { signal })
    .json<ContactSuggestions>()
    .then((answer) => answer.suggestions);

const loadContacts = pageLoader<Member>('member', 'members');

/** The first contacts matching `searchKey` (names or phone, as the contacts list searches). */
export const searchContacts = async (searchKey: string, signal?: AbortSignal): Promise<ContactSuggestion[]> =>
  (await loadContacts(listQuery({ page: 1, pagesize: DROPDOWN_PAGE_SIZE, searchKey }), signal)).rows.map(({ id, firstName, lastName, phone }) => ({
    id,
    firstName,
    lastName,
    phone,
  }));

/** PUT /income/{id}/contact { memberId, version }: links the income to the contact (null unlinks), over the version shown. */
export const saveIncomeContact = (income: Pick<Income, 'id' | 'version'>, memberId: number | null) =>
  api.put(incomeContactPath(income.id), { json: { memberId, version: income.version } }).json<SaveResponse<'income', Income>>();
