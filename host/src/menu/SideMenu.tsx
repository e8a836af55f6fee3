import { Menu, type MenuProps } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { activeEntry, type MenuEntry } from './menus';

type Item = Required<MenuProps>['items'][number];

/**
 * The sidebar menu (spec 2.3): groups open and close, one top-level group open at a time, the active route
 * highlighted (and its group opened when the route changes).
 */
export function SideMenu({ entries }: { entries: MenuEntry[] }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const active = activeEntry(entries, pathname);
  const activeGroup = active?.groupKey;
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : []);
  // Open the active group when the route changes (adjusted during render, not in an effect: no extra commit).
  const [shownGroup, setShownGroup] = useState(activeGroup);
  if (activeGroup !== shownGroup) {
    setShownGroup(activeGroup);
    if (activeGroup) setOpenKeys([activeGroup]);
  }

  const items = useMemo<Item[]>(
    () =>
      entries.map((entry) => {
        const icon = entry.icon ? createElement(entry.icon) : undefined;
        if (entry.kind === 'link') {
          return { key: entry.path, icon, label: <Link to={entry.path}>{intl.formatMessage({ id: entry.titleId })}</Link> };
        }
        return {
          key: entry.key,
          icon,
          label: intl.formatMessage({ id: entry.titleId }),
          children: entry.children.map((child) => ({
            key: child.path,
            label: <Link to={child.path}>{intl.formatMessage({ id: child.titleId })}</Link>,
          })),
        };
      }),
    [entries, intl],
  );

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(opened ? [opened] : keys);
  };

  return <Menu theme="dark" mode="inline" items={items} openKeys={openKeys} onOpenChange={onOpenChange} selectedKeys={active ? [active.link.path] : []} />;
}
