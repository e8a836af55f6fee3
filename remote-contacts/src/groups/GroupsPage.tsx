import { TeamOutlined } from '@ant-design/icons';
import type { Group } from '@ushirika/shared/contract';
import { DateText, ListPage, useOpenEditor, type ListColumn } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { GROUP_MEMBERS_PATH } from '../group-members/paths';
import { loadGroups } from './api';
import { EDIT_GROUP_PATH, NEW_GROUP_PATH } from './paths';

/** Opens the members list of this row's group (handed over like an edit record). */
function ViewMembersButton({ group }: { group: Group }) {
  const openEditor = useOpenEditor();
  return (
    <Button type="link" icon={<TeamOutlined aria-hidden />} onClick={() => openEditor(GROUP_MEMBERS_PATH, group)}>
      <FormattedMessage id="groups.column.members" />
    </Button>
  );
}

/** 'Group Members': the members list of the group viewed last. */
function GroupMembersLink() {
  const navigate = useNavigate();
  return (
    <Button icon={<TeamOutlined aria-hidden />} onClick={() => navigate(GROUP_MEMBERS_PATH)}>
      <FormattedMessage id="groups.membersLink" />
    </Button>
  );
}

const columns: ListColumn<Group>[] = [
  { title: 'groups.column.organisation', dataIndex: ['Partner', 'name'] },
  { title: 'groups.column.name', dataIndex: 'name' },
  { title: 'groups.column.description', dataIndex: 'description' },
  { title: 'groups.column.createdAt', dataIndex: 'createdAt', render: (value: string) => <DateText value={value} /> },
  { title: 'groups.column.members', key: 'members', render: (_: unknown, group: Group) => <ViewMembersButton group={group} /> },
];

/** /contacts/groups 'Groups' (spec 2.8). */
export function GroupsPage() {
  return (
    <ListPage<Group>
      title="groups.title"
      parent="contacts.heading"
      columns={columns}
      load={loadGroups}
      add={{ label: 'groups.add', to: NEW_GROUP_PATH }}
      editTo={EDIT_GROUP_PATH}
      tools={() => <GroupMembersLink />}
    />
  );
}
