import { StarOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { filterMenu } from '../menu/filter-menu';
import { MenuResults } from '../menu/MenuResults';
import { menuLinks, type MenuEntry } from '../menu/menus';
import { useBookmarks } from './bookmark-store';

/**
 * The header's bookmark bar (spec 2.3): the starred pages of the user's menu, and a search over the menu to star
 * or unstar pages; the search closes on Escape.
 */
export function BookmarkBar({ entries }: { entries: MenuEntry[] }) {
  const intl = useIntl();
  const paths = useBookmarks((state) => state.paths);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const links = menuLinks(entries);
  const starred = paths.flatMap((path) => links.filter((link) => link.path === path));
  const searchLabel = intl.formatMessage({ id: 'bookmarks.search' });
  const close = () => {
    setOpen(false);
    setQuery('');
  };

  const search = (
    <div style={{ width: 280 }} onKeyDown={(event) => event.key === 'Escape' && close()}>
      <Input autoFocus allowClear value={query} onChange={(event) => setQuery(event.target.value)} placeholder={searchLabel} aria-label={searchLabel} />
      {query.trim() ? (
        <MenuResults results={filterMenu(entries, query, (id) => intl.formatMessage({ id }))} onOpen={close} />
      ) : (
        starred.length === 0 && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            <FormattedMessage id="bookmarks.empty" />
          </Typography.Paragraph>
        )
      )}
    </div>
  );

  return (
    <Flex align="center" gap={4} wrap={false} style={{ minWidth: 0, overflow: 'hidden' }} aria-label={intl.formatMessage({ id: 'bookmarks.title' })}>
      <Popover content={search} trigger="click" open={open} onOpenChange={(next) => (next ? setOpen(true) : close())} placement="bottomLeft" destroyOnHidden>
        <Button type="text" icon={<StarOutlined />} aria-label={intl.formatMessage({ id: 'bookmarks.open' })} title={intl.formatMessage({ id: 'bookmarks.open' })} />
      </Popover>
      {starred.map((link) => (
        <Tag key={link.path} variant="filled" color="blue" style={{ marginInlineEnd: 0 }}>
          <Link to={link.path}>{intl.formatMessage({ id: link.titleId })}</Link>
        </Tag>
      ))}
    </Flex>
  );
}
