import { api, pageLoader, type PageLoader } from '@ushirika/shared/api';
import {
  campaignPath,
  campaignPledgePath,
  campaignPledgesExportPath,
  campaignPledgesImportPath,
  campaignPledgesPath,
  campaignRemindersPath,
  campaignRemindersQuotePath,
  campaignRow,
  CAMPAIGN_SAVED,
  CAMPAIGNS_PATH,
  campaignWeeksPath,
  endpoint,
  PLEDGE_THANKS_PATH,
  type Campaign,
  type CampaignStatus,
  type CampaignWeek,
  type Pledge,
  type PledgeDetail,
  type PledgeExportFormat,
  type PledgeFilter,
  type PledgeImportResult,
  type PledgeSort,
  type PledgeThanks,
  type SendQuote,
  type SendResult,
  type SortOrder,
} from '@ushirika/shared/contract';
import type { PledgeInput, PledgeThanksInput, ReminderInput } from '@ushirika/shared/validation';

/*
 * The campaigns' calls (issue 30; shared/src/contract/campaigns.ts), through the shared `api` client (token and
 * tenant id on every call). Every call names `api` so a screen test's mock of the client answers them all.
 */

/** GET/POST /campaigns, GET/PUT /campaigns/{id}: the kit's resource calls (list, record, save). */
export const campaignsEndpoint = endpoint<Campaign>({ path: CAMPAIGNS_PATH, singular: 'campaign', row: campaignRow, savedText: CAMPAIGN_SAVED });

/** Which campaigns the list shows: the open ones (the default), the closed ones, or all. */
export type CampaignShown = CampaignStatus | 'all';

/** Adds fixed query parameters to a loader; the parameters key its cache (another filter: page 1 of another list). */
function withParams<Row>(load: PageLoader<Row>, params: Record<string, string>): PageLoader<Row> {
  return Object.assign((query: Parameters<PageLoader<Row>>[0], signal?: AbortSignal) => load({ ...query, ...params }, signal), { path: load.path, params });
}

const allCampaigns = pageLoader<Campaign>(CAMPAIGNS_PATH, 'campaigns', api);
const campaignLoaders: Record<CampaignShown, PageLoader<Campaign>> = {
  all: allCampaigns,
  open: withParams(allCampaigns, { status: 'open' }),
  closed: withParams(allCampaigns, { status: 'closed' }),
};
/** GET /campaigns (`status=open|closed`, none for all): newest first. */
export const campaignPages = (shown: CampaignShown) => campaignLoaders[shown];

/** GET /campaigns/{id}. */
export const loadCampaign = (id: number, signal?: AbortSignal) =>
  api
    .get(campaignPath(id), { signal })
    .json<{ campaign: Campaign }>()
    .then((answer) => answer.campaign);

/** GET /campaigns/{id}/weeks: money in per week, oldest first. */
export const loadCampaignWeeks = (id: number, signal?: AbortSignal) =>
  api
    .get(campaignWeeksPath(id), { signal })
    .json<{ weeks: CampaignWeek[] }>()
    .then((answer) => answer.weeks);

/** The per-contact list's order and filter (beside the list query's page, size and search). */
export interface PledgeListOrder {
  sort: PledgeSort;
  order: SortOrder;
  filter: PledgeFilter;
}

/** GET /campaigns/{id}/pledges with the order and filter: each contact who pledged or gave. */
export const pledgePages = (id: number, { sort, order, filter }: PledgeListOrder): PageLoader<Pledge> =>
  withParams(pageLoader<Pledge>(campaignPledgesPath(id), 'pledges', api), { sort, order, filter });

/** POST /campaigns/{id}/pledges: the contact's whole pledge (made, or changed). */
export const savePledge = (id: number, input: PledgeInput) => api.post(campaignPledgesPath(id), { json: input }).json<{ status_msg: string; pledge: Pledge }>();

/** GET /campaigns/{id}/pledges/{contactId}: the pledge and each change of it. */
export const loadPledgeDetail = (id: number, contactId: number, signal?: AbortSignal) => api.get(campaignPledgePath(id, contactId), { signal }).json<PledgeDetail>();

/** POST /campaigns/{id}/pledges/import: the CSV file's text as it is (name, phone, amount); all rows or none. */
export const importPledges = (id: number, csv: string) =>
  api.post(campaignPledgesImportPath(id), { body: csv, headers: { 'content-type': 'text/csv' } }).json<PledgeImportResult>();

/** The file name the server gave (Content-Disposition), if any. */
function attachmentName(disposition: string | null): string | undefined {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** GET /campaigns/{id}/pledges/export: the list as the screen shows it (search, order, filter), as a file. */
export async function downloadPledges(
  id: number,
  format: PledgeExportFormat,
  { searchKey, sort, order, filter }: PledgeListOrder & { searchKey: string },
): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.get(campaignPledgesExportPath(id), { searchParams: { format, searchKey, sort, order, filter } });
  return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition')) ?? `campaign-${id}-pledges.${format}` };
}

/** POST /campaigns/{id}/reminders/quote: what the reminder would queue and cost, with personalised samples. */
export const quoteReminder = (id: number, input: ReminderInput) => api.post(campaignRemindersQuotePath(id), { json: input }).json<SendQuote>();

/** POST /campaigns/{id}/reminders: one SMS per contact with a balance. */
export const sendReminder = (id: number, input: ReminderInput) => api.post(campaignRemindersPath(id), { json: input }).json<SendResult>();

/** GET /campaigns/thanks: the thank-you SMS set-up. */
export const loadPledgeThanks = (signal?: AbortSignal) => api.get(PLEDGE_THANKS_PATH, { signal }).json<PledgeThanks>();

/** PUT /campaigns/thanks, over the version read. */
export const savePledgeThanks = (input: PledgeThanksInput & { version: number }) =>
  api.put(PLEDGE_THANKS_PATH, { json: input }).json<{ status_msg: string; thanks: PledgeThanks }>();
