import { listQuery, pageLoader, saveRecord } from '@ushirika/shared/api';
import { DROPDOWN_PAGE_SIZE, type MeetingType, type MeetingTypeBody } from '@ushirika/shared/contract';
import type { Option } from '@ushirika/shared/ui';

/** GET /meeting_types (list query) -> { meeting_types, total } */
export const loadMeetingTypes = pageLoader<MeetingType>('meeting_types', 'meeting_types');

/** POST /meeting_types, or PUT /meeting_types/{id} when editing. */
export const saveMeetingType = (body: MeetingTypeBody, id?: number) => saveRecord('meeting_types', body, id);

/** The meeting-type choice of the meeting form: page 1, size 25 (spec 7, 9). */
export async function meetingTypeOptions(signal?: AbortSignal): Promise<Option[]> {
  const { rows } = await loadMeetingTypes(listQuery({ page: 1, pagesize: DROPDOWN_PAGE_SIZE }), signal);
  return rows.map((type) => ({ value: type.id, label: type.name }));
}
