import { Route } from 'react-router-dom';
import { lazyScreen, RequirePermission } from '@ushirika/shared/ui';

// Each a form of its own (the validation kit's rules): loaded when first opened, so the area's lists stay light.
const StatementsPage = lazyScreen(() => import('./statements/StatementsPage'), 'StatementsPage');
const StatementPrintPage = lazyScreen(() => import('./statements/StatementPrintPage'), 'StatementPrintPage');
const BudgetsPage = lazyScreen(() => import('./budgets/BudgetsPage'), 'BudgetsPage');

const reports = (screen: React.ReactNode) => <RequirePermission permission="finance.reports">{screen}</RequirePermission>;

/**
 * Statements and budgets (issue 9: the spec's 'Coming Soon' screens, built), mounted by ../routes.tsx under
 * /finance. The etracker menu's Statements and Budget point at the same screens. Reports need finance.reports
 * (setting a budget, finance.manage, is the budgets screen's own).
 */
export function reportRoutes(): React.ReactNode[] {
  return [
    <Route key="statements" path="statements" element={reports(<StatementsPage />)} />,
    <Route key="statements/print" path="statements/print" element={reports(<StatementPrintPage />)} />,
    <Route key="budgets" path="budgets" element={reports(<BudgetsPage />)} />,
  ];
}
