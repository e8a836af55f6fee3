import type { MeetingType } from '@ushirika/shared/contract';
import { DateText, ListPage, type ListColumn } from '@ushirika/shared/ui';
import { loadMeetingTypes } from './api';
import { EDIT_MEETING_TYPE_PATH, NEW_MEETING_TYPE_PATH } from './paths';

const columns: ListColumn<MeetingType>[] = [
  { title: 'meetingTypes.column.organisation', dataIndex: ['Partner', 'name'] },
  { title: 'meetingTypes.column.name', dataIndex: 'name' },
  { title: 'meetingTypes.column.description', dataIndex: 'description' },
  { title: 'meetingTypes.column.createdAt', dataIndex: 'createdAt', render: (value: string) => <DateText value={value} /> },
];

/** /meetings/meetingtypes 'Meeting Types' (spec 2.11). */
export function MeetingTypesPage() {
  return (
    <ListPage<MeetingType>
      title="meetingTypes.title"
      parent="meetings.heading"
      columns={columns}
      load={loadMeetingTypes}
      add={{ label: 'meetingTypes.add', to: NEW_MEETING_TYPE_PATH }}
      editTo={EDIT_MEETING_TYPE_PATH}
    />
  );
}
