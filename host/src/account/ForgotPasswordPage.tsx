import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorText } from '@ushirika/shared/api';
import { translateText } from '@ushirika/shared/i18n';
import { useFirstScreenReady } from '../layout/boot-loader';
import { LoginAlert, LoginCard, LoginNotice } from '../login/LoginCard';
import type { LoginArrival } from '../login/LoginPage';
import { NewPasswordFields, readNewPassword } from './NewPasswordFields';
import { confirmPasswordReset, requestPasswordReset } from './public-api';
import { ScreenTexts } from '../screen-texts/ScreenTexts';

/**
 * /forgot-password (public, issue 25): the email or mobile number, then the 6-digit code the server sends by SMS
 * with the new password typed twice; then the login screen, prefilled, says the password has changed. A plain
 * form like the login's: someone locked out is often on a phone.
 */
function ForgotPasswordScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const arrival = useLocation().state as LoginArrival | null;
  const [login, setLogin] = useState(arrival?.login ?? '');
  // The server's answer to the request: the code is on its way (or the account does not exist; it says the same).
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useFirstScreenReady();

  const attempt = async (work: () => Promise<void>) => {
    if (submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      await work();
    } catch (failure) {
      setError(translateText(intl, errorText(failure)));
    } finally {
      setSubmitting(false);
    }
  };

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('login') ?? '').trim();
    if (!typed) {
      setError(translateText(intl, 'Enter your email or mobile number'));
      return;
    }
    void attempt(async () => {
      const answer = await requestPasswordReset(typed);
      setLogin(typed);
      setSent(answer.status_msg);
    });
  };

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    const typed = readNewPassword(form);
    if (!code) {
      setError(translateText(intl, 'Enter the 6-digit code from the SMS'));
      return;
    }
    if ('problem' in typed) {
      setError(translateText(intl, typed.problem));
      return;
    }
    void attempt(async () => {
      const answer = await confirmPasswordReset({ login, code, new_password: typed.password });
      const state: LoginArrival = { login, message: answer.status_msg };
      navigate('/login', { replace: true, state });
    });
  };

  const askAgain = () => {
    setSent(null);
    setError(null);
  };

  const backToLogin = (
    <Link className="login-link" to="/login" state={login ? ({ login } satisfies LoginArrival) : undefined}>
      <FormattedMessage id="forgot.back" />
    </Link>
  );

  if (sent !== null) {
    return (
      <LoginCard title="forgot.title">
        <LoginNotice text={translateText(intl, sent)} />
        <LoginAlert text={error} />
        <form key="confirm" onSubmit={onConfirm} noValidate>
          <label className="login-field">
            <FormattedMessage id="forgot.code" />
            <input name="code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus required />
          </label>
          <NewPasswordFields />
          <button className="login-submit" type="submit" aria-busy={submitting}>
            {intl.formatMessage({ id: 'forgot.change' })}
          </button>
        </form>
        <div className="login-links">
          <button className="login-link" type="button" onClick={askAgain}>
            <FormattedMessage id="forgot.again" />
          </button>
          {backToLogin}
        </div>
      </LoginCard>
    );
  }

  return (
    <LoginCard title="forgot.title" subtitle={<FormattedMessage id="forgot.subtitle" />}>
      <LoginAlert text={error} />
      <form key="request" onSubmit={onRequest} noValidate>
        <label className="login-field">
          <FormattedMessage id="login.email" />
          <input name="login" type="text" defaultValue={login} autoComplete="username" maxLength={320} spellCheck={false} autoFocus required />
        </label>
        <button className="login-submit" type="submit" aria-busy={submitting}>
          {intl.formatMessage({ id: 'forgot.send' })}
        </button>
      </form>
      <div className="login-links">{backToLogin}</div>
    </LoginCard>
  );
}

/** The screen with its texts, which load with it (host/src/screen-texts). */
export function ForgotPasswordPage() {
  return (
    <ScreenTexts>
      <ForgotPasswordScreen />
    </ScreenTexts>
  );
}
