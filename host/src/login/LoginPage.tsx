import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LoginResponse } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { useSession } from '@ushirika/shared/session';
import { useFirstScreenReady } from '../layout/boot-loader';
import { LoginAlert, LoginCard, LoginNotice } from './LoginCard';
import { isChallenge, submitTwoStep as postTwoStep, type LoginOutcome, type SubmitLogin, type SubmitTwoStep } from './login-request';
import { rememberedEmail, rememberEmail } from './remembered-email';

type Failure = Extract<LoginOutcome, { ok: false }>;

/** Where the forgotten-password screen is (public, AppRoutes). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';

/**
 * What another screen hands to /login in the navigation state: the page to return to (the session gate), or the
 * login to prefill and what to say (a password just set from an invitation or a reset).
 */
export interface LoginArrival {
  from?: string;
  login?: string;
  message?: string;
}

/**
 * Spec 2.2 and 4. Unlike the original (a 401 failed silently), every failure says what happened: 401/403 the
 * server's message or `refused` ('Invalid email or password', or for the second step 'The code is not correct'),
 * 429 the server's message, no answer 'could not be reached'.
 */
function failureText(failure: Failure, intl: ReturnType<typeof useIntl>, refused: string): string {
  const server = failure.message ? translateText(intl, failure.message) : undefined;
  if (failure.status === 401 || failure.status === 403) return server ?? intl.formatMessage({ id: refused });
  if (failure.status === 429) return server ?? intl.formatMessage({ id: 'login.tooMany' });
  if (failure.status === 0) return intl.formatMessage({ id: 'login.unreachable' });
  return server ?? intl.formatMessage({ id: 'login.failed' });
}

/** A login the server answered with a challenge: the second step is asked for before any token is given. */
interface Challenge {
  challenge: string;
  message: string;
  email: string;
  remember: boolean;
}

/**
 * The login screen (spec 2.2). Plain HTML form controls, no antd: it is the first screen on a cold phone, so it
 * loads only React, the router, the texts and the session store (docs/architecture.md, "Weight"). An account with
 * two-step sign-in on (issue 25) is asked next for a code from the authenticator app or a recovery code.
 */
export function LoginPage({ submitLogin, submitTwoStep = postTwoStep }: { submitLogin: SubmitLogin; submitTwoStep?: SubmitTwoStep }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = location.state as LoginArrival | null;
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [remembered] = useState(rememberedEmail);
  const initialEmail = arrival?.login ?? remembered;
  useFirstScreenReady();

  // Opening /login ends the stored session (spec 2.1).
  useEffect(() => useSession.getState().logout(), []);

  const signedIn = (response: LoginResponse, email: string, remember: boolean) => {
    rememberEmail(remember ? email : null);
    useSession.getState().login(response);
    const from = arrival?.from;
    navigate(from && from !== '/login' ? from : '/', { replace: true });
  };

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
      if (isChallenge(outcome.response)) setChallenge({ challenge: outcome.response.challenge, message: outcome.response.status_msg, email, remember });
      else signedIn(outcome.response, email, remember);
      return;
    }
    if (outcome.status === 401 || outcome.status === 403) useSession.getState().clearUser();
    setError(failureText(outcome, intl, 'login.invalid'));
  };

  const onSubmitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !challenge) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      setError(translateText(intl, 'Enter the 6-digit code from your authenticator app, or a recovery code'));
      return;
    }
    setError(null);
    setSubmitting(true);
    const outcome = await submitTwoStep({ challenge: challenge.challenge, code });
    setSubmitting(false);
    if (outcome.ok && !isChallenge(outcome.response)) {
      signedIn(outcome.response, challenge.email, challenge.remember);
      return;
    }
    if (!outcome.ok) setError(failureText(outcome, intl, 'login.code.invalid'));
  };

  const startAgain = () => {
    setChallenge(null);
    setError(null);
  };

  if (challenge) {
    return (
      <LoginCard title="login.title" subtitle={translateText(intl, challenge.message)}>
        <LoginAlert text={error} />
        <form key="code" onSubmit={onSubmitCode} noValidate>
          <label className="login-field">
            <FormattedMessage id="login.code" />
            <input name="code" type="text" autoComplete="one-time-code" maxLength={20} spellCheck={false} autoFocus required />
          </label>
          <p className="login-hint">
            <FormattedMessage id="login.code.hint" />
          </p>
          <button className="login-submit" type="submit" aria-busy={submitting}>
            {intl.formatMessage({ id: 'login.code.submit' })}
          </button>
        </form>
        <div className="login-links">
          <button className="login-link" type="button" onClick={startAgain}>
            <FormattedMessage id="login.code.back" />
          </button>
        </div>
      </LoginCard>
    );
  }

  return (
    <LoginCard title="login.title" subtitle={<FormattedMessage id="login.subtitle" />}>
      <LoginNotice text={arrival?.message && translateText(intl, arrival.message)} />
      <LoginAlert text={error} />
      <form key="password" onSubmit={onSubmit} noValidate>
        <label className="login-field">
          <FormattedMessage id="login.email" />
          {/* An email or a mobile number (issue 25): a text field, the field's name kept for the API and the tests. */}
          <input name="email" type="text" defaultValue={initialEmail} autoComplete="username" autoFocus={!initialEmail} spellCheck={false} required />
        </label>
        <label className="login-field">
          <FormattedMessage id="login.password" />
          <input name="password" type="password" autoComplete="current-password" autoFocus={Boolean(initialEmail)} required />
        </label>
        <label className="login-remember">
          <input name="remember" type="checkbox" defaultChecked={remembered !== ''} />
          <FormattedMessage id="login.remember" />
        </label>
        <button className="login-submit" type="submit" aria-busy={submitting}>
          {intl.formatMessage({ id: 'login.submit' })}
        </button>
      </form>
      <div className="login-links">
        <Link className="login-link" to={FORGOT_PASSWORD_PATH} state={initialEmail ? ({ login: initialEmail } satisfies LoginArrival) : undefined}>
          <FormattedMessage id="login.forgot" />
        </Link>
      </div>
    </LoginCard>
  );
}
