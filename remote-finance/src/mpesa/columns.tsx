import type { OnlineTransaction } from '@ushirika/shared/contract';
import { DateTimeText, MoneyText, type ListColumn } from '@ushirika/shared/ui';
import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { usePartnerTimeZone } from '@ushirika/shared/session';

/** The spec's columns of a payment (2.10: Sender, Mobile, Amount, Trx id, Trx Time) and what the payer typed as 'account'. */
export const paymentColumns: ListColumn<OnlineTransaction>[] = [
  { key: 'sender', title: 'mpesa.column.sender', dataIndex: 'sender' },
  { key: 'msisdn', title: 'mpesa.column.msisdn', dataIndex: 'msisdn' },
  { key: 'amount', title: 'mpesa.column.amount', dataIndex: 'amount', render: (amount: string) => <MoneyText value={amount} /> },
  { key: 'trxnid', title: 'mpesa.column.trxnid', dataIndex: 'trxnid' },
  { key: 'trxTime', title: 'mpesa.column.trxTime', dataIndex: 'trxTime', render: (time: string) => <PaymentTime value={time} /> },
  { key: 'billRef', title: 'mpesa.column.billRef', dataIndex: 'billRef' },
];

/** When a payment was made, on the partner's clock (the day its money counts on), wherever the browser is. */
function PaymentTime({ value }: { value: string }) {
  return <DateTimeText value={value} timeZone={usePartnerTimeZone()} />;
}

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
