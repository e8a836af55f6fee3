import { useQuery } from '@tanstack/react-query';
import { campaignPledgePath, type Pledge, type PledgeChange } from '@ushirika/shared/contract';
import { DateTimeText, LoadFailed, MoneyText, ScrollingTable, useLabel } from '@ushirika/shared/ui';
import { Drawer, Skeleton } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadPledgeDetail } from './api';
import { fullName } from './names';

/** A contact's pledge's changes (GET /campaigns/{id}/pledges/{contactId}): each amount before and after, how, by whom, when. */
export function HistoryDrawer({ campaignId, pledge, onClose }: { campaignId: number; pledge: Pledge | undefined; onClose: () => void }) {
  const intl = useIntl();
  const label = useLabel();
  const contactId = pledge?.contactId;
  const detail = useQuery({
    queryKey: [campaignPledgePath(campaignId, contactId ?? 0)],
    queryFn: ({ signal }) => loadPledgeDetail(campaignId, contactId!, signal),
    enabled: contactId !== undefined,
    staleTime: 0,
  });
  const columns = [
    { key: 'changedAt', title: label('campaigns.history.changedAt'), dataIndex: 'changedAt', render: (value: string) => <DateTimeText value={value} /> },
    { key: 'previous', title: label('campaigns.history.previous'), dataIndex: 'previous', render: (value: string) => <MoneyText value={value} /> },
    { key: 'amount', title: label('campaigns.history.amount'), dataIndex: 'amount', render: (value: string) => <MoneyText value={value} /> },
    {
      key: 'source',
      title: label('campaigns.history.source'),
      dataIndex: 'source',
      render: (value: string) => (value === 'screen' || value === 'import' ? <FormattedMessage id={`campaigns.history.source.${value}`} /> : value),
    },
    { key: 'changedBy', title: label('campaigns.history.changedBy'), dataIndex: 'changedBy' },
  ];
  return (
    <Drawer
      open={pledge !== undefined}
      onClose={onClose}
      title={pledge ? intl.formatMessage({ id: 'campaigns.history.title' }, { name: fullName(pledge) }) : undefined}
      size={640}
      destroyOnHidden
    >
      {detail.error ? (
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.data ? (
        <ScrollingTable<PledgeChange>
          rowKey={(change) => `${change.changedAt}-${change.amount}`}
          columns={columns}
          dataSource={detail.data.changes}
          pagination={false}
          size="small"
          locale={{ emptyText: <FormattedMessage id="campaigns.history.none" /> }}
        />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
