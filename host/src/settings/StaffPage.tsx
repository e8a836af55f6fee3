import { KeyOutlined, LinkOutlined, StopOutlined, TeamOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { STAFF_PATH, type StaffMember } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { ActionButton, ListPage, type ListColumn, usePermitted } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { InvitationLink, useShownInvitation } from './invitation-link';
import { holdsOwnerGranted, roleNameId, STAFF_NEW_PATH } from './roles';
import { SecuritySetting } from './SecuritySetting';
import { changeStaff, loadStaff, newInvitation, resetTwoStep } from './staff-api';
import { StaffRolesDrawer } from './StaffRolesDrawer';
import { ScreenTexts } from '../screen-texts/ScreenTexts';

/** Where a member stands: signed in before, invited (the link still valid or not), or deactivated. */
function StatusTag({ member }: { member: StaffMember }) {
  // The time the row was first drawn: a link that expires while the list is open shows so on the next load.
  const [now] = useState(Date.now);
  const expired = member.invitationExpiresAt !== null && Date.parse(member.invitationExpiresAt) <= now;
  const [id, color] = !member.active
    ? ['staff.status.deactivated', undefined]
    : !member.invitationPending
      ? ['staff.status.active', 'green']
      : expired
        ? ['staff.status.expired', 'orange']
        : ['staff.status.invited', 'blue'];
  return (
    <Tag color={color}>
      <FormattedMessage id={id} />
    </Tag>
  );
}

const COLUMNS: ListColumn<StaffMember>[] = [
  { key: 'name', dataIndex: 'name', title: 'staff.column.name' },
  { key: 'phone', dataIndex: 'phone', title: 'staff.column.phone' },
  { key: 'email', dataIndex: 'email', title: 'staff.column.email' },
  {
    key: 'roles',
    title: 'staff.column.roles',
    render: (_, member) => (
      <Flex wrap gap={4}>
        {member.roles.map((role) => (
          <Tag key={role} style={{ marginInlineEnd: 0 }}>
            <FormattedMessage id={roleNameId(role)} />
          </Tag>
        ))}
      </Flex>
    ),
  },
  { key: 'status', title: 'staff.column.status', render: (_, member) => <StatusTag member={member} /> },
  { key: 'twoStep', title: 'staff.column.twoStep', render: (_, member) => <FormattedMessage id={member.twoStep ? 'staff.twoStep.on' : 'staff.twoStep.off'} /> },
];

/** A member's actions: roles, deactivate or reactivate, a new invitation link, reset of their second step. */
function MemberActions({ member, onRoles }: { member: StaffMember; onRoles: (member: StaffMember) => void }) {
  const isOwner = usePermitted('security.manage');
  const myId = useSession((state) => state.user?.id);
  const showInvitation = useShownInvitation((state) => state.show);
  // Only an owner deactivates or re-invites an owner or a treasurer (the server refuses it too); nobody locks themselves out here.
  const manageable = isOwner || !holdsOwnerGranted(member.roles);
  const self = myId !== undefined && myId === member.id;
  return (
    <Flex wrap gap={0}>
      <Button type="link" icon={<TeamOutlined aria-hidden />} onClick={() => onRoles(member)}>
        <FormattedMessage id="staff.action.roles" />
      </Button>
      {manageable && member.active && member.invitationPending && (
        <ActionButton
          link
          labelId="staff.action.newLink"
          icon={<LinkOutlined aria-hidden />}
          confirm={{ title: 'staff.confirm.newLink.title', text: 'staff.confirm.newLink.text', okText: 'staff.confirm.newLink.ok' }}
          run={async () => {
            const answer = await newInvitation(member.id);
            showInvitation({ name: answer.staff.name, url: answer.invitationUrl });
            return answer;
          }}
          refreshPath={STAFF_PATH}
        />
      )}
      {isOwner && member.twoStep && (
        <ActionButton
          link
          labelId="staff.action.resetTwoStep"
          icon={<KeyOutlined aria-hidden />}
          confirm={{ title: 'staff.confirm.resetTwoStep.title', text: 'staff.confirm.resetTwoStep.text', okText: 'staff.confirm.resetTwoStep.ok' }}
          run={() => resetTwoStep(member.id)}
          refreshPath={STAFF_PATH}
        />
      )}
      {manageable && !self && member.active && (
        <ActionButton
          link
          danger
          labelId="staff.action.deactivate"
          icon={<StopOutlined aria-hidden />}
          confirm={{ title: 'staff.confirm.deactivate.title', text: 'staff.confirm.deactivate.text', okText: 'staff.confirm.deactivate.ok' }}
          run={() => changeStaff(member.id, { active: false })}
          refreshPath={STAFF_PATH}
        />
      )}
      {manageable && !member.active && (
        <ActionButton
          link
          labelId="staff.action.reactivate"
          icon={<UndoOutlined aria-hidden />}
          confirm={{ title: 'staff.confirm.reactivate.title', text: 'staff.confirm.reactivate.text', okText: 'staff.confirm.reactivate.ok' }}
          run={() => changeStaff(member.id, { active: true })}
          refreshPath={STAFF_PATH}
        />
      )}
    </Flex>
  );
}

/**
 * Settings → Staff (issue 25; staff.manage): the partner's people with their roles and state; Add staff, and per
 * member their roles, deactivate/reactivate, a new invitation link and (owners) the reset of their second step.
 * An invitation link just made shows above the list, to copy; owners also set whether two-step sign-in is required.
 */
function StaffScreen() {
  useFirstScreenReady();
  const isOwner = usePermitted('security.manage');
  const [editing, setEditing] = useState<StaffMember | null>(null);
  return (
    <>
      <InvitationLink />
      <ListPage<StaffMember>
        title="settings.staff.title"
        parent="menu.settings"
        columns={COLUMNS}
        load={loadStaff}
        add={{ label: 'staff.add', to: STAFF_NEW_PATH }}
        actions={(member) => <MemberActions member={member} onRoles={setEditing} />}
      />
      <StaffRolesDrawer member={editing} onClose={() => setEditing(null)} />
      {isOwner && <SecuritySetting />}
    </>
  );
}

/** The screen with its texts, which load with it (host/src/screen-texts). */
export function StaffPage() {
  return (
    <ScreenTexts>
      <StaffScreen />
    </ScreenTexts>
  );
}
