import * as yup from 'yup';
import { validateFirstError } from './first-error';
import { meetingSchema, meetingTypeSchema } from './meetings';

describe('validateFirstError', () => {
  it('reports the first field in declaration order, not the last one yup settles', async () => {
    expect(await validateFirstError(meetingSchema, {})).toEqual({ ok: false, message: 'Meeting type is required' });
    expect(await validateFirstError(meetingTypeSchema, {})).toEqual({ ok: false, message: 'Name is required' });
  });

  it('skips valid fields and reports the next failing one', async () => {
    const result = await validateFirstError(meetingSchema, { meeting_type: 3, dateOfMeeting: '2026-02-30' });
    expect(result).toEqual({ ok: false, message: 'Date of Meeting must be a valid date in the format YYYY-MM-DD' });
  });

  it('within one field reports the first rule that fails (required before min length)', async () => {
    expect(await validateFirstError(meetingTypeSchema, { name: 'Choir', description: '' })).toEqual({
      ok: false,
      message: 'Description is required',
    });
    expect(await validateFirstError(meetingTypeSchema, { name: 'Choir', description: 'x' })).toEqual({
      ok: false,
      message: 'Description must be at least 2 characters',
    });
  });

  it('returns the cast value with unknown keys stripped', async () => {
    const schema = yup.object({ a: yup.string().trim().required('A'), b: yup.number().required('B') });
    expect(await validateFirstError(schema, { a: ' x ', b: '2', extra: true })).toEqual({ ok: true, value: { a: 'x', b: 2 } });
  });
});
