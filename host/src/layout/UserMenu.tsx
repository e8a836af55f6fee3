import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@ushirika/shared/session';

/** The user's first and last name, the partner name, and the profile dropdown with LogOut (spec 2.3). */
export function UserMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  if (!user) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: <FormattedMessage id="header.logout" /> }],
        onClick: ({ key }) => {
          if (key !== 'logout') return;
          logout();
          navigate('/login');
        },
      }}
    >
      <button type="button" aria-label={intl.formatMessage({ id: 'header.profile' })} style={{ background: 'none', border: 0, cursor: 'pointer', padding: 0 }}>
        <Flex align="center" gap={8}>
          <Avatar icon={<UserOutlined />} />
          <Flex vertical align="flex-start" style={{ lineHeight: 1.3 }}>
            <Typography.Text strong>{`${user.firstName} ${user.lastName}`}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.Partner.name}
            </Typography.Text>
          </Flex>
        </Flex>
      </button>
    </Dropdown>
  );
}
