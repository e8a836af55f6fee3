import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { translateText } from '@ushirika/shared/i18n';
import { useSession } from '@ushirika/shared/session';
import { PRIMARY_COLOUR, SECONDARY_COLOUR } from '@ushirika/shared/ui';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { useFirstScreenReady } from '../layout/boot-loader';
import type { LoginOutcome, SubmitLogin } from './login-request';
import { rememberedEmail, rememberEmail } from './remembered-email';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

type Failure = Extract<LoginOutcome, { ok: false }>;

/**
 * Spec 2.2 and 4. Unlike the original (a 401 failed silently), every failure says what happened: 401/403 the
 * server's message or 'Invalid email or password', 429 the server's message, no answer 'could not be reached'.
 */
function failureText(failure: Failure, intl: ReturnType<typeof useIntl>): string {
  const server = failure.message ? translateText(intl, failure.message) : undefined;
  if (failure.status === 401 || failure.status === 403) return server ?? intl.formatMessage({ id: 'login.invalid' });
  if (failure.status === 429) return server ?? intl.formatMessage({ id: 'login.tooMany' });
  if (failure.status === 0) return intl.formatMessage({ id: 'login.unreachable' });
  return server ?? intl.formatMessage({ id: 'login.failed' });
}

export function LoginPage({ submitLogin }: { submitLogin: SubmitLogin }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useFirstScreenReady();

  // Opening /login ends the stored session (spec 2.1).
  useEffect(() => useSession.getState().logout(), []);

  const onFinish = async ({ email, password, remember }: LoginValues) => {
    setError(null);
    setSubmitting(true);
    const outcome = await submitLogin({ email, password });
    setSubmitting(false);
    if (outcome.ok) {
      rememberEmail(remember ? email : null);
      useSession.getState().login(outcome.response);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
      return;
    }
    if (outcome.status === 401 || outcome.status === 403) useSession.getState().clearUser();
    setError(failureText(outcome, intl));
  };

  const initialEmail = rememberedEmail();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, background: `linear-gradient(135deg, ${PRIMARY_COLOUR}22, ${SECONDARY_COLOUR}22)` }}
    >
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            <FormattedMessage id="login.title" />
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        <Typography.Paragraph type="secondary">
          <FormattedMessage id="login.subtitle" />
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form<LoginValues>
          layout="vertical"
          requiredMark={false}
          initialValues={{ email: initialEmail, password: '', remember: initialEmail !== '' }}
          onFinish={onFinish}
        >
          <Form.Item name="email" label={<FormattedMessage id="login.email" />}>
            <Input type="email" prefix={<MailOutlined />} autoComplete="username" autoFocus={!initialEmail} />
          </Form.Item>
          <Form.Item name="password" label={<FormattedMessage id="login.password" />}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus={Boolean(initialEmail)} />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>
              <FormattedMessage id="login.remember" />
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {intl.formatMessage({ id: 'login.submit' })}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
