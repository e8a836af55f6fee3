import { CalendarOutlined, MessageOutlined } from '@ant-design/icons';
import type { Meeting, Member, Notification, NotificationStateName } from '@ushirika/shared/contract';
import { CutText, DateText, DateTimeText, type ListColumn } from '@ushirika/shared/ui';
import { Card, Tag } from 'antd';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { meetingsLoader, messagesLoader } from './api';
import { PagedTable } from './PagedTable';

const STATE_COLOURS: Partial<Record<NotificationStateName, string>> = { sent: 'blue', delivered: 'green', failed: 'red', unconfirmed: 'orange', optedOut: 'default' };

/** Spec 9: list cells show the first 50 characters of a message. */
const MESSAGE_CELL_LENGTH = 50;

const messageColumns: ListColumn<Notification>[] = [
  { key: 'message', title: 'people.messages.column.message', dataIndex: 'message', render: (value: string) => <CutText value={value} max={MESSAGE_CELL_LENGTH} /> },
  {
    key: 'state',
    title: 'people.messages.column.state',
    dataIndex: 'state',
    render: (state: NotificationStateName) => (
      <Tag color={STATE_COLOURS[state]}>
        <FormattedMessage id={`people.messages.state.${state}`} />
      </Tag>
    ),
  },
  { key: 'date', title: 'people.messages.column.date', dataIndex: 'sentDate', render: (value: string) => <DateTimeText value={value} /> },
];

const meetingColumns: ListColumn<Meeting>[] = [
  { key: 'date', title: 'people.meetings.column.date', dataIndex: 'dateOfMeeting', render: (value: string) => <DateText value={value} /> },
  { key: 'type', title: 'people.meetings.column.type', dataIndex: ['MeetingType', 'name'] },
  { key: 'subject', title: 'people.meetings.column.subject', dataIndex: 'subject' },
];

/** 'Messages' of a person's page (issue 28.1): the SMS sent to them, newest first, with their state. */
export function PersonMessages({ member }: { member: Member }) {
  const load = useMemo(() => messagesLoader(member.id), [member.id]);
  return (
    <Card
      title={
        <>
          <MessageOutlined aria-hidden /> <FormattedMessage id="people.messages.title" />
        </>
      }
    >
      <PagedTable<Notification> label="people.messages.title" columns={messageColumns} load={load} />
    </Card>
  );
}

/** 'Meetings attended' of a person's page (issue 28.4): the meetings they were ticked present at, latest first. */
export function PersonMeetings({ member }: { member: Member }) {
  const load = useMemo(() => meetingsLoader(member.id), [member.id]);
  return (
    <Card
      title={
        <>
          <CalendarOutlined aria-hidden /> <FormattedMessage id="people.meetings.title" />
        </>
      }
    >
      <PagedTable<Meeting> label="people.meetings.title" columns={meetingColumns} load={load} />
    </Card>
  );
}
