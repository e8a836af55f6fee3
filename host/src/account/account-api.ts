import { api } from '@ushirika/shared/api';
import {
  CHANGE_PASSWORD_PATH,
  LOGOUT_EVERYWHERE_PATH,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type LogoutEverywhereResponse,
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
