import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LoginResponse, SessionUser } from '../contract';
import { DEFAULT_TIME_ZONE, ETRACKER_PRODUCT } from '../contract/constants';
import { isTokenExpired } from './token';

export const SESSION_STORAGE_KEY = 'ushirika.session';

/**
 * Records handed to edit screens through localStorage (spec 2.1), under this prefix, keyed by partner and user
 * (`handOffKey`), by the kit before 3.0. Edit screens now read their record from the server by the id in their
 * address and store nothing; the host removes what older versions left (`clearHandOffs` at start, login and
 * logout). The key functions stay for remotes built against kit 2, which still write them.
 */
export const HAND_OFF_PREFIX = 'ushirika.edit:';

/** Whose hand-offs: the partner id and the email (lower case), or 'nobody' without a signed-in user. */
export function handOffOwner(user: Pick<SessionUser, 'email' | 'Partner'> | null): string {
  return user ? `${user.Partner.id}:${encodeURIComponent(user.email.trim().toLowerCase())}` : 'nobody';
}

/** The localStorage key of the record handed to the edit screen at `path` for `user`. */
export function handOffKey(user: Pick<SessionUser, 'email' | 'Partner'> | null, path: string): string {
  return `${HAND_OFF_PREFIX}${handOffOwner(user)}:${path}`;
}

/** Removes every stored hand-off (of any user, and the unkeyed ones older versions wrote). */
export function clearHandOffs(): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(HAND_OFF_PREFIX)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // No usable storage (disabled, or no DOM): then nothing was stored either.
  }
}

export interface SessionState {
  user: SessionUser | null;
  access_token: string | null;
  authenticated: boolean;
  /** Stores the login answer (spec 4: "successful login stores the session and token"); drops every edit hand-off. */
  login: (response: LoginResponse) => void;
  /** Removes user, token and the authenticated flag (opening /login, LogOut, a 401), and every edit hand-off. */
  logout: () => void;
  /** A login answered 401/403 removes the stored user (spec 4), and every edit hand-off. */
  clearUser: () => void;
  /** Replaces the signed-in user with the server's current view of them (GET /api/v2/me: roles changed since the login). */
  setUser: (user: SessionUser) => void;
}

/**
 * The one auth store. Shared as a federation singleton, so host and every remote read
 * the same session. Persisted to localStorage so a reload keeps the user signed in.
 */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      access_token: null,
      authenticated: false,
      login: ({ access_token, user }) => {
        clearHandOffs();
        set({ access_token, user, authenticated: true });
      },
      logout: () => {
        clearHandOffs();
        set({ user: null, access_token: null, authenticated: false });
      },
      clearUser: () => {
        clearHandOffs();
        set({ user: null, authenticated: false });
      },
      setUser: (user) => set((state) => (state.authenticated ? { user } : {})),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, access_token, authenticated }) => ({ user, access_token, authenticated }),
    },
  ),
);

/** A session is valid while it holds a user and an unexpired token (spec 2.1). */
export function hasValidSession(state: Pick<SessionState, 'user' | 'access_token'>, nowMs: number = Date.now()): boolean {
  return Boolean(state.user) && !isTokenExpired(state.access_token, nowMs);
}

/** The partner's time zone: its days, weeks, M-Pesa payment times and schedules are shown on that clock. */
export function partnerTimeZone(user: SessionUser | null): string {
  return user?.Partner.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The signed-in partner's time zone, for a screen. */
export const usePartnerTimeZone = (): string => useSession((state) => partnerTimeZone(state.user));

export function isEtracker(user: SessionUser | null): boolean {
  return user?.Partner.product === ETRACKER_PRODUCT;
}
