import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { loadAntdStylesheet } from '@ushirika/shared/brand';
import { RequireSession } from '../gate/RequireSession';
import { LoginPage } from '../login/LoginPage';
import type { ShellServices } from './services';

/** Everything behind the login, with antd and the kit: its own chunk, never downloaded by the login screen. */
// antd's stylesheet (zero-runtime mode, shared/src/ui/theme.ts) loads beside the chunk, and nothing is drawn before both.
const SignedInRoutes = lazy(() => Promise.all([import(/* webpackChunkName: "signed-in" */ './SignedInRoutes'), loadAntdStylesheet()]).then(([routes]) => routes));

/** The other signed-out screens (issue 25): plain forms like the login's, in their own chunk, never loaded by /login. */
const ForgotPasswordPage = lazy(() =>
  import(/* webpackChunkName: "account-public" */ '../account/ForgotPasswordPage').then((module) => ({ default: module.ForgotPasswordPage })),
);
const InvitationPage = lazy(() => import(/* webpackChunkName: "account-public" */ '../account/InvitationPage').then((module) => ({ default: module.InvitationPage })));
/** A partner's public giving page (issue 29): as light as the login, in its own chunk with its texts. */
const GivingPage = lazy(() => import(/* webpackChunkName: "give" */ '../give/GivingPage').then((module) => ({ default: module.GivingPage })));

/**
 * The route table (spec 2.1, 2.5): /login, /forgot-password, /invitation and /give/{code} are public and light; every other path
 * passes the session gate first, so a signed-out visit goes to /login without loading the signed-in screens. The
 * boot loader covers the moment their chunk takes.
 */
export function AppRoutes({ loadArea, submitLogin }: ShellServices) {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage submitLogin={submitLogin} />} />
      <Route
        path="/forgot-password"
        element={
          <Suspense fallback={null}>
            <ForgotPasswordPage />
          </Suspense>
        }
      />
      <Route
        path="/invitation"
        element={
          <Suspense fallback={null}>
            <InvitationPage />
          </Suspense>
        }
      />
      <Route
        path="/give/:code"
        element={
          <Suspense fallback={null}>
            <GivingPage />
          </Suspense>
        }
      />
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
