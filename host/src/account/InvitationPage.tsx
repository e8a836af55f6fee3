import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorText } from '@ushirika/shared/api';
import type { InvitationDetails } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { useFirstScreenReady } from '../layout/boot-loader';
import { LoginAlert, LoginCard } from '../login/LoginCard';
import type { LoginArrival } from '../login/LoginPage';
import { NewPasswordFields, readNewPassword } from './NewPasswordFields';
import { acceptInvitation, readInvitation } from './public-api';
import { ScreenTexts } from '../screen-texts/ScreenTexts';

/** INVITATION_INVALID, the server's word for a link that is not (or no longer) valid; also what an address without a token gets. */
const LINK_NOT_VALID = 'This link is not valid or has expired';

type Reading = { state: 'loading' } | { state: 'ready'; invitation: InvitationDetails } | { state: 'failed'; text: string };

/**
 * /invitation#<token> (public, issue 25): the link a new staff member receives by SMS. The token is in the
 * address's fragment, which browsers never send to a server or in a Referer. The page greets them by name, takes
 * their password twice, and opens the login screen with their email or mobile filled in.
 */
function InvitationScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const token = useLocation().hash.replace(/^#/, '');
  const [reading, setReading] = useState<Reading>(() => (token ? { state: 'loading' } : { state: 'failed', text: LINK_NOT_VALID }));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useFirstScreenReady();

  useEffect(() => {
    if (!token) return undefined;
    const abort = new AbortController();
    readInvitation(token, abort.signal).then(
      (invitation) => setReading({ state: 'ready', invitation }),
      (failure: unknown) => {
        if (!abort.signal.aborted) setReading({ state: 'failed', text: errorText(failure) });
      },
    );
    return () => abort.abort();
  }, [token]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const typed = readNewPassword(new FormData(event.currentTarget));
    if ('problem' in typed) {
      setError(translateText(intl, typed.problem));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const answer = await acceptInvitation({ token, password: typed.password });
      const state: LoginArrival = { login: answer.login, message: answer.status_msg };
      navigate('/login', { replace: true, state });
    } catch (failure) {
      setError(translateText(intl, errorText(failure)));
      setSubmitting(false);
    }
  };

  const toLogin = (
    <div className="login-links">
      <Link className="login-link" to="/login">
        <FormattedMessage id="forgot.back" />
      </Link>
    </div>
  );

  if (reading.state === 'loading') {
    return (
      <LoginCard title="invitation.title">
        <p role="status">
          <FormattedMessage id="app.loading" />
        </p>
      </LoginCard>
    );
  }

  if (reading.state === 'failed') {
    return (
      <LoginCard title="invitation.title">
        <LoginAlert text={translateText(intl, reading.text)} />
        <p className="login-subtitle">
          <FormattedMessage id="invitation.askAgain" />
        </p>
        {toLogin}
      </LoginCard>
    );
  }

  const { name, partner, login } = reading.invitation;
  return (
    <LoginCard title="invitation.title" subtitle={<FormattedMessage id="invitation.greeting" values={{ name, partner }} />}>
      <p className="login-subtitle">
        <FormattedMessage id="invitation.login" values={{ login: <strong>{login}</strong> }} />
      </p>
      <LoginAlert text={error} />
      <form onSubmit={onSubmit} noValidate>
        <NewPasswordFields />
        <button className="login-submit" type="submit" aria-busy={submitting}>
          {intl.formatMessage({ id: 'invitation.submit' })}
        </button>
      </form>
      {toLogin}
    </LoginCard>
  );
}

/** The screen with its texts, which load with it (host/src/screen-texts). */
export function InvitationPage() {
  return (
    <ScreenTexts>
      <InvitationScreen />
    </ScreenTexts>
  );
}
