import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyScreen, NotFound, RequirePermission, resourceRoutes } from '@ushirika/shared/ui';
import { accounts, clientAccounts } from './accounts/resource';
import { campaignRoutes } from './campaigns/routes';
import { expenses } from './expenses/resource';
import { incomes } from './income/resource';
import { ExpenseEditPage, IncomeEditPage } from './ledger/LedgerEditPage';
import { LedgerListPage } from './ledger/LedgerListPage';
import * as messages from './messages';
import { billRefRules, RulesPage } from './mpesa/rules';
import { TransactionsPage } from './mpesa/TransactionsPage';
import { reportRoutes } from './reports/routes';
import { FinanceTexts } from './etracker-titles';

// Screens with forms load when first opened: the lists never download formik nor the validation kit (lazyScreen).
const AllocatePage = lazyScreen(() => import('./mpesa/AllocatePage'), 'AllocatePage');
const PeriodsPage = lazyScreen(() => import('./periods/PeriodsPage'), 'PeriodsPage');
const IncomeNewPage = lazyScreen(() => import('./income/IncomeNewPage'), 'IncomeNewPage');

export interface AreaRoutesProps {
  /** The first path segment the host mounted this area at. */
  base: string;
}

const LANDING: Record<string, string> = { finance: 'income', etracker: 'accounts' };

/** The M-Pesa payments and their allocation: for those who allocate them. */
const allocating = (screen: React.ReactNode) => <RequirePermission permission="finance.allocate">{screen}</RequirePermission>;

/**
 * The Finance area (spec 2.10; issue 9), mounted by the host at /finance and at /etracker (`base`): income,
 * expenses, accounts, M-Pesa payments with their allocation and BillRefNumber rules, statements and budgets,
 * the months of the books (issue 26.4) under /finance; the etracker product's client accounts under /etracker.
 * Income and expenses are corrected, not rewritten (issue 26.3): their lists and edit screens are the ledger's.
 * Each resource mounts only the screens under the base it is given. A screen the user's roles do not allow
 * shows NoAccess (issue 25). An etracker partner's screens say what its menu says ('Money In': issue 28.7).
 */
export default function AreaRoutes({ base }: AreaRoutesProps) {
  const landing = LANDING[base];
  return (
    <FinanceTexts messages={messages}>
      <Routes>
        {landing && <Route index element={<Navigate to={landing} replace />} />}
        {resourceRoutes(incomes, base, { list: <LedgerListPage resource={incomes} />, new: <IncomeNewPage />, edit: <IncomeEditPage /> })}
        {resourceRoutes(expenses, base, { list: <LedgerListPage resource={expenses} />, edit: <ExpenseEditPage /> })}
        {resourceRoutes(accounts, base)}
        {resourceRoutes(clientAccounts, base)}
        {base === 'finance' && [
          <Route key="mpesa" path="mpesa" element={allocating(<TransactionsPage />)} />,
          <Route key="mpesa/allocate" path="mpesa/allocate" element={allocating(<AllocatePage />)} />,
          ...resourceRoutes(billRefRules, base, { list: <RulesPage /> }),
          ...reportRoutes(),
          ...campaignRoutes(),
          <Route
            key="periods"
            path="periods"
            element={
              <RequirePermission permission="finance.record">
                <PeriodsPage />
              </RequirePermission>
            }
          />,
        ]}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </FinanceTexts>
  );
}
