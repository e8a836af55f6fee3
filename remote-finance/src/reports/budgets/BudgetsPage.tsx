import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import { BUDGETS_PATH, type BudgetLine, type BudgetYear } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { formatMoney, moneyValue, PageHeader, ScrollingTable, useDialogs, usePermitted } from '@ushirika/shared/ui';
import { budgetSchema, validateFirstError } from '@ushirika/shared/validation';
import { Alert, Button, Card, Flex, Input, Segmented, Select, Skeleton, Table, Tag, Typography, type TableColumnType } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadBudget, saveBudget } from '../api';
import { tidyAmount, toCents } from '../money';
import { budgetFigures, chartPoints, groupFigures, inBudgetOrder, MONTHS, monthSums, type BudgetFigures } from './budget-figures';
import { monthNames } from './months';

// The chart library is large: its own chunk, fetched when this screen shows the chart (never by the other screens).
const BudgetChart = lazy(() => import(/* webpackChunkName: "budget-chart" */ './BudgetChart'));

/** The years offered: a few back, the next one (budgets are often made ahead). */
const YEARS_BACK = 5;
const budgetQueryKey = (year: number) => [BUDGETS_PATH, year];

type Kind = 'CR' | 'DR';
/** The months typed so far, per account id (only accounts someone changed). */
type Edits = Record<number, string[]>;

function YearSelect({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const thisYear = new Date().getFullYear();
  const years = new Set([...Array.from({ length: YEARS_BACK + 2 }, (_, index) => thisYear + 1 - index), year]);
  return (
    <Flex align="center" gap={8}>
      <label htmlFor="budget-year">
        <FormattedMessage id="reports.budgets.year" />
      </label>
      <Select<number>
        id="budget-year"
        value={year}
        onChange={onChange}
        style={{ width: 110 }}
        options={[...years].sort((a, b) => b - a).map((value) => ({ value, label: String(value) }))}
      />
    </Flex>
  );
}

/** An amount on one line (a wrapped figure would make its row taller than the others). */
const Money = ({ value }: { value: string | null }) => {
  const { locale } = useIntl();
  return <span style={{ whiteSpace: 'nowrap' }}>{value === null ? '—' : formatMoney(value, locale)}</span>;
};

/** Variance, marked where it matters: income below its budget, expenses above theirs. */
function Variance({ figures, kind }: { figures: BudgetFigures; kind: Kind }) {
  const cents = figures.variance === null ? null : toCents(figures.variance);
  const worse = cents !== null && (kind === 'CR' ? cents < 0n : cents > 0n);
  return (
    <Typography.Text type={worse ? (kind === 'CR' ? 'warning' : 'danger') : undefined}>
      <Money value={figures.variance} />
    </Typography.Text>
  );
}

const Percent = ({ value }: { value: string | null }) => <span style={{ whiteSpace: 'nowrap' }}>{value === null ? '—' : `${value} %`}</span>;

/** The figures' cells after the months: budget, actual, variance, variance %. */
function figureColumns(kindOf: (line: BudgetLine) => Kind, figuresOf: (line: BudgetLine) => BudgetFigures): TableColumnType<BudgetLine>[] {
  const column = (key: string, render: (line: BudgetLine) => React.ReactNode) => ({
    key,
    title: <FormattedMessage id={`reports.budgets.column.${key}`} />,
    align: 'right' as const,
    width: 130,
    render: (_: unknown, line: BudgetLine) => render(line),
  });
  return [
    column('total', (line) => <Money value={figuresOf(line).total} />),
    column('actual', (line) => <Money value={line.actualTotal} />),
    column('variance', (line) => <Variance figures={figuresOf(line)} kind={kindOf(line)} />),
    column('variancePercent', (line) => <Percent value={figuresOf(line).variancePercent} />),
  ];
}

/** A total row under the table: the income or expense accounts' months, budget, actual and variance together. */
function TotalRow({ kind, lines, monthsOf }: { kind: Kind; lines: BudgetLine[]; monthsOf: (line: BudgetLine) => string[] }) {
  const rows = lines.filter((line) => line.type === kind);
  if (rows.length === 0) return null;
  const figures = groupFigures(rows.map((line) => ({ months: monthsOf(line), actualTotal: line.actualTotal })));
  const cells = [
    ...monthSums(rows.map(monthsOf)).map((sum) => <Money value={sum} />),
    <Money value={figures.total} />,
    <Money value={figures.actual} />,
    <Variance figures={figures} kind={kind} />,
    <Percent value={figures.variancePercent} />,
  ];
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>
        <Typography.Text strong>
          <FormattedMessage id={kind === 'CR' ? 'reports.budgets.totalIncome' : 'reports.budgets.totalExpenses'} />
        </Typography.Text>
      </Table.Summary.Cell>
      {cells.map((cell, index) => (
        <Table.Summary.Cell key={index} index={index + 1} align="right">
          <Typography.Text strong>{cell}</Typography.Text>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** Budget against actual per month, for the income or the expense accounts: the chart, fetched lazily. */
function ChartCard({ lines, monthsOf }: { lines: BudgetLine[]; monthsOf: (line: BudgetLine) => string[] }) {
  const intl = useIntl();
  const [kind, setKind] = useState<Kind>('CR');
  const points = chartPoints(lines.filter((line) => line.type === kind).map((line) => ({ months: monthsOf(line), actual: line.actual })));
  return (
    <Card
      title={<FormattedMessage id="reports.budgets.chart.title" />}
      style={{ marginTop: 16 }}
      extra={
        <Segmented<Kind>
          value={kind}
          onChange={setKind}
          options={[
            { value: 'CR', label: intl.formatMessage({ id: 'reports.budgets.chart.income' }) },
            { value: 'DR', label: intl.formatMessage({ id: 'reports.budgets.chart.expenses' }) },
          ]}
        />
      }
    >
      <div data-testid="budget-chart" style={{ minHeight: 300 }}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <BudgetChart points={points} />
        </Suspense>
      </div>
    </Card>
  );
}

/** The year's table, editable with Save for those who may set budgets (finance.manage), else read only; and the chart under it. */
function BudgetEditor({ budget }: { budget: BudgetYear }) {
  const intl = useIntl();
  const editable = usePermitted('finance.manage');
  const dialogs = useDialogs();
  const client = useQueryClient();
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const lines = useMemo(() => inBudgetOrder(budget.lines), [budget.lines]);
  const monthsOf = (line: BudgetLine) => edits[line.AccountId] ?? line.budget;
  const figuresOf = (line: BudgetLine) => budgetFigures(monthsOf(line), line.actualTotal);
  const changed = lines.filter((line) => edits[line.AccountId]?.some((amount, month) => amount !== line.budget[month]));
  const shortMonths = monthNames(intl.locale, 'short');
  const longMonths = monthNames(intl.locale, 'long');

  const type = (month: number, line: BudgetLine, amount: string) =>
    setEdits((current) => {
      const months = [...(current[line.AccountId] ?? line.budget)];
      months[month] = amount;
      return { ...current, [line.AccountId]: months };
    });

  const save = async () => {
    const input = { lines: changed.map((line) => ({ account: line.AccountId, months: monthsOf(line).map(tidyAmount) })) };
    const checked = await validateFirstError(budgetSchema, input);
    if (!checked.ok) {
      dialogs.error(new Error(checked.message));
      return;
    }
    setSaving(true);
    try {
      const answer = await saveBudget(budget.year, input);
      client.setQueryData(budgetQueryKey(budget.year), answer.budget);
      setEdits({});
      dialogs.success(answer.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnType<BudgetLine>[] = [
    {
      key: 'account',
      title: <FormattedMessage id="reports.column.account" />,
      fixed: 'left',
      width: 190,
      render: (_: unknown, line: BudgetLine) => (
        <Flex gap={4} wrap align="center">
          {line.account}
          <Tag>
            <FormattedMessage id={`reports.accountType.${line.type}`} />
          </Tag>
        </Flex>
      ),
    },
    ...Array.from({ length: MONTHS }, (_, month) => ({
      key: `month-${month}`,
      title: shortMonths[month],
      width: 120,
      render: (_: unknown, line: BudgetLine) => {
        const amount = monthsOf(line)[month] ?? '';
        return (
          <Input
            size="small"
            inputMode="decimal"
            readOnly={!editable}
            value={amount}
            status={toCents(amount) === null ? 'error' : undefined}
            aria-label={intl.formatMessage({ id: 'reports.budgets.monthAmount' }, { account: line.account, month: longMonths[month] })}
            onChange={(event) => type(month, line, moneyValue(event.target.value))}
          />
        );
      },
    })),
    ...figureColumns((line) => (line.type === 'DR' ? 'DR' : 'CR'), figuresOf),
  ];

  return (
    <>
      <ScrollingTable<BudgetLine>
        size="small"
        rowKey="AccountId"
        columns={columns}
        dataSource={lines}
        pagination={false}
        locale={{ emptyText: <FormattedMessage id="reports.budgets.noAccounts" /> }}
        summary={() => (
          <Table.Summary>
            <TotalRow kind="CR" lines={lines} monthsOf={monthsOf} />
            <TotalRow kind="DR" lines={lines} monthsOf={monthsOf} />
          </Table.Summary>
        )}
      />
      {editable && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={saving} disabled={saving || changed.length === 0} onClick={() => void save()}>
            <FormattedMessage id="reports.budgets.save" />
          </Button>
        </Flex>
      )}
      {lines.length > 0 && <ChartCard lines={lines} monthsOf={monthsOf} />}
    </>
  );
}

/**
 * /finance/budgets 'Budget' (the spec's 'Coming Soon', built in issue 9): a year's monthly budget per income and
 * expense account, typed in a table, with the actuals (income and expenses recorded), the variance in amount and
 * per cent, and a chart of budget against actual. Saved with PUT /budgets/{year}.
 */
export function BudgetsPage() {
  const intl = useIntl();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const budget = useQuery({ queryKey: budgetQueryKey(year), queryFn: ({ signal }) => loadBudget(year, signal) });
  return (
    <>
      <PageHeader title="reports.budgets.title" parent="menu.finance" />
      <Card>
        <Flex wrap gap={16} align="center" justify="space-between" style={{ marginBottom: 16 }}>
          <YearSelect year={year} onChange={setYear} />
          <Typography.Text type="secondary">
            <FormattedMessage id="reports.budgets.hint" />
          </Typography.Text>
        </Flex>
        {budget.data ? (
          // One editor per year: what was typed for one year is not carried to another.
          <BudgetEditor key={year} budget={budget.data} />
        ) : budget.error ? (
          <Alert type="error" showIcon title={translateText(intl, errorText(budget.error))} role="alert" />
        ) : (
          <Skeleton active />
        )}
      </Card>
    </>
  );
}
