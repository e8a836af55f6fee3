import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { LOGIN_CSS } from './login-styles';

/**
 * The card every signed-out screen stands on (login, forgotten password, invitation): plain HTML and its own
 * CSS, no antd, so these screens stay as light as the login (docs/architecture.md, "Weight").
 */
export function LoginCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="login">
      <style href="login" precedence="default">
        {LOGIN_CSS}
      </style>
      <div className="login-card">
        <div className="login-head">
          <h1>
            <FormattedMessage id={title} />
          </h1>
          <LanguageSwitch />
        </div>
        {subtitle && <p className="login-subtitle">{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}

/** The failure of the last step, read out as it appears. */
export function LoginAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div className="login-alert" role="alert">
      {text}
    </div>
  );
}

/** What the previous screen said (a password set or changed), read out politely. */
export function LoginNotice({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <div className="login-notice" role="status">
      {text}
    </div>
  );
}
