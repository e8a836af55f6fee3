import { QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { isHTTPError } from 'ky';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { endpointApi, listQuery, type Page, type PageLoader } from '@ushirika/shared/api';
import { LIST_PAGE_SIZE, type Endpoint } from '@ushirika/shared/contract';
import type { Option } from '@ushirika/shared/forms';
import { loadRecord, type RecordEndpoint } from './record';

/*
 * Reading from the server goes through TanStack Query (docs/architecture.md): one cache per page, shared by
 * every screen of every area (the host's ScreenProviders holds the client), with de-duplication of equal
 * requests, a retry of failures that may pass on a second try, and lists refreshed after a save.
 */

/** A failure worth one more try: no answer, or the server's own trouble (5xx). A 4xx will not change. */
function mayPassOnRetry(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  return !isHTTPError(error) || error.response.status >= 500;
}

/** The one client of a page: created by ScreenProviders (the host's, or a remote's standalone dev shell through AppProviders). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: mayPassOnRetry, retryDelay: 500, staleTime: 10_000 },
      // A save is never repeated behind the user's back.
      mutations: { retry: false },
    },
  });
}

export interface PagedList<Row> {
  /** Rows of the current page; empty until they arrive (spec 2.3: paging or searching clears the rows). */
  rows: Row[];
  loading: boolean;
  /** The failure of the current request, if it failed. */
  error: unknown;
  page: number;
  pages: number;
  /** `pages` comes from the server's estimate of the total (more than 500 rows match past the page): "of about". */
  pagesEstimated: boolean;
  /** The search text of the current request ('' for none), e.g. for an export of what the list shows. */
  searchKey: string;
  goTo: (page: number) => void;
  search: (text: string) => void;
  /** Fetches the current page again (Retry, or after an action such as Resend). */
  reload: () => void;
  /** The chosen date range ('' for an open bound); both '' until a list with dates is given some. */
  dates: DateRange;
  /** Lists from page 1 within these dates (ListPage `dates`). */
  setDates: (dates: DateRange) => void;
  /**
   * The current page's answer beyond its rows and total (say, `total_amount` of GET /income), as the loader keeps
   * it (`Page.response`); undefined while loading, and from a loader (or an older host's) that keeps none.
   */
  response: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The open end of a list that has a date range (issue 28.3: ListPage `dates`) when the user chose no 'To': the
 * last date the server accepts (DATE_RANGE.max of shared/src/validation/rules.ts, not imported: a list screen does
 * not load the validation kit). Such a list reaches every record the server can hold, a meeting planned for next
 * Sunday or an income typed with a wrong year alike; nothing dated by its creation is in the future, so the far end
 * costs nothing there. (A rolling 'today + N years' would miss records past it, for no gain.) Lists without a date
 * range keep the standard query, which ends today (spec 7).
 */
export const LIST_OPEN_END = '2100-12-31';
/** The first date the server accepts in a list query (DATE_RANGE.min): a 'From' before it is not asked for. */
export const LIST_EARLIEST_DATE = '1900-01-01';

/** A list's chosen dates, YYYY-MM-DD, inclusive; '' leaves that end open. */
export interface DateRange {
  from: string;
  to: string;
}

export interface PagedListOptions {
  /**
   * The list has a date range (issue 28.3): the chosen dates are asked for, and an open 'To' reaches the future
   * (LIST_OPEN_END) instead of stopping at today as the standard query does.
   */
  dates?: boolean;
}

/** A page as a loader may answer it, with the whole answer kept (`pageLoader` keeps it as `response`). */
type AnsweredPage<Row> = Page<Row> & { response?: Readonly<Record<string, unknown>> };

const NO_DATES: DateRange = { from: '', to: '' };

/**
 * State of a paged, searchable list. Each page and search is its own cache entry: a page seen a moment ago
 * shows at once while it is refreshed, a new one shows 'Loading Data'. Leaving a page cancels its request.
 */
export function usePagedList<Row>(load: PageLoader<Row>, pageSize: number = LIST_PAGE_SIZE, { dates: hasDates = false }: PagedListOptions = {}): PagedList<Row> {
  // `toLast`: the user asked for the last page (Last, or a page number at or past it), wherever the end turns out to be.
  const [request, setRequest] = useState<{ page: number; searchKey: string; toLast?: boolean; dates: DateRange }>({ page: 1, searchKey: '', dates: NO_DATES });
  // Another list behind the same screen (a filter such as 'Waiting for allocation only' switches the loader):
  // its page 1, with the same search and dates. Set during render, as below.
  const listKey = JSON.stringify([load.path ?? null, load.params ?? null]);
  const [shownList, setShownList] = useState(listKey);
  if (shownList !== listKey) {
    setShownList(listKey);
    setRequest({ ...request, page: 1, toLast: false });
  }
  const startdate = hasDates ? request.dates.from : '';
  const enddate = hasDates ? request.dates.to || LIST_OPEN_END : '';
  // The cache key: the API path the loader reads (`pageLoader` gives it), so a save there refreshes the
  // list; a loader without one (made inline, say) is this list's own. A screen may pass a new loader
  // function on every render: only a new page or search fetches.
  const ownKey = useId();
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const query = useQuery({
    queryKey: [load.path ?? ownKey, 'page', load.params ?? null, pageSize, request.page, request.searchKey, startdate, enddate],
    queryFn: ({ signal }): Promise<AnsweredPage<Row>> => {
      const standard = listQuery({ page: request.page, pagesize: pageSize, searchKey: request.searchKey });
      // The chosen dates over the standard ones, here rather than in listQuery: the api module is the host's, which
      // may be older than this kit.
      return loadRef.current(hasDates ? { ...standard, startdate: startdate || standard.startdate, enddate } : standard, signal);
    },
  });
  // Kept from the last answer so the pager does not jump to "of 1" while the next page loads.
  const [last, setLast] = useState({ total: 0, estimated: false });
  const answered = query.data && { total: query.data.total, estimated: query.data.totalIsEstimate === true };
  // React's "adjust state when a value changes" pattern: set during render, no extra effect pass.
  if (answered && (answered.total !== last.total || answered.estimated !== last.estimated)) setLast(answered);
  const { total, estimated } = answered ?? last;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (an estimated total that was too high, or the last row of the last page deleted)
  // comes back empty with the exact total: show the real last page instead of an empty one. Set during render
  // as above; the page only ever goes down, to at least 1, so this ends (an empty list stays on page 1).
  if (query.data?.rows.length === 0 && request.page > pages) setRequest({ ...request, page: pages });
  // Last on an estimated total that was too low: the answer near the end counts further, so follow it to the
  // real last page (each deep answer counts at least 500 rows further, so this ends on an exact total).
  else if (request.toLast && answered && request.page < pages) setRequest({ ...request, page: pages });
  // For goTo: how many pages the pager shows now.
  const pagesRef = useRef(pages);
  useEffect(() => {
    pagesRef.current = pages;
  });
  const { refetch } = query;
  return {
    rows: query.data?.rows ?? [],
    loading: query.data === undefined && (query.isPending || query.isFetching),
    error: query.isFetching ? undefined : query.error,
    page: request.page,
    pages,
    pagesEstimated: estimated,
    searchKey: request.searchKey,
    goTo: useCallback((page: number) => setRequest((current) => ({ ...current, page, toLast: page >= pagesRef.current })), []),
    search: useCallback((text: string) => setRequest((current) => ({ page: 1, searchKey: text.trim(), dates: current.dates })), []),
    reload: useCallback(() => void refetch(), [refetch]),
    dates: request.dates,
    setDates: useCallback((dates: DateRange) => setRequest((current) => ({ page: 1, searchKey: current.searchKey, dates })), []),
    response: query.data?.response,
  };
}

export interface OptionsState {
  options: Option[];
  loading: boolean;
  error: unknown;
}

/**
 * Choices for a SelectField that come from the server: `key` is the API path they are read from (so a save
 * there refreshes them), `load` reads them all.
 */
export function useOptions(key: string, load: (signal: AbortSignal) => Promise<Option[]>): OptionsState {
  const query = useQuery({ queryKey: [key, 'options'], queryFn: ({ signal }) => load(signal) });
  return { options: query.data ?? [], loading: query.isPending, error: query.error ?? undefined };
}

/**
 * Every record of an endpoint (`GET /<path>`, read in pages) as a select's options: `{ value: id, label }`,
 * only the records `filter` keeps when one is given (say, income accounts only). The records are cached by
 * their path, whatever the filter, so every select of them shares one request and a save there refreshes
 * them. No endpoint (undefined) gives no options and asks nothing.
 */
export function useEndpointOptions<Row extends { id: number }>(
  endpoint: Endpoint<Row> | undefined,
  label: (row: Row) => string,
  filter?: (row: Row) => boolean,
): OptionsState {
  const query = useQuery({
    queryKey: [endpoint?.path ?? 'none', 'records'],
    queryFn: ({ signal }) => (endpoint ? endpointApi(endpoint).all(signal) : Promise.resolve([] as Row[])),
    // Per select: the cached records stay whole, each select keeps and labels its own.
    select: (rows: Row[]) => (filter ? rows.filter(filter) : rows).map((row) => ({ value: row.id, label: label(row) })),
  });
  return { options: query.data ?? [], loading: query.isPending, error: query.error ?? undefined };
}

export interface RecordState<Row> {
  /** The record as the server has it; undefined while it loads or when it could not be read. */
  record: Row | undefined;
  loading: boolean;
  /** The failure of the read: a 404 means there is no such record (or it is not the partner's). */
  error: unknown;
  /** Reads the record again (after a save over a newer version: the form then shows what the server has). */
  reload: () => void;
}

/**
 * One record read from the server for its edit screen (`GET /<path>/{id}`), never from a cache of an earlier
 * visit: the screen shows the record as it is now, with the version its save will send. Cached under the
 * endpoint's path, so a save there (useRefreshAfterSave) refreshes it too; dropped as soon as the screen closes.
 */
export function useRecord<Row extends object>(endpoint: RecordEndpoint<Row>, id: number): RecordState<Row> {
  const query = useQuery({
    queryKey: [endpoint.path, 'record', id],
    queryFn: ({ signal }) => loadRecord(endpoint, id, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const { refetch } = query;
  return {
    record: query.data,
    loading: query.isPending,
    error: query.isFetching ? undefined : query.error,
    reload: useCallback(() => void refetch(), [refetch]),
  };
}

/** After a save to `path`: every cached list and choice read from it is stale and refetched where shown. */
export function useRefreshAfterSave(): (path: string) => Promise<void> {
  const client = useQueryClient();
  return useCallback((path: string) => client.invalidateQueries({ queryKey: [path] }), [client]);
}

export type { Page, PageLoader };
