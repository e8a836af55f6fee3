import { sql, type Kysely } from 'kysely';
import type { Gender, Member } from '@ushirika/shared/contract';
import type { ContactInput } from '@ushirika/shared/validation';
import { countAll, withinDates, type DateRange } from '../db/list-sql';
import type { Database } from '../db/schema';
import type { ListParams } from '../http/list-query';
import { partnerCountry } from '../partners/queries';
import { memberSearch, searchNeedsCountry, type MemberSearchText } from './member-search';

type Db = Kysely<Database>;

/** The search and date part of a contacts list query (also used by the export). */
export type MemberFilter = MemberSearchText & DateRange;

/**
 * The partner's country when the search text could be a phone number (its local forms are read in
 * that country), undefined otherwise: then no query is made.
 */
export async function searchCountry(db: Db, tenantId: number, filter: MemberSearchText): Promise<string | undefined> {
  return searchNeedsCountry(filter) ? partnerCountry(db, tenantId) : undefined;
}

/** Runs `load` on the first call only; later calls share its promise. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

/**
 * The tenant's contacts matching the list's search (`memberSearch`, phone numbers read in `country`,
 * see `searchCountry`) and added within its dates.
 */
export function membersMatching(db: Db, tenantId: number, filter: MemberFilter, country?: string) {
  const search = memberSearch(filter, country);
  return db
    .selectFrom('members as m')
    .where('m.tenant_id', '=', tenantId)
    .$if(search !== undefined, (q) => q.where(search!))
    .$call(withinDates('m.created_at', filter));
}

/** The columns a contact is shown with, without id and partner: the list row's core and an exported row. */
export const MEMBER_FIELDS = ['m.first_name', 'm.last_name', 'm.gender', 'm.phone', 'm.email', 'm.residence', 'm.created_at'] as const;

function selectMembers(db: Db, tenantId: number) {
  return db
    .selectFrom('members as m')
    .innerJoin('partners as p', 'p.id', 'm.tenant_id')
    .select(['m.id', ...MEMBER_FIELDS, 'p.name as partner_name'])
    .where('m.tenant_id', '=', tenantId);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMembers>['executeTakeFirstOrThrow']>>;

/** A row with the MEMBER_FIELDS columns. */
type MemberFieldsRow = Pick<MemberRow, 'first_name' | 'last_name' | 'gender' | 'phone' | 'email' | 'residence' | 'created_at'>;

/** A contact's fields as the API shows them (list, save answers, export). */
export const toMemberFields = (row: MemberFieldsRow): Omit<Member, 'id' | 'Partner'> => ({
  firstName: row.first_name,
  lastName: row.last_name,
  gender: row.gender as Gender,
  phone: row.phone,
  email: row.email,
  residence: row.residence,
  createdAt: row.created_at.toISOString(),
});

export const toMember = (row: MemberRow): Member => ({ id: row.id, ...toMemberFields(row), Partner: { name: row.partner_name } });

/**
 * The tenant's number of contacts from member_counts, when the filter selects all of them: no
 * search, and the date range (if any) holds the first and the last contact added (two probes of
 * the list index). Undefined otherwise: then the matching rows are counted.
 */
async function countWhenUnfiltered(db: Db, tenantId: number, filter: MemberFilter): Promise<number | undefined> {
  if (filter.searchPattern !== undefined) return undefined;
  const { startDate, endDateExclusive } = filter;
  const first = db
    .selectFrom('members')
    .select(sql<Date>`min(created_at)`.as('first'))
    .where('tenant_id', '=', tenantId);
  const last = db
    .selectFrom('members')
    .select(sql<Date>`max(created_at)`.as('last'))
    .where('tenant_id', '=', tenantId);
  const row = await db
    .selectFrom('member_counts')
    .select(sql<number>`total::int`.as('total'))
    .where('tenant_id', '=', tenantId)
    .$if(startDate !== undefined, (q) => q.where(first, '>=', sql<Date>`${startDate}::date`))
    .$if(endDateExclusive !== undefined, (q) => q.where(last, '<', sql<Date>`${endDateExclusive}::date`))
    .executeTakeFirst();
  return row?.total;
}

/** Newest first; the page is chosen on the (tenant_id, created_at desc, id desc) index, then read. Count separately. */
export function listMembers(db: Db, tenantId: number, params: ListParams) {
  const country = once(() => searchCountry(db, tenantId, params));
  return {
    rows: async () => {
      const page = membersMatching(db, tenantId, params, await country())
        .select('m.id')
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(params.pageSize)
        .offset(params.offset);
      const rows = await selectMembers(db, tenantId).where('m.id', 'in', page).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').execute();
      return rows.map(toMember);
    },
    total: async () =>
      (await countWhenUnfiltered(db, tenantId, params)) ??
      (
        await membersMatching(db, tenantId, params, await country())
          .select(countAll)
          .executeTakeFirstOrThrow()
      ).total,
  };
}

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
