import { useCallback, useEffect, useRef, useState } from 'react';
import { listQuery, type Page, type PageLoader } from '../api';
import { LIST_PAGE_SIZE } from '../contract';

/** One fetch the user asked for. A new object per click, so the same page twice still refetches. */
interface ListRequest {
  page: number;
  searchKey: string;
}

interface Outcome<Row> {
  request: ListRequest;
  result?: Page<Row>;
  error?: unknown;
}

export interface PagedList<Row> {
  /** Rows of the current request; empty while it loads (spec: paging or searching clears the rows). */
  rows: Row[];
  loading: boolean;
  /** The failure of the current request, if it failed. */
  error: unknown;
  page: number;
  pages: number;
  /** The search text of the current request ('' for none), e.g. for an export of what the list shows. */
  searchKey: string;
  goTo: (page: number) => void;
  search: (text: string) => void;
  /** Fetches the current page again (Retry, or after an action such as Resend). */
  reload: () => void;
}

/**
 * State of a paged, searchable list. Each request aborts the one before it, and an outcome is shown
 * only for the request it answers, so a slow old answer can never replace a newer one.
 */
export function usePagedList<Row>(load: PageLoader<Row>, pageSize: number = LIST_PAGE_SIZE): PagedList<Row> {
  const [request, setRequest] = useState<ListRequest>({ page: 1, searchKey: '' });
  const [outcome, setOutcome] = useState<Outcome<Row> | null>(null);
  // Kept from the last answer so the pager does not jump to "of 1" while the next page loads.
  const [total, setTotal] = useState(0);
  // A screen may pass a new loader function on every render; only a new request should refetch.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    const query = listQuery({ page: request.page, pagesize: pageSize, searchKey: request.searchKey });
    loadRef.current(query, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setOutcome({ request, result });
        setTotal(result.total);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setOutcome({ request, error });
      },
    );
    return () => controller.abort();
  }, [request, pageSize]);

  const current = outcome?.request === request ? outcome : null;
  return {
    rows: current?.result?.rows ?? [],
    loading: current === null,
    error: current?.error,
    page: request.page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    searchKey: request.searchKey,
    goTo: useCallback((page: number) => setRequest((r) => ({ ...r, page })), []),
    search: useCallback((text: string) => setRequest({ page: 1, searchKey: text.trim() }), []),
    reload: useCallback(() => setRequest((r) => ({ ...r })), []),
  };
}
