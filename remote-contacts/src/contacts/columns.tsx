import { resourceColumns, type ColumnSpec, type ListColumn } from '@ushirika/shared/ui';
import { contacts, personColumns } from './resource';

/**
 * First Name, Last Name, Gender, Mobile, Email and Date Added: the columns of a group's members, with the texts
 * of All Contacts. `person` is where a row keeps the contact's fields (['Member'] for a group-member row); Date
 * Added is the row's own createdAt.
 */
export function contactColumns<Row extends object>(person: string[]): ListColumn<Row>[] {
  const within = (column: ColumnSpec<never>): ColumnSpec<Row> => ({ ...column, dataIndex: [...person, ...[column.dataIndex ?? column.key].flat()] });
  return resourceColumns<Row>(contacts, [...personColumns.map(within), { key: 'createdAt', render: 'date' }]);
}
