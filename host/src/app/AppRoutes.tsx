import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireSession } from '../gate/RequireSession';
import { LoginPage } from '../login/LoginPage';
import type { ShellServices } from './services';

/** Everything behind the login, with antd and the kit: its own chunk, never downloaded by the login screen. */
const SignedInRoutes = lazy(() => import(/* webpackChunkName: "signed-in" */ './SignedInRoutes'));

/**
 * The route table (spec 2.1, 2.5): /login is public and light; every other path passes the session gate first,
 * so a signed-out visit goes to /login without loading the signed-in screens. The boot loader covers the moment
 * their chunk takes.
 */
export function AppRoutes({ loadArea, submitLogin }: ShellServices) {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage submitLogin={submitLogin} />} />
      <Route
        path="*"
        element={
          <RequireSession>
            <Suspense fallback={null}>
              <SignedInRoutes loadArea={loadArea} />
            </Suspense>
          </RequireSession>
        }
      />
    </Routes>
  );
}
