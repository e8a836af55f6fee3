import type { Notification } from '@ushirika/shared/contract';
import { CutText, DateTimeText, type ListColumn } from '@ushirika/shared/ui';
import { MESSAGE_PREVIEW_LENGTH } from '../paths';
import { StatusText } from './StatusText';

/** Recipient, Type, Category, Message (40 characters and '...'), Status, Date Sent: both message lists (spec 2.12). */
export const messageColumns: ListColumn<Notification>[] = [
  { key: 'recipient', title: 'messaging.column.recipient', dataIndex: 'recipient' },
  { key: 'type', title: 'messaging.column.type', dataIndex: 'type' },
  { key: 'category', title: 'messaging.column.category', dataIndex: 'category' },
  { key: 'message', title: 'messaging.column.message', dataIndex: 'message', render: (text: string) => <CutText value={text} max={MESSAGE_PREVIEW_LENGTH} /> },
  { key: 'status', title: 'messaging.column.status', dataIndex: 'state', render: (_: unknown, message: Notification) => <StatusText message={message} /> },
  { key: 'sentDate', title: 'messaging.column.sentDate', dataIndex: 'sentDate', render: (value: string) => <DateTimeText value={value} /> },
];
