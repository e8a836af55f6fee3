export {
  useSession,
  hasValidSession,
  isEtracker,
  partnerTimeZone,
  usePartnerTimeZone,
  SESSION_STORAGE_KEY,
  HAND_OFF_PREFIX,
  handOffKey,
  handOffOwner,
  clearHandOffs,
} from './store';
export type { SessionState } from './store';
export { isTokenExpired, tokenExpiry } from './token';
