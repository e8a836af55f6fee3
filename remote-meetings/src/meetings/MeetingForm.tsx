import type { Meeting } from '@ushirika/shared/contract';
import {
  DateField,
  FormPage,
  MoneyField,
  NothingSelected,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  TimeField,
  useEditRecord,
  useOptions,
  type FormValues,
} from '@ushirika/shared/ui';
import { meetingSchema } from '@ushirika/shared/validation';
import { meetingTypeOptions } from '../meeting-types/api';
import { saveMeeting } from './api';
import { EDIT_MEETING_PATH, MEETINGS_PATH } from './paths';

const SAVED = 'New meeting saved successfully!';

/** The form's starting values: empty for a new meeting, the record's for an edit. */
function formValues(meeting?: Meeting): FormValues<typeof meetingSchema> {
  return {
    meeting_type: meeting?.meeting_type ?? '',
    dateOfMeeting: meeting?.dateOfMeeting ?? '',
    startTime: meeting?.startTime ?? '',
    endTime: meeting?.endTime ?? '',
    actualAttendance: meeting?.actualAttendance ?? '',
    expectedAttendance: meeting?.expectedAttendance ?? '',
    subject: meeting?.subject ?? '',
    facilitator: meeting?.facilitator ?? '',
    speaker: meeting?.speaker ?? '',
    totalOffering: meeting?.totalOffering ?? '',
    notes: meeting?.notes ?? '',
  };
}

function MeetingForm({ title, record }: { title: string; record?: Meeting }) {
  const types = useOptions(meetingTypeOptions);
  return (
    <FormPage
      title={title}
      parent="meetings.heading"
      schema={meetingSchema}
      initialValues={formValues(record)}
      save={(body) => saveMeeting(body, record?.id)}
      successText={SAVED}
      backTo={MEETINGS_PATH}
    >
      <SelectField name="meeting_type" label="meetings.field.type" options={types.options} loading={types.loading} loadError={types.error} />
      <DateField name="dateOfMeeting" label="meetings.field.date" />
      <TimeField name="startTime" label="meetings.field.start" />
      <TimeField name="endTime" label="meetings.field.end" />
      <NumberField name="actualAttendance" label="meetings.field.attendance" />
      <NumberField name="expectedAttendance" label="meetings.field.expected" />
      <TextField name="subject" label="meetings.field.subject" />
      <TextField name="facilitator" label="meetings.field.facilitator" />
      <TextField name="speaker" label="meetings.field.speaker" />
      <MoneyField name="totalOffering" label="meetings.field.offering" />
      <TextAreaField name="notes" label="meetings.field.notes" />
    </FormPage>
  );
}

/** /meetings/new 'Register Meeting' */
export function NewMeetingPage() {
  return <MeetingForm title="meetings.new.title" />;
}

/** /meetings/edit, opened from the list's Edit with the record (ours: the spec has no meeting edit). */
export function EditMeetingPage() {
  const record = useEditRecord<Meeting>(EDIT_MEETING_PATH);
  return record ? <MeetingForm title="meetings.edit.title" record={record} /> : <NothingSelected backTo={MEETINGS_PATH} />;
}
