import { useQuery } from '@tanstack/react-query';
import { ETRACKER_HOME_PATH, PARTNER_HOME_PATH } from '@ushirika/shared/contract';
import { loadEtrackerHome, loadPartnerHome } from './dashboard-api';

/*
 * Keyed by the API path alone (as the kit keys lists by theirs), so a save elsewhere can refresh a dashboard
 * by invalidating [PARTNER_HOME_PATH] or [ETRACKER_HOME_PATH].
 */

export function usePartnerHome() {
  return useQuery({ queryKey: [PARTNER_HOME_PATH], queryFn: ({ signal }) => loadPartnerHome(signal) });
}

export function useEtrackerHome() {
  return useQuery({ queryKey: [ETRACKER_HOME_PATH], queryFn: ({ signal }) => loadEtrackerHome(signal) });
}
