import * as yup from 'yup';

/** One month of GET /api/v2/meetings/attendance: the month's meetings' attendance summed, zeros without meetings. */
export const attendancePoint = yup.object({
  /** month number 1-12 */
  mn: yup.number().integer().min(1).max(12).defined(),
  yr: yup.number().integer().defined(),
  actual: yup.number().integer().defined(),
  expected: yup.number().integer().defined(),
});
export type AttendancePoint = yup.InferType<typeof attendancePoint>;

/** GET /api/v2/meetings/attendance -> 12 points, oldest first, ending with the `enddate`'s month. */
export const attendanceSeriesResponse = yup.object({
  attendance: yup.array(attendancePoint).defined(),
});
export type AttendanceSeriesResponse = yup.InferType<typeof attendanceSeriesResponse>;

/*
 * Attendance by name (ours; issue 28.4).
 *
 * - `GET /meetings/{id}/attendees` -> MeetingAttendees: who was ticked present, the visitors and the headcount.
 * - `PUT /meetings/{id}/attendees` `AttendeesInput` -> { status_msg, meeting }: replaces who came; the headcount
 *   (`actualAttendance`) becomes attendees + visitors. Every member id must be one of the partner's live contacts
 *   (400 names none of them: nothing is saved); over `version` (409 when the meeting changed since).
 * - `GET /groups/{id}/absentees?meetings=N` -> Absentees: the group's members who came to none of the group's last
 *   N meetings on or before today (1 <= N <= MAX_ABSENTEE_MEETINGS; default 3), those meetings, newest first.
 * - `GET /member/{id}/meetings` (people.ts) lists a contact's attendance.
 */
export const meetingAttendeesPath = (meetingId: number) => `meetings/${meetingId}/attendees`;
export const groupAbsenteesPath = (groupId: number) => `groups/${groupId}/absentees`;
/** The most names one meeting's register holds (a cathedral's Sunday, with room). */
export const MAX_ATTENDEES = 5000;
export const MAX_ABSENTEE_MEETINGS = 52;
export const DEFAULT_ABSENTEE_MEETINGS = 3;
export const ATTENDANCE_SAVED = 'Attendance saved';

export const attendeeRow = yup.object({
  memberId: yup.number().integer().defined(),
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  /** E.164, or '' for none */
  phone: yup.string().defined(),
});
export type Attendee = yup.InferType<typeof attendeeRow>;

export const meetingAttendees = yup.object({
  meetingId: yup.number().integer().defined(),
  groupId: yup.number().integer().nullable().defined(),
  attendees: yup.array(attendeeRow).defined(),
  visitors: yup.number().integer().defined(),
  actualAttendance: yup.number().integer().defined(),
  version: yup.number().integer().defined(),
});
export type MeetingAttendees = yup.InferType<typeof meetingAttendees>;

export interface AttendeesInput {
  memberIds: number[];
  visitors: number;
  /** The meeting's version the register was read at (409 when it changed since); absent saves over any (as the legacy bodies do). */
  version?: number;
}

export const absentees = yup.object({
  /** The group's last N meetings on or before today, newest first. */
  meetings: yup.array(yup.object({ id: yup.number().integer().defined(), dateOfMeeting: yup.string().defined(), subject: yup.string().defined() }).defined()).defined(),
  absentees: yup.array(attendeeRow).defined(),
});
export type Absentees = yup.InferType<typeof absentees>;
