import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Gender, Member, MemberArchivedFilter } from '@ushirika/shared/contract';
import type { ContactInput } from '@ushirika/shared/validation';
import { compiledOnce } from '../db/compiled-once';
import { partnerDayStart, withinDates, type DateRange } from '../db/list-sql';
import { pagedList, type Page } from '../db/paged-list';
import type { Database } from '../db/schema';
import { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';
import { partnerCountry } from '../partners/queries';
import { memberSearch, searchNeedsCountry, type MemberSearchText } from './member-search';

type Db = Kysely<Database>;

/**
 * The search, date and archive part of a contacts list query (also used by the export). `archived`: 'only' for
 * the archived contacts; the active ones otherwise (issue 26.5: archived contacts are out of every list).
 */
export type MemberFilter = MemberSearchText & DateRange & { archived?: MemberArchivedFilter | undefined };

/** The contacts list query: the standard one and `archived`. */
export type MemberListParams = ListParams & { archived?: MemberArchivedFilter | undefined };

/**
 * The partner's country when the search text could be a phone number (its local forms are read in
 * that country), undefined otherwise: then no query is made.
 */
export async function searchCountry(db: Db, tenantId: number, filter: MemberSearchText): Promise<string | undefined> {
  return searchNeedsCountry(filter) ? partnerCountry(db, tenantId) : undefined;
}

/**
 * The tenant's contacts matching the list's search (`memberSearch`, phone numbers read in `country`,
 * see `searchCountry`) and added within its dates.
 */
export function membersMatching(db: Db, tenantId: number, filter: MemberFilter, country?: string) {
  const search = memberSearch(filter, country);
  return (
    db
      .selectFrom('members as m')
      .where('m.tenant_id', '=', tenantId)
      // Either side has its partial list index (migration 0025).
      .where('m.archived_at', filter.archived === 'only' ? 'is not' : 'is', null)
      .$if(search !== undefined, (q) => q.where(search!))
      .$call(withinDates('m.created_at', filter, tenantId))
  );
}

/** The columns a contact is shown with, without id and partner: the list row's core and an exported row. */
export const MEMBER_FIELDS = ['m.first_name', 'm.last_name', 'm.gender', 'm.phone', 'm.email', 'm.residence', 'm.created_at'] as const;

function selectMembers(db: Db, tenantId: number) {
  return db
    .selectFrom('members as m')
    .innerJoin('partners as p', 'p.id', 'm.tenant_id')
    .select(['m.id', ...MEMBER_FIELDS, 'p.name as partner_name', 'm.version', 'm.archived_at', 'm.erased_at'])
    .where('m.tenant_id', '=', tenantId);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMembers>['executeTakeFirstOrThrow']>>;

/** A row with the MEMBER_FIELDS columns. */
type MemberFieldsRow = Pick<MemberRow, 'first_name' | 'last_name' | 'gender' | 'phone' | 'email' | 'residence' | 'created_at'>;

/** A contact's fields as the API shows them (list, save answers, export). */
export const toMemberFields = (row: MemberFieldsRow): Omit<Member, 'id' | 'Partner' | 'version' | 'archivedAt' | 'erased'> => ({
  firstName: row.first_name,
  lastName: row.last_name,
  gender: row.gender as Gender,
  phone: row.phone,
  email: row.email,
  residence: row.residence,
  createdAt: row.created_at.toISOString(),
});

export const toMember = (row: MemberRow): Member => ({
  id: row.id,
  ...toMemberFields(row),
  Partner: { name: row.partner_name },
  version: row.version,
  archivedAt: row.archived_at?.toISOString() ?? null,
  erased: row.erased_at !== null,
});

/**
 * The partner's number of active contacts from member_counts (migration 0025) when the list selects all of them:
 * the date range (either end may be open) holds the first and the last active contact added (two probes of the
 * partial list index).
 * No row otherwise: then the matching rows are counted. Compiled once: every unfiltered page asks it.
 */
const memberCount = compiledOnce((db, tenantId: number, startDate: string | null, endDateExclusive: string | null) =>
  db
    .selectFrom('member_counts as c')
    .select(sql<number>`c.total::int`.as('total'))
    .where('c.tenant_id', '=', tenantId)
    .where(
      sql<SqlBool>`(${startDate}::date is null or (select min(created_at) from members where tenant_id = ${tenantId} and archived_at is null) >= ${partnerDayStart(startDate!, tenantId)})`,
    )
    .where(
      sql<SqlBool>`(${endDateExclusive}::date is null or (select max(created_at) from members where tenant_id = ${tenantId} and archived_at is null) < ${partnerDayStart(endDateExclusive!, tenantId)})`,
    ),
);

/** The partner's number of active contacts when the filter selects all of them (no search, dates around them all); else undefined. */
async function countWhenUnfiltered(db: Db, tenantId: number, filter: MemberFilter): Promise<number | undefined> {
  if (filter.searchPattern !== undefined || filter.archived === 'only') return undefined;
  const [row] = await memberCount(db, tenantId, filter.startDate ?? null, filter.endDateExclusive ?? null);
  return row?.total;
}

/**
 * Newest first (the (tenant_id, created_at desc, id desc) partial indexes): the active contacts, or with
 * `archived: 'only'` the archived ones; the unfiltered active total from member_counts.
 */
export async function listMembers(db: Db, tenantId: number, params: MemberListParams): Promise<Page<Member>> {
  return pagedList(params, {
    scope: new TenantScope(db, tenantId),
    matching: membersMatching(db, tenantId, params, await searchCountry(db, tenantId, params)),
    id: 'm.id',
    order: [
      ['m.created_at', 'desc'],
      ['m.id', 'desc'],
    ],
    select: selectMembers(db, tenantId),
    toRow: toMember,
    counted: () => countWhenUnfiltered(db, tenantId, params),
  });
}

/** The partner's newest active contacts (the dashboard's 'Recent Contacts'), on the list's index. */
export async function latestMembers(db: Db, tenantId: number, limit: number): Promise<Member[]> {
  const rows = await selectMembers(db, tenantId).where('m.archived_at', 'is', null).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  return rows.map(toMember);
}

/** One contact, archived or not (what the edit screen opens). */
export async function findMember(db: Db, tenantId: number, id: number): Promise<Member | undefined> {
  const row = await selectMembers(db, tenantId).where('m.id', '=', id).executeTakeFirst();
  return row && toMember(row);
}

/** A contact form's fields: the create form has no email (stored as ''), the edit form has one. */
export type MemberFields = ContactInput & { email?: string };

/** `mobile` is already E.164: the schema normalises it. */
const memberColumns = (input: MemberFields) => ({
  first_name: input.firstName,
  last_name: input.lastName,
  gender: input.gender,
  phone: input.mobile,
  residence: input.residence,
  ...(input.email !== undefined ? { email: input.email } : {}),
});

/** Throws the database's unique violation when the tenant already has a contact with this phone. */
export async function insertMember(db: Db, tenantId: number, input: MemberFields): Promise<number> {
  const { id } = await db
    .insertInto('members')
    .values({ tenant_id: tenantId, ...memberColumns(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Returns false when the tenant has no such contact. Throws the unique violation like insertMember. */
export async function updateMember(db: Db, tenantId: number, id: number, input: MemberFields): Promise<boolean> {
  const result = await db.updateTable('members').set(memberColumns(input)).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
