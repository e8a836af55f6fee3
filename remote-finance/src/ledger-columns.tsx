import { PAYMENT_CHANNELS, type PaymentChannel } from '@ushirika/shared/contract';
import type { Choice, ColumnSpec } from '@ushirika/shared/ui';
import { FormattedMessage } from 'react-intl';
import { StatusTag, type LedgerEntry } from './ledger/EntryStatus';

/** What income and expenses show and ask alike: the channel (spec 3: CASH, M-PESA, ACCOUNT, CHEQUE), amount and date. */
export const ChannelText = ({ channel }: { channel: PaymentChannel }) => <FormattedMessage id={`finance.channel.${channel}`} />;

/** The channels of a select: the value sent is the channel's title (spec 3). */
export const channelChoices: Choice[] = PAYMENT_CHANNELS.map((channel) => ({ value: channel, label: `finance.channel.${channel}` }));

export const amountColumn: ColumnSpec<{ amount: string }> = { key: 'amount', render: 'money' };
export const dateColumn: ColumnSpec<{ dateOfTransaction: string }> = { key: 'dateOfTransaction', render: 'date' };
export const modeColumn: ColumnSpec<{ mode: PaymentChannel }> = { key: 'mode', render: (mode: PaymentChannel) => <ChannelText channel={mode} /> };

/** Issue 26.3: 'Reversed', 'Reversal' or 'Correction' (nothing on an ordinary entry). */
export const statusColumn: ColumnSpec<LedgerEntry> = { key: 'status', render: (_: unknown, entry: LedgerEntry) => <StatusTag entry={entry} /> };
