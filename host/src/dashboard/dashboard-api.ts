import { api } from '@ushirika/shared/api';
import { DASHBOARD_CAMPAIGNS_PATH, ETRACKER_HOME_PATH, PARTNER_HOME_PATH, type Campaign, type EtrackerHome, type PartnerHome } from '@ushirika/shared/contract';

/*
 * The dashboards' calls (issue 12), through the shared `api` client (token and tenant id on every call). The
 * server wraps each answer in `{ data }`, as the legacy client read it (spec 7). The hooks live in
 * dashboard-queries.ts, so a test can replace these calls and keep the real queries.
 */

/** GET /partner-home: the general dashboard's figures, charts and recent rows. */
export const loadPartnerHome = async (signal?: AbortSignal): Promise<PartnerHome> => (await api.get(PARTNER_HOME_PATH, { signal }).json<{ data: PartnerHome }>()).data;

/** GET /etracker-home: the money dashboard's figures and recent rows. */
export const loadEtrackerHome = async (signal?: AbortSignal): Promise<EtrackerHome> =>
  (await api.get(ETRACKER_HOME_PATH, { signal }).json<{ data: EtrackerHome }>()).data;

/** GET /dashboard/campaigns: the open campaigns' progress (issue 30), for both dashboards' cards; ours, not wrapped. */
export const loadDashboardCampaigns = async (signal?: AbortSignal): Promise<Campaign[]> =>
  (await api.get(DASHBOARD_CAMPAIGNS_PATH, { signal }).json<{ campaigns: Campaign[] }>()).campaigns;
