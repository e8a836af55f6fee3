import { Flex, Layout, theme as antTheme } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { useSession } from '@ushirika/shared/session';
import { BookmarkBar } from '../bookmarks/BookmarkBar';
import { menuFor } from '../menu/menus';
import { SidebarNavigation } from '../menu/SidebarNavigation';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

/** The signed-in frame (spec 2.3): sidebar with menu search, header, the routed screen, footer. */
export function AppLayout() {
  const user = useSession((state) => state.user);
  const entries = menuFor(user);
  const [collapsed, setCollapsed] = useState(false);
  const { token } = antTheme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={248} breakpoint="lg" collapsible collapsed={collapsed} onCollapse={setCollapsed} collapsedWidth={64}>
        <Logo collapsed={collapsed} />
        <SidebarNavigation entries={entries} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: token.colorBgContainer, padding: '0 24px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Flex align="center" justify="space-between" gap={16} style={{ height: '100%' }}>
            <BookmarkBar entries={entries} />
            <Flex align="center" gap={16} style={{ flex: 'none' }}>
              <LanguageSwitch />
              <UserMenu />
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: token.colorTextSecondary }}>
          <FormattedMessage id="app.footer" />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
