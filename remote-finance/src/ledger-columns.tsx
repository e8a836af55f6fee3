import { LIST_TOTAL_AMOUNT_FIELD, PAYMENT_CHANNELS, type PaymentChannel } from '@ushirika/shared/contract';
import { MoneyText, type Choice, type ColumnSpec, type PagedList } from '@ushirika/shared/ui';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { StatusTag, type LedgerEntry } from './ledger/EntryStatus';

/** What income and expenses show and ask alike: the channel (spec 3: CASH, M-PESA, ACCOUNT, CHEQUE), amount and date. */
export const ChannelText = ({ channel }: { channel: PaymentChannel }) => <FormattedMessage id={`finance.channel.${channel}`} />;

/** The channels of a select: the value sent is the channel's title (spec 3). */
export const channelChoices: Choice[] = PAYMENT_CHANNELS.map((channel) => ({ value: channel, label: `finance.channel.${channel}` }));

export const amountColumn: ColumnSpec<{ amount: string }> = { key: 'amount', render: 'money' };
export const dateColumn: ColumnSpec<{ dateOfTransaction: string }> = { key: 'dateOfTransaction', render: 'date' };
export const modeColumn: ColumnSpec<{ mode: PaymentChannel }> = { key: 'mode', render: (mode: PaymentChannel) => <ChannelText channel={mode} /> };

/**
 * Issue 26.3: 'Reversed', 'Reversal' or 'Correction'; nothing at all on an ordinary entry (a posted one that
 * corrects nothing), so a phone's card shows no empty 'Status' line (issue 28.6).
 */
export const statusColumn: ColumnSpec<LedgerEntry> = {
  key: 'status',
  render: (_: unknown, entry: LedgerEntry) => (entry.status === 'posted' && entry.correctionOfId === null ? null : <StatusTag entry={entry} />),
};

/**
 * The summary of the income and expense lists (issue 28.3): the exact total of every entry the search and dates
 * match, all pages (the answer's `total_amount`); nothing while it loads, or from a server that does not send it.
 * Usage: `<ListPage summary={ledgerTotal} … />`.
 */
export function ledgerTotal({ response }: Pick<PagedList<unknown>, 'response'>): ReactNode {
  const total = response?.[LIST_TOTAL_AMOUNT_FIELD];
  if (typeof total !== 'string') return null;
  return (
    <Typography.Text strong>
      <FormattedMessage id="finance.total" />: <MoneyText value={total} />
    </Typography.Text>
  );
}
