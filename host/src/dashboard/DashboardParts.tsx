import { Card, Col, Empty, Row, Statistic, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** A figure card whose value arrives with the dashboard data call. */
export function FigureCards({ titleIds }: { titleIds: string[] }) {
  return (
    <Row gutter={[16, 16]}>
      {titleIds.map((id) => (
        <Col key={id} xs={24} sm={12} xl={6}>
          <Card>
            <Statistic title={<FormattedMessage id={id} />} value="—" />
            <Typography.Text type="secondary">
              <FormattedMessage id="dashboard.figuresComingSoon" />
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A recent-records table: its columns now, its rows with the dashboard data call. */
export function RecentTable({ titleId, columnIds }: { titleId: string; columnIds: string[] }) {
  const intl = useIntl();
  return (
    <Card title={<FormattedMessage id={titleId} />}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[]}
        columns={columnIds.map((id) => ({ key: id, title: intl.formatMessage({ id }) }))}
        locale={{ emptyText: <Empty description={<FormattedMessage id="dashboard.figuresComingSoon" />} /> }}
      />
    </Card>
  );
}

export function ChartCard({ titleId, extra, children }: { titleId: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card title={<FormattedMessage id={titleId} />} extra={extra}>
      <div style={{ height: 260 }}>{children}</div>
    </Card>
  );
}

export function ComingSoonChart() {
  return <Empty style={{ paddingTop: 60 }} description={<FormattedMessage id="dashboard.figuresComingSoon" />} />;
}
