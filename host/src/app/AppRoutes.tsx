import { Flex, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@ushirika/shared/ui';
import { ChangePasswordPage } from '../account/ChangePasswordPage';
import { DefaultDashboard } from '../dashboard/DefaultDashboard';
import { RequireSession } from '../gate/RequireSession';
import { AppLayout } from '../layout/AppLayout';
import { useFirstScreenReady } from '../layout/boot-loader';
import { LoginPage } from '../login/LoginPage';
import { AREA_PREFIXES } from '../remotes/areas';
import { RemoteArea } from '../remotes/RemoteArea';
import type { ShellServices } from './services';

const HomeDashboard = lazy(() => import(/* webpackChunkName: "dashboard" */ '../dashboard/HomeDashboard'));
const MoneyDashboard = lazy(() => import(/* webpackChunkName: "dashboard" */ '../dashboard/MoneyDashboard'));

function HostScreen({ children }: { children: ReactNode }) {
  const loading = (
    <Flex justify="center" style={{ paddingTop: 120 }}>
      <Spin size="large" />
    </Flex>
  );
  return <Suspense fallback={loading}>{children}</Suspense>;
}

function NotFoundScreen() {
  useFirstScreenReady();
  return <NotFound />;
}

/**
 * The route table (spec 2.1, 2.5): /login is public; everything else passes the session gate and renders in the
 * layout. The host owns the area prefixes; each area's remote routes the rest of the path.
 */
export function AppRoutes({ loadArea, submitLogin }: ShellServices) {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage submitLogin={submitLogin} />} />
      <Route
        element={
          <RequireSession>
            <AppLayout />
          </RequireSession>
        }
      >
        {/* Spec: / -> /dashboard/home. An etracker partner has no such dashboard: / leads to its own. */}
        <Route index element={<DefaultDashboard />} />
        <Route path="dashboard/default" element={<DefaultDashboard />} />
        <Route
          path="dashboard/home"
          element={
            <HostScreen>
              <HomeDashboard />
            </HostScreen>
          }
        />
        <Route
          path="dashboard/etracker"
          element={
            <HostScreen>
              <MoneyDashboard />
            </HostScreen>
          }
        />
        <Route path="account/password" element={<ChangePasswordPage />} />
        {AREA_PREFIXES.map(({ prefix, area }) => (
          <Route key={prefix} path={`${prefix}/*`} element={<RemoteArea area={area} base={prefix} load={loadArea} />} />
        ))}
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
