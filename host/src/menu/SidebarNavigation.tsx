import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { filterMenu } from './filter-menu';
import { MenuResults } from './MenuResults';
import type { MenuEntry } from './menus';
import { SideMenu } from './SideMenu';

/** The sidebar: a search box over the menu; while it holds text, the matching links replace the menu. */
export function SidebarNavigation({ entries, collapsed = false }: { entries: MenuEntry[]; collapsed?: boolean }) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const placeholder = intl.formatMessage({ id: 'menu.search.placeholder' });
  const title = (id: string) => intl.formatMessage({ id });
  const label = intl.formatMessage({ id: 'menu.label' });
  if (collapsed) {
    return (
      <nav aria-label={label}>
        <SideMenu entries={entries} />
      </nav>
    );
  }
  return (
    <nav aria-label={label}>
      <div style={{ padding: '12px 16px' }}>
        <Input
          allowClear
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && setQuery('')}
          placeholder={placeholder}
          aria-label={placeholder}
          prefix={<SearchOutlined />}
        />
      </div>
      {query.trim() ? <MenuResults dark results={filterMenu(entries, query, title)} onOpen={() => setQuery('')} /> : <SideMenu entries={entries} />}
    </nav>
  );
}
