import type { FastifyInstance } from 'fastify';
import { campaignRow, DASHBOARD_CAMPAIGNS_PATH, type Campaign } from '@ushirika/shared/contract';
import { needs } from '../auth/permissions';
import type { TenantScope } from '../db/tenant-scope';
import { openCampaigns } from '../finance/campaigns/campaigns';
import { failures, jsonSchemaOf, tenantIdParameter } from '../http/schema';

/** The most campaign cards a dashboard shows: far beyond the campaigns a partner runs at once. */
export const MAX_CAMPAIGN_CARDS = 20;

/** The dashboards' campaign cards (issue 30): each open campaign's progress, newest first, read from its kept totals. */
export async function campaignCards(scope: TenantScope): Promise<{ campaigns: Campaign[] }> {
  return { campaigns: await openCampaigns(scope, MAX_CAMPAIGN_CARDS) };
}

/** `GET /dashboard/campaigns` (dashboard.read): what both dashboards show as cards. */
export function campaignCardsRoute(app: FastifyInstance): void {
  app.get(
    `/${DASHBOARD_CAMPAIGNS_PATH}`,
    {
      ...needs('dashboard.read'),
      schema: {
        tags: ['Dashboards'],
        summary: "The open campaigns' progress (target, pledged, paid, balance, share fulfilled), newest first: the dashboards' cards",
        querystring: { type: 'object', properties: { tenantid: tenantIdParameter } },
        response: {
          200: {
            description: 'The open campaigns',
            type: 'object',
            required: ['campaigns'],
            properties: { campaigns: { type: 'array', maxItems: MAX_CAMPAIGN_CARDS, items: jsonSchemaOf(campaignRow, 'output') } },
          },
          ...failures(401, 403),
        },
      },
    },
    async (request) => campaignCards(request.tenant),
  );
}
