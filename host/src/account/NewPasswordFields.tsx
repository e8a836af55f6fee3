import { FormattedMessage } from 'react-intl';

/**
 * A new password typed twice, on the signed-out screens (forgotten password, invitation). The length rule is the
 * server's (it answers in the same words as the change-password form); only the browser can check the repeat.
 */
export function NewPasswordFields() {
  return (
    <>
      <label className="login-field">
        <FormattedMessage id="account.password.new" />
        <input name="new_password" type="password" autoComplete="new-password" maxLength={1024} required />
      </label>
      <p className="login-hint">
        <FormattedMessage id="login.passwordHint" />
      </p>
      <label className="login-field">
        <FormattedMessage id="account.password.repeat" />
        <input name="repeat_password" type="password" autoComplete="new-password" maxLength={1024} required />
      </label>
    </>
  );
}

/** The typed password, or what is wrong with the two (an English catalogue id the change-password form uses too). */
export function readNewPassword(form: FormData): { password: string } | { problem: string } {
  const password = String(form.get('new_password') ?? '');
  const repeat = String(form.get('repeat_password') ?? '');
  if (!password) return { problem: 'New password is required' };
  if (!repeat) return { problem: 'Please repeat the new password' };
  if (password !== repeat) return { problem: 'The two new passwords are not the same' };
  return { password };
}
