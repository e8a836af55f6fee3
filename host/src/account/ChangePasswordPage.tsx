import { changePasswordForm, PASSWORD_CHANGED } from '@ushirika/shared/contract';
import { FormPage, TextField } from '@ushirika/shared/forms';
import { DASHBOARD_PATH } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { changePassword } from './account-api';

const EMPTY = { current_password: '', new_password: '', repeat_password: '' };

/**
 * /account/password, from the user menu: the signed-in user's new password. On success this browser keeps
 * its session with the new token, every other session ends, and 'Awesome!' says so.
 */
export function ChangePasswordPage() {
  useFirstScreenReady();
  return (
    <FormPage
      title="account.password.title"
      parent="header.profile"
      schema={changePasswordForm}
      initialValues={EMPTY}
      save={({ current_password, new_password }) => changePassword({ current_password, new_password })}
      successText={PASSWORD_CHANGED}
      backTo={DASHBOARD_PATH}
    >
      <TextField name="current_password" label="account.password.current" type="password" autoComplete="current-password" />
      <TextField name="new_password" label="account.password.new" type="password" autoComplete="new-password" hint="account.password.hint" />
      <TextField name="repeat_password" label="account.password.repeat" type="password" autoComplete="new-password" />
    </FormPage>
  );
}
