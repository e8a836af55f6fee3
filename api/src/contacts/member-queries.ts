import { sql, type SqlBool } from 'kysely';
import type {
  Gender,
  HouseholdRole,
  MaritalStatus,
  Member,
  MemberArchivedFilter,
  MemberHouseholdRef,
  MemberMembershipFilter,
  MembershipStatus,
} from '@ushirika/shared/contract';
import type { ContactInput } from '@ushirika/shared/validation';
import { compiledOnce } from '../db/compiled-once';
import { partnerDayStart, withinDates, type DateRange } from '../db/list-sql';
import { recordQueries } from '../db/record-queries';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';
import { partnerCountry } from '../partners/queries';
import { memberSearch, searchNeedsCountry, type MemberSearchText } from './member-search';

/**
 * The contacts' queries, through the partner's scope (db/tenant-scope.ts) like every CRUD resource's: the list
 * (newest first, its filters), one contact, create and change (db/record-queries.ts), and the dashboard's newest.
 */

/** What the contacts list (and its export) filters on besides the search and the dates. */
export interface MemberListFilters {
  /** 'only': the archived contacts; the active ones otherwise (issue 26.5: archived contacts are out of every list). */
  archived?: MemberArchivedFilter | undefined;
  /** One membership status, or 'none' for the contacts without one (issue 27.5). */
  membershipStatus?: MemberMembershipFilter | undefined;
  /** The members of one household (issue 27.6); an id that is not one of the partner's households matches nobody. */
  householdId?: number | undefined;
}

/** The search, date and list filters of a contacts list query (also the export's). */
export type MemberFilter = MemberSearchText & DateRange & MemberListFilters;

/** The contacts list query: the standard one and its filters. */
export type MemberListParams = ListParams & MemberListFilters;

/**
 * The partner's country when the search text could be a phone number (its local forms are read in
 * that country), undefined otherwise: then no query is made.
 */
export async function searchCountry(scope: TenantScope, filter: MemberSearchText): Promise<string | undefined> {
  return searchNeedsCountry(filter) ? scope.raw(partnerCountry) : undefined;
}

/**
 * The partner's contacts matching the list's search (`memberSearch`, phone numbers read in `country`, see
 * `searchCountry`), added within its dates, and its filters: the one place the contacts list and the export
 * filter. The archive state picks the partial list index (migration 0025); the membership status is a condition
 * on it, and a household reads its members on household_members' key.
 */
export function membersMatching(scope: TenantScope, filter: MemberFilter, country?: string) {
  const search = memberSearch(filter, country);
  const { membershipStatus, householdId } = filter;
  return scope
    .selectFrom('members as m')
    .where('m.archived_at', filter.archived === 'only' ? 'is not' : 'is', null)
    .$if(search !== undefined, (q) => q.where(search!))
    .$if(membershipStatus !== undefined, (q) => q.where('m.membership_status', '=', membershipStatus === 'none' ? '' : membershipStatus!))
    .$if(householdId !== undefined, (q) =>
      q.where('m.id', 'in', scope.selectFrom('household_members as hm').select('hm.member_id').where('hm.household_id', '=', householdId!)),
    )
    .$call(withinDates('m.created_at', filter, scope));
}

/** A contact with their household. The date of birth leaves the database as text: no time-zone shift. */
function selectMembers(scope: TenantScope) {
  return (
    scope
      .selectFrom('members as m')
      .innerJoin('partners as p', 'p.id', 'm.tenant_id')
      // A contact is in one household at most (household_members_one_each): at most one row each.
      .leftJoin('household_members as hm', (join) => join.onRef('hm.tenant_id', '=', 'm.tenant_id').onRef('hm.member_id', '=', 'm.id'))
      .leftJoin('households as h', (join) => join.onRef('h.tenant_id', '=', 'hm.tenant_id').onRef('h.id', '=', 'hm.household_id'))
      .select(['m.id', 'm.first_name', 'm.last_name', 'm.gender', 'm.phone', 'm.email', 'm.residence', 'm.created_at'])
      .select(sql<string | null>`to_char(m.date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'))
      .select(['m.membership_status', 'm.marital_status', 'm.external_id', 'm.version', 'm.archived_at', 'm.erased_at', 'p.name as partner_name'])
      .select(['h.id as household_id', 'h.name as household_name', 'hm.role as household_role'])
  );
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMembers>['executeTakeFirstOrThrow']>>;

const householdOf = (row: MemberRow): MemberHouseholdRef | null =>
  row.household_id === null ? null : { id: row.household_id, name: row.household_name ?? '', role: row.household_role as HouseholdRole };

/** A contact as the API shows it: no date of birth is null, no external id ''. */
const toMember = (row: MemberRow): Member => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  gender: row.gender as Gender | '',
  phone: row.phone,
  email: row.email,
  residence: row.residence,
  dateOfBirth: row.date_of_birth,
  membershipStatus: row.membership_status as MembershipStatus | '',
  maritalStatus: row.marital_status as MaritalStatus | '',
  externalId: row.external_id ?? '',
  household: householdOf(row),
  createdAt: row.created_at.toISOString(),
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
      sql<SqlBool>`(${startDate}::date is null or (select min(created_at) from members where tenant_id = ${tenantId} and archived_at is null) >= ${partnerDayStart(startDate!, { tenantId, timeZone: null })})`,
    )
    .where(
      sql<SqlBool>`(${endDateExclusive}::date is null or (select max(created_at) from members where tenant_id = ${tenantId} and archived_at is null) < ${partnerDayStart(endDateExclusive!, { tenantId, timeZone: null })})`,
    ),
);

/** The partner's number of active contacts when the filter selects all of them (no search, no filter, dates around them all); else undefined. */
async function countWhenUnfiltered(scope: TenantScope, filter: MemberFilter): Promise<number | undefined> {
  if (filter.searchPattern !== undefined || filter.archived === 'only' || filter.membershipStatus !== undefined || filter.householdId !== undefined) return undefined;
  const [row] = await scope.raw((db, tenantId) => memberCount(db, tenantId, filter.startDate ?? null, filter.endDateExclusive ?? null));
  return row?.total;
}

/** A contact form's fields: the create form has no email (stored as ''), the edit form has one. */
export type MemberInput = ContactInput & { email?: string };

/**
 * The columns a form fills. `mobile` is already E.164 (the schema normalises it); no date of birth or external id
 * is stored as NULL (the external id's unique key holds only given ones). A field left undefined is not written
 * (a change from a client that does not know it keeps the stored value: member-routes.ts).
 */
function memberColumns(input: Partial<MemberInput> & Pick<MemberInput, 'firstName' | 'lastName' | 'mobile'>) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    phone: input.mobile,
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.residence !== undefined ? { residence: input.residence } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.dateOfBirth !== undefined ? { date_of_birth: input.dateOfBirth || null } : {}),
    ...(input.membershipStatus !== undefined ? { membership_status: input.membershipStatus } : {}),
    ...(input.maritalStatus !== undefined ? { marital_status: input.maritalStatus } : {}),
    ...(input.externalId !== undefined ? { external_id: input.externalId || null } : {}),
  };
}

/**
 * Newest first (the (tenant_id, created_at desc, id desc) partial indexes): the active contacts, or with
 * `archived: 'only'` the archived ones; the unfiltered active total from member_counts. `find` answers a
 * contact archived or not (what the edit screen opens). `insert` and `update` throw the database's unique
 * violation for a mobile or an external id the partner's other contact has; `update` answers false when the
 * partner has no such contact.
 */
export const memberQueries = recordQueries({
  table: 'members',
  id: 'm.id',
  order: [
    ['m.created_at', 'desc'],
    ['m.id', 'desc'],
  ],
  matching: async (scope, params: MemberListParams) => membersMatching(scope, params, await searchCountry(scope, params)),
  select: selectMembers,
  toRow: toMember,
  counted: countWhenUnfiltered,
  columns: memberColumns,
});

/** The partner's newest active contacts (the dashboard's 'Recent Contacts'), on the list's index. */
export async function latestMembers(scope: TenantScope, limit: number): Promise<Member[]> {
  const rows = await selectMembers(scope).where('m.archived_at', 'is', null).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  return rows.map(toMember);
}
