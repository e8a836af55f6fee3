import type { ListQuery } from '../contract';
import { LIST_START_DATE } from '../contract/constants';

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

/**
 * The standard list query (spec 7): everything from 2020-01-01 up to and including today.
 * `tenantid` is not here: the api instance adds it to every call.
 */
export function listQuery({ page, pagesize, searchKey = '' }: ListQueryInput, now: Date = new Date()): Required<Omit<ListQuery, 'tenantid'>> {
  return { searchKey, action: 'display', page, pagesize, startdate: LIST_START_DATE, enddate: localIsoDate(now) };
}
