import { sql, type SqlBool } from 'kysely';
import type { Household, HouseholdDetail, HouseholdMember, HouseholdRole } from '@ushirika/shared/contract';
import type { HouseholdInput } from '@ushirika/shared/validation';
import { pagedList, type Page } from '../db/paged-list';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';

/**
 * Households (issue 27.6; migration 0026): a name and members with a role, read and written through the
 * partner's scope. A contact is in one household at most (household_members_one_each) and a household has one
 * head at most (household_members_one_head); the routes (household-routes.ts) answer for both.
 */

/** The partner's households whose name matches the list's search. */
function matching(scope: TenantScope, { searchPattern }: ListParams) {
  return scope.selectFrom('households as h').$if(searchPattern !== undefined, (q) => q.where('h.name', 'ilike', searchPattern!));
}

/** A household's row: its key, its head's name and how many members it has (joined on the tenant, as every tenant table). */
function select(scope: TenantScope) {
  return scope
    .selectFrom('households as h')
    .innerJoin('partners as p', 'p.id', 'h.tenant_id')
    .select([
      'h.id',
      'h.name',
      sql<string>`coalesce(h.external_key, 'H-' || h.id)`.as('key'),
      sql<string | null>`(
        select m.first_name || ' ' || m.last_name from household_members hm
        join members m on m.tenant_id = hm.tenant_id and m.id = hm.member_id
        where hm.tenant_id = h.tenant_id and hm.household_id = h.id and hm.role = 'head')`.as('head'),
      sql<number>`(select count(*)::int from household_members hm where hm.tenant_id = h.tenant_id and hm.household_id = h.id)`.as('member_count'),
      'h.created_at',
      'p.name as partner_name',
      'h.version',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toHousehold = (row: Selected): Household => ({
  id: row.id,
  name: row.name,
  key: row.key,
  head: row.head,
  memberCount: row.member_count,
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
  version: row.version,
});

/** GET /households: by name, then id (pages never overlap). */
export function listHouseholds(scope: TenantScope, params: ListParams): Promise<Page<Household>> {
  return pagedList(params, {
    scope,
    matching: matching(scope, params),
    id: 'h.id',
    order: [
      ['h.name', 'asc'],
      ['h.id', 'asc'],
    ],
    select: select(scope),
    toRow: toHousehold,
  });
}

/** Head first, then spouse, child, other. */
const ROLE_ORDER = sql<number>`case hm.role when 'head' then 0 when 'spouse' then 1 when 'child' then 2 else 3 end`;

/**
 * The household's members (archived contacts too: they stay members, though no send reaches them), head
 * first, then spouse, child and other, each by name.
 */
async function householdMembers(scope: TenantScope, householdId: number): Promise<HouseholdMember[]> {
  const rows = await scope
    .selectFrom('household_members as hm')
    .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'hm.tenant_id').onRef('m.id', '=', 'hm.member_id'))
    .select(['hm.member_id', 'hm.role', 'm.first_name', 'm.last_name', 'm.phone'])
    .where('hm.household_id', '=', householdId)
    .orderBy(ROLE_ORDER)
    .orderBy('m.first_name')
    .orderBy('m.last_name')
    .orderBy('hm.member_id')
    .execute();
  return rows.map((row) => ({ MemberId: row.member_id, firstName: row.first_name, lastName: row.last_name, phone: row.phone, role: row.role as HouseholdRole }));
}

/** The household without its members (the history route's check). */
export async function findHouseholdRow(scope: TenantScope, id: number): Promise<Household | undefined> {
  const row = await select(scope).where('h.id', '=', id).executeTakeFirst();
  return row && toHousehold(row);
}

/** GET /households/{id}: the household with its members; undefined when the partner has none such. */
export async function findHousehold(scope: TenantScope, id: number): Promise<HouseholdDetail | undefined> {
  const household = await findHouseholdRow(scope, id);
  return household && { ...household, members: await householdMembers(scope, id) };
}

/**
 * The chosen contacts that are not the partner's contacts to put in a household: unknown, another partner's, or
 * erased (an erased contact has no name left to show). Archived ones may stay (the household lists them).
 */
export async function unknownMembers(scope: TenantScope, memberIds: readonly number[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  const { found } = await scope
    .selectFrom('members as m')
    .select(sql<number>`count(*)::int`.as('found'))
    .where('m.id', 'in', memberIds)
    .where('m.erased_at', 'is', null)
    .executeTakeFirstOrThrow();
  return memberIds.length - found;
}

/**
 * The name of another household that holds one of the chosen contacts (`householdId`: the one being saved,
 * undefined for a new one); undefined when none does.
 */
export async function otherHouseholdOf(scope: TenantScope, memberIds: readonly number[], householdId?: number): Promise<string | undefined> {
  if (memberIds.length === 0) return undefined;
  const row = await scope
    .selectFrom('household_members as hm')
    .innerJoin('households as h', (join) => join.onRef('h.tenant_id', '=', 'hm.tenant_id').onRef('h.id', '=', 'hm.household_id'))
    .select('h.name')
    .where('hm.member_id', 'in', memberIds)
    .$if(householdId !== undefined, (q) => q.where('hm.household_id', '<>', householdId!))
    .orderBy('h.name')
    .limit(1)
    .executeTakeFirst();
  return row?.name;
}

/** Creates the household with its members; returns its id. Throws the unique violation of a contact in another household. */
export async function insertHousehold(scope: TenantScope, input: HouseholdInput): Promise<number> {
  const { id } = await scope.insertInto('households', { name: input.name }).returning('id').executeTakeFirstOrThrow();
  await writeMembers(scope, id, input.members);
  return id;
}

/**
 * Renames the household and makes `input.members` its whole membership (inside savingVersion's transaction,
 * which has already locked it). False when the partner has no such household.
 */
export async function updateHousehold(scope: TenantScope, id: number, input: HouseholdInput): Promise<boolean> {
  const result = await scope.updateTable('households').set({ name: input.name }).where('id', '=', id).executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await writeMembers(scope, id, input.members);
  return true;
}

/**
 * Members who leave or change role are removed first, then the new and changed ones are added: a head handed
 * from one member to another never meets the one-head index twice, and members who stay keep their row.
 */
async function writeMembers(scope: TenantScope, householdId: number, members: HouseholdInput['members']): Promise<void> {
  const kept = members.map((member) => sql`(${member.memberId}::int, ${member.role}::text)`);
  await scope
    .deleteFrom('household_members')
    .where('household_id', '=', householdId)
    .$if(kept.length > 0, (q) => q.where(sql<SqlBool>`(member_id, role) not in (${sql.join(kept)})`))
    .execute();
  if (members.length === 0) return;
  await scope.raw((db, tenantId) =>
    db
      .insertInto('household_members')
      .values(members.map((member) => ({ tenant_id: tenantId, household_id: householdId, member_id: member.memberId, role: member.role })))
      .onConflict((conflict) => conflict.columns(['tenant_id', 'household_id', 'member_id']).doNothing())
      .execute(),
  );
}

/** Deletes the household (its memberships go with it, the contacts stay). False when the partner has none such. */
export async function deleteHousehold(scope: TenantScope, id: number): Promise<boolean> {
  const result = await scope.deleteFrom('households').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * A household as its activity events record it: the name and each member's role by contact id
 * (`members.<id>`: 'head', …), never a person's name or number.
 */
export const loggedHousehold = (household: HouseholdDetail) => ({
  name: household.name,
  members: Object.fromEntries(household.members.map((member) => [String(member.MemberId), member.role])),
});
