import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useIntl } from 'react-intl';
import { SECONDARY_COLOUR } from '@ushirika/shared/ui';
import { useBookmarks } from './bookmark-store';

/** Star / unstar one page. */
export function BookmarkStar({ path, title }: { path: string; title: string }) {
  const intl = useIntl();
  const starred = useBookmarks((state) => state.paths.includes(path));
  const toggle = useBookmarks((state) => state.toggle);
  const action = intl.formatMessage({ id: starred ? 'bookmarks.remove' : 'bookmarks.add' });
  return (
    <Button
      type="text"
      size="small"
      aria-pressed={starred}
      aria-label={`${action}: ${title}`}
      title={action}
      icon={starred ? <StarFilled style={{ color: SECONDARY_COLOUR }} /> : <StarOutlined />}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle(path);
      }}
    />
  );
}
