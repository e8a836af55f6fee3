/**
 * A stand-in for the shared `api` client (ky) in this area's screen tests: each call is recorded with its
 * method, path and body, and answered by the handler a test set for `'<METHOD> <path>'` (a missing one fails
 * the call, so an unexpected request shows). Used beside shared/test/fake-api.ts, which serves the lists:
 *
 *   jest.mock('@ushirika/shared/api', () => ({
 *     ...jest.requireActual('<…>/shared/test/fake-api').fakeApiModule(),
 *     api: jest.requireActual('<…>/test/fake-http').fakeKy,
 *   }));
 */

export interface HttpCall {
  method: string;
  path: string;
  json?: unknown;
  body?: unknown;
  signal?: AbortSignal;
}

type Handler = (call: HttpCall) => unknown;

export const fakeHttp = {
  calls: [] as HttpCall[],
  handlers: new Map<string, Handler>(),
  /** Answers `route` ('POST notifymany') with what `handler` returns, or fails with what it throws. */
  on(route: string, handler: Handler) {
    this.handlers.set(route, handler);
  },
  /** The calls made to `route`, oldest first. */
  callsTo(route: string) {
    return this.calls.filter((call) => `${call.method} ${call.path}` === route);
  },
  reset() {
    this.calls = [];
    this.handlers.clear();
  },
};

function method(name: string) {
  return (path: string, options: { json?: unknown; body?: unknown; signal?: AbortSignal } = {}) => {
    const call: HttpCall = { method: name, path, ...options };
    fakeHttp.calls.push(call);
    const answer = async () => {
      const handler = fakeHttp.handlers.get(`${name} ${path}`);
      if (!handler) throw new Error(`No answer set for ${name} ${path}`);
      return handler(call);
    };
    return { json: answer, blob: answer, text: answer };
  };
}

/** The methods of the ky instance the area's calls use. */
export const fakeKy = { get: method('GET'), post: method('POST'), put: method('PUT'), delete: method('DELETE') };
