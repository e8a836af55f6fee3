import { RedoOutlined } from '@ant-design/icons';
import { Card, Tag, theme as antTheme, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { MpesaCallbackRow } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { ActionButton, DateTimeText, LoadFailed, Pager, ScrollingTable, usePagedList } from '@ushirika/shared/ui';
import { loadMpesaCallbacks, replayMpesaCallback } from './mpesa-api';

/** The catalogue's name of a callback's kind or outcome, or the server's word for one it does not name yet. */
function named(intl: IntlShape, prefix: string, value: string): string {
  const id = `${prefix}.${value}`;
  return Object.hasOwn(intl.messages, id) ? intl.formatMessage({ id }) : value;
}

/** Outcomes that settled the callback (a payment stored, or known already): shown green once a replay reaches one. */
const SETTLED = new Set(['accepted', 'duplicate']);

function useColumns(replay: (row: MpesaCallbackRow) => Promise<void>): TableColumnType<MpesaCallbackRow>[] {
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  const title = (id: string) => intl.formatMessage({ id });
  return [
    { key: 'receivedAt', title: title('settings.mpesa.callbacks.receivedAt'), render: (_, row) => <DateTimeText value={row.receivedAt} timeZone={timeZone} /> },
    { key: 'kind', title: title('settings.mpesa.callbacks.kind'), render: (_, row) => named(intl, 'settings.mpesa.callbacks.kind', row.kind) },
    {
      key: 'outcome',
      title: title('settings.mpesa.callbacks.outcome'),
      render: (_, row) => <Tag color={SETTLED.has(row.outcome) ? 'green' : 'orange'}>{named(intl, 'settings.mpesa.callbacks.outcome', row.outcome)}</Tag>,
    },
    { key: 'transId', title: title('settings.mpesa.callbacks.transId'), render: (_, row) => row.transId ?? '' },
    {
      key: 'detail',
      title: title('settings.mpesa.callbacks.detail'),
      render: (_, row) => (row.detail ? <Typography.Text style={{ minWidth: 200, display: 'inline-block' }}>{translateText(intl, row.detail)}</Typography.Text> : ''),
    },
    {
      key: 'actions',
      title: title('kit.list.actions'),
      render: (_, row) => <ActionButton link labelId="settings.mpesa.callbacks.replay" icon={<RedoOutlined aria-hidden />} run={() => replay(row)} />,
    },
  ];
}

/**
 * Section 5: the callbacks that need a person (failed, held, differing repeats), newest first, a page at a time;
 * 'Replay' processes one again (a payment is never stored twice) and its row shows what became of it. A replayed row
 * stays in view until the list is read again, so its new outcome can be seen.
 */
export function MpesaCallbacks() {
  const list = usePagedList(loadMpesaCallbacks);
  const { token } = antTheme.useToken();
  const [replayed, setReplayed] = useState<ReadonlyMap<string, MpesaCallbackRow>>(new Map());
  const columns = useColumns(async (row) => {
    const now = await replayMpesaCallback(row.id);
    setReplayed((shown) => new Map(shown).set(row.id, now));
  });
  const body = list.loading ? (
    <div role="status">
      <FormattedMessage id="kit.list.loading" />
    </div>
  ) : list.error ? (
    <LoadFailed error={list.error} onRetry={list.reload} />
  ) : (
    <FormattedMessage id="settings.mpesa.callbacks.none" />
  );
  return (
    <Card title={<FormattedMessage id="settings.mpesa.callbacks.title" />}>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="settings.mpesa.callbacks.intro" />
      </Typography.Paragraph>
      <ScrollingTable<MpesaCallbackRow>
        rowKey="id"
        columns={columns}
        dataSource={list.rows.map((row) => replayed.get(row.id) ?? row)}
        pagination={false}
        locale={{ emptyText: <div style={{ color: token.colorTextSecondary }}>{body}</div> }}
      />
      <Pager page={list.page} pages={list.pages} estimated={list.pagesEstimated} onChange={list.goTo} />
    </Card>
  );
}
