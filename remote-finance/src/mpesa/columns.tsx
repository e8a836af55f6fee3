import type { OnlineTransaction } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { DateTimeText, MoneyText, type ListColumn } from '@ushirika/shared/ui';
import { Flex, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePartnerTimeZone } from '@ushirika/shared/session';

/** How the server joins the reasons of a payment flagged for a person (api/src/finance/mpesa/daraja.ts). */
const REASON_SEPARATOR = '; ';

/**
 * A payment's TransID and, when it arrived with something a person must check (no mobile number, a long
 * account reference, a time outside the app's dates...), a 'To check' mark with the reasons in the user's
 * language ('Checked' once a person allocated it). No BillRefNumber rule allocates such a payment.
 */
function PaymentId({ payment }: { payment: OnlineTransaction }) {
  const intl = useIntl();
  if (!payment.checkReason) return <>{payment.trxnid}</>;
  const waiting = payment.AccountId === null;
  return (
    <Flex vertical gap={2} align="start">
      <span>{payment.trxnid}</span>
      <Tag color={waiting ? 'warning' : 'default'} style={{ marginInlineEnd: 0 }}>
        <FormattedMessage id={waiting ? 'mpesa.toCheck' : 'mpesa.checked'} />
      </Tag>
      {payment.checkReason.split(REASON_SEPARATOR).map((reason) => (
        <Typography.Text key={reason} type="secondary" style={{ fontSize: 12 }}>
          {translateText(intl, reason)}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** The spec's columns of a payment (2.10: Sender, Mobile, Amount, Trx id, Trx Time) and what the payer typed as 'account'. */
export const paymentColumns: ListColumn<OnlineTransaction>[] = [
  { key: 'sender', title: 'mpesa.column.sender', dataIndex: 'sender' },
  { key: 'msisdn', title: 'mpesa.column.msisdn', dataIndex: 'msisdn' },
  { key: 'amount', title: 'mpesa.column.amount', dataIndex: 'amount', render: (amount: string) => <MoneyText value={amount} /> },
  { key: 'trxnid', title: 'mpesa.column.trxnid', dataIndex: 'trxnid', render: (_: string, payment: OnlineTransaction) => <PaymentId payment={payment} /> },
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
