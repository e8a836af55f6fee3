import type { KyInstance } from 'ky';
import { isHTTPError } from 'ky';
import { api } from '@ushirika/shared/api';
import type { Endpoint, RecordResponse, StaleSave } from '@ushirika/shared/contract';

/*
 * One record as the server has it now (issue 24, "Lost updates"): an edit screen reads its record by id, with
 * the version it is at, and its save sends that version back. These live in the kit, not in the API client
 * (a host singleton): a remote built with them also runs in a host whose client predates them.
 */

/** What names one record's call: `GET /<path>/{id}` answers `{ <singular>: record }` (a contract `Endpoint` will do). */
export type RecordEndpoint<Row extends object> = Pick<Endpoint<Row>, 'path' | 'singular'> & Partial<Pick<Endpoint<Row>, 'row'>>;

/** `GET /<path>/{id}`: the record with its version; a failure throws (404: no such record, or not the partner's). */
export async function loadRecord<Row extends object>(endpoint: RecordEndpoint<Row>, id: number | string, signal?: AbortSignal, client: KyInstance = api): Promise<Row> {
  const body = await client.get(`${endpoint.path}/${id}`, { signal }).json<RecordResponse<string, Row>>();
  const record = body[endpoint.singular];
  if (record === undefined) throw new Error(`GET ${endpoint.path}/${id} answered no ${endpoint.singular}`);
  return record;
}

/** The record had changed since the form read it: the server's 409 with who changed it, when, and its version now. */
export function staleSaveOf(error: unknown): StaleSave | undefined {
  if (!isHTTPError(error) || error.response.status !== 409) return undefined;
  const data = error.data as Partial<StaleSave> | undefined;
  return typeof data?.version === 'number' && typeof data.changedAt === 'string' ? (data as StaleSave) : undefined;
}

/** A record id from a route parameter: a positive whole number, else undefined (a typed address such as `/edit/abc`). */
export function recordId(param: string | undefined): number | undefined {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return undefined;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
