import type { Kysely } from 'kysely';
import type { GroupType } from '@ushirika/shared/contract';
import type { GroupTypeInput } from '@ushirika/shared/validation';
import { countAll, withinDates } from '../db/list-sql';
import type { Database } from '../db/schema';
import type { ListParams } from '../http/list-query';

type Db = Kysely<Database>;

function groupTypesMatching(db: Db, tenantId: number, params: ListParams) {
  const { searchPattern } = params;
  return db
    .selectFrom('group_types as gt')
    .where('gt.tenant_id', '=', tenantId)
    .$if(searchPattern !== undefined, (q) =>
      q.where((eb) => eb.or([eb('gt.name', 'ilike', searchPattern!), eb('gt.description', 'ilike', searchPattern!)])),
    )
    .$call(withinDates('gt.created_at', params));
}

function selectGroupTypes(db: Db, tenantId: number) {
  return db
    .selectFrom('group_types as gt')
    .innerJoin('partners as p', 'p.id', 'gt.tenant_id')
    .select(['gt.id', 'gt.name', 'gt.description', 'gt.created_at', 'p.name as partner_name'])
    .where('gt.tenant_id', '=', tenantId);
}

type GroupTypeRow = Awaited<ReturnType<ReturnType<typeof selectGroupTypes>['executeTakeFirstOrThrow']>>;

const toGroupType = (row: GroupTypeRow): GroupType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
});

/** Newest first. Page and count are separate queries over the same filter. */
export function listGroupTypes(db: Db, tenantId: number, params: ListParams) {
  return {
    rows: async () => {
      const page = groupTypesMatching(db, tenantId, params)
        .select('gt.id')
        .orderBy('gt.created_at', 'desc')
        .orderBy('gt.id', 'desc')
        .limit(params.pageSize)
        .offset(params.offset);
      const rows = await selectGroupTypes(db, tenantId).where('gt.id', 'in', page).orderBy('gt.created_at', 'desc').orderBy('gt.id', 'desc').execute();
      return rows.map(toGroupType);
    },
    total: async () => (await groupTypesMatching(db, tenantId, params).select(countAll).executeTakeFirstOrThrow()).total,
  };
}

export async function findGroupType(db: Db, tenantId: number, id: number): Promise<GroupType | undefined> {
  const row = await selectGroupTypes(db, tenantId).where('gt.id', '=', id).executeTakeFirst();
  return row && toGroupType(row);
}

export async function groupTypeBelongsTo(db: Db, tenantId: number, groupTypeId: number): Promise<boolean> {
  const row = await db.selectFrom('group_types').select('id').where('tenant_id', '=', tenantId).where('id', '=', groupTypeId).executeTakeFirst();
  return row !== undefined;
}

/** Throws the unique violation when the tenant already has a group type of this name (any case). */
export async function insertGroupType(db: Db, tenantId: number, input: GroupTypeInput): Promise<number> {
  const { id } = await db
    .insertInto('group_types')
    .values({ tenant_id: tenantId, name: input.name, description: input.description })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Returns false when the tenant has no such group type. */
export async function updateGroupType(db: Db, tenantId: number, id: number, input: GroupTypeInput): Promise<boolean> {
  const result = await db
    .updateTable('group_types')
    .set({ name: input.name, description: input.description })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
