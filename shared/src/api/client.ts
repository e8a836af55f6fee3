import ky, { type KyInstance } from 'ky';
import { useSession } from '../session';

/** Every call goes to the server's /api/v2; screens name only the resource (`api.get('meeting_types')`). */
export const API_PREFIX = '/api/v2';

/**
 * Spec 6/7: every request carries the token and is scoped by the partner's id. Read from the store at
 * send time (not when the instance is made) so a login or logout takes effect on the next call.
 */
function authorise({ request }: { request: Request }): Request {
  const { access_token, user } = useSession.getState();
  if (access_token) request.headers.set('Authorization', `Bearer ${access_token}`);
  if (!user) return request;
  const url = new URL(request.url);
  url.searchParams.set('tenantid', String(user.Partner.id));
  return new Request(url, request);
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
