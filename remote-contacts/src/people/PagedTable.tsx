import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageLoader } from '@ushirika/shared/api';
import { LoadFailed, Pager, ScrollingTable, usePagedList, useLabel, type ListColumn, type PagedList } from '@ushirika/shared/ui';

/** Rows per page of a person's lists: a card among others, not a whole screen. */
export const PERSON_PAGE_SIZE = 10;

export interface PagedTableProps<Row extends object> {
  /** The table's accessible name (a catalogue id). */
  label: string;
  columns: ListColumn<Row>[];
  load: PageLoader<Row>;
  rowKey?: keyof Row & string;
  /** What the list's answer says beyond its rows (the giving totals), shown above the table. */
  summary?: (list: PagedList<Row>) => ReactNode;
}

/**
 * One of a person's lists (issue 28.1) inside its card: loading on its own ('Loading Data'), failing on its own
 * (the error with Retry), and its pager once there is more than a page. Few columns, so that on a phone the
 * table fits or scrolls inside its card.
 */
export function PagedTable<Row extends object>({ label, columns, load, rowKey = 'id' as keyof Row & string, summary }: PagedTableProps<Row>) {
  const intl = useIntl();
  const text = useLabel();
  const list = usePagedList<Row>(load, PERSON_PAGE_SIZE);
  const tableColumns = columns.map(({ card: _card, ...column }) => ({ ...column, title: text(column.title) }));
  const name = intl.formatMessage({ id: label });
  if (list.error) {
    return (
      <section aria-label={name}>
        <LoadFailed error={list.error} onRetry={list.reload} />
      </section>
    );
  }
  return (
    <section aria-label={name}>
      {summary?.(list)}
      <ScrollingTable<Row>
        size="small"
        columns={tableColumns}
        dataSource={list.rows}
        rowKey={rowKey}
        pagination={false}
        loading={list.loading}
        locale={{
          emptyText: list.loading ? (
            <Typography.Text>
              <FormattedMessage id="kit.list.loading" />
            </Typography.Text>
          ) : (
            <FormattedMessage id="kit.list.empty" />
          ),
        }}
      />
      {list.pages > 1 && <Pager page={list.page} pages={list.pages} estimated={list.pagesEstimated} onChange={list.goTo} />}
    </section>
  );
}
