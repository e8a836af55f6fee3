/**
 * Meetings area (remote-meetings). Semantic ids for labels; the English text as id for texts that also
 * come from the shared meeting schemas or the server (see shared/src/i18n/messages/README.md).
 */
const messages: Record<string, string> = {
  'meetings.heading': 'Meetings',
  'New meeting type saved successfully!': 'New meeting type saved successfully!',
  'New meeting saved successfully!': 'New meeting saved successfully!',
  'Meeting type is required': 'Meeting type is required',
  'Date of Meeting is required': 'Date of Meeting is required',
  'Date of Meeting must be a valid date in the format YYYY-MM-DD': 'Date of Meeting must be a valid date in the format YYYY-MM-DD',
  'Start time is required': 'Start time is required',
  'Start time must be a time in the format HH:mm': 'Start time must be a time in the format HH:mm',
  'End time is required': 'End time is required',
  'End time must be a time in the format HH:mm': 'End time must be a time in the format HH:mm',
  'End time must be after the start time': 'End time must be after the start time',
  'Attendance is required': 'Attendance is required',
  'Attendance must be a whole number of people': 'Attendance must be a whole number of people',
  'Expected Attendance is required': 'Expected Attendance is required',
  'Expected Attendance must be a whole number of people': 'Expected Attendance must be a whole number of people',
  'Occasion is required': 'Occasion is required',
  'Facilitator is required': 'Facilitator is required',
  'Speaker is required': 'Speaker is required',
  'Total Offering is required': 'Total Offering is required',
  'Total Offering must be a positive amount with at most two decimals': 'Total Offering must be a positive amount with at most two decimals',
  'Meeting type not found': 'Meeting type not found',
  'Meeting not found': 'Meeting not found',
  'A meeting type with this name already exists': 'A meeting type with this name already exists',
  'Choose a meeting type from the list': 'Choose a meeting type from the list',
};
export default messages;
