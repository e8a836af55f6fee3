import * as yup from 'yup';
import { endpoint, idField, instantField, namedTypeRow, versionField, type NamedType } from './common';

/** GET /api/v2/meeting_types -> { meeting_types, total }; bodies: `MeetingTypeInput` (shared validation). */
export const meetingTypeRow = namedTypeRow;
export type MeetingType = NamedType;
export const meetingTypesEndpoint = endpoint<MeetingType>({
  path: 'meeting_types',
  singular: 'meeting_type',
  row: meetingTypeRow,
  // The spec shows 'New group-type saved successfully!' here and calls it wrong (docs/spec-deviations.md).
  savedText: 'New meeting type saved successfully!',
});

/** GET /api/v2/meetings -> { meetings, total }; bodies: `MeetingInput` (shared validation). */
export const meetingRow = yup.object({
  id: idField(),
  /** id of the meeting type */
  meeting_type: idField(),
  MeetingType: yup.object({ name: yup.string().defined() }),
  /** YYYY-MM-DD */
  dateOfMeeting: yup.string().defined(),
  /** HH:mm (24 h) */
  startTime: yup.string().defined(),
  endTime: yup.string().defined(),
  actualAttendance: yup.number().integer().defined(),
  expectedAttendance: yup.number().integer().defined(),
  facilitator: yup.string().defined(),
  speaker: yup.string().defined(),
  subject: yup.string().defined(),
  /** Exact decimal as a string, e.g. "1250.00" (money is never a float). */
  totalOffering: yup.string().defined(),
  notes: yup.string().defined(),
  createdAt: instantField(),
  version: versionField(),
  // Ours (issue 28.4), beyond the legacy record:
  /** The group whose meeting it is (attendance is taken from its members); null for none. */
  groupId: yup.number().integer().nullable().defined(),
  Group: yup.object({ name: yup.string().defined() }).nullable().defined(),
  /** People counted who are not ticked by name. */
  visitors: yup.number().integer().defined(),
  /** Contacts ticked as present; once there are any, actualAttendance is attendees + visitors. */
  attendees: yup.number().integer().defined(),
});
export type Meeting = yup.InferType<typeof meetingRow>;
export const meetingsEndpoint = endpoint<Meeting>({ path: 'meetings', singular: 'meeting', row: meetingRow, savedText: 'New meeting saved successfully!' });
