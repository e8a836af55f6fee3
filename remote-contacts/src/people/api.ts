import { api, pageLoader, type Page, type PageLoader } from '@ushirika/shared/api';
import {
  personGivingPath,
  personGroupsPath,
  personMeetingsPath,
  personMessagesPath,
  personPaymentsPath,
  type Income,
  type ListQuery,
  type Meeting,
  type Notification,
  type OnlineTransaction,
  type PersonGiving,
  type PersonGroup,
  type PersonGroups,
} from '@ushirika/shared/contract';

/** The year totals of a person's giving, as the giving list's answer carries them beside its rows. */
export interface GivingTotals {
  thisYear: string;
  lastYear: string;
}

/**
 * GET /member/{id}/giving (list query) -> the incomes linked to the contact; the answer's year totals are kept as the
 * page's `response` (the list's `response`), so one call gives both.
 */
export function givingLoader(memberId: number): PageLoader<Income> {
  const path = personGivingPath(memberId);
  const load = async (query: ListQuery, signal?: AbortSignal): Promise<Page<Income> & { response: GivingTotals }> => {
    const body = await api.get(path, { searchParams: { ...query }, signal }).json<PersonGiving>();
    return { rows: body.incomes, total: body.total, response: { thisYear: body.thisYear, lastYear: body.lastYear } };
  };
  return Object.assign(load, { path });
}

/** GET /member/{id}/payments -> the M-Pesa payments whose income is linked to the contact. */
export const paymentsLoader = (memberId: number) => pageLoader<OnlineTransaction>(personPaymentsPath(memberId), 'transactions');

/** GET /member/{id}/messages -> the SMS sent to the contact. */
export const messagesLoader = (memberId: number) => pageLoader<Notification>(personMessagesPath(memberId), 'notifications');

/** GET /member/{id}/meetings -> the meetings the contact was ticked present at. */
export const meetingsLoader = (memberId: number) => pageLoader<Meeting>(personMeetingsPath(memberId), 'meetings');

/** GET /member/{id}/groups -> every group of the contact. */
export const loadPersonGroups = async (memberId: number, signal?: AbortSignal): Promise<PersonGroup[]> =>
  (await api.get(personGroupsPath(memberId), { signal }).json<PersonGroups>()).groups;
