import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CAMPAIGNS_PATH, ETRACKER_HOME_PATH, PARTNER_HOME_PATH } from '@ushirika/shared/contract';
import { loadDashboardCampaigns, loadEtrackerHome, loadPartnerHome } from './dashboard-api';

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

/** The open campaigns' cards (issue 30); a pledge or a campaign saved elsewhere refreshes them by [DASHBOARD_CAMPAIGNS_PATH]. */
export function useDashboardCampaigns() {
  return useQuery({ queryKey: [DASHBOARD_CAMPAIGNS_PATH], queryFn: ({ signal }) => loadDashboardCampaigns(signal) });
}
