import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LoginResponse, SessionUser } from '../contract';
import { ETRACKER_PRODUCT } from '../contract';
import { isTokenExpired } from './token';

export const SESSION_STORAGE_KEY = 'ushirika.session';

export interface SessionState {
  user: SessionUser | null;
  access_token: string | null;
  authenticated: boolean;
  /** Stores the login answer (spec 4: "successful login stores the session and token"). */
  login: (response: LoginResponse) => void;
  /** Removes user, token and the authenticated flag (opening /login, LogOut, a 401). */
  logout: () => void;
  /** A login answered 401/403 removes the stored user (spec 4). */
  clearUser: () => void;
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
      login: ({ access_token, user }) => set({ access_token, user, authenticated: true }),
      logout: () => set({ user: null, access_token: null, authenticated: false }),
      clearUser: () => set({ user: null, authenticated: false }),
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

export function isEtracker(user: SessionUser | null): boolean {
  return user?.Partner.product === ETRACKER_PRODUCT;
}
