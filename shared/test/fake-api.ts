/**
 * An in-memory stand-in for the server's resource calls (`endpointApi` of @ushirika/shared/api), for screen
 * tests: each path's rows, the saves the screens sent, and a way to make the next save fail. Use it with
 *
 *   jest.mock('@ushirika/shared/api', () => require('<relative path>/shared/test/fake-api').fakeApiModule());
 *
 * so every resource screen (and its selects) reads and writes here instead of over HTTP.
 */
import type { Endpoint, ListQuery } from '../src/contract';
import { httpError } from './http-error';

export interface SentSave {
  path: string;
  body: object;
  id?: number;
}

export const fakeServer = {
  rows: new Map<string, object[]>(),
  saves: [] as SentSave[],
  pageRequests: [] as { path: string; query: ListQuery }[],
  /** The records edit screens read (`<path>/<id>`), in order. */
  recordRequests: [] as string[],
  /** Thrown by the next record read, once (e.g. `httpError(500, {...})`). */
  nextRecordFailure: undefined as unknown,
  /** The singular name of each path's record (a test's own endpoints; the contract's are found without it). */
  singulars: new Map<string, string>(),
  /** Thrown by the next save, once (e.g. `httpError(409, {...})`). */
  nextSaveFailure: undefined as unknown,
  reset() {
    this.rows.clear();
    this.saves = [];
    this.pageRequests = [];
    this.recordRequests = [];
    this.nextRecordFailure = undefined;
    this.nextSaveFailure = undefined;
  },
};

export function fakeEndpointApi(endpoint: Endpoint<object>) {
  const { path } = endpoint;
  fakeServer.singulars.set(path, endpoint.singular);
  const rowsOf = () => fakeServer.rows.get(path) ?? [];
  const page = async (query: ListQuery) => {
    fakeServer.pageRequests.push({ path, query });
    const start = (query.page - 1) * query.pagesize;
    return { rows: rowsOf().slice(start, start + query.pagesize), total: rowsOf().length };
  };
  return {
    page: Object.assign(page, { path }),
    all: async () => rowsOf(),
    save: async (body: object, id?: number) => {
      const failure = fakeServer.nextSaveFailure;
      if (failure !== undefined) {
        fakeServer.nextSaveFailure = undefined;
        throw failure;
      }
      fakeServer.saves.push({ path, body, id });
      return { status_msg: endpoint.savedText };
    },
  };
}

/** Every endpoint of the contract: an edit screen's `GET /<path>/{id}` answers `{ <singular>: record }`. */
function singularOf(path: string): string | undefined {
  const known = fakeServer.singulars.get(path);
  if (known) return known;
  const contract = jest.requireActual<Record<string, unknown>>('../src/contract');
  const endpoint = Object.values(contract).find(
    (value): value is Endpoint<object> => typeof value === 'object' && value !== null && (value as Endpoint<object>).path === path && 'singular' in value,
  );
  return endpoint?.singular;
}

/**
 * The API client's `get`, for what the kit reads with it: one record by id (`<path>/<id>`, an edit screen) from
 * `fakeServer.rows`, 404 when there is none; anything else fails as it would without a server.
 */
function fakeGet(url: string) {
  const answer = async () => {
    fakeServer.recordRequests.push(url);
    const failure = fakeServer.nextRecordFailure;
    if (failure !== undefined) {
      fakeServer.nextRecordFailure = undefined;
      throw failure;
    }
    const [, path, id] = /^(.+)\/(\d+)$/.exec(url) ?? [];
    const singular = path && singularOf(path);
    const row = singular && fakeServer.rows.get(path!)?.find((candidate) => (candidate as { id?: number }).id === Number(id));
    if (!row) throw httpError(404, { status_msg: 'Not found' });
    return { [singular!]: row };
  };
  return { json: answer };
}

/** The module @ushirika/shared/api with its resource calls served by `fakeServer`. */
export function fakeApiModule() {
  const actual = jest.requireActual<typeof import('../src/api')>('../src/api');
  return { ...actual, endpointApi: fakeEndpointApi, api: Object.assign(Object.create(actual.api) as object, { get: fakeGet }) };
}
