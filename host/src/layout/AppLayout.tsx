import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Grid, Layout, theme as antTheme } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@ushirika/shared/session';
import { BookmarkBar } from '../bookmarks/BookmarkBar';
import { menuFor } from '../menu/menus';
import { SidebarNavigation } from '../menu/SidebarNavigation';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

/** The sidebar's colour (antd's dark Sider), also the drawer's on a phone. */
const SIDEBAR_BACKGROUND = '#001529';
/** The header's height in pixels (antd's own, set here because the content's minimum height counts on it). */
const HEADER_HEIGHT = 64;

/**
 * The signed-in frame (spec 2.3): sidebar with menu search, header, the routed screen, footer. Below antd's `md`
 * breakpoint (a phone) the sidebar becomes a drawer opened from the header's menu button, closed again by any
 * navigation, and the header keeps to what fits 360 px: the menu button, the language and the profile avatar.
 */
export function AppLayout() {
  const user = useSession((state) => state.user);
  const entries = menuFor(user);
  const [collapsed, setCollapsed] = useState(false);
  // The drawer is open at the address it was opened at: choosing a link navigates, which gives the screen back.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const { token } = antTheme.useToken();
  const intl = useIntl();
  const { pathname } = useLocation();
  const drawerOpen = drawerOpenAt === pathname;
  // Before the first measure useBreakpoint is empty: treat that as a desktop, as the server-less first paint does.
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const contentMargin = phone ? 8 : 24;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {phone ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpenAt(null)}
          placement="left"
          size={280}
          closable={false}
          styles={{ body: { padding: 0, background: SIDEBAR_BACKGROUND } }}
        >
          <Logo collapsed={false} />
          <SidebarNavigation entries={entries} />
        </Drawer>
      ) : (
        <Layout.Sider width={248} breakpoint="lg" collapsible collapsed={collapsed} onCollapse={setCollapsed} collapsedWidth={64}>
          <Logo collapsed={collapsed} />
          <SidebarNavigation entries={entries} collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            height: HEADER_HEIGHT,
            background: token.colorBgContainer,
            padding: phone ? '0 8px' : '0 24px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex align="center" justify="space-between" gap={phone ? 8 : 16} style={{ height: '100%' }}>
            {phone ? (
              <Button
                type="text"
                icon={<MenuOutlined />}
                onClick={() => setDrawerOpenAt(pathname)}
                aria-label={intl.formatMessage({ id: 'header.toggleMenu' })}
                aria-expanded={drawerOpen}
              />
            ) : (
              <BookmarkBar entries={entries} />
            )}
            <Flex align="center" gap={phone ? 4 : 16} style={{ flex: 'none' }}>
              <LanguageSwitch />
              <UserMenu compact={phone} />
            </Flex>
          </Flex>
        </Layout.Header>
        {/* At least the screen's height under the header, so the footer starts below the fold: a screen whose
            content grows as its data arrives does not push a visible footer down (a layout shift). */}
        <Layout.Content style={{ margin: contentMargin, minWidth: 0, minHeight: `calc(100vh - ${HEADER_HEIGHT + 2 * contentMargin}px)` }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: token.colorTextSecondary, padding: phone ? '16px 8px' : undefined }}>
          <FormattedMessage id="app.footer" />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
