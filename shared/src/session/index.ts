export { useSession, hasValidSession, isEtracker, SESSION_STORAGE_KEY } from './store';
export type { SessionState } from './store';
export { isTokenExpired, tokenExpiry } from './token';
