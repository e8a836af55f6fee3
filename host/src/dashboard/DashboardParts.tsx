import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense, useDeferredValue, type CSSProperties, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { errorText } from '@ushirika/shared/api';
import { can, DASHBOARD_MONTHS, type DashboardWeek, type Permission } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { useSession } from '@ushirika/shared/session';
import { formatMoney, PageHeader, ScrollingTable } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { CHART_HEIGHT, type ChartData } from './chart-data';

/* The pieces both dashboards are made of: the page frame, the figure cards, the charts and the recent tables. */

const SeriesChart = lazy(() => import('@ushirika/shared/charts'));

/** A call that failed: what it was for (`titleId`), the server's words, and Retry. */
export function LoadFailed({ titleId = 'dashboard.loadFailed', error, retrying, onRetry }: { titleId?: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={<FormattedMessage id={titleId} />}
      description={translateText(intl, errorText(error))}
      action={
        <Button onClick={onRetry} loading={retrying}>
          <FormattedMessage id="kit.list.retry" />
        </Button>
      }
    />
  );
}

/**
 * A dashboard page: its header, then `children` given the dashboard's data (undefined while it loads). The spec
 * shows nothing when the call fails; here an error with Retry says so. Before any answer, that is all: empty
 * figures and tables would look like a partner without data. A failed refresh keeps the last answer under it.
 */
export function DashboardFrame<Data>({ query, children }: { query: UseQueryResult<Data>; children: (data: Data | undefined) => ReactNode }) {
  useFirstScreenReady();
  // The answer arrives through the query's store, which React renders at once and whole; deferred, the cards,
  // tables and charts render in interruptible slices, so a slow phone stays responsive while they appear.
  const data = useDeferredValue(query.data);
  return (
    <>
      <PageHeader title="dashboard.title" parent="menu.dashboard" />
      {query.isError && <LoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />}
      {!(query.isError && query.data === undefined) && children(data)}
    </>
  );
}

/** The panels under the cards: two side by side on a wide screen, one under the other on a phone. */
export function Panels({ children }: { children: ReactNode[] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {children.map((panel, index) => (
        <Col key={index} xs={24} xl={12}>
          {panel}
        </Col>
      ))}
    </Row>
  );
}

export interface Figure {
  titleId: string;
  /** A count, or money as the server's exact decimal text; undefined when there is none (say, no SMS units setting). */
  value: number | string | undefined;
  /** The list the card opens. */
  to: string;
  /** What that list needs: a user who may not open it sees the card without the link (issue 28.7: no messaging list for an etracker partner without it). */
  permission: Permission;
  /** A "this week" figure: the week it covers is shown under the value. */
  weekly?: boolean;
}

/**
 * The row of figure cards; each whole card is a link to its list when the user may open it (one tab stop, its name the title and value).
 * `week`: the week the weekly figures cover, undefined while loading. Every card keeps the height it will have
 * once loaded (the value's line, the week's line), so nothing under the cards jumps when the answer arrives.
 */
export function FigureCards({ figures, loading, week }: { figures: Figure[]; loading: boolean; week: DashboardWeek | undefined }) {
  const intl = useIntl();
  const user = useSession((state) => state.user);
  const text = (value: Figure['value']) => (value === undefined ? '—' : typeof value === 'number' ? intl.formatNumber(value) : formatMoney(value, intl.locale));
  return (
    <Row gutter={[16, 16]}>
      {figures.map(({ titleId, value, to, permission, weekly }) => (
        <Col key={titleId} xs={24} sm={12} xl={6}>
          <FigureLink to={can(user, permission) ? to : undefined}>
            <Card hoverable={can(user, permission)} style={{ height: '100%' }}>
              {/* Formatted here: Statistic's own number formatting ignores the user's language. While loading, a
                  blank value of the same height, not a skeleton of another. */}
              <Statistic title={<FormattedMessage id={titleId} />} value={loading ? '\u00a0' : text(value)} aria-busy={loading || undefined} />
              {weekly && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {week ? <WeekRange week={week} /> : '\u00a0'}
                </Typography.Text>
              )}
            </Card>
          </FigureLink>
        </Col>
      ))}
    </Row>
  );
}

/** A figure card's link to its list; the card alone, as tall, when the user may not open the list. */
function FigureLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  if (to === undefined) return <div style={{ height: '100%' }}>{children}</div>;
  return (
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      {children}
    </Link>
  );
}

/** The days a "this week" figure covers, e.g. 'Mon, Nov 23 – Sun, Nov 29', in the user's language. */
function WeekRange({ week }: { week: DashboardWeek }) {
  const intl = useIntl();
  // Monday and Sunday are calendar days of the partner's week (the server counted them in week.timeZone), not
  // instants: midnight UTC formatted in UTC shows the same days wherever the browser is.
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  return <>{intl.formatDateTimeRange(day(week.start), day(week.end), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })}</>;
}

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A chart's numbers for screen readers, which get nothing from the canvas. */
function ChartTable({ caption, data }: { caption: string; data: ChartData }) {
  return (
    <table style={VISUALLY_HIDDEN}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="dashboard.col.month" />
          </th>
          {data.series.map((series) => (
            <th key={series.name} scope="col">
              {series.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.months.map((month, index) => (
          <tr key={month}>
            <th scope="row">{month}</th>
            {data.series.map((series) => (
              <td key={series.name}>{series.texts[index]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A chart card: the lazily loaded line chart, and the same numbers as a hidden table. `data` undefined: loading. */
export function ChartCard({ titleId, data }: { titleId: string; data: ChartData | undefined }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  const skeleton = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  // As tall as the chart it stands for, so the cards under it stay where they are when the chart comes.
  const loading = <div style={{ height: CHART_HEIGHT, overflow: 'hidden' }}>{skeleton}</div>;
  return (
    <Card title={title} style={{ height: '100%' }}>
      {data ? (
        <>
          <div aria-hidden style={{ height: CHART_HEIGHT }}>
            <Suspense fallback={skeleton}>
              <SeriesChart kind="line" data={data} height={CHART_HEIGHT} />
            </Suspense>
          </div>
          <ChartTable caption={intl.formatMessage({ id: 'dashboard.chartCaption' }, { chart: title, months: DASHBOARD_MONTHS })} data={data} />
        </>
      ) : (
        loading
      )}
    </Card>
  );
}

export interface RecentColumn<Row> {
  titleId: string;
  render: (row: Row) => ReactNode;
}

/** A 'Recent …' card: a few rows, no pager, scrolling sideways on a phone, and 'View all' to the whole list. */
export function RecentTable<Row extends { id: number }>({
  titleId,
  to,
  columns,
  rows,
  emptyId,
}: {
  titleId: string;
  to: string;
  columns: RecentColumn<Row>[];
  /** undefined while loading */
  rows: Row[] | undefined;
  emptyId: string;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  return (
    <Card
      title={title}
      style={{ height: '100%' }}
      extra={
        <Link to={to} aria-label={intl.formatMessage({ id: 'dashboard.viewAllOf' }, { list: title })}>
          <FormattedMessage id="dashboard.viewAll" />
        </Link>
      }
    >
      <ScrollingTable<Row>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows ?? []}
        columns={columns.map((column) => ({
          key: column.titleId,
          title: intl.formatMessage({ id: column.titleId }),
          render: (_: unknown, row: Row) => column.render(row),
        }))}
        // While loading a skeleton, not "No … yet": the table is not known to be empty.
        locale={{
          emptyText: rows ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<FormattedMessage id={emptyId} />} />
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          ),
        }}
      />
    </Card>
  );
}
