import { sql, type Expression, type SqlBool } from 'kysely';
import {
  CAMPAIGN_CLOSED,
  CAMPAIGN_NOT_FOUND,
  sameAmount,
  type ContactPledge,
  type Pledge,
  type PledgeChange,
  type PledgeFilter,
  type PledgeSort,
  type SortOrder,
} from '@ushirika/shared/contract';
import { recordActivity } from '../../activity/record';
import { memberSearch, searchNeedsCountry } from '../../contacts/member-search';
import { pagedList, type Page, type PagedQuery } from '../../db/paged-list';
import type { TenantScope } from '../../db/tenant-scope';
import { badRequest, notFound } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import { partnerCountry } from '../../partners/queries';

/*
 * Pledges (issue 30; migration 0029): one row per contact and campaign. `pledged` is what the contact promised
 * (0 with `pledged_at` null for a contact who gave without pledging), `paid` what the campaign's incomes linked
 * to them add up to (kept by the incomes trigger), `balance` computed by the database. A contact is on the
 * campaign's list when they pledged or gave. Each raise or lowering is kept in pledge_changes.
 */

/** The per-contact list's query: the list query's page, size and search (a contact's name or phone) and its own order and filter. */
export interface PledgeListParams extends ListParams {
  sort: PledgeSort;
  order: SortOrder;
  filter: PledgeFilter;
}

/** The columns each sort orders by, most significant first (pledges_<sort>_idx: tenant, campaign, column desc, id desc). */
const SORT_COLUMNS: Record<PledgeSort, readonly string[]> = {
  balance: ['p.balance'],
  pledged: ['p.pledged'],
  paid: ['p.paid'],
  updated: ['p.updated_at'],
  // The contact's name, kept on the pledge by the database (migration 0029): pledges_name_idx walks it.
  name: ['p.name_key'],
};

const orderOf = (sort: PledgeSort, order: SortOrder): PagedQuery<unknown, unknown>['order'] => [
  ...SORT_COLUMNS[sort].map((column) => [column, order] as const),
  ['p.id', order] as const,
];

/** On the campaign's list: pledged, or gave (a contact whose gifts were all reversed and who never pledged is not). */
const listed = sql<SqlBool>`(p.pledged_at is not null or p.paid <> 0)`;

const FILTERS: Record<PledgeFilter, Expression<SqlBool>> = {
  all: listed,
  owing: sql<SqlBool>`p.balance > 0`,
  fulfilled: sql<SqlBool>`(p.pledged > 0 and p.paid >= p.pledged)`,
  unpledged: sql<SqlBool>`(p.pledged_at is null and p.paid <> 0)`,
};

function selectPledges(scope: TenantScope) {
  return scope
    .selectFrom('pledges as p')
    .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'p.tenant_id').onRef('m.id', '=', 'p.member_id'))
    .select([
      'p.id',
      'p.campaign_id',
      'p.member_id',
      'm.first_name',
      'm.last_name',
      'm.phone',
      'p.pledged',
      'p.paid',
      'p.balance',
      sql<boolean>`(p.pledged > 0 and p.paid >= p.pledged)`.as('fulfilled'),
      'p.pledged_at',
      'p.updated_at',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectPledges>['executeTakeFirstOrThrow']>>;

const toPledge = (row: Selected): Pledge => ({
  id: row.id,
  campaignId: row.campaign_id,
  contactId: row.member_id,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  pledged: row.pledged,
  paid: row.paid,
  balance: row.balance,
  fulfilled: row.fulfilled,
  pledgedAt: row.pledged_at === null ? null : row.pledged_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The words of a name search, each an ILIKE pattern matching anywhere ('mary wanj' -> '%mary%', '%wanj%'). */
const nameWords = (searchKey: string) =>
  searchKey
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);

/**
 * The campaign's contacts who match the list's search and filter (no order, no select). A number (or part of one)
 * is searched as the contacts list searches phones; a name on the pledge's kept name key, each word anywhere in it,
 * so the search reads the campaign's pledges only, not every contact whose name matches (a common name is
 * thousands of a large partner's contacts, of whom a few pledged).
 */
async function matchingPledges(scope: TenantScope, campaignId: number, params: PledgeListParams) {
  const phoneLike = searchNeedsCountry(params);
  const phone = phoneLike ? memberSearch(params, await scope.raw(partnerCountry)) : undefined;
  const words = !phoneLike && params.searchKey !== undefined ? nameWords(params.searchKey) : [];
  return scope
    .selectFrom('pledges as p')
    .$if(phone !== undefined, (q) => q.innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'p.tenant_id').onRef('m.id', '=', 'p.member_id')))
    .where('p.campaign_id', '=', campaignId)
    .where(listed)
    .$if(params.filter !== 'all', (q) => q.where(FILTERS[params.filter]))
    .$if(phone !== undefined, (q) => q.where(phone!))
    .$if(words.length > 0, (q) => q.where((eb) => eb.and(words.map((word) => eb('p.name_key', 'like', word)))));
}

/** How many of the campaign's contacts each filter lists, from the counts its row keeps (migration 0029). */
const FILTER_TOTALS: Record<PledgeFilter, (kept: { pledgers: number; fulfilled: number; unpledged: number }) => number> = {
  all: ({ pledgers, unpledged }) => pledgers + unpledged,
  owing: ({ pledgers, fulfilled }) => pledgers - fulfilled,
  fulfilled: ({ fulfilled }) => fulfilled,
  unpledged: ({ unpledged }) => unpledged,
};

/**
 * One page of the campaign's contacts, by balance (the default), pledged, paid, last change or name, each on its
 * index. Without a search the total is the campaign's kept count (a pledge's amount is above 0, so a pledger is
 * listed, and owes exactly when not fulfilled): one row read, however many contacts pledged. With a search it is
 * counted as every list counts.
 */
export async function listPledges(scope: TenantScope, campaignId: number, params: PledgeListParams): Promise<Page<Pledge>> {
  const matching = await matchingPledges(scope, campaignId, params);
  const counted =
    params.searchKey === undefined
      ? async () => {
          const kept = await scope.selectFrom('campaigns').select(['pledgers', 'fulfilled', 'unpledged']).where('id', '=', campaignId).executeTakeFirst();
          return kept ? FILTER_TOTALS[params.filter](kept) : 0;
        }
      : undefined;
  return pagedList(params, { scope, matching, id: 'p.id', order: orderOf(params.sort, params.order), select: selectPledges(scope), toRow: toPledge, counted });
}

/** Every row of the campaign's list in its order (the export), at most `limit`. */
export async function allPledges(scope: TenantScope, campaignId: number, params: PledgeListParams, limit: number): Promise<Pledge[]> {
  const ids = (await matchingPledges(scope, campaignId, params)).select('p.id');
  const ordered = orderOf(params.sort, params.order).reduce(
    (query, [column, direction]) => query.orderBy(sql.ref(column), direction),
    selectPledges(scope).where('p.id', 'in', ids),
  );
  return (await ordered.limit(limit).execute()).map(toPledge);
}

/** The contact's pledge to the campaign (when they pledged or gave) with its changes, newest first; undefined when none. */
export async function pledgeDetail(scope: TenantScope, campaignId: number, memberId: number): Promise<{ pledge: Pledge; changes: PledgeChange[] } | undefined> {
  const row = await selectPledges(scope).where('p.campaign_id', '=', campaignId).where('p.member_id', '=', memberId).where(listed).executeTakeFirst();
  if (!row) return undefined;
  const changes = await scope
    .selectFrom('pledge_changes as pc')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'pc.changed_by').onRef('u.partner_id', '=', 'pc.tenant_id'))
    .select(['pc.previous', 'pc.amount', 'pc.source', 'pc.changed_at', sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('changed_by')])
    .where('pc.pledge_id', '=', row.id)
    .orderBy('pc.changed_at', 'desc')
    .orderBy('pc.id', 'desc')
    .execute();
  return {
    pledge: toPledge(row),
    changes: changes.map((change) => ({
      previous: change.previous,
      amount: change.amount,
      source: change.source,
      changedBy: change.changed_by,
      changedAt: change.changed_at.toISOString(),
    })),
  };
}

/** A contact's pledges (and gifts) to the partner's campaigns, newest campaign first, each with its campaign. */
export async function contactPledges(scope: TenantScope, memberId: number, params: ListParams): Promise<Page<ContactPledge>> {
  const matching = scope.selectFrom('pledges as p').where('p.member_id', '=', memberId).where(listed);
  const select = selectPledges(scope)
    .innerJoin('campaigns as c', (join) => join.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.id', '=', 'p.campaign_id'))
    .select(['c.name as campaign_name', 'c.status as campaign_status', sql<string>`to_char(c.end_date, 'YYYY-MM-DD')`.as('campaign_end_date')]);
  return pagedList(params, {
    scope,
    matching,
    id: 'p.id',
    order: [['p.id', 'desc']],
    select,
    toRow: (row): ContactPledge => ({
      ...toPledge(row),
      campaignName: row.campaign_name,
      campaignStatus: row.campaign_status,
      campaignEndDate: row.campaign_end_date,
    }),
  });
}

export interface PledgeSave {
  campaignId: number;
  memberId: number;
  /** The whole pledge as decimal text, more than 0 (the schema has checked it). */
  amount: string;
  source: 'screen' | 'import';
  userId: number;
}

/**
 * Makes contact `memberId`'s pledge to the campaign `amount`, or changes it to `amount` (the whole pledge, not an
 * addition), inside `trx`: 'created' for a first pledge (a contact who gave without pledging pledges now too),
 * 'changed' for another amount, 'unchanged' for the amount already pledged (nothing written). A made or changed
 * pledge keeps its change in pledge_changes; raised above what is paid, it will be thanked again when fulfilled.
 * From the screen it writes its activity event (`create` or `update`, the `pledged` field); an import writes one
 * event for all its rows. Refuses a closed campaign (400) or one the partner does not have (404): callers lock the
 * campaign with requireOpenCampaign first. The contact must be the partner's (the route checks it).
 */
export async function savePledge(trx: TenantScope, input: PledgeSave): Promise<{ outcome: 'created' | 'changed' | 'unchanged'; pledgeId: number }> {
  if (!trx.inTransaction) throw new Error('savePledge writes a pledge, its change and its event together: call it inside a transaction');
  const campaign = await trx.selectFrom('campaigns').select('status').where('id', '=', input.campaignId).executeTakeFirst();
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  if (campaign.status !== 'open') throw badRequest(CAMPAIGN_CLOSED);

  const existing = await trx
    .selectFrom('pledges')
    .select(['id', 'pledged', 'pledged_at'])
    .where('campaign_id', '=', input.campaignId)
    .where('member_id', '=', input.memberId)
    .forUpdate()
    .executeTakeFirst();
  if (existing && existing.pledged_at !== null && sameAmount(existing.pledged, input.amount)) return { outcome: 'unchanged', pledgeId: existing.id };

  const outcome = existing && existing.pledged_at !== null ? 'changed' : 'created';
  const previous = existing?.pledged ?? '0.00';
  const saved = existing
    ? await trx
        .updateTable('pledges')
        .set({
          pledged: input.amount,
          pledged_at: sql<Date>`coalesce(pledged_at, now())`,
          updated_at: sql<Date>`now()`,
          // Raised above what is paid: not fulfilled any more, so thanked again when it is.
          thanked_at: sql<Date | null>`case when ${input.amount}::numeric > paid then null else thanked_at end`,
        })
        .where('id', '=', existing.id)
        .returning(['id', 'pledged'])
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('pledges', { campaign_id: input.campaignId, member_id: input.memberId, pledged: input.amount, pledged_at: sql<Date>`now()` as unknown as Date })
        .returning(['id', 'pledged'])
        .executeTakeFirstOrThrow();

  await trx.insertInto('pledge_changes', { pledge_id: saved.id, previous, amount: saved.pledged, source: input.source, changed_by: input.userId }).execute();
  if (input.source === 'screen') {
    await recordActivity(trx, {
      action: outcome === 'created' ? 'create' : 'update',
      entity: 'pledge',
      entityId: saved.id,
      changes: [
        ...(outcome === 'created'
          ? [
              { field: 'campaignId', old: null, new: input.campaignId },
              { field: 'contactId', old: null, new: input.memberId },
            ]
          : []),
        { field: 'pledged', old: outcome === 'created' ? null : previous, new: saved.pledged },
      ],
    });
  }
  return { outcome, pledgeId: saved.id };
}
