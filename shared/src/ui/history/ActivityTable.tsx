import { Flex, theme as antTheme, Typography, type TableColumnType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActivityEntry } from '@ushirika/shared/contract';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { usePagedList, type PageLoader } from '../data';
import { DateTimeText } from '../format';
import { Pager } from '../Pager';
import { LoadFailed } from '../ListPage';
import { ScrollingTable } from '../ScrollingTable';
import { actionText, actorText, areaText, ChangeList, DetailsText, recordText } from './entry-parts';
import { HistoryTexts } from './HistoryTexts';

export interface ActivityTableProps {
  /** One page of events (`GET /activity` with the screen's filters); its `params` key the cache. */
  load: PageLoader<ActivityEntry>;
}

function Who({ entry }: { entry: ActivityEntry }) {
  const intl = useIntl();
  return (
    <Flex vertical>
      <span>{actorText(intl, entry)}</span>
      {entry.address && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <FormattedMessage id="kit.history.from" values={{ address: entry.address }} />
        </Typography.Text>
      )}
    </Flex>
  );
}

function When({ at }: { at: string }) {
  return <DateTimeText value={at} timeZone={usePartnerTimeZone()} />;
}

function useColumns(): TableColumnType<ActivityEntry>[] {
  const intl = useIntl();
  const title = (id: string) => intl.formatMessage({ id });
  return [
    { key: 'at', title: title('kit.activity.column.when'), render: (_, entry) => <When at={entry.at} /> },
    { key: 'who', title: title('kit.activity.column.who'), render: (_, entry) => <Who entry={entry} /> },
    { key: 'area', title: title('kit.activity.column.area'), render: (_, entry) => areaText(intl, entry.area) },
    { key: 'action', title: title('kit.activity.column.action'), render: (_, entry) => actionText(intl, entry.action) },
    { key: 'record', title: title('kit.activity.column.record'), render: (_, entry) => recordText(intl, entry) },
    {
      key: 'changes',
      title: title('kit.activity.column.changes'),
      render: (_, entry) => (
        <Flex vertical gap={2} style={{ minWidth: 240 }}>
          <DetailsText details={entry.details} />
          <ChangeList changes={entry.changes} created={entry.action === 'create'} />
        </Flex>
      ),
    },
  ];
}

/** The table and its pager; `key` it by the filters, so that new filters start again at page 1. */
function Table({ load }: ActivityTableProps) {
  const list = usePagedList(load);
  const { token } = antTheme.useToken();
  const columns = useColumns();
  const body = list.loading ? (
    <div role="status">
      <FormattedMessage id="kit.list.loading" />
    </div>
  ) : list.error ? (
    <LoadFailed error={list.error} onRetry={list.reload} />
  ) : (
    <FormattedMessage id="kit.list.empty" />
  );
  return (
    <>
      <ScrollingTable<ActivityEntry>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        pagination={false}
        locale={{
          emptyText: <div style={{ color: token.colorTextSecondary }}>{body}</div>,
        }}
      />
      <Pager page={list.page} pages={list.pages} estimated={list.pagesEstimated} onChange={list.goTo} />
    </>
  );
}

/**
 * The activity log as a paged table (Settings -> Activity): when, who (and from where), area, action, record and
 * what changed. Its texts come with it (HistoryTexts); loaded with the screen that shows it.
 */
export function ActivityTable({ load }: ActivityTableProps) {
  return (
    <HistoryTexts>
      <Table load={load} />
    </HistoryTexts>
  );
}
