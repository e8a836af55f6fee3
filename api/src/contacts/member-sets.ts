import { sql } from 'kysely';
import { countAll } from '../db/list-sql';
import type { TenantScope } from '../db/tenant-scope';

/** The tables that hold one owner's set of contacts, with the owner's column: a group's members, a meeting's attendees (issue 28.4). */
const OWNER_COLUMNS = { group_members: 'group_id', meeting_attendees: 'meeting_id' } as const;
export type MemberSet = keyof typeof OWNER_COLUMNS;

/** How many of `ids` (distinct) are the partner's live contacts: all of them, or the set may not take them. */
export async function liveContactCount(trx: TenantScope, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { total } = await trx
    .selectFrom('members')
    .select(countAll)
    .where('id', '=', sql<number>`any(${ids}::int[])`)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return total;
}

/**
 * Makes `ids` (distinct live contacts of the partner: `liveContactCount` first) the whole live set of `ownerId` in
 * `table`, on the caller's transaction, which has locked the owner. Those who stay keep their row (a member the date
 * they joined); archived contacts stay as they are, as the screens never show them, so leaving them out removes
 * nobody. Answers how many rows were added and removed.
 */
export async function replaceMemberSet(trx: TenantScope, table: MemberSet, ownerId: number, ids: readonly number[]): Promise<{ added: number; removed: number }> {
  const owner = sql.ref(`s.${OWNER_COLUMNS[table]}`);
  return trx.raw(async (db, tenantId) => {
    const removed = await sql`
      delete from ${sql.table(table)} as s
      where s.tenant_id = ${tenantId}::int and ${owner} = ${ownerId}::int and not (s.member_id = any(${ids}::int[]))
        and exists (select 1 from members m where m.tenant_id = s.tenant_id and m.id = s.member_id and m.archived_at is null)`.execute(db);
    if (ids.length === 0) return { added: 0, removed: Number(removed.numAffectedRows ?? 0) };
    const { rows } = await sql<{ added: number }>`
      with inserted as (
        insert into ${sql.table(table)} (tenant_id, ${sql.ref(OWNER_COLUMNS[table])}, member_id)
        select ${tenantId}::int, ${ownerId}::int, member_id from unnest(${ids}::int[]) as member_id
        on conflict do nothing
        returning 1
      )
      select count(*)::int as added from inserted`.execute(db);
    return { added: rows[0]?.added ?? 0, removed: Number(removed.numAffectedRows ?? 0) };
  });
}
