import { pageLoader, saveRecord } from '@ushirika/shared/api';
import type { Group, GroupBody } from '@ushirika/shared/contract';

/** GET /groups (list query) -> { groups, total } */
export const loadGroups = pageLoader<Group>('groups', 'groups');

/**
 * POST /groups, or PUT /groups/{id} when editing. The legacy client saved an edit through
 * PUT /group_types/{id}, overwriting a group type (docs/spec-deviations.md).
 */
export const saveGroup = (body: GroupBody, id?: number) => saveRecord('groups', body, id);
