import { loadAll, pageLoader, saveRecord } from '@ushirika/shared/api';
import type { GroupType, GroupTypeBody } from '@ushirika/shared/contract';
import type { Option } from '@ushirika/shared/ui';

/** GET /group_types (list query) -> { group_types, total } */
export const loadGroupTypes = pageLoader<GroupType>('group_types', 'group_types');

/** POST /group_types, or PUT /group_types/{id} when editing. */
export const saveGroupType = (body: GroupTypeBody, id?: number) => saveRecord('group_types', body, id);

/** The group-type choice of the group form: every type (the legacy page 1 of 25 hid the rest). */
export async function groupTypeOptions(signal?: AbortSignal): Promise<Option[]> {
  const rows = await loadAll(loadGroupTypes, signal);
  return rows.map((type) => ({ value: type.id, label: type.name }));
}
