import { api } from '@ushirika/shared/api';
import {
  CHANGE_PASSWORD_PATH,
  LOGOUT_EVERYWHERE_PATH,
  LOGOUT_PATH,
  SESSIONS_PATH,
  TWO_STEP_CONFIRM_PATH,
  TWO_STEP_PATH,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type LogoutEverywhereResponse,
  type SessionsResponse,
  type StatusOnly,
  type TwoStepConfirmed,
  type TwoStepEnrolment,
} from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';

/**
 * POST /api/v2/password. Every other session ends at once and the token this browser sent is refused from
 * now on, so the answer's new token replaces it in the session store before anything else is called.
 */
export async function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  const answer = await api.post(CHANGE_PASSWORD_PATH, { json: body }).json<ChangePasswordResponse>();
  const { user, login } = useSession.getState();
  if (user) login({ access_token: answer.access_token, user });
  return answer;
}

/** POST /api/v2/logout-all: every token of the user, this browser's included, is refused from now on. */
export function logoutEverywhere(): Promise<LogoutEverywhereResponse> {
  return api.post(LOGOUT_EVERYWHERE_PATH).json<LogoutEverywhereResponse>();
}

/** How long LogOut waits for the server to end the session before signing out this browser anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * LogOut's first half: POST /api/v2/logout ends this session on the server (its token is refused from now on).
 * Sent while the store still holds the token; a failure or no answer is ignored, since this browser signs out all
 * the same.
 */
export async function endThisSession(): Promise<void> {
  try {
    await api.post(LOGOUT_PATH, { timeout: LOGOUT_WAIT_MS }).json();
  } catch {
    // Ignored: the session ends here anyway, and on the server when its token expires.
  }
}

/** POST /api/v2/me/two-step: a new secret waiting for its first code (any earlier unconfirmed one is replaced). */
export function startTwoStep(): Promise<TwoStepEnrolment> {
  return api.post(TWO_STEP_PATH).json<TwoStepEnrolment>();
}

/** POST /api/v2/me/two-step/confirm: the first code turns two-step sign-in on; the answer has the recovery codes. */
export function confirmTwoStep(code: string): Promise<TwoStepConfirmed> {
  return api.post(TWO_STEP_CONFIRM_PATH, { json: { code } }).json<TwoStepConfirmed>();
}

/** DELETE /api/v2/me/two-step: turns it off with a code (refused while the partner requires it of the user's roles). */
export function turnOffTwoStep(code: string): Promise<StatusOnly> {
  return api.delete(TWO_STEP_PATH, { json: { code } }).json<StatusOnly>();
}

/** GET /api/v2/me/sessions: where the user is signed in, newest first. */
export function listSessions(signal?: AbortSignal): Promise<SessionsResponse> {
  return api.get(SESSIONS_PATH, { signal }).json<SessionsResponse>();
}

/** DELETE /api/v2/me/sessions/{id}: that device must sign in again. */
export function endSession(id: string): Promise<StatusOnly> {
  return api.delete(`${SESSIONS_PATH}/${encodeURIComponent(id)}`).json<StatusOnly>();
}
