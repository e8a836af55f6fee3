import { api } from '@ushirika/shared/api';
import {
  CAMPAIGNS_PATH,
  campaignPledgesPath,
  CONTACT_PLEDGES_PATH,
  MAX_PAGE_SIZE,
  type Campaign,
  type ContactPledge,
  type ListResponse,
  type Pledge,
  type SaveResponse,
} from '@ushirika/shared/contract';
import type { PledgeInput } from '@ushirika/shared/validation';

/*
 * The person page's pledge calls (issue 30; contract/campaigns.ts). A contact has a pledge in a few campaigns, and a
 * partner runs a few campaigns at a time: one page of the largest size holds them.
 */

/** GET /pledges?contactId=N -> the contact's pledges, each with its campaign's name, status and end date. */
export const loadContactPledges = async (contactId: number, signal?: AbortSignal): Promise<ContactPledge[]> =>
  (await api.get(CONTACT_PLEDGES_PATH, { searchParams: { contactId, page: 1, pagesize: MAX_PAGE_SIZE }, signal }).json<ListResponse<'pledges', ContactPledge>>()).pledges;

/** GET /campaigns?status=open -> the campaigns that take pledges, newest first. */
export const loadOpenCampaigns = async (signal?: AbortSignal): Promise<Campaign[]> =>
  (await api.get(CAMPAIGNS_PATH, { searchParams: { status: 'open', page: 1, pagesize: MAX_PAGE_SIZE }, signal }).json<ListResponse<'campaigns', Campaign>>()).campaigns;

/** POST /campaigns/{id}/pledges { contactId, amount }: the contact's whole pledge to the campaign (made, or changed). */
export const savePledge = (campaignId: number, body: { contactId: number; amount: PledgeInput['amount'] }) =>
  api.post(campaignPledgesPath(campaignId), { json: body }).json<SaveResponse<'pledge', Pledge>>();
