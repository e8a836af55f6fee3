import { listQuery, pageLoader, saveRecord } from '@ushirika/shared/api';
import { DROPDOWN_PAGE_SIZE, type GroupType, type GroupTypeBody } from '@ushirika/shared/contract';
import type { Option } from '@ushirika/shared/ui';

/** GET /group_types (list query) -> { group_types, total } */
export const loadGroupTypes = pageLoader<GroupType>('group_types', 'group_types');

/** POST /group_types, or PUT /group_types/{id} when editing. */
export const saveGroupType = (body: GroupTypeBody, id?: number) => saveRecord('group_types', body, id);

/** The group-type choice of the group form: page 1, size 25 (spec 7, 9). */
export async function groupTypeOptions(signal?: AbortSignal): Promise<Option[]> {
  const { rows } = await loadGroupTypes(listQuery({ page: 1, pagesize: DROPDOWN_PAGE_SIZE }), signal);
  return rows.map((type) => ({ value: type.id, label: type.name }));
}
