import { Col, Row } from 'antd';
import { PageHeader } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { FigureCards, RecentTable } from './DashboardParts';

const MONEY_IN_COLUMNS = ['dashboard.col.name', 'dashboard.col.amount', 'dashboard.col.account', 'dashboard.col.date'];
const MONEY_OUT_COLUMNS = ['dashboard.col.payee', 'dashboard.col.amount', 'dashboard.col.account', 'dashboard.col.date'];

/** The etracker variant's money dashboard (spec 2.6). Figures arrive with the dashboard data call. */
export default function MoneyDashboard() {
  useFirstScreenReady();
  return (
    <>
      <PageHeader title="dashboard.title" parent="menu.dashboard" />
      <FigureCards titleIds={['dashboard.smsUnits', 'dashboard.allAccounts', 'dashboard.moneyInThisWeek', 'dashboard.moneyOutThisWeek']} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <RecentTable titleId="dashboard.recentMoneyIn" columnIds={MONEY_IN_COLUMNS} />
        </Col>
        <Col xs={24} xl={12}>
          <RecentTable titleId="dashboard.recentMoneyOut" columnIds={MONEY_OUT_COLUMNS} />
        </Col>
      </Row>
    </>
  );
}
