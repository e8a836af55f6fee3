/** The meetings area's own screens (issue 28.4), besides its resources' list, new and edit. */
export const ATTENDANCE_PATH = '/meetings/attendance';
export const attendancePath = (meetingId: number) => `${ATTENDANCE_PATH}/${meetingId}`;
export const ABSENTEES_PATH = '/meetings/absentees';

/** Add Income prefilled from a meeting's offering (the finance area's; CONTRACT28 'Record a meeting's offering'). */
export const recordOfferingPath = (meetingId: number) => `/finance/income/new?meeting=${meetingId}`;

/**
 * The messaging area's New Message screen, which opens as a typed send to `state.phones` (E.164) with the usual
 * preview before sending (CONTRACT28 'New Message prefill').
 */
export const NEW_MESSAGE_PATH = '/messaging/messages/new';
export interface NewMessageState {
  phones: string[];
  text?: string;
}
