import { useEffect, useReducer, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasValidSession, tokenExpiry, useSession } from '@ushirika/shared/session';

export const LOGIN_PATH = '/login';

/** Longest delay setTimeout accepts (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Re-renders when the token's exp passes, so an open screen leaves for /login without a click. */
function useRerenderAtExpiry(token: string | null): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const exp = token ? tokenExpiry(token) : null;
    if (exp === null) return undefined;
    const timer = setTimeout(tick, Math.min(Math.max(exp * 1000 - Date.now(), 0) + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [token]);
}

/**
 * The session gate (spec 2.1): every private path needs a stored user and an unexpired token, checked again on
 * every navigation (the location is read, so each navigation re-renders the gate) and when the token expires.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const user = useSession((state) => state.user);
  const accessToken = useSession((state) => state.access_token);
  const location = useLocation();
  useRerenderAtExpiry(accessToken);
  if (!hasValidSession({ user, access_token: accessToken })) {
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  }
  return children;
}
