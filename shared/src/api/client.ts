import ky, { type KyInstance } from 'ky';
import { useSession } from '@ushirika/shared/session';

/** Every call goes to the server's /api/v2; screens name only the resource (`api.get('meeting_types')`). */
export const API_PREFIX = '/api/v2';

/**
 * Spec 6/7: every request carries the token and is scoped by the partner's id. Read from the store at
 * send time (not when the instance is made) so a login or logout takes effect on the next call.
 */
async function authorise({ request }: { request: Request }): Promise<Request> {
  const { access_token, user } = useSession.getState();
  if (access_token) request.headers.set('Authorization', `Bearer ${access_token}`);
  if (!user) return request;
  const url = new URL(request.url);
  url.searchParams.set('tenantid', String(user.Partner.id));
  return new Request(url, await requestInit(request));
}

/**
 * The init that copies `request` to another address. `new Request(url, request)` would carry the body
 * over as a stream, and Chromium sends a streamed body only over HTTP/2: every save over HTTP/1.1
 * failed with "Failed to fetch". So the body (JSON or multipart, whose boundary is in the headers)
 * is copied as bytes.
 */
async function requestInit(request: Request): Promise<RequestInit> {
  const { method, headers, signal, credentials, cache, redirect, referrer, referrerPolicy, integrity, keepalive, mode } = request;
  const body = request.body === null ? null : await request.arrayBuffer();
  return { method, headers, body, signal, credentials, cache, redirect, referrer, referrerPolicy, integrity, keepalive, mode };
}

/**
 * A 401 means the token is gone or expired: ending the session makes the host's gate send the user to
 * /login (spec 2.1). A 401 from /login itself is just wrong credentials, which the login screen handles.
 */
function logoutOnUnauthorised({ request, response }: { request: Request; response: Response }): void {
  if (response.status === 401 && !new URL(request.url).pathname.endsWith('/login')) {
    useSession.getState().logout();
  }
}

export const api: KyInstance = ky.create({
  prefix: API_PREFIX,
  // Saves must never be sent twice behind the user's back; lists are cheap to retry by hand (Retry).
  retry: 0,
  hooks: {
    beforeRequest: [authorise],
    afterResponse: [logoutOnUnauthorised],
  },
});
