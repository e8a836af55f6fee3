import { sql } from 'kysely';
import {
  billRefKey,
  CAMPAIGN_ACCOUNT_TAKEN,
  CAMPAIGN_CLOSED,
  CAMPAIGN_CODE_TAKEN,
  CAMPAIGN_NOT_FOUND,
  type Campaign,
  type CampaignStatus,
  type CampaignWeek,
} from '@ushirika/shared/contract';
import type { CampaignInput } from '@ushirika/shared/validation';
import { changesBetween, createdValues, recordActivity } from '../../activity/record';
import { savingVersion } from '../../db/record-versions';
import type { TenantScope } from '../../db/tenant-scope';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import { pagedList, type Page } from '../../db/paged-list';
import { accountTypesFor, INCOME_ACCOUNT_REFUSED, requireAccount } from '../ledger-records';

/*
 * Harambee campaigns (issue 30; migration 0029): a target raised into one income account between two dates.
 * Progress is read from the columns the database's triggers keep (paid, pledged, owed, pledgers, fulfilled),
 * never added up from incomes here, so a campaign with 200,000 payments reads one row. A campaign's M-Pesa
 * account code is a BillRefNumber rule (bill_ref_rules.campaign_id names the campaign that made it), so
 * paybill payments with the code are allocated to the campaign's account as they arrive.
 */

/** The campaign's list filter: `?status=open|closed` (none: both). */
export interface CampaignListParams extends ListParams {
  status: CampaignStatus | undefined;
}

function select(scope: TenantScope) {
  return scope
    .selectFrom('campaigns as c')
    .innerJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 'c.tenant_id').onRef('a.id', '=', 'c.account_id'))
    .innerJoin('partners as pt', 'pt.id', 'c.tenant_id')
    .select([
      'c.id',
      'c.name',
      'c.target',
      sql<string>`to_char(c.start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string>`to_char(c.end_date, 'YYYY-MM-DD')`.as('end_date'),
      'c.account_id',
      'a.name as account_name',
      'c.code',
      'c.status',
      'c.pledged',
      'c.paid',
      'c.owed',
      sql<string>`greatest(c.target - c.paid, 0)`.as('remaining'),
      'c.pledgers',
      'c.fulfilled',
      sql<number | null>`case when c.pledgers > 0 then round(c.fulfilled * 100.0 / c.pledgers, 1)::float8 end`.as('fulfilled_share'),
      'c.created_at',
      'pt.name as partner_name',
      'c.version',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toCampaign = (row: Selected): Campaign => ({
  id: row.id,
  name: row.name,
  target: row.target,
  startDate: row.start_date,
  endDate: row.end_date,
  AccountId: row.account_id,
  Account: { name: row.account_name },
  code: row.code,
  status: row.status,
  pledged: row.pledged,
  paid: row.paid,
  balance: row.owed,
  remaining: row.remaining,
  pledgers: row.pledgers,
  fulfilled: row.fulfilled,
  fulfilledShare: row.fulfilled_share === null ? null : Number(row.fulfilled_share),
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
  version: row.version,
});

/** The partner's campaigns, newest first (campaigns_list_idx), by name and status. */
export function listCampaigns(scope: TenantScope, params: CampaignListParams): Promise<Page<Campaign>> {
  const matching = scope
    .selectFrom('campaigns as c')
    .$if(params.searchPattern !== undefined, (q) => q.where('c.name', 'ilike', params.searchPattern!))
    .$if(params.status !== undefined, (q) => q.where('c.status', '=', params.status!));
  return pagedList(params, {
    scope,
    matching,
    id: 'c.id',
    order: [
      ['c.created_at', 'desc'],
      ['c.id', 'desc'],
    ],
    select: select(scope),
    toRow: toCampaign,
  });
}

export async function findCampaign(scope: TenantScope, id: number): Promise<Campaign | undefined> {
  const row = await select(scope).where('c.id', '=', id).executeTakeFirst();
  return row && toCampaign(row);
}

/** The partner's open campaigns, newest first: the dashboards' cards (at most `limit`). */
export async function openCampaigns(scope: TenantScope, limit: number): Promise<Campaign[]> {
  const rows = await select(scope).where('c.status', '=', 'open').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map(toCampaign);
}

/**
 * The partner's campaign `campaignId`, locked until the transaction ends (a pledge, an import, a reminder
 * is made against a campaign that cannot close meanwhile): 404 CAMPAIGN_NOT_FOUND when the partner has no
 * such campaign, 400 CAMPAIGN_CLOSED when it is closed.
 */
export async function requireOpenCampaign(trx: TenantScope, campaignId: number): Promise<{ id: number; name: string; lockedForUpdate: true }> {
  if (!trx.inTransaction) throw new Error('requireOpenCampaign locks the campaign: call it inside a transaction');
  const campaign = await trx.selectFrom('campaigns').select(['id', 'name', 'status']).where('id', '=', campaignId).forUpdate().executeTakeFirst();
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  if (campaign.status !== 'open') throw badRequest(CAMPAIGN_CLOSED);
  return { id: campaign.id, name: campaign.name, lockedForUpdate: true };
}

/** 404 unless the partner has campaign `id`. */
export async function requireCampaign(scope: TenantScope, id: number): Promise<Campaign> {
  const campaign = await findCampaign(scope, id);
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

/** The campaign's money in per week, Monday first, oldest first: every week from its start to its last (or this) week, 0 where none came. */
export async function campaignWeeks(scope: TenantScope, id: number): Promise<CampaignWeek[]> {
  const { rows } = await scope.raw((db, tenantId) =>
    sql<CampaignWeek>`
      with c as (
        select start_date, end_date from campaigns where tenant_id = ${tenantId} and id = ${id}
      ), kept as (
        select week, amount from campaign_weeks where tenant_id = ${tenantId} and campaign_id = ${id}
      ), span as (
        select date_trunc('week', c.start_date)::date as first,
          greatest(date_trunc('week', least(c.end_date, current_date))::date, coalesce((select max(week) from kept), date_trunc('week', c.start_date)::date)) as last
        from c
      )
      select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(kept.amount, 0)::numeric(16, 2)::text as amount
      from span, generate_series(span.first, span.last, interval '7 days') as g(day)
      cross join lateral (select g.day::date as week) w
      left join kept on kept.week = w.week
      order by w.week`.execute(db),
  );
  return rows;
}

/** The fields of a campaign a save may change, as its activity event names them. */
const savedFields = (campaign: Campaign | undefined) =>
  campaign && {
    name: campaign.name,
    target: campaign.target,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    AccountId: campaign.AccountId,
    Account: campaign.Account,
    code: campaign.code,
    status: campaign.status,
  };

/**
 * The account's income is the campaign's: the account must be one of the partner's income accounts (400),
 * locked so that two saves cannot both take it, and no other campaign of the partner may take it over
 * overlapping dates (409).
 */
async function takeAccount(trx: TenantScope, input: CampaignInput, campaignId: number | undefined): Promise<void> {
  await requireAccount(trx, input.account, await accountTypesFor(trx, 'income'), INCOME_ACCOUNT_REFUSED);
  await trx.selectFrom('accounts').select('id').where('id', '=', input.account).forUpdate().executeTakeFirst();
  const overlapping = await trx
    .selectFrom('campaigns')
    .select('id')
    .where('account_id', '=', input.account)
    .where('start_date', '<=', input.endDate)
    .where('end_date', '>=', input.startDate)
    .$if(campaignId !== undefined, (q) => q.where('id', '<>', campaignId!))
    .limit(1)
    .executeTakeFirst();
  if (overlapping) throw conflict(CAMPAIGN_ACCOUNT_TAKEN);
}

/**
 * The code's BillRefNumber rule: the rule this campaign made goes when the code or the account changes; a
 * rule with the code's key for another account refuses the code (409); one for the account is used as it is;
 * none: the campaign makes one.
 */
async function keepCodeRule(trx: TenantScope, campaignId: number, code: string | null, accountId: number): Promise<void> {
  const key = code === null ? null : billRefKey(code);
  await trx
    .deleteFrom('bill_ref_rules')
    .where('campaign_id', '=', campaignId)
    .$if(key !== null, (q) => q.where((eb) => eb.or([eb('bill_ref_key', '<>', key!), eb('account_id', '<>', accountId)])))
    .execute();
  if (code === null || key === null) return;
  const rule = await trx.selectFrom('bill_ref_rules').select(['id', 'account_id']).where('bill_ref_key', '=', key).forUpdate().executeTakeFirst();
  if (rule && rule.account_id !== accountId) throw conflict(CAMPAIGN_CODE_TAKEN);
  if (!rule) await trx.insertInto('bill_ref_rules', { bill_ref: code, bill_ref_key: key, account_id: accountId, campaign_id: campaignId }).execute();
}

const recount = (trx: TenantScope, id: number) => trx.raw((db, tenantId) => sql`select campaign_recount(${tenantId}::int, ${id}::int)`.execute(db));

const codeOf = (input: CampaignInput) => (input.code ? input.code : null);

/** Creates a campaign (open), its code's rule, and counts the incomes already in its account and dates; one `create` event. */
export async function createCampaign(scope: TenantScope, input: CampaignInput, userId: number): Promise<number> {
  return scope.transaction(async (trx) => {
    await takeAccount(trx, input, undefined);
    const { id } = await trx
      .insertInto('campaigns', {
        name: input.name,
        target: input.target,
        start_date: input.startDate,
        end_date: input.endDate,
        account_id: input.account,
        code: codeOf(input),
        status: input.status || 'open',
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await keepCodeRule(trx, id, codeOf(input), input.account);
    await recount(trx, id);
    await recordActivity(trx, { action: 'create', entity: 'campaign', entityId: id, changes: createdValues(savedFields(await findCampaign(trx, id))!) });
    return id;
  });
}

/**
 * Changes campaign `id` over the version its form was read at (409 when newer; false when the partner has no
 * such campaign). Its account or dates changed: counted again. One event: `close` when it goes from open to
 * closed, `update` otherwise (nothing when nothing changed).
 */
export async function updateCampaign(scope: TenantScope, id: number, input: CampaignInput, change: { userId: number; version?: number }): Promise<boolean> {
  const saved = await savingVersion(scope, 'campaigns', id, change, async (trx) => {
    const before = await findCampaign(trx, id);
    if (!before) return false;
    await takeAccount(trx, input, id);
    const status = input.status || before.status;
    await trx
      .updateTable('campaigns')
      .set({ name: input.name, target: input.target, start_date: input.startDate, end_date: input.endDate, account_id: input.account, code: codeOf(input), status })
      .where('id', '=', id)
      .execute();
    await keepCodeRule(trx, id, codeOf(input), input.account);
    if (before.AccountId !== input.account || before.startDate !== input.startDate || before.endDate !== input.endDate) await recount(trx, id);
    const changes = changesBetween(savedFields(before), savedFields(await findCampaign(trx, id)));
    if (changes.length > 0) {
      const action = before.status === 'open' && status === 'closed' ? 'close' : 'update';
      await recordActivity(trx, { action, entity: 'campaign', entityId: id, changes });
    }
    return true;
  });
  return saved === true;
}
