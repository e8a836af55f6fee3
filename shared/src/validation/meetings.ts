import * as yup from 'yup';
import { MAX_ATTENDEES } from '@ushirika/shared/contract';
import { choice, count, idInput, isoDate, money, numberInput, optionalText, text, TEXT_LIMITS, time24h } from './rules';

const NAME = { label: 'Name', max: TEXT_LIMITS.name };

/** Meeting type form (spec 5, "Meeting type"). */
export const meetingTypeSchema = yup.object({
  name: text('Name is required', NAME),
  description: text('Description is required', { label: 'Description', max: TEXT_LIMITS.paragraph }, { length: 2, message: 'Description must be at least 2 characters' }),
});

/** "HH:mm" strings compare correctly as text. */
const endsAfterStart = (endTime: string | undefined, startTime: string | undefined) => !endTime || !startTime || endTime > startTime;

/**
 * Meeting form (spec 5, "Meeting"). Field order is the form's order, so the server's
 * "first failing message" is the one the user would see first.
 * Deviations (docs/spec-deviations.md): 'SPeaker' is spelled 'Speaker'; a time must be HH:mm;
 * the end time must be after the start time; offering may be zero.
 */
export const MEETING_GROUP_INVALID = "Choose the meeting's group from the list";

export const meetingSchema = yup.object({
  meeting_type: choice('Meeting type is required'),
  // Ours (issue 28.4): the group whose meeting it is, whose members attendance is taken from; '', null or absent for none.
  groupId: idInput(MEETING_GROUP_INVALID)
    .nullable()
    .default(null)
    .meta({ jsonSchema: { description: "The id of one of the partner's groups whose meeting it is; null or absent for none" } }),
  dateOfMeeting: isoDate('Date of Meeting is required', 'Date of Meeting must be a valid date in the format YYYY-MM-DD', 'Date of Meeting'),
  startTime: time24h('Start time is required', 'Start time must be a time in the format HH:mm', 'Start time'),
  endTime: time24h('End time is required', 'End time must be a time in the format HH:mm', 'End time').test(
    'after-start',
    'End time must be after the start time',
    function check(value) {
      return endsAfterStart(value, this.parent.startTime as string | undefined);
    },
  ),
  actualAttendance: count('Attendance is required', 'Attendance must be a whole number of people'),
  expectedAttendance: count('Expected Attendance is required', 'Expected Attendance must be a whole number of people'),
  subject: text('Occasion is required', { label: 'Occasion', max: TEXT_LIMITS.line }),
  facilitator: text('Facilitator is required', { label: 'Facilitator', max: TEXT_LIMITS.name }),
  speaker: text('Speaker is required', { label: 'Speaker', max: TEXT_LIMITS.name }),
  totalOffering: money('Total Offering is required', 'Total Offering must be a positive amount with at most two decimals', 'Total Offering'),
  notes: optionalText({ label: 'Notes', max: TEXT_LIMITS.paragraph }),
});

/** The most visitors a meeting counts (the database's bound, migration 0027). */
export const MAX_VISITORS = 100_000;
export const ATTENDEE_INVALID = 'Choose contacts from the list';
export const ATTENDEES_TOO_MANY = `A meeting's register holds at most ${MAX_ATTENDEES} names`;
export const VISITORS_INVALID = 'Visitors must be a whole number of people';

/**
 * Who came to a meeting (ours; issue 28.4), `PUT /meetings/{id}/attendees`: the contacts ticked present (the whole
 * new list) and the visitors counted without a name; the headcount becomes both together. A contact named twice counts once.
 */
export const attendeesSchema = yup.object({
  memberIds: yup
    .array(idInput(ATTENDEE_INVALID).required(ATTENDEE_INVALID))
    .transform((value: unknown) => (value === null ? undefined : value))
    .typeError(ATTENDEE_INVALID)
    .default([])
    .max(MAX_ATTENDEES, ATTENDEES_TOO_MANY)
    .meta({ jsonSchema: { description: `The ids of the contacts present: the meeting's whole register (at most ${MAX_ATTENDEES})` } }),
  visitors: numberInput(VISITORS_INVALID)
    .transform((value: unknown) => (value === null ? undefined : value))
    .default(0)
    .integer(VISITORS_INVALID)
    .min(0, VISITORS_INVALID)
    .max(MAX_VISITORS, VISITORS_INVALID)
    .meta({ jsonSchema: { description: 'People present who are not ticked by name; 0 when absent' } }),
});

export type MeetingTypeInput = yup.InferType<typeof meetingTypeSchema>;
export type MeetingInput = yup.InferType<typeof meetingSchema>;
export type AttendeesSchemaInput = yup.InferType<typeof attendeesSchema>;
