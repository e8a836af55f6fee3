import type { ListQuery } from '../contract';
import { LIST_START_DATE } from '../contract/constants';
import { partnerTimeZone, useSession } from '../session/store';

/** The parts of a list query a screen chooses; the rest is fixed by spec 7. */
export interface ListQueryInput {
  page: number;
  pagesize: number;
  searchKey?: string;
}

/**
 * YYYY-MM-DD of `date` in the browser's time zone.
 * @deprecated The device's clock is not the partner's: use `partnerToday`. Kept for remotes built before kit 1.7.
 */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD of the instant `date` on the clock of `timeZone` (IANA). */
export function isoDateIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * Today for the signed-in partner, YYYY-MM-DD: the date in its time zone (Nairobi's without one), as the server
 * reads the partner's days (docs/api.md), whatever clock the device is set to. Lists, statements, printouts
 * and file names all take "today" from here.
 */
export function partnerToday(now: Date = new Date(), timeZone: string = partnerTimeZone(useSession.getState().user)): string {
  return isoDateIn(now, timeZone);
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
  return { searchKey, action: 'display', page, pagesize, startdate: LIST_START_DATE, enddate: partnerToday(now, timeZone) };
}
