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
