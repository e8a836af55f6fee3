import type { KyInstance } from 'ky';
import type { Endpoint, ListQuery, ListResponse } from '../contract';
import { MAX_PAGE_SIZE } from '../contract/constants';
import { api } from './client';
import { listQuery } from './list-query';

/** One page of a list, whatever the resource calls its rows. */
export interface Page<Row> {
  rows: Row[];
  total: number;
  /** The server counted only so far and estimated the rest (`total_is_estimate`): "of about N". */
  totalIsEstimate?: boolean;
  /**
   * The answer's other fields, when it has any (issue 28.3: GET /income's `total_amount`), for a list's summary
   * (ListPage `summary`, `PagedList.response`).
   */
  response?: Readonly<Record<string, unknown>>;
}

/**
 * What a list screen needs: fetch one page for a query; `signal` cancels it when the user moves on.
 * `path` (the API path read) keys the screen's cache, so a save to that path refreshes the list; `params`, fixed
 * query parameters the loader adds (a filter such as `{ type: 'ROOT' }`), key it too.
 */
export type PageLoader<Row> = ((query: ListQuery, signal?: AbortSignal) => Promise<Page<Row>>) & { path?: string; params?: Readonly<Record<string, string>> };

/**
 * A loader for `GET /<path>` answering `{ <key>: rows, total }` (spec 7).
 * Usage: `export const loadMeetingTypes = pageLoader<MeetingType>('meeting_types', 'meeting_types');`
 * `client` is for tests that point the same hooks at another origin.
 */
export function pageLoader<Row>(path: string, key: string, client: KyInstance = api): PageLoader<Row> {
  const load = async (query: ListQuery, signal?: AbortSignal) => {
    const body = await client.get(path, { searchParams: { ...query }, signal }).json<ListResponse<string, Row>>();
    const { [key]: rows, total, total_is_estimate: estimated, ...others } = body as Record<string, unknown>;
    return {
      rows: (rows as Row[] | undefined) ?? [],
      total: total as number,
      ...(estimated ? { totalIsEstimate: true } : {}),
      ...(Object.keys(others).length > 0 ? { response: others } : {}),
    };
  };
  return Object.assign(load, { path });
}

/**
 * Every row of a list, read in pages of the largest size the server allows: for choices (a select must offer
 * every meeting type, not the first 25) and editors that need the whole set (a group's members).
 */
export async function loadAll<Row>(load: PageLoader<Row>, signal?: AbortSignal): Promise<Row[]> {
  const all: Row[] = [];
  for (let page = 1; ; page += 1) {
    const { rows, total, totalIsEstimate } = await load(listQuery({ page, pagesize: MAX_PAGE_SIZE }), signal);
    all.push(...rows);
    // A short page ends it (rows may disappear while the list is read); so does an exact total reached. An
    // estimated total (past 500 rows) may be too high or too low: only the pages say where the end is.
    if (rows.length < MAX_PAGE_SIZE || (!totalIsEstimate && all.length >= total)) return all;
  }
}

/** A save's answer: `status_msg` and the saved record under its singular name (contract SaveResponse). */
export type SaveAnswer = { status_msg: string } & Record<string, unknown>;

/**
 * Creates (`POST /<path>`) or, given an id, updates (`PUT /<path>/<id>`) a record.
 * Answers `{ status_msg, <singular>: record }`; a failure throws (see errorText).
 */
export function saveRecord<Body extends object>(path: string, body: Body, id?: number | string, client: KyInstance = api): Promise<SaveAnswer> {
  const request = id === undefined ? client.post(path, { json: body }) : client.put(`${path}/${id}`, { json: body });
  return request.json<SaveAnswer>();
}

/** The calls of one resource (contract `Endpoint`): a page of its list, every record, a save. */
export function endpointApi<Row extends object>(endpoint: Endpoint<Row>, client: KyInstance = api) {
  const page = pageLoader<Row>(endpoint.path, endpoint.plural, client);
  return {
    page,
    all: (signal?: AbortSignal) => loadAll(page, signal),
    save: (body: object, id?: number) => saveRecord(endpoint.path, body, id, client),
  };
}
