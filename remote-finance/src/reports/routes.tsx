import { Route } from 'react-router-dom';

/** Statements and budgets (issue 9), mounted by ../routes.tsx under /finance. Built by the reports screens. */
export function reportRoutes(): React.ReactNode[] {
  return [<Route key="statements" path="statements" element={<p>Statements</p>} />, <Route key="budgets" path="budgets" element={<p>Budgets</p>} />];
}
