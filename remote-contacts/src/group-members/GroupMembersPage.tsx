import { EditOutlined } from '@ant-design/icons';
import type { Group, GroupMember } from '@ushirika/shared/contract';
import { ListPage, NothingSelected, useEditRecord, useOpenEditor } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { contactColumns } from '../contacts/columns';
import { groups } from '../groups/resource';
import { loadGroupMembers } from './api';
import { EDIT_GROUP_MEMBERS_PATH, GROUP_MEMBERS_PATH } from './paths';

const columns = contactColumns<GroupMember>(['Member']);

/** 'Edit this group': the membership editor for this group. */
function EditMembersButton({ group }: { group: Group }) {
  const openEditor = useOpenEditor();
  return (
    <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => openEditor(EDIT_GROUP_MEMBERS_PATH, group)}>
      <FormattedMessage id="groupMembers.edit" />
    </Button>
  );
}

/** /contacts/groups/members '{group name} Members' (spec 2.8), for the group handed over from the groups list. */
export function GroupMembersPage() {
  const group = useEditRecord<Group>(GROUP_MEMBERS_PATH);
  if (!group) return <NothingSelected backTo={groups.routes.list} />;
  return (
    <ListPage<GroupMember>
      // A new list per group: the page and search of one group's members mean nothing for another's.
      key={group.id}
      title={<FormattedMessage id="groupMembers.title" values={{ group: group.name }} />}
      parent="contacts.heading"
      columns={columns}
      load={(query, signal) => loadGroupMembers(group.id, query, signal)}
      rowKey="MemberId"
      tools={() => <EditMembersButton group={group} />}
    />
  );
}
