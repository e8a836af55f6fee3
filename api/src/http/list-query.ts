import { isIsoDate, LIST_PAGE_SIZE, MAX_PAGE_SIZE, type ListResponse } from '@ushirika/shared/contract';
import { DATE_RANGE, isDateInRange } from '@ushirika/shared/validation';
import type { Page } from '../db/paged-list';
import { badRequest } from './errors';

/** The standard list query (spec 7), checked and ready for SQL. */
export interface ListParams {
  /** 1-based */
  page: number;
  pageSize: number;
  offset: number;
  /** The trimmed search text, or undefined when there is none. */
  searchKey: string | undefined;
  /** `searchKey` as an ILIKE pattern matching anywhere, with %, _ and \ taken literally. */
  searchPattern: string | undefined;
  /** Inclusive YYYY-MM-DD bounds. */
  startDate: string | undefined;
  endDate: string | undefined;
  /** The day after `endDate`: `created_at < endDateExclusive` includes everything on the end date. */
  endDateExclusive: string | undefined;
}

type Query = Record<string, unknown>;

/** The longest search text (ours): far beyond any name, phone or email searched for. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * Parses the standard list query of every list route. `tenantid` is checked by the auth hook and
 * ignored here. Answers 400 (via HttpError) with a message naming the bad parameter.
 */
export function parseListQuery(query: unknown): ListParams {
  const q: Query = query && typeof query === 'object' ? (query as Query) : {};
  const page = positiveInt(q, 'page') ?? 1;
  const pageSize = Math.min(positiveInt(q, 'pagesize') ?? LIST_PAGE_SIZE, MAX_PAGE_SIZE);
  const action = single(q, 'action');
  if (action !== undefined && action !== '' && action !== 'display') throw badRequest('action must be "display"');
  const searchKey = search(q);
  const startDate = date(q, 'startdate');
  const endDate = date(q, 'enddate');
  if (startDate && endDate && startDate > endDate) throw badRequest('startdate must not be after enddate');
  return {
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    searchKey,
    searchPattern: searchKey === undefined ? undefined : `%${searchKey.replace(/[\\%_]/g, '\\$&')}%`,
    startDate,
    endDate,
    endDateExclusive: endDate && nextDay(endDate),
  };
}

/**
 * A page as every list route answers it: `{ <plural>: rows, total }` (spec 7), plus `total_is_estimate: true`
 * when the total is an estimate (paged-list.ts), absent when it is exact, as in every legacy answer.
 */
export function listAnswer<Key extends string, Row>(key: Key, page: Page<Row>): ListResponse<Key, Row> {
  return { [key]: page.rows, total: page.total, ...(page.totalIsEstimate ? { total_is_estimate: true } : {}) } as ListResponse<Key, Row>;
}

/** Query strings repeat keys into arrays; a list parameter takes exactly one value. */
function single(q: Query, name: string): string | undefined {
  const value = q[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`);
  return value;
}

/** The trimmed search text: at most MAX_SEARCH_LENGTH characters, no NUL (PostgreSQL cannot compare it). */
function search(q: Query): string | undefined {
  const text = single(q, 'searchKey')?.trim();
  if (text && text.length > MAX_SEARCH_LENGTH) throw badRequest(`searchKey must be at most ${MAX_SEARCH_LENGTH} characters`);
  if (text?.includes('\u0000')) throw badRequest('searchKey must not contain the character NUL');
  return text || undefined;
}

function positiveInt(q: Query, name: string): number | undefined {
  const raw = single(q, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest(`${name} must be a whole number from 1`);
  return Number(raw);
}

/** One optional YYYY-MM-DD query parameter, with the list query's messages; for routes outside lists. */
export function queryDate(query: unknown, name: string): string | undefined {
  return date(query && typeof query === 'object' ? (query as Query) : {}, name);
}

function date(q: Query, name: string): string | undefined {
  const raw = single(q, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!isIsoDate(raw)) throw badRequest(`${name} must be a date in the format YYYY-MM-DD`);
  if (!isDateInRange(raw)) throw badRequest(`${name} must be a date from ${DATE_RANGE.min} to ${DATE_RANGE.max}`);
  return raw;
}

export function nextDay(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
