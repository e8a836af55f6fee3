import { Route } from 'react-router-dom';
import { BudgetsPage } from './budgets/BudgetsPage';
import { StatementPrintPage } from './statements/StatementPrintPage';
import { StatementsPage } from './statements/StatementsPage';

/**
 * Statements and budgets (issue 9: the spec's 'Coming Soon' screens, built), mounted by ../routes.tsx under
 * /finance. The etracker menu's Statements and Budget point at the same screens.
 */
export function reportRoutes(): React.ReactNode[] {
  return [
    <Route key="statements" path="statements" element={<StatementsPage />} />,
    <Route key="statements/print" path="statements/print" element={<StatementPrintPage />} />,
    <Route key="budgets" path="budgets" element={<BudgetsPage />} />,
  ];
}
