import { Route, useSearchParams } from 'react-router-dom';
import { isEtracker, useSession } from '@ushirika/shared/session';
import { lazyScreen, NotFound, RequirePermission } from '@ushirika/shared/ui';
import { kindOf } from './statements/statement-request';

// Each a form of its own (the validation kit's rules): loaded when first opened, so the area's lists stay light.
const StatementsPage = lazyScreen(() => import('./statements/StatementsPage'), 'StatementsPage');
const StatementPrintPage = lazyScreen(() => import('./statements/StatementPrintPage'), 'StatementPrintPage');
const BudgetsPage = lazyScreen(() => import('./budgets/BudgetsPage'), 'BudgetsPage');

const reports = (screen: React.ReactNode) => <RequirePermission permission="finance.reports">{screen}</RequirePermission>;

/** An etracker partner has no giving statement (issue 28.7): its print view of one is not found. */
function NoGivingForEtracker({ children }: { children: React.ReactNode }) {
  const [search] = useSearchParams();
  const etracker = useSession((state) => isEtracker(state.user));
  return etracker && kindOf(search) === 'giving' ? <NotFound /> : children;
}

/**
 * Statements and budgets (issue 9: the spec's 'Coming Soon' screens, built), mounted by ../routes.tsx under
 * /finance. The etracker menu's Statements and Budget point at the same screens, without giving statements.
 * Reports need finance.reports (setting a budget, finance.manage, is the budgets screen's own).
 */
export function reportRoutes(): React.ReactNode[] {
  return [
    <Route key="statements" path="statements" element={reports(<StatementsPage />)} />,
    <Route
      key="statements/print"
      path="statements/print"
      element={reports(
        <NoGivingForEtracker>
          <StatementPrintPage />
        </NoGivingForEtracker>,
      )}
    />,
    <Route key="budgets" path="budgets" element={reports(<BudgetsPage />)} />,
  ];
}
