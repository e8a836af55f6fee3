import { DateText, type ListColumn } from '@ushirika/shared/ui';
import { GenderText } from './GenderText';

/**
 * First Name, Last Name, Gender, Mobile, Email, Date Added: the columns of All Contacts and of a
 * group's members. `person` is where a row keeps the contact's fields: [] for a contact row,
 * ['Member'] for a group-member row; Date Added is always the row's own createdAt.
 */
export function contactColumns<Row extends object>(person: string[] = []): ListColumn<Row>[] {
  return [
    { title: 'contacts.column.firstName', dataIndex: [...person, 'firstName'] },
    { title: 'contacts.column.lastName', dataIndex: [...person, 'lastName'] },
    { title: 'contacts.column.gender', dataIndex: [...person, 'gender'], render: (value: string) => <GenderText value={value} /> },
    { title: 'contacts.column.mobile', dataIndex: [...person, 'phone'] },
    { title: 'contacts.column.email', dataIndex: [...person, 'email'] },
    { title: 'contacts.column.createdAt', dataIndex: 'createdAt', render: (value: string) => <DateText value={value} /> },
  ];
}
