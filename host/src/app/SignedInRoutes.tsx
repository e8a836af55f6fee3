import { Flex, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import type { Permission } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { lazyScreen, NoAccess, NotFound, ScreenProviders, usePermitted } from '@ushirika/shared/ui';
import { DefaultDashboard } from '../dashboard/DefaultDashboard';
import { AppLayout } from '../layout/AppLayout';
import { useFirstScreenReady } from '../layout/boot-loader';
import { AREA_PREFIXES } from '../remotes/areas';
import { RemoteArea } from '../remotes/RemoteArea';
import { useUserRefresh } from '../session/refresh-user';
import type { ShellServices } from './services';

const HomeDashboard = lazy(() => import(/* webpackChunkName: "dashboard" */ '../dashboard/HomeDashboard'));
const MoneyDashboard = lazy(() => import(/* webpackChunkName: "dashboard" */ '../dashboard/MoneyDashboard'));
// A form: loaded when opened, so that no other screen downloads formik.
const ChangePasswordPage = lazyScreen(() => import('../account/ChangePasswordPage'), 'ChangePasswordPage');
const SessionsPage = lazyScreen(() => import('../account/SessionsPage'), 'SessionsPage');
const TwoStepPage = lazyScreen(() => import('../account/TwoStepPage'), 'TwoStepPage');
// Settings (issue 25): screens few users open, each loaded when opened.
const StaffPage = lazyScreen(() => import('../settings/StaffPage'), 'StaffPage');
const AddStaffPage = lazyScreen(() => import('../settings/AddStaffPage'), 'AddStaffPage');
const ActivityPage = lazyScreen(() => import('../settings/ActivityPage'), 'ActivityPage');
// Settings → M-Pesa (issue 29): owners and treasurers.
const MpesaSettingsPage = lazyScreen(() => import('../settings/MpesaSettingsPage'), 'MpesaSettingsPage');

function NoAccessScreen() {
  useFirstScreenReady();
  return <NoAccess />;
}

/**
 * A host screen, loaded when first shown; one the user's roles do not allow (`permission`) shows the kit's
 * 'You do not have access to this screen' instead, and asks the server nothing.
 */
function HostScreen({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const allowed = usePermitted(permission);
  const loading = (
    <Flex justify="center" style={{ paddingTop: 120 }}>
      <Spin size="large" />
    </Flex>
  );
  if (!allowed) return <NoAccessScreen />;
  return <Suspense fallback={loading}>{children}</Suspense>;
}

function NotFoundScreen() {
  useFirstScreenReady();
  return <NotFound />;
}

/**
 * Where the partner requires a second step of the user's role and they have none yet, the server gives them no
 * permission (`mustEnrolTwoStep`): every screen but their account's is the enrolment until they finish it.
 */
function EnrolFirst() {
  const mustEnrol = useSession((state) => state.user?.mustEnrolTwoStep === true);
  if (!mustEnrol) return <Outlet />;
  return (
    <HostScreen>
      <TwoStepPage />
    </HostScreen>
  );
}

/** Reads the user again now and when the window comes back into focus: roles changed since the login apply. */
function UserRefresh() {
  useUserRefresh();
  return null;
}

/**
 * The signed-in routes (spec 2.5), in the layout and antd's providers. The host owns the area prefixes; each
 * area's remote routes the rest of the path. Default export: the host loads this chunk lazily (AppRoutes).
 */
export default function SignedInRoutes({ loadArea }: Pick<ShellServices, 'loadArea'>) {
  return (
    <ScreenProviders>
      <UserRefresh />
      <Routes>
        <Route element={<AppLayout />}>
          {/* The user's own account: open also while a required second step waits to be enrolled. */}
          <Route
            path="account/password"
            element={
              <HostScreen>
                <ChangePasswordPage />
              </HostScreen>
            }
          />
          <Route
            path="account/sessions"
            element={
              <HostScreen>
                <SessionsPage />
              </HostScreen>
            }
          />
          <Route
            path="account/two-step"
            element={
              <HostScreen>
                <TwoStepPage />
              </HostScreen>
            }
          />
          <Route element={<EnrolFirst />}>
            {/* Spec: / -> /dashboard/home. An etracker partner has no such dashboard: / leads to its own. */}
            <Route index element={<DefaultDashboard />} />
            <Route path="dashboard/default" element={<DefaultDashboard />} />
            <Route
              path="dashboard/home"
              element={
                <HostScreen permission="dashboard.read">
                  <HomeDashboard />
                </HostScreen>
              }
            />
            <Route
              path="dashboard/etracker"
              element={
                <HostScreen permission="dashboard.read">
                  <MoneyDashboard />
                </HostScreen>
              }
            />
            <Route
              path="settings/staff"
              element={
                <HostScreen permission="staff.manage">
                  <StaffPage />
                </HostScreen>
              }
            />
            <Route
              path="settings/staff/new"
              element={
                <HostScreen permission="staff.manage">
                  <AddStaffPage />
                </HostScreen>
              }
            />
            {/* Owners read the whole log (activity.read), treasurers its finance events: both hold activity.finance. */}
            <Route
              path="settings/activity"
              element={
                <HostScreen permission="activity.finance">
                  <ActivityPage />
                </HostScreen>
              }
            />
            <Route
              path="settings/mpesa"
              element={
                <HostScreen permission="mpesa.configure">
                  <MpesaSettingsPage />
                </HostScreen>
              }
            />
            {AREA_PREFIXES.map(({ prefix, area }) => (
              <Route key={prefix} path={`${prefix}/*`} element={<RemoteArea area={area} base={prefix} load={loadArea} />} />
            ))}
            <Route path="*" element={<NotFoundScreen />} />
          </Route>
        </Route>
      </Routes>
    </ScreenProviders>
  );
}
