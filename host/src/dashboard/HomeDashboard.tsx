import { Col, Row, Spin, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { ChartCard, ComingSoonChart, FigureCards, RecentTable } from './DashboardParts';

const AttendanceChart = lazy(() => import(/* webpackChunkName: "dashboard-charts" */ './AttendanceChart'));

/** The general variant's messaging/giving dashboard (spec 2.6). Figures arrive with the dashboard data call. */
export default function HomeDashboard() {
  useFirstScreenReady();
  return (
    <>
      <PageHeader title="dashboard.title" parent="menu.dashboard" />
      <FigureCards titleIds={['dashboard.smsUnits', 'dashboard.allContacts', 'dashboard.messagesThisWeek', 'dashboard.incomeThisWeek']} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <ChartCard titleId="dashboard.giving">
            <ComingSoonChart />
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            titleId="dashboard.attendance"
            extra={
              <Tag>
                <FormattedMessage id="dashboard.attendanceSample" />
              </Tag>
            }
          >
            <Suspense fallback={<Spin style={{ display: 'block', paddingTop: 100 }} />}>
              <AttendanceChart />
            </Suspense>
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <RecentTable
            titleId="dashboard.recentContacts"
            columnIds={['dashboard.col.organisation', 'dashboard.col.name', 'dashboard.col.mobile', 'dashboard.col.dateAdded']}
          />
        </Col>
        <Col xs={24} xl={12}>
          <RecentTable
            titleId="dashboard.recentNotifications"
            columnIds={['dashboard.col.organisation', 'dashboard.col.recipient', 'dashboard.col.message', 'dashboard.col.dateSent', 'dashboard.col.status']}
          />
        </Col>
      </Row>
    </>
  );
}
