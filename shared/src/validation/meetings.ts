import * as yup from 'yup';
import { choice, count, isoDate, money, optionalText, text, TEXT_LIMITS, time24h } from './rules';

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
export const meetingSchema = yup.object({
  meeting_type: choice('Meeting type is required'),
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

export type MeetingTypeInput = yup.InferType<typeof meetingTypeSchema>;
export type MeetingInput = yup.InferType<typeof meetingSchema>;
