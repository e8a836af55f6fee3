import { groupTypesEndpoint, type NamedType } from '@ushirika/shared/contract';
import { groupTypeSchema } from '@ushirika/shared/validation';
import { namedTypeQueries } from '../db/text-pair-queries';
import type { CrudResource } from '../http/crud-routes';

/**
 * Group types (spec 2.9, 7): `/group_types`, names unique per partner in any case. `PUT /group_types/{id}`
 * saves a group type only: the legacy group edit through it is `PUT /groups/{id}` (docs/spec-deviations.md).
 */
export const groupTypes: CrudResource<typeof groupTypeSchema, NamedType> = {
  endpoint: groupTypesEndpoint,
  table: 'group_types',
  tag: 'Contacts',
  entity: 'group_type',
  permissions: { read: 'groups.read', write: 'groups.write' },
  body: groupTypeSchema,
  example: { name: 'Fellowship', description: 'Small groups meeting at home' },
  texts: {
    notFound: 'Group type not found',
    duplicate: 'A group type with this name already exists',
  },
  queries: namedTypeQueries('group_types'),
};
