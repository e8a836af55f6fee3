import type { ListQuery } from '../contract';
import { LIST_START_DATE } from '../contract/constants';
import { partnerTimeZone, useSession } from '../session/store';

/** The parts of a list query a screen chooses; the rest is fixed by spec 7. */
export interface ListQueryInput {
  page: number;
  pagesize: number;
  searchKey?: string;
}

/** YYYY-MM-DD of `date` in the browser's time zone: "today" is the user's today, not UTC's. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD of the instant `date` on the clock of `timeZone` (IANA). */
export function isoDateIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * The standard list query (spec 7): everything from 2020-01-01 up to and including today, the partner's today
 * (its time zone, as the server reads a list's dates: docs/api.md), whatever clock the device is set to.
 * `tenantid` is not here: the api instance adds it to every call.
 */
export function listQuery(
  { page, pagesize, searchKey = '' }: ListQueryInput,
  now: Date = new Date(),
  timeZone: string = partnerTimeZone(useSession.getState().user),
): Required<Omit<ListQuery, 'tenantid'>> {
  return { searchKey, action: 'display', page, pagesize, startdate: LIST_START_DATE, enddate: isoDateIn(now, timeZone) };
}
