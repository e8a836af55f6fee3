import type { Gender, GroupMember } from '@ushirika/shared/contract';
import { withinDates, type DateRange } from '../db/list-sql';
import { pagedList, type Page } from '../db/paged-list';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';
import { liveContactCount, replaceMemberSet } from './member-sets';
import { searchCountry } from './member-queries';
import { memberSearch, type MemberSearchText } from './member-search';

/** A group's members list: the contacts search and the dates they joined. Every query goes through the partner's scope. */
type GroupMemberFilter = MemberSearchText & DateRange;

/**
 * The group's active members, searched like the contacts list (`memberSearch`); the dates filter on when they
 * joined. Archived contacts stay members (restoring brings them back in) but are not listed (issue 26.5).
 */
function groupMembersMatching(scope: TenantScope, groupId: number, params: GroupMemberFilter, country: string | undefined) {
  const search = memberSearch(params, country);
  return scope
    .selectFrom('group_members as gm')
    .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'gm.tenant_id').onRef('m.id', '=', 'gm.member_id'))
    .where('gm.group_id', '=', groupId)
    .where('m.archived_at', 'is', null)
    .$if(search !== undefined, (q) => q.where(search!))
    .$call(withinDates('gm.created_at', params, scope));
}

/** Latest to join first. */
export async function listGroupMembers(scope: TenantScope, groupId: number, params: ListParams): Promise<Page<GroupMember>> {
  return pagedList(params, {
    scope,
    matching: groupMembersMatching(scope, groupId, params, await searchCountry(scope, params)),
    id: 'gm.member_id',
    order: [
      ['gm.created_at', 'desc'],
      ['gm.member_id', 'desc'],
    ],
    select: groupMembersMatching(scope, groupId, NO_FILTER, undefined).select([
      'gm.member_id',
      'gm.created_at',
      'm.first_name',
      'm.last_name',
      'm.gender',
      'm.phone',
      'm.email',
    ]),
    toRow: (row) => ({
      MemberId: row.member_id,
      Member: { firstName: row.first_name, lastName: row.last_name, gender: row.gender as Gender | '', phone: row.phone, email: row.email },
      createdAt: row.created_at.toISOString(),
    }),
  });
}

/** A list query that filters nothing: the group's every member. */
const NO_FILTER = { searchKey: undefined, searchPattern: undefined, startDate: undefined, endDateExclusive: undefined } as const;

export async function groupBelongsTo(scope: TenantScope, groupId: number): Promise<boolean> {
  const row = await scope.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
  return row !== undefined;
}

/** Ids are `integer` columns: a larger number names no record (and would fail the cast). */
const MAX_ID = 2_147_483_647;

/** What a save of a group's membership did: how many contacts joined and how many left. */
export interface MembershipChange {
  added: number;
  removed: number;
}

export type ReplaceMembersOutcome = MembershipChange | 'unknown-group' | 'unknown-member';

/**
 * Makes `memberIds` the group's whole active membership, in one transaction (the caller's, when `scope` is in one):
 * nothing changes unless the group and every id are the tenant's active contacts (an archived one is not offered,
 * so it is 'unknown-member' as a contact gone is). The group row is locked first, so two saves of one group run
 * one after the other. Members who stay keep the date they joined; archived members stay as they are (the editor
 * never sees them, so their absence from `memberIds` is no removal).
 */
export async function replaceGroupMembers(scope: TenantScope, groupId: number, memberIds: readonly number[]): Promise<ReplaceMembersOutcome> {
  if (groupId > MAX_ID) return 'unknown-group';
  if (memberIds.some((id) => id > MAX_ID)) return 'unknown-member';
  return scope.transaction(async (trx) => {
    const group = await trx.selectFrom('groups').select('id').where('id', '=', groupId).forUpdate().executeTakeFirst();
    if (!group) return 'unknown-group';

    const ids = [...memberIds];
    if ((await liveContactCount(trx, ids)) !== ids.length) return 'unknown-member';
    return replaceMemberSet(trx, 'group_members', groupId, ids);
  });
}
