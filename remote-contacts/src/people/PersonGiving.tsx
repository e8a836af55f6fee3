import { WalletOutlined } from '@ant-design/icons';
import type { Income, LedgerStatus, Member, OnlineTransaction } from '@ushirika/shared/contract';
import { DateText, DateTimeText, MoneyText, type ListColumn, type PagedList } from '@ushirika/shared/ui';
import { Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { givingLoader, paymentsLoader, type GivingTotals } from './api';
import { PagedTable } from './PagedTable';
import { RequestPaymentButton } from './RequestPayment';

const STATUS_COLOURS: Record<LedgerStatus, string | undefined> = { posted: undefined, reversed: 'orange', reversal: 'red' };

const incomeColumns: ListColumn<Income>[] = [
  { key: 'date', title: 'people.giving.column.date', dataIndex: 'dateOfTransaction', render: (value: string) => <DateText value={value} /> },
  { key: 'amount', title: 'people.giving.column.amount', dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
  { key: 'paymentFor', title: 'people.giving.column.paymentFor', dataIndex: 'paymentFor' },
  { key: 'account', title: 'people.giving.column.account', dataIndex: ['Account', 'name'] },
  { key: 'receipt', title: 'people.giving.column.receipt', dataIndex: 'receiptNumber' },
  {
    key: 'status',
    title: 'people.giving.column.status',
    dataIndex: 'status',
    render: (status: LedgerStatus) =>
      status === 'posted' ? null : (
        <Tag color={STATUS_COLOURS[status]}>
          <FormattedMessage id={`people.giving.status.${status}`} />
        </Tag>
      ),
  },
];

const paymentColumns: ListColumn<OnlineTransaction>[] = [
  { key: 'time', title: 'people.payments.column.time', dataIndex: 'trxTime', render: (value: string) => <DateTimeText value={value} /> },
  { key: 'amount', title: 'people.giving.column.amount', dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
  { key: 'code', title: 'people.payments.column.code', dataIndex: 'trxnid' },
  { key: 'account', title: 'people.giving.column.account', dataIndex: ['Account', 'name'] },
];

/** This year's and last year's totals, from the giving list's answer; nothing until it has come. */
function YearTotals({ list }: { list: PagedList<Income> }) {
  const totals = list.response as GivingTotals | undefined;
  if (!totals) return null;
  return (
    <Row gutter={[16, 8]} style={{ marginBottom: 12 }}>
      <Col xs={12}>
        <Statistic title={<FormattedMessage id="people.giving.thisYear" />} valueRender={() => <MoneyText value={totals.thisYear} />} />
      </Col>
      <Col xs={12}>
        <Statistic title={<FormattedMessage id="people.giving.lastYear" />} valueRender={() => <MoneyText value={totals.lastYear} />} />
      </Col>
    </Row>
  );
}

/**
 * 'Giving' of a person's page (issue 28.1): what the incomes linked to them add to this calendar year and last
 * (reversals netted out, summed by the server), the incomes themselves, and their M-Pesa payments; each list loads
 * and pages on its own. 'Request payment' sends an M-Pesa prompt to their phone (issue 29.3).
 */
export function PersonGiving({ member }: { member: Member }) {
  const incomes = useMemo(() => givingLoader(member.id), [member.id]);
  const payments = useMemo(() => paymentsLoader(member.id), [member.id]);
  return (
    <Card
      title={
        <>
          <WalletOutlined aria-hidden /> <FormattedMessage id="people.giving.title" />
        </>
      }
      extra={<RequestPaymentButton member={member} />}
    >
      <Flex vertical gap={16}>
        <PagedTable<Income> label="people.giving.incomes" columns={incomeColumns} load={incomes} summary={(list) => <YearTotals list={list} />} />
        <div>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            <FormattedMessage id="people.payments.title" />
          </Typography.Title>
          <PagedTable<OnlineTransaction> label="people.payments.title" columns={paymentColumns} load={payments} />
        </div>
      </Flex>
    </Card>
  );
}
