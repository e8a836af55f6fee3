import { HTTPError } from 'ky';

/**
 * The error ky throws when the server answers `status` with `body`, for jsdom tests (which have no
 * fetch to make a real one). ky has read the body into `data` by the time a caller sees the error.
 */
export function httpError(status: number, body: unknown): HTTPError {
  const response = { status, statusText: '' } as Response;
  const request = { method: 'POST', url: 'http://localhost/api/v2' } as Request;
  return Object.assign(new HTTPError(response, request, {} as never), { data: body });
}
