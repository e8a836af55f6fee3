import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { translateText } from '@ushirika/shared/i18n';
import { useSession } from '@ushirika/shared/session';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { useFirstScreenReady } from '../layout/boot-loader';
import { LOGIN_CSS } from './login-styles';
import type { LoginOutcome, SubmitLogin } from './login-request';
import { rememberedEmail, rememberEmail } from './remembered-email';

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

/**
 * The login screen (spec 2.2). Plain HTML form controls, no antd: it is the first screen on a cold phone, so it
 * loads only React, the router, the texts and the session store (docs/architecture.md, "Weight").
 */
export function LoginPage({ submitLogin }: { submitLogin: SubmitLogin }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [initialEmail] = useState(rememberedEmail);
  useFirstScreenReady();

  // Opening /login ends the stored session (spec 2.1).
  useEffect(() => useSession.getState().logout(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    const remember = form.get('remember') === 'on';
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

  return (
    <main className="login">
      <style href="login" precedence="default">
        {LOGIN_CSS}
      </style>
      <div className="login-card">
        <div className="login-head">
          <h1>
            <FormattedMessage id="login.title" />
          </h1>
          <LanguageSwitch />
        </div>
        <p className="login-subtitle">
          <FormattedMessage id="login.subtitle" />
        </p>
        {error && (
          <div className="login-alert" role="alert">
            {error}
          </div>
        )}
        <form onSubmit={onSubmit} noValidate>
          <label className="login-field">
            <FormattedMessage id="login.email" />
            <input name="email" type="email" defaultValue={initialEmail} autoComplete="username" autoFocus={!initialEmail} required />
          </label>
          <label className="login-field">
            <FormattedMessage id="login.password" />
            <input name="password" type="password" autoComplete="current-password" autoFocus={Boolean(initialEmail)} required />
          </label>
          <label className="login-remember">
            <input name="remember" type="checkbox" defaultChecked={initialEmail !== ''} />
            <FormattedMessage id="login.remember" />
          </label>
          <button className="login-submit" type="submit" aria-busy={submitting}>
            {intl.formatMessage({ id: 'login.submit' })}
          </button>
        </form>
      </div>
    </main>
  );
}
