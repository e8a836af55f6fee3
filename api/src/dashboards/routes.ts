import type { FastifyInstance } from 'fastify';
import { ETRACKER_HOME_PATH, PARTNER_HOME_PATH, etrackerHome as etrackerHomeSchema, partnerHome as partnerHomeSchema } from '@ushirika/shared/contract';
import { failures, jsonSchemaOf, tenantIdParameter, type JsonSchema } from '../http/schema';
import { etrackerHome } from './etracker-home';
import { partnerHome } from './partner-home';
import { needs } from '../auth/permissions';
import { campaignCardsRoute } from './campaign-cards';

const TAG = 'Dashboards';
const query: JsonSchema = { type: 'object', properties: { tenantid: tenantIdParameter } };

export interface DashboardOptions {
  /** The instant "this week" and "this month" are read at: the clock, or a test's. */
  now: () => Date;
}

/** The two dashboards' data (spec 2.6, 3, 7), each in one GET; the client reads `data.data`. */
export async function dashboardRoutes(app: FastifyInstance, { now }: DashboardOptions): Promise<void> {
  app.get(
    `/${PARTNER_HOME_PATH}`,
    {
      ...needs('dashboard.read'),
      schema: {
        tags: [TAG],
        summary:
          "The general dashboard: SMS units, contacts, this week's messages and income (Monday to Sunday in the partner's time zone), 12 months of M-Pesa, cash and attendance, the newest contacts and messages",
        querystring: query,
        response: {
          200: { description: 'The dashboard (spec 3 field names, `nofification_this_week` as spelled)', ...jsonSchemaOf(partnerHomeSchema, 'output') },
          ...failures(401, 403),
        },
      },
    },
    async (request) => ({ data: await partnerHome(request.tenant, now()) }),
  );
  app.get(
    `/${ETRACKER_HOME_PATH}`,
    {
      ...needs('dashboard.read'),
      schema: {
        tags: [TAG],
        summary: "The money dashboard: SMS units, accounts, this week's money in and out, the latest incomes and expenses",
        querystring: query,
        response: { 200: { description: 'The money dashboard', ...jsonSchemaOf(etrackerHomeSchema, 'output') }, ...failures(401, 403) },
      },
    },
    async (request) => ({ data: await etrackerHome(request.tenant, now()) }),
  );
  campaignCardsRoute(app);
}
