import { Button, Drawer, Flex, Typography } from 'antd';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROLES_REQUIRED, STAFF_PATH, type Role, type StaffMember } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { useDialogs, useRefreshAfterSave } from '@ushirika/shared/ui';
import { RoleChoices } from './RoleChoices';
import { changeStaff } from './staff-api';

/** A member's roles, changed beside the list: the choices, Save (busy while it runs) and Cancel. */
function RolesForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const [roles, setRoles] = useState<Role[]>(member.roles);
  const [saving, setSaving] = useState(false);
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const heading = useId();
  const intl = useIntl();
  const save = async () => {
    setSaving(true);
    try {
      const answer = await changeStaff(member.id, { roles });
      await refresh(STAFF_PATH);
      onDone();
      void dialogs.success(answer.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Text id={heading} strong>
        <FormattedMessage id="staff.field.roles" />
      </Typography.Text>
      <RoleChoices value={roles} onChange={setRoles} labelledBy={heading} />
      {roles.length === 0 && <Typography.Text type="danger">{translateText(intl, ROLES_REQUIRED)}</Typography.Text>}
      <Flex gap={8}>
        <Button type="primary" loading={saving} disabled={saving || roles.length === 0} onClick={() => void save()}>
          <FormattedMessage id="staff.roles.save" />
        </Button>
        <Button onClick={onDone} disabled={saving}>
          <FormattedMessage id="kit.form.cancel" />
        </Button>
      </Flex>
    </Flex>
  );
}

/** Opened from a member's row: their roles, in a panel over the list (closed: `member` null). */
export function StaffRolesDrawer({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Drawer open={member !== null} onClose={onClose} title={member && intl.formatMessage({ id: 'staff.roles.title' }, { name: member.name })} size={480} destroyOnHidden>
      {member && <RolesForm key={member.id} member={member} onDone={onClose} />}
    </Drawer>
  );
}
