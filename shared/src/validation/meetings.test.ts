import { validateFieldsSync, validateFirstError } from './first-error';
import { MAX_ATTENDEES } from '@ushirika/shared/contract';
import { attendeesSchema, meetingSchema, meetingTypeSchema } from './meetings';

/*
 * Every message of the meetings area's forms, asserted once: the browser's forms and the server's 400s
 * use these very schemas (the kit and the API tests check that they do, not each message again).
 */

const firstError = async (schema: Parameters<typeof validateFirstError>[0], input: unknown) => {
  const result = await validateFirstError(schema, input);
  return result.ok ? null : result.message;
};

describe('meetingTypeSchema', () => {
  it.each([
    [{}, 'Name is required'],
    [{ name: '   ', description: 'Fine' }, 'Name is required'],
    [{ name: 'Choir' }, 'Description is required'],
    [{ name: 'Choir', description: 'x' }, 'Description must be at least 2 characters'],
  ])('%j -> %s', async (input, message) => {
    expect(await firstError(meetingTypeSchema, input)).toBe(message);
  });

  it('trims what it keeps and drops unknown fields', async () => {
    expect(await validateFirstError(meetingTypeSchema, { name: ' Choir Practice ', description: 'Thursday', extra: 1 })).toEqual({
      ok: true,
      value: { name: 'Choir Practice', description: 'Thursday' },
    });
  });
});

describe('meetingSchema', () => {
  const meeting = {
    meeting_type: '3',
    dateOfMeeting: '2026-03-01',
    startTime: '09:00',
    endTime: '11:30',
    actualAttendance: '240',
    expectedAttendance: 300,
    subject: 'Harvest Thanksgiving',
    facilitator: 'Rev. John Kamau',
    speaker: 'Pastor Grace Njeri',
    totalOffering: '1250',
    notes: '',
  };

  it('reports every field of an empty form in form order', () => {
    expect(validateFieldsSync(meetingSchema, {})).toEqual({
      ok: false,
      messages: [
        'Meeting type is required',
        'Date of Meeting is required',
        'Start time is required',
        'End time is required',
        'Attendance is required',
        'Expected Attendance is required',
        'Occasion is required',
        'Facilitator is required',
        'Speaker is required',
        'Total Offering is required',
      ],
    });
  });

  it.each([
    [{ meeting_type: '' }, 'Meeting type is required'],
    [{ meeting_type: '0' }, 'Meeting type is required'],
    [{ meeting_type: '', dateOfMeeting: '' }, 'Meeting type is required'],
    [{ dateOfMeeting: '2026-02-30' }, 'Date of Meeting must be a valid date in the format YYYY-MM-DD'],
    [{ dateOfMeeting: '01/03/2026' }, 'Date of Meeting must be a valid date in the format YYYY-MM-DD'],
    [{ startTime: '9am' }, 'Start time must be a time in the format HH:mm'],
    [{ endTime: '24:00' }, 'End time must be a time in the format HH:mm'],
    [{ startTime: '11:00', endTime: '10:59' }, 'End time must be after the start time'],
    [{ startTime: '11:00', endTime: '11:00' }, 'End time must be after the start time'],
    [{ actualAttendance: '12.5' }, 'Attendance must be a whole number of people'],
    [{ actualAttendance: '-1' }, 'Attendance must be a whole number of people'],
    [{ expectedAttendance: 'many' }, 'Expected Attendance must be a whole number of people'],
    [{ subject: ' ' }, 'Occasion is required'],
    [{ facilitator: '' }, 'Facilitator is required'],
    [{ totalOffering: '-5' }, 'Total Offering must be a positive amount with at most two decimals'],
    [{ totalOffering: '10.555' }, 'Total Offering must be a positive amount with at most two decimals'],
    [{ totalOffering: '1e3' }, 'Total Offering must be a positive amount with at most two decimals'],
  ])('%j -> %s', async (change, message) => {
    expect(await firstError(meetingSchema, { ...meeting, ...change })).toBe(message);
  });

  it('casts ids and counts to numbers, keeps money as its exact text, and allows a meeting with no offering', async () => {
    expect(await validateFirstError(meetingSchema, { ...meeting, totalOffering: '0' })).toEqual({
      ok: true,
      value: { ...meeting, meeting_type: 3, groupId: null, actualAttendance: 240, expectedAttendance: 300, totalOffering: '0', notes: '' },
    });
    expect(await validateFirstError(meetingSchema, { ...meeting, totalOffering: 19.5 })).toMatchObject({ ok: true, value: { totalOffering: '19.5' } });
  });
});

describe('meetingSchema groupId (issue 28.4)', () => {
  const meeting = {
    meeting_type: 3,
    dateOfMeeting: '2026-03-01',
    startTime: '09:00',
    endTime: '11:30',
    actualAttendance: 0,
    expectedAttendance: 0,
    subject: 'Cell group',
    facilitator: 'Elder',
    speaker: 'Elder',
    totalOffering: '0',
  };

  it.each([[undefined], [null], ['']])('%j is no group', async (groupId) => {
    expect(await validateFirstError(meetingSchema, { ...meeting, groupId })).toMatchObject({ ok: true, value: { groupId: null } });
  });

  it('casts a chosen group to its id and refuses anything else', async () => {
    expect(await validateFirstError(meetingSchema, { ...meeting, groupId: '12' })).toMatchObject({ ok: true, value: { groupId: 12 } });
    for (const groupId of ['x', 0, -1, 1.5, [1]]) expect(await firstError(meetingSchema, { ...meeting, groupId })).toBe("Choose the meeting's group from the list");
  });
});

describe('attendeesSchema', () => {
  it('takes the ticked ids and the visitors (0 when absent)', async () => {
    expect(await validateFirstError(attendeesSchema, { memberIds: [3, '4'] })).toEqual({ ok: true, value: { memberIds: [3, 4], visitors: 0 } });
    expect(await validateFirstError(attendeesSchema, { memberIds: [], visitors: '7' })).toEqual({ ok: true, value: { memberIds: [], visitors: 7 } });
  });

  it.each([
    [{ memberIds: 'all' }, 'Choose contacts from the list'],
    [{ memberIds: [1, 'x'] }, 'Choose contacts from the list'],
    [{ memberIds: [0] }, 'Choose contacts from the list'],
    [{ memberIds: [null] }, 'Choose contacts from the list'],
    [{ memberIds: Array.from({ length: MAX_ATTENDEES + 1 }, (_, i) => i + 1) }, `A meeting's register holds at most ${MAX_ATTENDEES} names`],
    [{ memberIds: [], visitors: -1 }, 'Visitors must be a whole number of people'],
    [{ memberIds: [], visitors: 2.5 }, 'Visitors must be a whole number of people'],
    [{ memberIds: [], visitors: 100_001 }, 'Visitors must be a whole number of people'],
  ])('%#: -> %s', async (input, message) => {
    expect(await firstError(attendeesSchema, input)).toBe(message);
  });
});
