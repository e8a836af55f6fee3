import type { Notification } from '@ushirika/shared/contract';
import { CutText, DateTimeText, PersonLink, type ListColumn } from '@ushirika/shared/ui';
import { MESSAGE_PREVIEW_LENGTH } from '../paths';
import { StatusText } from './StatusText';

/**
 * The contact a message went to, when the row says (issue 28.1: `memberId`, the notification's contact; optional until
 * the contract's notificationRow carries it). Null for a number that is nobody's contact.
 */
const contactOf = (message: Notification) => (message as Notification & { memberId?: number | null }).memberId ?? null;

/**
 * Recipient (a contact's opens the person's page), Type, Category, Message (40 characters and '...'), Status, Date
 * Sent: both message lists (spec 2.12).
 */
export const messageColumns: ListColumn<Notification>[] = [
  {
    key: 'recipient',
    title: 'messaging.column.recipient',
    dataIndex: 'recipient',
    render: (recipient: string, message: Notification) => <PersonLink id={contactOf(message)}>{recipient}</PersonLink>,
  },
  // A phone's card shows the recipient, the message, its status and date (issue 28.6).
  { key: 'type', title: 'messaging.column.type', dataIndex: 'type', card: false },
  { key: 'category', title: 'messaging.column.category', dataIndex: 'category', card: false },
  { key: 'message', title: 'messaging.column.message', dataIndex: 'message', render: (text: string) => <CutText value={text} max={MESSAGE_PREVIEW_LENGTH} /> },
  { key: 'status', title: 'messaging.column.status', dataIndex: 'state', render: (_: unknown, message: Notification) => <StatusText message={message} /> },
  { key: 'sentDate', title: 'messaging.column.sentDate', dataIndex: 'sentDate', render: (value: string) => <DateTimeText value={value} /> },
];
