import type { AccountStatement, GivingStatement, StatementLine } from '@ushirika/shared/contract';
import { DateText, formatDate, MoneyText } from '@ushirika/shared/ui';
import { Descriptions, Table, Typography, type DescriptionsProps, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toCents } from '../money';

/*
 * What a statement shows, on the statements screen and in the print view alike: a summary (who or what,
 * the period, the balances) and the lines. `print` shows every line on one page (no pager) in a compact table.
 */

export interface StatementViewProps<Statement> {
  statement: Statement;
  print?: boolean;
}

/** Lines per page on screen; the print view shows them all. */
const SCREEN_PAGE_SIZE = 50;

/** An amount, or nothing for zero (an income line has no money out). */
const AmountOrBlank = ({ value }: { value: string }) => (toCents(value) === 0n ? null : <MoneyText value={value} />);

/** '1 Jan 2026 to 31 Mar 2026'. */
function Period({ start, end }: { start: string; end: string }) {
  const { locale } = useIntl();
  return <FormattedMessage id="reports.statement.periodValue" values={{ start: formatDate(start, locale), end: formatDate(end, locale) }} />;
}

/** A summary item; `testId` marks a figure the end-to-end test reads. */
const item = (key: string, label: string, children: ReactNode, testId?: string) => ({
  key,
  label: <FormattedMessage id={label} />,
  children: testId ? <span data-testid={testId}>{children}</span> : children,
});

function Summary({ items, print }: { items: DescriptionsProps['items']; print?: boolean }) {
  return <Descriptions bordered size="small" column={print ? 2 : { xs: 1, md: 2 }} items={items} style={{ marginBottom: 16 }} />;
}

/** One line, like the amounts. */
const NO_WRAP = { style: { whiteSpace: 'nowrap' as const } };

const dateColumn = {
  key: 'date',
  title: <FormattedMessage id="reports.column.date" />,
  dataIndex: 'date',
  onCell: () => NO_WRAP,
  render: (value: string) => <DateText value={value} />,
};

const money = (key: string, title: string, dataIndex: string, blankZero = false) => ({
  key,
  title: <FormattedMessage id={title} />,
  dataIndex,
  align: 'right' as const,
  // On one line: a wrapped amount is hard to read down a column.
  onCell: () => NO_WRAP,
  render: (value: string) => (blankZero ? <AmountOrBlank value={value} /> : <MoneyText value={value} />),
});

const accountColumns: TableColumnType<StatementLine>[] = [
  dateColumn,
  { key: 'receipt', title: <FormattedMessage id="reports.column.receipt" />, dataIndex: 'receiptNumber' },
  {
    key: 'details',
    title: <FormattedMessage id="reports.column.details" />,
    render: (_: unknown, line: StatementLine) => (
      <>
        {line.party}
        {line.paymentFor && <Typography.Text type="secondary"> · {line.paymentFor}</Typography.Text>}
      </>
    ),
  },
  { key: 'reference', title: <FormattedMessage id="reports.column.reference" />, dataIndex: 'reference' },
  { key: 'account', title: <FormattedMessage id="reports.column.account" />, dataIndex: 'account' },
  money('moneyIn', 'reports.column.moneyIn', 'moneyIn', true),
  money('moneyOut', 'reports.column.moneyOut', 'moneyOut', true),
  money('balance', 'reports.column.balance', 'balance'),
];

/** A row under the lines: its label across the first columns, then figures under their columns. */
function SummaryRow({ label, span, figures }: { label: string; span: number; figures: string[] }) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={span}>
        <Typography.Text strong>
          <FormattedMessage id={label} />
        </Typography.Text>
      </Table.Summary.Cell>
      {figures.map((figure, index) => (
        <Table.Summary.Cell key={index} index={span + index} align="right">
          <Typography.Text strong>
            <MoneyText value={figure} />
          </Typography.Text>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

const tableLook = (print?: boolean) => ({
  size: 'small' as const,
  pagination: print ? (false as const) : { pageSize: SCREEN_PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true },
});

/**
 * On a narrow screen the lines scroll sideways. A plain scrolling box rather than the table's `scroll`: that
 * one measures the table on every change, and a statement has no fixed column to keep in view. The box takes
 * the keyboard focus, so the arrow keys scroll it (WCAG 2.1.1).
 */
const Sideways = ({ print, children }: { print?: boolean; children: ReactNode }) =>
  print ? (
    <div>{children}</div>
  ) : (
    <div style={{ overflowX: 'auto' }} tabIndex={0}>
      {children}
    </div>
  );

/** An account statement: opening balance, every line with the running balance, totals, closing balance. */
export function AccountStatementView({ statement, print }: StatementViewProps<AccountStatement>) {
  const subAccounts = statement.accounts.filter((name) => name !== statement.account.name);
  const items = [
    item('account', 'reports.column.account', statement.account.name),
    ...(subAccounts.length > 0 ? [item('includes', 'reports.statement.includes', subAccounts.join(', '))] : []),
    item('period', 'reports.statement.period', <Period start={statement.startDate} end={statement.endDate} />),
    item('opening', 'reports.statement.opening', <MoneyText value={statement.openingBalance} />, 'statement-opening'),
    item('in', 'reports.statement.totalIn', <MoneyText value={statement.totalIn} />, 'statement-in'),
    item('out', 'reports.statement.totalOut', <MoneyText value={statement.totalOut} />, 'statement-out'),
    item('closing', 'reports.statement.closing', <MoneyText value={statement.closingBalance} />, 'statement-closing'),
  ];
  return (
    <>
      <Summary items={items} print={print} />
      <Sideways print={print}>
        <Table<StatementLine>
          {...tableLook(print)}
          rowKey={(line) => `${line.kind}-${line.id}`}
          columns={accountColumns}
          dataSource={statement.lines}
          locale={{ emptyText: <FormattedMessage id="reports.statement.noLines" /> }}
          summary={() => (
            <Table.Summary>
              <SummaryRow label="reports.statement.totals" span={5} figures={[statement.totalIn, statement.totalOut, statement.closingBalance]} />
            </Table.Summary>
          )}
        />
      </Sideways>
    </>
  );
}

type Gift = GivingStatement['gifts'][number];

const givingColumns: TableColumnType<Gift>[] = [
  dateColumn,
  { key: 'receipt', title: <FormattedMessage id="reports.column.receipt" />, dataIndex: 'receiptNumber' },
  { key: 'account', title: <FormattedMessage id="reports.column.account" />, dataIndex: 'account' },
  { key: 'paymentFor', title: <FormattedMessage id="reports.column.paymentFor" />, dataIndex: 'paymentFor' },
  { key: 'mode', title: <FormattedMessage id="reports.column.mode" />, dataIndex: 'mode' },
  money('amount', 'reports.column.amount', 'amount'),
];

/** A contributor's giving statement: who, the period, every gift with its receipt number, the total. */
export function GivingStatementView({ statement, print }: StatementViewProps<GivingStatement>) {
  const items = [
    item('name', 'reports.giving.name', statement.name || '—'),
    item('phone', 'reports.field.phone', statement.phone),
    item('period', 'reports.statement.period', <Period start={statement.startDate} end={statement.endDate} />),
    item('total', 'reports.giving.total', <MoneyText value={statement.total} />, 'giving-total'),
  ];
  return (
    <>
      <Summary items={items} print={print} />
      <Sideways print={print}>
        <Table<Gift>
          {...tableLook(print)}
          rowKey="id"
          columns={givingColumns}
          dataSource={statement.gifts}
          locale={{ emptyText: <FormattedMessage id="There are no gifts from this number in this period" /> }}
          summary={() => (
            <Table.Summary>
              <SummaryRow label="reports.giving.total" span={5} figures={[statement.total]} />
            </Table.Summary>
          )}
        />
      </Sideways>
    </>
  );
}
