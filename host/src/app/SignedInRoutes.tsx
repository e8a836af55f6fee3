import { Flex, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyScreen, NotFound, ScreenProviders } from '@ushirika/shared/ui';
import { DefaultDashboard } from '../dashboard/DefaultDashboard';
import { AppLayout } from '../layout/AppLayout';
import { useFirstScreenReady } from '../layout/boot-loader';
import { AREA_PREFIXES } from '../remotes/areas';
import { RemoteArea } from '../remotes/RemoteArea';
import type { ShellServices } from './services';

const HomeDashboard = lazy(() => import(/* webpackChunkName: "dashboard" */ '../dashboard/HomeDashboard'));
const MoneyDashboard = lazy(() => import(/* webpackChunkName: "dashboard" */ '../dashboard/MoneyDashboard'));
// A form: loaded when opened, so that no other screen downloads formik.
const ChangePasswordPage = lazyScreen(() => import('../account/ChangePasswordPage'), 'ChangePasswordPage');

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
 * The signed-in routes (spec 2.5), in the layout and antd's providers. The host owns the area prefixes; each
 * area's remote routes the rest of the path. Default export: the host loads this chunk lazily (AppRoutes).
 */
export default function SignedInRoutes({ loadArea }: Pick<ShellServices, 'loadArea'>) {
  return (
    <ScreenProviders>
      <Routes>
        <Route element={<AppLayout />}>
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
          <Route
            path="account/password"
            element={
              <HostScreen>
                <ChangePasswordPage />
              </HostScreen>
            }
          />
          {AREA_PREFIXES.map(({ prefix, area }) => (
            <Route key={prefix} path={`${prefix}/*`} element={<RemoteArea area={area} base={prefix} load={loadArea} />} />
          ))}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </ScreenProviders>
  );
}
