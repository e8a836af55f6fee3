import type { GroupType } from '@ushirika/shared/contract';
import { DateText, ListPage, type ListColumn } from '@ushirika/shared/ui';
import { loadGroupTypes } from './api';
import { EDIT_GROUP_TYPE_PATH, NEW_GROUP_TYPE_PATH } from './paths';

const columns: ListColumn<GroupType>[] = [
  { title: 'groupTypes.column.organisation', dataIndex: ['Partner', 'name'] },
  { title: 'groupTypes.column.name', dataIndex: 'name' },
  { title: 'groupTypes.column.description', dataIndex: 'description' },
  { title: 'groupTypes.column.createdAt', dataIndex: 'createdAt', render: (value: string) => <DateText value={value} /> },
];

/** /contacts/grouptypes 'Group Types' (spec 2.9). */
export function GroupTypesPage() {
  return (
    <ListPage<GroupType>
      title="groupTypes.title"
      parent="contacts.heading"
      columns={columns}
      load={loadGroupTypes}
      add={{ label: 'groupTypes.add', to: NEW_GROUP_TYPE_PATH }}
      editTo={EDIT_GROUP_TYPE_PATH}
    />
  );
}
