import { Checkbox, Flex, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import type { Role } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { usePermitted } from '@ushirika/shared/ui';
import { isOwnerGranted, offeredRoles, roleAboutId, roleNameId } from './roles';

export interface RoleChoicesProps {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  onBlur?: () => void;
  /** Labels the group (the id of its heading). */
  labelledBy?: string;
}

/**
 * The roles to give a member, one checkbox each with what the role may do, in the table's order. Owner and
 * treasurer stay as they are for a user who may not grant them (an administrator), and a note says why; an
 * etracker partner offers its four roles only.
 */
export function RoleChoices({ value, onChange, onBlur, labelledBy }: RoleChoicesProps) {
  const offered = offeredRoles(useSession((state) => state.user));
  const mayGrantOwners = usePermitted('security.manage');
  // The table's order; a role the partner no longer offers is kept as it is (the server decides).
  const toggle = (role: Role, on: boolean) =>
    onChange([...offered.filter((each) => (each === role ? on : value.includes(each))), ...value.filter((each) => !offered.includes(each))]);
  return (
    <Flex vertical gap={8} role="group" aria-labelledby={labelledBy}>
      {offered.map((role) => (
        <Checkbox
          key={role}
          checked={value.includes(role)}
          disabled={!mayGrantOwners && isOwnerGranted(role)}
          onChange={(event) => toggle(role, event.target.checked)}
          onBlur={onBlur}
        >
          <Typography.Text strong>
            <FormattedMessage id={roleNameId(role)} />
          </Typography.Text>
          {' — '}
          <Typography.Text type="secondary">
            <FormattedMessage id={roleAboutId(role)} />
          </Typography.Text>
        </Checkbox>
      ))}
      {!mayGrantOwners && (
        <Typography.Text type="secondary">
          <FormattedMessage id="staff.roles.ownerOnly" />
        </Typography.Text>
      )}
    </Flex>
  );
}
