import { smsUnitsOf, type Expense, type Income } from '@ushirika/shared/contract';
import { DateText, MoneyText } from '@ushirika/shared/ui';
import { CampaignCards } from './CampaignCards';
import { useEtrackerHome } from './dashboard-queries';
import { DashboardFrame, FigureCards, Panels, RecentTable, type RecentColumn } from './DashboardParts';
import { ACCOUNTS_LIST_PATH, EXPENSES_LIST_PATH, INCOME_LIST_PATH, MESSAGES_LIST_PATH } from './paths';

const MONEY_IN_COLUMNS: RecentColumn<Income>[] = [
  { titleId: 'dashboard.col.name', render: (income) => `${income.firstName} ${income.lastName}`.trim() },
  { titleId: 'dashboard.col.amount', render: (income) => <MoneyText value={income.amount} /> },
  { titleId: 'dashboard.col.account', render: (income) => income.Account.name },
  { titleId: 'dashboard.col.date', render: (income) => <DateText value={income.dateOfTransaction} /> },
];

const MONEY_OUT_COLUMNS: RecentColumn<Expense>[] = [
  { titleId: 'dashboard.col.payee', render: (expense) => expense.payee },
  { titleId: 'dashboard.col.amount', render: (expense) => <MoneyText value={expense.amount} /> },
  { titleId: 'dashboard.col.account', render: (expense) => expense.Account.name },
  { titleId: 'dashboard.col.date', render: (expense) => <DateText value={expense.dateOfTransaction} /> },
];

/** The etracker variant's money dashboard (spec 2.6): GET /etracker-home. */
export default function MoneyDashboard() {
  return (
    <DashboardFrame query={useEtrackerHome()}>
      {(home) => (
        <>
          <FigureCards
            loading={!home}
            week={home?.week}
            figures={[
              { titleId: 'dashboard.smsUnits', value: home && smsUnitsOf(home.settings), to: MESSAGES_LIST_PATH, permission: 'messaging.read' },
              { titleId: 'dashboard.allAccounts', value: home?.accounts, to: ACCOUNTS_LIST_PATH, permission: 'finance.record' },
              { titleId: 'dashboard.moneyInThisWeek', value: home?.money_in_this_week, to: INCOME_LIST_PATH, permission: 'finance.record', weekly: true },
              { titleId: 'dashboard.moneyOutThisWeek', value: home?.money_out_this_week, to: EXPENSES_LIST_PATH, permission: 'finance.record', weekly: true },
            ]}
          />
          <CampaignCards />
          <Panels>
            <RecentTable titleId="dashboard.recentMoneyIn" to={INCOME_LIST_PATH} columns={MONEY_IN_COLUMNS} rows={home?.income_list} emptyId="dashboard.noMoneyIn" />
            <RecentTable
              titleId="dashboard.recentMoneyOut"
              to={EXPENSES_LIST_PATH}
              columns={MONEY_OUT_COLUMNS}
              rows={home?.expense_list}
              emptyId="dashboard.noMoneyOut"
            />
          </Panels>
        </>
      )}
    </DashboardFrame>
  );
}
