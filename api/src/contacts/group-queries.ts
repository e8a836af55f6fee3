import type { Kysely } from 'kysely';
import type { Group } from '@ushirika/shared/contract';
import type { GroupInput } from '@ushirika/shared/validation';
import { countAll, withinDates } from '../db/list-sql';
import type { Database } from '../db/schema';
import type { ListParams } from '../http/list-query';

type Db = Kysely<Database>;

/** Search: name, description and brand name (trigram index groups_search_idx). */
function groupsMatching(db: Db, tenantId: number, params: ListParams) {
  const { searchPattern } = params;
  return db
    .selectFrom('groups as g')
    .where('g.tenant_id', '=', tenantId)
    .$if(searchPattern !== undefined, (q) =>
      q.where((eb) =>
        eb.or([eb('g.name', 'ilike', searchPattern!), eb('g.description', 'ilike', searchPattern!), eb('g.brand_name', 'ilike', searchPattern!)]),
      ),
    )
    .$call(withinDates('g.created_at', params));
}

function selectGroups(db: Db, tenantId: number) {
  return db
    .selectFrom('groups as g')
    .innerJoin('partners as p', 'p.id', 'g.tenant_id')
    .select(['g.id', 'g.name', 'g.description', 'g.brand_name', 'g.group_type_id', 'g.created_at', 'p.name as partner_name'])
    .where('g.tenant_id', '=', tenantId);
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof selectGroups>['executeTakeFirstOrThrow']>>;

const toGroup = (row: GroupRow): Group => ({
  id: row.id,
  name: row.name,
  description: row.description,
  brandName: row.brand_name,
  groupType: row.group_type_id,
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
});

/** Newest first. Page and count are separate queries over the same filter. */
export function listGroups(db: Db, tenantId: number, params: ListParams) {
  return {
    rows: async () => {
      const page = groupsMatching(db, tenantId, params)
        .select('g.id')
        .orderBy('g.created_at', 'desc')
        .orderBy('g.id', 'desc')
        .limit(params.pageSize)
        .offset(params.offset);
      const rows = await selectGroups(db, tenantId).where('g.id', 'in', page).orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').execute();
      return rows.map(toGroup);
    },
    total: async () => (await groupsMatching(db, tenantId, params).select(countAll).executeTakeFirstOrThrow()).total,
  };
}

export async function findGroup(db: Db, tenantId: number, id: number): Promise<Group | undefined> {
  const row = await selectGroups(db, tenantId).where('g.id', '=', id).executeTakeFirst();
  return row && toGroup(row);
}

const groupColumns = (input: GroupInput) => ({
  group_type_id: input.groupType,
  name: input.name,
  description: input.description,
  brand_name: input.brandName,
});

/** The group type must be the tenant's: the composite foreign key refuses any other (23503). */
export async function insertGroup(db: Db, tenantId: number, input: GroupInput): Promise<number> {
  const { id } = await db
    .insertInto('groups')
    .values({ tenant_id: tenantId, ...groupColumns(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Returns false when the tenant has no such group. */
export async function updateGroup(db: Db, tenantId: number, id: number, input: GroupInput): Promise<boolean> {
  const result = await db
    .updateTable('groups')
    .set(groupColumns(input))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
