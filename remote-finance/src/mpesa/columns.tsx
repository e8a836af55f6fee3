import type { OnlineTransaction } from '@ushirika/shared/contract';
import { DateTimeText, MoneyText, type ListColumn } from '@ushirika/shared/ui';
import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { MPESA_TIME_ZONE } from '../paths';

/** The spec's columns of a payment (2.10: Sender, Mobile, Amount, Trx id, Trx Time) and what the payer typed as 'account'. */
export const paymentColumns: ListColumn<OnlineTransaction>[] = [
  { key: 'sender', title: 'mpesa.column.sender', dataIndex: 'sender' },
  { key: 'msisdn', title: 'mpesa.column.msisdn', dataIndex: 'msisdn' },
  { key: 'amount', title: 'mpesa.column.amount', dataIndex: 'amount', render: (amount: string) => <MoneyText value={amount} /> },
  { key: 'trxnid', title: 'mpesa.column.trxnid', dataIndex: 'trxnid' },
  { key: 'trxTime', title: 'mpesa.column.trxTime', dataIndex: 'trxTime', render: (time: string) => <DateTimeText value={time} timeZone={MPESA_TIME_ZONE} /> },
  { key: 'billRef', title: 'mpesa.column.billRef', dataIndex: 'billRef' },
];

/** Where a payment went: its account (and 'by rule' when a BillRefNumber rule chose it), or 'Not allocated'. */
function AllocatedTo({ payment }: { payment: OnlineTransaction }) {
  if (!payment.Account) {
    return (
      <Typography.Text type="secondary">
        <FormattedMessage id="mpesa.notAllocated" />
      </Typography.Text>
    );
  }
  return (
    <>
      {payment.Account.name}
      {payment.allocatedBy === 'rule' && (
        <Typography.Text type="secondary">
          {' '}
          (<FormattedMessage id="mpesa.allocatedByRule" />)
        </Typography.Text>
      )}
    </>
  );
}

export const allocatedColumn: ListColumn<OnlineTransaction> = {
  key: 'allocatedTo',
  title: 'mpesa.column.allocatedTo',
  render: (_: unknown, payment: OnlineTransaction) => <AllocatedTo payment={payment} />,
};
