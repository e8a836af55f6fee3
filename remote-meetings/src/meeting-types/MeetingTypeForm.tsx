import type { MeetingType } from '@ushirika/shared/contract';
import { NamedTypeForm, NothingSelected, useEditRecord } from '@ushirika/shared/ui';
import { meetingTypeSchema } from '@ushirika/shared/validation';
import { saveMeetingType } from './api';
import { EDIT_MEETING_TYPE_PATH, MEETING_TYPES_PATH } from './paths';

/**
 * The spec shows 'New group-type saved successfully!' here, a copy-paste slip from group types;
 * we say what was saved (recorded in docs/spec-deviations.md).
 */
const SAVED = 'New meeting type saved successfully!';

const labels = { name: 'meetingTypes.field.name', description: 'meetingTypes.field.description' };

function MeetingTypeForm({ title, record }: { title: string; record?: MeetingType }) {
  return (
    <NamedTypeForm
      title={title}
      parent="meetings.heading"
      schema={meetingTypeSchema}
      record={record}
      save={saveMeetingType}
      successText={SAVED}
      backTo={MEETING_TYPES_PATH}
      labels={labels}
    />
  );
}

/** /meetings/meetingtypes/new */
export function NewMeetingTypePage() {
  return <MeetingTypeForm title="meetingTypes.new.title" />;
}

/** /meetings/meetingtypes/edit, opened from the list's Edit with the record. */
export function EditMeetingTypePage() {
  const record = useEditRecord<MeetingType>(EDIT_MEETING_TYPE_PATH);
  return record ? <MeetingTypeForm title="meetingTypes.edit.title" record={record} /> : <NothingSelected backTo={MEETING_TYPES_PATH} />;
}
