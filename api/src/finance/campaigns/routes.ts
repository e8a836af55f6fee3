import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import {
  CAMPAIGN_CODE_TAKEN,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_SAVED,
  CAMPAIGN_STATUSES,
  CAMPAIGNS_PATH,
  campaignPath,
  campaignPledgePath,
  campaignPledgesExportPath,
  campaignPledgesPath,
  campaignRow,
  campaignWeeks as campaignWeeksSchema,
  campaignWeeksPath,
  CONTACT_PLEDGES_PATH,
  contactPledgeRow,
  PLEDGE_EXPORT_FORMATS,
  PLEDGE_NOT_FOUND,
  PLEDGE_SAVED,
  pledgeDetail as pledgeDetailSchema,
  pledgeRow,
  type CampaignStatus,
  type PledgeExportFormat,
} from '@ushirika/shared/contract';
import { campaignSchema, isId, MAX_ID, pledgeListSchema, pledgeSchema, validateFirstErrorSync, type CampaignInput, type PledgeInput } from '@ushirika/shared/validation';
import { needs } from '../../auth/permissions';
import { CONTACT_NOT_FOUND } from '../../contacts/member-routes';
import type { TenantScope } from '../../db/tenant-scope';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { listAnswer, parseListQuery, type ListParams } from '../../http/list-query';
import { refusingViolations } from '../../http/route-helpers';
import {
  bodyFrom,
  failures,
  idParams,
  jsonSchemaOf,
  listOf,
  listQuerySchema,
  recordOf,
  savedOf,
  staleOrDuplicate,
  validatedBy,
  withVersion,
  type JsonSchema,
} from '../../http/schema';
import type { FinanceRouteOptions } from '../routes';
import { campaignWeeks, createCampaign, findCampaign, listCampaigns, requireCampaign, requireOpenCampaign, updateCampaign, type CampaignListParams } from './campaigns';
import { MAX_PLEDGE_EXPORT_ROWS, pledgesCsv, pledgesFileName, pledgesXlsx } from './pledge-export';
import { allPledges, contactPledges, listPledges, pledgeDetail, savePledge, type PledgeListParams } from './pledges';

/*
 * Campaigns and pledges (issue 30; contract/campaigns.ts): the campaigns, their progress and weekly money in,
 * each contact's pledge and payments, the per-contact list and its download, a contact's own pledges. Reads
 * and pledges are finance.record, a campaign's create/edit/close finance.manage, the download finance.reports.
 * Every change writes its activity event in its transaction (campaign create / update / close, pledge create /
 * update).
 */

const TAG = 'Finance';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The message of a body's contact that is not one of the partner's (active) contacts. */
export const PLEDGE_CONTACT_REFUSED = 'Choose a contact from the list';
const STATUS_REFUSED = 'status must be open or closed';
const FORMAT_REFUSED = 'format must be csv or xlsx';
const CONTACT_ID_REFUSED = "contactId must be a contact's id";

type Query = Record<string, unknown>;
const queryOf = (query: unknown): Query => (query && typeof query === 'object' ? (query as Query) : {});
const withProperties = (properties: Record<string, JsonSchema>): JsonSchema => ({
  ...listQuerySchema,
  properties: { ...(listQuerySchema.properties as object), ...properties },
});

/** GET /campaigns: the list query and `status`. */
const campaignListQuery = validatedBy(
  withProperties({ status: { type: 'string', enum: [...CAMPAIGN_STATUSES, ''], description: 'open or closed; empty: both' } }),
  (query): CampaignListParams => {
    const status = queryOf(query).status;
    if (status !== undefined && status !== '' && !(CAMPAIGN_STATUSES as readonly unknown[]).includes(status)) throw badRequest(STATUS_REFUSED);
    return { ...parseListQuery(query), status: (status || undefined) as CampaignStatus | undefined };
  },
);

/** The per-contact list's own fields (sort, order, filter), defaults balance, desc, all. */
function pledgeListParams(query: unknown): PledgeListParams {
  const q = queryOf(query);
  const checked = validateFirstErrorSync(pledgeListSchema, { sort: q.sort, order: q.order, filter: q.filter });
  if (!checked.ok) throw badRequest(checked.message);
  return { ...parseListQuery(query), sort: checked.value.sort || 'balance', order: checked.value.order || 'desc', filter: checked.value.filter || 'all' };
}
const pledgeListProperties = (jsonSchemaOf(pledgeListSchema, 'input').properties ?? {}) as Record<string, JsonSchema>;
const pledgeListQuery = validatedBy(withProperties(pledgeListProperties), pledgeListParams);
/** The download: the list's search, sort and filter (every matching row, no pages) and the file's format. */
const listProperties = listQuerySchema.properties as Record<string, JsonSchema>;
const pledgeExportQuery = validatedBy(
  {
    type: 'object',
    required: ['format'],
    properties: {
      format: { type: 'string', enum: [...PLEDGE_EXPORT_FORMATS], description: 'The file: csv or xlsx' },
      searchKey: listProperties.searchKey,
      ...pledgeListProperties,
      tenantid: listProperties.tenantid,
    },
  },
  (query): PledgeListParams & { format: PledgeExportFormat } => {
    const format = queryOf(query).format;
    if (!(PLEDGE_EXPORT_FORMATS as readonly unknown[]).includes(format)) throw badRequest(FORMAT_REFUSED);
    return { ...pledgeListParams(query), format: format as PledgeExportFormat };
  },
);

/** GET /pledges: the list query and the contact (required). */
const contactPledgesQuery = validatedBy(
  withProperties({ contactId: { type: 'integer', minimum: 1, maximum: MAX_ID, description: 'The contact whose pledges are listed' } }),
  (query): ListParams & { contactId: number } => {
    const raw = queryOf(query).contactId;
    const contactId = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!isId(contactId)) throw badRequest(CONTACT_ID_REFUSED);
    return { ...parseListQuery(query), contactId };
  },
);

/** `{ id, contactId }` in the path: ids, else 404 (what cannot be an id names no record). */
const pledgePathParams = validatedBy(
  {
    type: 'object',
    required: ['id', 'contactId'],
    properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID }, contactId: { type: 'integer', minimum: 1, maximum: MAX_ID } },
  },
  (params) => {
    const read = (name: string) => {
      const raw = (params as Record<string, unknown> | null)?.[name];
      return typeof raw === 'string' && /^\d{1,10}$/.test(raw) && isId(Number(raw)) ? Number(raw) : undefined;
    };
    const id = read('id');
    if (id === undefined) throw notFound(CAMPAIGN_NOT_FOUND);
    const contactId = read('contactId');
    if (contactId === undefined) throw notFound(PLEDGE_NOT_FOUND);
    return { id, contactId };
  },
);

/** The partner's active contact `id` (400 otherwise: another partner's, unknown, archived or erased). */
async function requirePledger(scope: TenantScope, id: number): Promise<void> {
  const member = await scope.selectFrom('members').select('id').where('id', '=', id).where('archived_at', 'is', null).where('erased_at', 'is', null).executeTakeFirst();
  if (!member) throw badRequest(PLEDGE_CONTACT_REFUSED);
}

const answer = (description: string, schema: yup.AnyObjectSchema): JsonSchema => ({ description, ...jsonSchemaOf(schema, 'output') });
const download = (description: string, contentTypes: readonly string[]): JsonSchema => ({
  description,
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

export async function campaignRoutes(app: FastifyInstance, _options: FinanceRouteOptions): Promise<void> {
  const params = idParams(CAMPAIGN_NOT_FOUND);
  const saved = savedOf('campaign', campaignRow);
  const campaignBody = {
    ...bodyFrom(campaignSchema),
    examples: [{ name: 'Sanctuary Building', target: '2000000', startDate: '2026-03-01', endDate: '2026-12-31', account: 3, code: 'JENGO' }],
  };
  const campaignChangeBody = {
    ...bodyFrom(withVersion(campaignSchema)),
    examples: [
      { name: 'Sanctuary Building', target: '2000000', startDate: '2026-03-01', endDate: '2026-12-31', account: 3, code: 'JENGO', status: 'closed', version: 1 },
    ],
  };
  const conflicts: JsonSchema = {
    ...failures(409)[409],
    description: 'The account is taken by another campaign over these dates, or the M-Pesa code sends payments to another account',
  };
  const violations = { duplicate: CAMPAIGN_CODE_TAKEN };

  async function campaignAnswer(scope: TenantScope, id: number) {
    const campaign = await findCampaign(scope, id);
    if (!campaign) throw new HttpError(500, 'The saved campaign could not be read back');
    return { status_msg: CAMPAIGN_SAVED, campaign };
  }

  // ---------------------------------------------------------------------------------------------
  // Campaigns

  app.get(
    `/${CAMPAIGNS_PATH}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "The partner's campaigns with their progress, newest first; searched by name, `status` open or closed",
        querystring: campaignListQuery,
        response: { 200: listOf('campaigns', campaignRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('campaigns', await listCampaigns(request.tenant, request.query as CampaignListParams)),
  );

  app.post(
    `/${CAMPAIGNS_PATH}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary:
          "Create a campaign: its target, dates and income account, and an M-Pesa code whose payments count toward it; the account's incomes within its dates count at once",
        body: campaignBody,
        response: { 201: saved, ...failures(400, 401, 403), 409: conflicts },
      },
    },
    async (request, reply) => {
      const id = await refusingViolations(violations, () => createCampaign(request.tenant, request.body as CampaignInput, request.userId));
      return reply.code(201).send(await campaignAnswer(request.tenant, id));
    },
  );

  app.get(
    `/${campaignPath(':id')}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: 'One campaign: target, pledged, paid, balance, what is left to raise, the share of pledges fulfilled, and its version',
        params,
        response: { 200: recordOf('campaign', campaignRow), ...failures(401, 403, 404) },
      },
    },
    async (request) => ({ campaign: await requireCampaign(request.tenant, (request.params as { id: number }).id) }),
  );

  app.put(
    `/${campaignPath(':id')}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: 'Change, close or reopen a campaign, over the version its form was read at; a new account or dates count its incomes again',
        params,
        body: campaignChangeBody,
        response: {
          200: saved,
          ...failures(400, 401, 403, 404),
          409: { ...staleOrDuplicate, description: `${String(staleOrDuplicate.description)}; or the account or code is taken` },
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { version, ...input } = request.body as CampaignInput & { version?: number };
      const changed = await refusingViolations(violations, () => updateCampaign(request.tenant, id, input, { userId: request.userId, version }));
      if (!changed) throw notFound(CAMPAIGN_NOT_FOUND);
      return campaignAnswer(request.tenant, id);
    },
  );

  app.get(
    `/${campaignWeeksPath(':id')}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "The campaign's money in per week (Monday to Sunday), oldest first, from its first week to its last (or this) one",
        params,
        response: { 200: answer('The weeks', campaignWeeksSchema), ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      await requireCampaign(request.tenant, id);
      return { weeks: await campaignWeeks(request.tenant, id) };
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Pledges

  app.get(
    `/${campaignPledgesPath(':id')}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "The campaign's contacts who pledged or gave, with pledged, paid and balance; searched by name or phone, sorted (balance by default) and filtered",
        params,
        querystring: pledgeListQuery,
        response: { 200: listOf('pledges', pledgeRow), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      await requireCampaign(request.tenant, id);
      return listAnswer('pledges', await listPledges(request.tenant, id, request.query as PledgeListParams));
    },
  );

  app.post(
    `/${campaignPledgesPath(':id')}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "Make a contact's pledge, or change it to this amount (the whole pledge, not an addition; each change is kept); the same amount changes nothing",
        params,
        body: { ...bodyFrom(pledgeSchema), examples: [{ contactId: 12, amount: '50000' }] },
        response: {
          200: { ...savedOf('pledge', pledgeRow), description: 'Changed, or the amount already pledged (nothing changed)' },
          201: { ...savedOf('pledge', pledgeRow), description: 'Made: the contact had no pledge to the campaign' },
          ...failures(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const input = request.body as PledgeInput;
      const { outcome } = await request.tenant.transaction(async (trx) => {
        await requireOpenCampaign(trx, id);
        await requirePledger(trx, input.contactId);
        return savePledge(trx, { campaignId: id, memberId: input.contactId, amount: input.amount, source: 'screen', userId: request.userId });
      });
      const detail = await pledgeDetail(request.tenant, id, input.contactId);
      if (!detail) throw new HttpError(500, 'The saved pledge could not be read back');
      return reply.code(outcome === 'created' ? 201 : 200).send({ status_msg: PLEDGE_SAVED, pledge: detail.pledge });
    },
  );

  app.get(
    `/${campaignPledgesExportPath(':id')}`,
    {
      ...needs('finance.reports'),
      schema: {
        tags: [TAG],
        summary: "The campaign's per-contact list as a CSV (UTF-8 with BOM) or Excel (.xlsx) download, with the list's search, sort and filter",
        params,
        querystring: pledgeExportQuery,
        response: { 200: download('The CSV file or XLSX workbook', ['text/csv', XLSX_TYPE]), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const query = request.query as PledgeListParams & { format: PledgeExportFormat };
      const campaign = await requireCampaign(request.tenant, id);
      const pledges = await allPledges(request.tenant, id, query, MAX_PLEDGE_EXPORT_ROWS);
      // Written before any header is set: a failure answers the normal JSON error.
      const file = query.format === 'csv' ? pledgesCsv(campaign, pledges) : await pledgesXlsx(campaign, pledges);
      request.log.info({ campaign: id, rows: pledges.length, format: query.format }, 'pledges exported');
      return reply
        .header('content-type', query.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${pledgesFileName(campaign, query.format)}"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.get(
    `/${campaignPledgePath(':id', ':contactId')}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "A contact's pledge to the campaign, with each raise or lowering, newest first",
        params: pledgePathParams,
        response: { 200: answer('The pledge and its changes', pledgeDetailSchema), ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const { id, contactId } = request.params as { id: number; contactId: number };
      await requireCampaign(request.tenant, id);
      const detail = await pledgeDetail(request.tenant, id, contactId);
      if (!detail) throw notFound(PLEDGE_NOT_FOUND);
      return detail;
    },
  );

  app.get(
    `/${CONTACT_PLEDGES_PATH}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "A contact's pledges and gifts to the partner's campaigns, newest first, each with its campaign",
        querystring: contactPledgesQuery,
        response: { 200: listOf('pledges', contactPledgeRow), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { contactId, ...list } = request.query as ListParams & { contactId: number };
      const member = await request.tenant.selectFrom('members').select('id').where('id', '=', contactId).executeTakeFirst();
      if (!member) throw notFound(CONTACT_NOT_FOUND);
      return listAnswer('pledges', await contactPledges(request.tenant, contactId, list));
    },
  );
}
