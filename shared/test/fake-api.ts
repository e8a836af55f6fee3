/**
 * An in-memory stand-in for the server's resource calls (`endpointApi` of @ushirika/shared/api), for screen
 * tests: each path's rows, the saves the screens sent, and a way to make the next save fail. Use it with
 *
 *   jest.mock('@ushirika/shared/api', () => require('<relative path>/shared/test/fake-api').fakeApiModule());
 *
 * so every resource screen (and its selects) reads and writes here instead of over HTTP.
 */
import type { Endpoint, ListQuery } from '../src/contract';

export interface SentSave {
  path: string;
  body: object;
  id?: number;
}

export const fakeServer = {
  rows: new Map<string, object[]>(),
  saves: [] as SentSave[],
  pageRequests: [] as { path: string; query: ListQuery }[],
  /** Thrown by the next save, once (e.g. `httpError(409, {...})`). */
  nextSaveFailure: undefined as unknown,
  reset() {
    this.rows.clear();
    this.saves = [];
    this.pageRequests = [];
    this.nextSaveFailure = undefined;
  },
};

export function fakeEndpointApi(endpoint: Endpoint<object>) {
  const { path } = endpoint;
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

/** The module @ushirika/shared/api with its resource calls served by `fakeServer`. */
export function fakeApiModule() {
  return { ...jest.requireActual<object>('../src/api'), endpointApi: fakeEndpointApi };
}
