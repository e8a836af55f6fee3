import { Alert, Button, Form, Input, Layout, Space, Typography } from 'antd';
import { StrictMode, useState, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LoginRequest, LoginResponse } from '../contract';
import { loadAntdStylesheet } from '@ushirika/shared/brand';
import { hasValidSession, useSession } from '@ushirika/shared/session';
import { AppProviders } from '@ushirika/shared/ui';

/**
 * Standalone dev shell (`pnpm --filter <remote> dev`): the area's routes with a small sign-in note, so a team can
 * work on one area without the host. Only a remote's bootstrap imports this; in the host it is never loaded.
 */
function DevShell({ areaTitleId, children }: { areaTitleId: string; children: ReactNode }) {
  const intl = useIntl();
  const area = intl.formatMessage({ id: areaTitleId });
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <Typography.Text style={{ color: '#fff' }} strong>
          <FormattedMessage id="dev.title" values={{ area }} />
        </Typography.Text>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <DevLoginNote />
        {children}
      </Layout.Content>
    </Layout>
  );
}

function DevLoginNote() {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  if (hasValidSession(session)) {
    const user = session.user;
    return (
      <Alert
        type="success"
        style={{ marginBottom: 16 }}
        title={<FormattedMessage id="dev.signedIn" values={{ name: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`, partner: user?.Partner.name ?? '' }} />}
        action={
          <Button size="small" onClick={session.logout}>
            <FormattedMessage id="dev.signOut" />
          </Button>
        }
      />
    );
  }
  const signIn = async (values: LoginRequest) => {
    setError(null);
    const response = await fetch('/api/v2/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    }).catch(() => null);
    if (response?.ok) session.login((await response.json()) as LoginResponse);
    else setError(response ? `${response.status} ${response.statusText}` : 'network error');
  };
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title={<FormattedMessage id="dev.signedOut" />}
      description={
        <Form layout="inline" onFinish={signIn}>
          <Form.Item name="email">
            <Input type="email" placeholder="email" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password">
            <Input.Password placeholder="password" autoComplete="current-password" />
          </Form.Item>
          <Space>
            <Button htmlType="submit" type="primary">
              <FormattedMessage id="login.submit" />
            </Button>
            {error && <Typography.Text type="danger">{error}</Typography.Text>}
          </Space>
        </Form>
      }
    />
  );
}

export interface StandaloneArea {
  /** Catalogue id of the area's title, e.g. 'area.meetings'. */
  titleId: string;
  /** First path segments the host mounts this remote at; the first is where `/` leads. */
  bases: readonly [string, ...string[]];
  AreaRoutes: ComponentType<{ base: string }>;
}

/** Standalone dev entry of a remote: its routes mounted where the host mounts them, inside the dev shell. */
export function mountStandalone({ titleId, bases, AreaRoutes }: StandaloneArea) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // antd's stylesheet first, as the host does (zero-runtime mode): nothing is drawn unstyled.
  void loadAntdStylesheet().then(() => render(root, { titleId, bases, AreaRoutes }));
}

function render(root: HTMLElement, { titleId, bases, AreaRoutes }: StandaloneArea) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <DevShell areaTitleId={titleId}>
            <Routes>
              {bases.map((base) => (
                <Route key={base} path={`/${base}/*`} element={<AreaRoutes base={base} />} />
              ))}
              <Route path="*" element={<Navigate to={`/${bases[0]}`} replace />} />
            </Routes>
          </DevShell>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
