import type { Meeting } from '@ushirika/shared/contract';
import { DateText, ListPage, type ListColumn } from '@ushirika/shared/ui';
import { loadMeetings } from './api';
import { EDIT_MEETING_PATH, NEW_MEETING_PATH } from './paths';

const columns: ListColumn<Meeting>[] = [
  { title: 'meetings.column.type', dataIndex: ['MeetingType', 'name'] },
  { title: 'meetings.column.date', dataIndex: 'dateOfMeeting', render: (value: string) => <DateText value={value} /> },
  { title: 'meetings.column.start', dataIndex: 'startTime' },
  { title: 'meetings.column.end', dataIndex: 'endTime' },
  { title: 'meetings.column.attendance', dataIndex: 'actualAttendance' },
  { title: 'meetings.column.expected', dataIndex: 'expectedAttendance' },
  { title: 'meetings.column.facilitator', dataIndex: 'facilitator' },
  { title: 'meetings.column.subject', dataIndex: 'subject' },
];

/** /meetings/default 'All Meetings' (spec 2.11), plus Edit (the Meetings issue). */
export function MeetingsPage() {
  return (
    <ListPage<Meeting>
      title="meetings.title"
      parent="meetings.heading"
      columns={columns}
      load={loadMeetings}
      add={{ label: 'meetings.add', to: NEW_MEETING_PATH }}
      editTo={EDIT_MEETING_PATH}
    />
  );
}
