import { DownloadOutlined, HistoryOutlined, EditOutlined } from '@ant-design/icons';
import { campaignPledgesPath, PLEDGE_FILTERS, type Campaign, type Pledge, type PledgeFilter, type PledgeSort } from '@ushirika/shared/contract';
import {
  ActionButton,
  DateTimeText,
  downloadBlob,
  ListCards,
  LoadFailed,
  MoneyText,
  Pager,
  PersonLink,
  ScrollingTable,
  useLabel,
  useNarrow,
  usePagedList,
  usePermitted,
  type ListColumn,
} from '@ushirika/shared/ui';
import { Button, Card, Flex, Input, Segmented, Typography, type TableColumnType, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadPledges, pledgePages, type PledgeListOrder } from './api';
import { fullName } from './names';

/** The sortable columns and the server's sort of each. */
const SORTED: Record<string, PledgeSort> = { name: 'name', pledged: 'pledged', paid: 'paid', balance: 'balance', updatedAt: 'updated' };
/** Who owes most first: what a treasurer follows up. */
const FIRST_ORDER: PledgeListOrder = { sort: 'balance', order: 'desc', filter: 'all' };

const columns: ListColumn<Pledge>[] = [
  {
    key: 'name',
    title: 'campaigns.pledges.column.name',
    dataIndex: 'lastName',
    render: (_: string, pledge: Pledge) => <PersonLink id={pledge.contactId}>{fullName(pledge)}</PersonLink>,
  },
  { key: 'phone', title: 'campaigns.pledges.column.phone', dataIndex: 'phone', card: false },
  { key: 'pledged', title: 'campaigns.pledges.column.pledged', dataIndex: 'pledged', render: (value: string) => <MoneyText value={value} /> },
  { key: 'paid', title: 'campaigns.pledges.column.paid', dataIndex: 'paid', render: (value: string) => <MoneyText value={value} /> },
  { key: 'balance', title: 'campaigns.pledges.column.balance', dataIndex: 'balance', render: (value: string) => <MoneyText value={value} /> },
  { key: 'updatedAt', title: 'campaigns.pledges.column.updated', dataIndex: 'updatedAt', render: (value: string) => <DateTimeText value={value} />, card: false },
];

export interface PledgesSectionProps {
  campaign: Campaign;
  /** Opens the pledge form for a row's contact ('Change'); none on a closed campaign. */
  onChange?: (pledge: Pledge) => void;
  onHistory: (pledge: Pledge) => void;
}

/**
 * The per-contact list of a campaign (issue 30.3): each contact who pledged or gave, with pledged, paid and balance;
 * sorted by a column header (server side), searched, filtered (owing, fulfilled, gave without a pledge), paged; exported
 * as CSV or XLSX as shown (finance.reports). Each row opens its pledge's history and, on an open campaign, its change.
 */
export function PledgesSection({ campaign, onChange, onHistory }: PledgesSectionProps) {
  const intl = useIntl();
  const label = useLabel();
  const narrow = useNarrow();
  const exports = usePermitted('finance.reports');
  const [order, setOrder] = useState<PledgeListOrder>(FIRST_ORDER);
  const load = useMemo(() => pledgePages(campaign.id, order), [campaign.id, order]);
  const list = usePagedList(load);

  const sortColumn = Object.entries(SORTED).find(([, sort]) => sort === order.sort)?.[0];
  const tableColumns: TableColumnType<Pledge>[] = columns.map(({ card: _card, ...column }) => ({
    ...column,
    title: label(column.title),
    ...(SORTED[String(column.key)]
      ? {
          sorter: true,
          // Ascending, descending, ascending…: the list always has an order.
          sortDirections: ['ascend', 'descend', 'ascend'] as const,
          sortOrder: sortColumn === column.key ? (order.order === 'asc' ? 'ascend' : 'descend') : null,
        }
      : {}),
  })) as TableColumnType<Pledge>[];
  const rowActions = (pledge: Pledge) => (
    <Flex gap={4} wrap>
      {onChange && (
        <Button type="link" icon={<EditOutlined aria-hidden />} onClick={() => onChange(pledge)}>
          <FormattedMessage id="campaigns.pledges.change" />
        </Button>
      )}
      <Button type="link" icon={<HistoryOutlined aria-hidden />} onClick={() => onHistory(pledge)}>
        <FormattedMessage id="campaigns.pledges.history" />
      </Button>
    </Flex>
  );
  tableColumns.push({ key: 'actions', title: label('kit.list.actions'), render: (_, pledge) => rowActions(pledge) });

  const onTableChange: TableProps<Pledge>['onChange'] = (_pagination, _filters, sorter) => {
    const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = chosen?.columnKey !== undefined ? SORTED[String(chosen.columnKey)] : undefined;
    if (!sort || !chosen?.order) return;
    setOrder((current) => ({ ...current, sort, order: chosen.order === 'ascend' ? 'asc' : 'desc' }));
  };

  const empty = list.loading ? (
    <FormattedMessage id="kit.list.loading" />
  ) : list.error ? (
    <LoadFailed error={list.error} onRetry={list.reload} />
  ) : (
    <FormattedMessage id="kit.list.empty" />
  );

  const download = async (format: 'csv' | 'xlsx') => {
    const { blob, fileName } = await downloadPledges(campaign.id, format, { ...order, searchKey: list.searchKey });
    downloadBlob(blob, fileName);
  };

  return (
    <Card>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            <FormattedMessage id="campaigns.pledges.title" />
          </Typography.Title>
          {exports && (
            <Flex gap={8} wrap>
              <ActionButton labelId="campaigns.pledges.exportCsv" icon={<DownloadOutlined aria-hidden />} run={() => download('csv')} />
              <ActionButton labelId="campaigns.pledges.exportXlsx" icon={<DownloadOutlined aria-hidden />} run={() => download('xlsx')} />
            </Flex>
          )}
        </Flex>
        <Flex align="center" wrap gap={8}>
          <Input.Search
            allowClear
            style={{ width: 320, maxWidth: '100%' }}
            placeholder={intl.formatMessage({ id: 'kit.search.placeholder' })}
            aria-label={intl.formatMessage({ id: 'kit.search.label' })}
            onSearch={(text) => list.search(text)}
          />
          <Segmented<PledgeFilter>
            aria-label={intl.formatMessage({ id: 'campaigns.pledges.filter' })}
            value={order.filter}
            onChange={(filter) => setOrder((current) => ({ ...current, filter }))}
            options={PLEDGE_FILTERS.map((value) => ({ value, label: intl.formatMessage({ id: `campaigns.pledges.filter.${value}` }) }))}
          />
        </Flex>
        {narrow ? (
          <ListCards<Pledge> columns={columns} rows={list.rows} rowKey="contactId" title="name" actions={rowActions} empty={empty} />
        ) : (
          <ScrollingTable<Pledge>
            rowKey="contactId"
            columns={tableColumns}
            dataSource={list.rows}
            pagination={false}
            onChange={onTableChange}
            locale={{ emptyText: empty }}
          />
        )}
        <Pager page={list.page} pages={list.pages} estimated={list.pagesEstimated} onChange={list.goTo} />
      </Flex>
    </Card>
  );
}

/** The path whose cached pages a pledge saved or imported makes stale. */
export const pledgesCacheKey = (campaign: Pick<Campaign, 'id'>) => campaignPledgesPath(campaign.id);
