import { FormattedMessage, useIntl } from 'react-intl';
import { DASHBOARD_MESSAGE_PREVIEW, NOTIFICATION_STATUS, smsUnitsOf, type Member, type Notification } from '@ushirika/shared/contract';
import { CutText, DateText } from '@ushirika/shared/ui';
import { CampaignCards } from './CampaignCards';
import { attendanceChart, givingChart } from './chart-data';
import { usePartnerHome } from './dashboard-queries';
import { ChartCard, DashboardFrame, FigureCards, Panels, RecentTable, type RecentColumn } from './DashboardParts';
import { CONTACTS_LIST_PATH, INCOME_LIST_PATH, MESSAGES_LIST_PATH } from './paths';

/** The Status column's text per legacy status (NOTIFICATION_STATUS). */
const STATUS_TEXT: Record<number, string> = {
  [NOTIFICATION_STATUS.sent]: 'dashboard.status.sent',
  [NOTIFICATION_STATUS.failed]: 'dashboard.status.failed',
  [NOTIFICATION_STATUS.waiting]: 'dashboard.status.waiting',
};

/*
 * Spec 2.6's tables begin with an 'Organisation' column: the partner's own name on every row (a partner sees its
 * own records only), so they leave it out (issue 28.6; docs/spec-deviations.md), on every width.
 */
const CONTACT_COLUMNS: RecentColumn<Member>[] = [
  { titleId: 'dashboard.col.name', render: (member) => `${member.firstName} ${member.lastName}`.trim() },
  { titleId: 'dashboard.col.mobile', render: (member) => member.phone },
  { titleId: 'dashboard.col.dateAdded', render: (member) => <DateText value={member.createdAt} /> },
];

const NOTIFICATION_COLUMNS: RecentColumn<Notification>[] = [
  { titleId: 'dashboard.col.recipient', render: (message) => message.recipient },
  { titleId: 'dashboard.col.message', render: (message) => <CutText value={message.message} max={DASHBOARD_MESSAGE_PREVIEW} /> },
  { titleId: 'dashboard.col.dateSent', render: (message) => <DateText value={message.sentDate} /> },
  // Spec 2.6: status 1 is 'Sent', else 'Failed'; ours adds 'Waiting' for one still queued or scheduled (status 2),
  // which is not a failure (docs/spec-deviations.md). The messages list shows the finer state.
  { titleId: 'dashboard.col.status', render: (message) => <FormattedMessage id={STATUS_TEXT[message.status] ?? 'dashboard.status.failed'} /> },
];

/** The general variant's messaging/giving dashboard (spec 2.6): GET /partner-home. */
export default function HomeDashboard() {
  const intl = useIntl();
  return (
    <DashboardFrame query={usePartnerHome()}>
      {(home) => (
        <>
          <FigureCards
            loading={!home}
            week={home?.week}
            figures={[
              { titleId: 'dashboard.smsUnits', value: home && smsUnitsOf(home.settings), to: MESSAGES_LIST_PATH, permission: 'messaging.read' },
              { titleId: 'dashboard.allContacts', value: home?.contacts, to: CONTACTS_LIST_PATH, permission: 'contacts.read' },
              { titleId: 'dashboard.messagesThisWeek', value: home?.nofification_this_week, to: MESSAGES_LIST_PATH, permission: 'messaging.read', weekly: true },
              { titleId: 'dashboard.incomeThisWeek', value: home?.transactions_this_week, to: INCOME_LIST_PATH, permission: 'finance.record', weekly: true },
            ]}
          />
          <CampaignCards />
          <Panels>
            <ChartCard titleId="dashboard.giving" data={home && givingChart(home, intl)} />
            <ChartCard titleId="dashboard.attendance" data={home && attendanceChart(home, intl)} />
            <RecentTable titleId="dashboard.recentContacts" to={CONTACTS_LIST_PATH} columns={CONTACT_COLUMNS} rows={home?.contact_list} emptyId="dashboard.noContacts" />
            <RecentTable
              titleId="dashboard.recentNotifications"
              to={MESSAGES_LIST_PATH}
              columns={NOTIFICATION_COLUMNS}
              rows={home?.notification_list}
              emptyId="dashboard.noMessages"
            />
          </Panels>
        </>
      )}
    </DashboardFrame>
  );
}
