import { DesktopOutlined, KeyOutlined, LogoutOutlined, SafetyOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@ushirika/shared/session';
import { useDialogs } from '@ushirika/shared/ui';
import { endThisSession, logoutEverywhere } from '../account/account-api';

export const CHANGE_PASSWORD_ROUTE = '/account/password';
/** The user's second step (issue 25): enrol, recovery codes, turn off. Also where a required enrolment is done. */
export const TWO_STEP_ROUTE = '/account/two-step';
/** 'Where you are signed in' (issue 25). */
export const SESSIONS_ROUTE = '/account/sessions';

/**
 * The user's first and last name, the partner name, and the profile dropdown (spec 2.3): Change password,
 * Two-step sign-in and Where you are signed in (issue 25), Log out everywhere (every session of the user ends,
 * after a confirmation) and LogOut (this browser's session, ended on the server too).
 * `compact` (a phone's header): the avatar alone; the names are in the menu it opens.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`;
  const profile = intl.formatMessage({ id: 'header.profile' });

  const endEverySession = async () => {
    const confirmed = await dialogs.confirm({
      title: 'Log out everywhere?',
      text: 'Every session of your account ends, on this device and on every other one. You will need to log in again.',
      okText: 'header.logoutEverywhere',
    });
    if (!confirmed) return;
    let said: string;
    try {
      said = (await logoutEverywhere()).status_msg;
    } catch (error) {
      dialogs.error(error);
      return;
    }
    // The dialog lives with the signed-in screens: read first, then leave them.
    await dialogs.success(said);
    logout();
    navigate('/login');
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...(compact ? [{ key: 'who', disabled: true, label: `${fullName} · ${user.Partner.name}` }, { type: 'divider' as const }] : []),
          { key: 'password', icon: <KeyOutlined />, label: <FormattedMessage id="header.changePassword" /> },
          { key: 'two-step', icon: <SafetyOutlined />, label: <FormattedMessage id="account.twoStep" /> },
          { key: 'sessions', icon: <DesktopOutlined />, label: <FormattedMessage id="account.sessions" /> },
          { key: 'everywhere', icon: <StopOutlined />, label: <FormattedMessage id="header.logoutEverywhere" /> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <FormattedMessage id="header.logout" /> },
        ],
        onClick: ({ key }) => {
          if (key === 'password') navigate(CHANGE_PASSWORD_ROUTE);
          if (key === 'two-step') navigate(TWO_STEP_ROUTE);
          if (key === 'sessions') navigate(SESSIONS_ROUTE);
          if (key === 'everywhere') void endEverySession();
          if (key !== 'logout') return;
          void endThisSession().then(() => {
            logout();
            navigate('/login');
          });
        },
      }}
    >
      <button type="button" style={{ background: 'none', border: 0, cursor: 'pointer', padding: 0 }}>
        {/* Named by what it shows plus 'Profile' for screen readers, so its name holds its visible text (WCAG 2.5.3). */}
        <span className="screen-reader-text">{profile}</span>
        <Flex align="center" gap={8}>
          <Avatar icon={<UserOutlined />} aria-hidden />
          {!compact && (
            <Flex vertical align="flex-start" style={{ lineHeight: 1.3 }}>
              <Typography.Text strong>{fullName}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {user.Partner.name}
              </Typography.Text>
            </Flex>
          )}
        </Flex>
      </button>
    </Dropdown>
  );
}
