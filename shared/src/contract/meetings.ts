import type { PartnerRef } from './common';

/** GET /api/v2/meeting_types -> { meeting_types, total } */
export interface MeetingType {
  id: number;
  name: string;
  description: string;
  createdAt: string;
  Partner: PartnerRef;
}

/** POST /api/v2/meeting_types, PUT /api/v2/meeting_types/{id} */
export interface MeetingTypeBody {
  name: string;
  description: string;
}

/** GET /api/v2/meetings -> { meetings, total } */
export interface Meeting {
  id: number;
  /** id of the meeting type */
  meeting_type: number;
  MeetingType: { name: string };
  /** YYYY-MM-DD */
  dateOfMeeting: string;
  /** HH:mm (24 h) */
  startTime: string;
  endTime: string;
  actualAttendance: number;
  expectedAttendance: number;
  facilitator: string;
  speaker: string;
  subject: string;
  /** Exact decimal as a string, e.g. "1250.00" (money is never a float). */
  totalOffering: string;
  notes: string;
  createdAt: string;
}

/** POST /api/v2/meetings, PUT /api/v2/meetings/{id} (the PUT is ours; the spec has no meeting edit). */
export interface MeetingBody {
  meeting_type: number | string;
  dateOfMeeting: string;
  startTime: string;
  endTime: string;
  actualAttendance: number | string;
  expectedAttendance: number | string;
  subject: string;
  facilitator: string;
  speaker: string;
  totalOffering: number | string;
  notes?: string;
}

/** GET /api/v2/meetings/attendance -> 12 points, oldest first, months with no meeting are zeros. */
export interface AttendancePoint {
  /** month number 1-12 */
  mn: number;
  yr: number;
  actual: number;
  expected: number;
}
export interface AttendanceSeriesResponse {
  attendance: AttendancePoint[];
}
