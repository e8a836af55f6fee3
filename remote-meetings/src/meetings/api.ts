import { pageLoader, saveRecord } from '@ushirika/shared/api';
import type { Meeting, MeetingBody } from '@ushirika/shared/contract';

/** GET /meetings (list query) -> { meetings, total } */
export const loadMeetings = pageLoader<Meeting>('meetings', 'meetings');

/** POST /meetings, or PUT /meetings/{id} when editing. */
export const saveMeeting = (body: MeetingBody, id?: number) => saveRecord('meetings', body, id);
