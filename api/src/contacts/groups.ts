import { groupsEndpoint, type Group } from '@ushirika/shared/contract';
import { groupSchema, type GroupInput } from '@ushirika/shared/validation';
import { withinDates } from '../db/list-sql';
import { recordQueries } from '../db/record-queries';
import type { TenantScope } from '../db/tenant-scope';
import type { CrudResource } from '../http/crud-routes';
import type { ListParams } from '../http/list-query';
import { groupTypes } from './group-types';

/** Search: name, description and brand name (trigram index groups_search_idx). */
function matching(scope: TenantScope, { searchPattern, ...dates }: ListParams) {
  return scope
    .selectFrom('groups as g')
    .$if(searchPattern !== undefined, (q) =>
      q.where((eb) => eb.or([eb('g.name', 'ilike', searchPattern!), eb('g.description', 'ilike', searchPattern!), eb('g.brand_name', 'ilike', searchPattern!)])),
    )
    .$call(withinDates('g.created_at', dates, scope));
}

function select(scope: TenantScope) {
  return scope
    .selectFrom('groups as g')
    .innerJoin('partners as p', 'p.id', 'g.tenant_id')
    .select(['g.id', 'g.name', 'g.description', 'g.brand_name', 'g.group_type_id', 'g.created_at', 'p.name as partner_name', 'g.version']);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toGroup = (row: Selected): Group => ({
  id: row.id,
  name: row.name,
  description: row.description,
  brandName: row.brand_name,
  groupType: row.group_type_id,
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
  version: row.version,
});

const columns = (input: GroupInput) => ({
  group_type_id: input.groupType,
  name: input.name,
  description: input.description,
  brand_name: input.brandName,
});

/** Newest first. The group type must be the partner's: the composite foreign key refuses any other (23503). */
export const groupQueries = recordQueries({
  table: 'groups',
  id: 'g.id',
  order: [
    ['g.created_at', 'desc'],
    ['g.id', 'desc'],
  ],
  matching,
  select,
  toRow: toGroup,
  columns,
});

/** Groups (spec 2.8, 7): `/groups`; the edit is ours, `PUT /groups/{id}` (docs/spec-deviations.md). */
export const groups: CrudResource<typeof groupSchema, Group> = {
  endpoint: groupsEndpoint,
  table: 'groups',
  tag: 'Contacts',
  entity: 'group',
  permissions: { read: 'groups.read', write: 'groups.write' },
  body: groupSchema,
  example: { groupType: 1, name: 'Youth', description: 'Young people of the church', brandName: 'Grace Youth' },
  texts: { notFound: 'Group not found', unknownReference: 'Choose a group type from the list' },
  queries: groupQueries,
  references: { groupType: groupTypes },
};
