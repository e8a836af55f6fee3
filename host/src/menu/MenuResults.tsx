import { Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { BookmarkStar } from '../bookmarks/BookmarkStar';
import type { MenuLink } from './menus';

/** Search results: links with a bookmark star each, or the no-match text. */
export function MenuResults({ results, onOpen, dark = false }: { results: MenuLink[]; onOpen?: () => void; dark?: boolean }) {
  const intl = useIntl();
  if (results.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 16px', color: dark ? '#ffffffa6' : undefined }}>
        <FormattedMessage id="menu.search.noResults" />
      </Typography.Text>
    );
  }
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: '4px 0' }} aria-label={intl.formatMessage({ id: 'menu.search.placeholder' })}>
      {results.map((result) => {
        const title = intl.formatMessage({ id: result.titleId });
        return (
          <li key={result.path}>
            <Flex align="center" justify="space-between" style={{ padding: '4px 8px 4px 16px' }}>
              <Link to={result.path} onClick={onOpen} style={{ color: dark ? '#fff' : undefined }}>
                {title}
              </Link>
              <BookmarkStar path={result.path} title={title} />
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
