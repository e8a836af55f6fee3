import { EditOutlined } from '@ant-design/icons';
import { groupsEndpoint, type Group, type GroupMember } from '@ushirika/shared/contract';
import { EditRecord, ListPage, useOpenEditor, useResourceAccess } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { contactColumns, personCardTitle } from '../contacts/columns';
import { groups } from '../groups/resource';
import { loadGroupMembers } from './api';
import { EDIT_GROUP_MEMBERS_PATH, rememberGroup } from './paths';

const memberId = (row: GroupMember) => row.MemberId;
const columns = contactColumns<GroupMember>(['Member'], memberId);
/** On a phone each member is a card titled with their name (linked to their page), with their number. */
const cardTitle = personCardTitle<GroupMember>(memberId, (row) => row.Member);

/** 'Edit this group': the membership editor for this group. */
function EditMembersButton({ group }: { group: Group }) {
  const openEditor = useOpenEditor();
  return (
    <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => openEditor(EDIT_GROUP_MEMBERS_PATH, group)}>
      <FormattedMessage id="groupMembers.edit" />
    </Button>
  );
}

/** /contacts/groups/members/<id> '{group name} Members' (spec 2.8), opened from the groups list. */
export function GroupMembersPage() {
  return (
    <EditRecord endpoint={groupsEndpoint} backTo={groups.routes.list}>
      {(group) => <MembersOf group={group} />}
    </EditRecord>
  );
}

function MembersOf({ group }: { group: Group }) {
  // Changing who is in a group is changing the group (groups.write).
  const { write } = useResourceAccess(groups);
  // The groups list's 'Group Members' comes back here.
  useEffect(() => rememberGroup(group.id), [group.id]);
  return (
    <ListPage<GroupMember>
      // A new list per group: the page and search of one group's members mean nothing for another's.
      key={group.id}
      title={<FormattedMessage id="groupMembers.title" values={{ group: group.name }} />}
      parent="contacts.heading"
      columns={columns}
      load={(query, signal) => loadGroupMembers(group.id, query, signal)}
      rowKey="MemberId"
      cardTitle={cardTitle}
      tools={write ? () => <EditMembersButton group={group} /> : undefined}
    />
  );
}
