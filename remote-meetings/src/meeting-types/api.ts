import { loadAll, pageLoader, saveRecord } from '@ushirika/shared/api';
import type { MeetingType, MeetingTypeBody } from '@ushirika/shared/contract';
import type { Option } from '@ushirika/shared/ui';

/** GET /meeting_types (list query) -> { meeting_types, total } */
export const loadMeetingTypes = pageLoader<MeetingType>('meeting_types', 'meeting_types');

/** POST /meeting_types, or PUT /meeting_types/{id} when editing. */
export const saveMeetingType = (body: MeetingTypeBody, id?: number) => saveRecord('meeting_types', body, id);

/** The meeting-type choice of the meeting form: every type (the legacy page 1 of 25 hid the rest). */
export async function meetingTypeOptions(signal?: AbortSignal): Promise<Option[]> {
  const rows = await loadAll(loadMeetingTypes, signal);
  return rows.map((type) => ({ value: type.id, label: type.name }));
}
