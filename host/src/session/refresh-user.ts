import { useEffect } from 'react';
import { api } from '@ushirika/shared/api';
import { ME_PATH, type MeResponse } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';

/** A window coming back into focus reads the user again at most this often. */
export const USER_REFRESH_INTERVAL_MS = 60_000;

/**
 * Reads the signed-in user again (GET /api/v2/me) into the session store, so roles changed since the login
 * apply without a new login: the menus and screens follow at once. An answer equal to the stored user changes
 * nothing (no screen re-renders); one that arrives after a logout or another login is dropped.
 */
export async function refreshUser(): Promise<void> {
  const asked = useSession.getState().access_token;
  if (!asked) return;
  const { user } = await api.get(ME_PATH).json<MeResponse>();
  const { access_token, user: stored, setUser } = useSession.getState();
  if (access_token !== asked || JSON.stringify(stored) === JSON.stringify(user)) return;
  setUser(user);
}

/**
 * Keeps the session's user fresh while signed in: once when mounted, then when the window gets the focus back,
 * at most every USER_REFRESH_INTERVAL_MS. A 401 logs out through the API client, as every 401 does; any other
 * failure (a server before /me, no network) keeps the stored user.
 */
export function useUserRefresh(): void {
  useEffect(() => {
    let last = Number.NEGATIVE_INFINITY;
    const refresh = () => {
      if (Date.now() - last < USER_REFRESH_INTERVAL_MS) return;
      last = Date.now();
      refreshUser().catch(() => undefined);
    };
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);
}
