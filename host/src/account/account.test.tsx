import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@ushirika/shared/api';
import { useSession } from '@ushirika/shared/session';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { httpError } from '../../../shared/test/http-error';
import { UserMenu } from '../layout/UserMenu';
import { resetStores, signIn } from '../testing/render';
import { ChangePasswordPage } from './ChangePasswordPage';

jest.mock('@ushirika/shared/api', () => ({ ...jest.requireActual('@ushirika/shared/api'), api: { post: jest.fn() } }));
const post = api.post as unknown as jest.Mock;

/** What ky's `post(...)` gives: `.json()` resolves to `body`, or rejects with `error`. */
const answers = (body: unknown) => ({ json: () => Promise.resolve(body) });
const fails = (error: unknown) => ({ json: () => Promise.reject(error) });

beforeEach(() => {
  resetStores();
  post.mockReset();
});

describe('ChangePasswordPage', () => {
  async function fillIn(current: string, next: string, repeat: string) {
    const user = setupUser();
    await user.fill('Current password', current);
    await user.fill('New password', next);
    await user.fill('Repeat the new password', repeat);
    await user.click(screen.getByRole('button', { name: /Submit/ }));
  }

  it('refuses a repeat that differs and a short password without calling the server', async () => {
    signIn();
    renderWithApp(<ChangePasswordPage />, { path: '/account/password' });
    await fillIn('Demo@2026', 'short', 'shorts');
    expect(await screen.findByText('The new password must have at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The two new passwords are not the same')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the two passwords, keeps the session with the new token and says so', async () => {
    const { user } = signIn();
    post.mockReturnValue(answers({ status_msg: 'Your password has been changed. You have been logged out everywhere else.', access_token: 'the.new.token' }));
    renderWithApp(<ChangePasswordPage />, { path: '/account/password' });
    await fillIn('Demo@2026', 'a new passphrase', 'a new passphrase');

    const dialog = await findDialog('Awesome!');
    expect(within(dialog).getByText('Your password has been changed. You have been logged out everywhere else.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('password', { json: { current_password: 'Demo@2026', new_password: 'a new passphrase' } });
    expect(useSession.getState()).toMatchObject({ access_token: 'the.new.token', user, authenticated: true });
    await expectPath('/dashboard/default');
  });

  it('shows the server’s refusal, keeps the old token and what was typed', async () => {
    const { access_token } = signIn();
    post.mockReturnValue(fails(httpError(400, { status_msg: 'The current password is not correct.' })));
    renderWithApp(<ChangePasswordPage />, { path: '/account/password' });
    await fillIn('wrong one', 'a new passphrase', 'a new passphrase');

    expect(within(await findDialog('Error!')).getByText('The current password is not correct.')).toBeInTheDocument();
    expect(useSession.getState().access_token).toBe(access_token);
    expect(screen.getByLabelText('New password')).toHaveValue('a new passphrase');
    expect(screen.getByTestId('location')).toHaveTextContent('/account/password');
  });
});

describe('UserMenu', () => {
  async function choose(item: string) {
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: /Profile/ }));
    await user.click(await screen.findByText(item));
    return user;
  }

  it('opens the change-password screen', async () => {
    signIn();
    renderWithApp(<UserMenu />, { path: '/dashboard/default' });
    await choose('Change password');
    await expectPath('/account/password');
  });

  it.each([
    ['Two-step sign-in', '/account/two-step'],
    ['Where you are signed in', '/account/sessions'],
  ])('opens %s', async (item, path) => {
    signIn();
    renderWithApp(<UserMenu />, { path: '/dashboard/default' });
    await choose(item);
    await expectPath(path);
  });

  it('LogOut ends this session on the server with its token, then signs this browser out', async () => {
    const { access_token } = signIn();
    const tokenSent: unknown[] = [];
    post.mockImplementation(() => {
      tokenSent.push(useSession.getState().access_token);
      return answers({ status_msg: 'You have been logged out.' });
    });
    renderWithApp(<UserMenu />, { path: '/dashboard/default' });
    await choose('LogOut');

    await expectPath('/login');
    expect(post).toHaveBeenCalledWith('logout', expect.objectContaining({ timeout: expect.any(Number) }));
    // The call was made while the store still held the token (the client adds it to the request).
    expect(tokenSent).toEqual([access_token]);
    expect(useSession.getState()).toMatchObject({ user: null, access_token: null, authenticated: false });
  });

  it('LogOut signs this browser out even when the server cannot be reached', async () => {
    signIn();
    post.mockReturnValue(fails(new TypeError('Failed to fetch')));
    renderWithApp(<UserMenu />, { path: '/dashboard/default' });
    await choose('LogOut');

    await expectPath('/login');
    expect(useSession.getState()).toMatchObject({ user: null, access_token: null, authenticated: false });
  });

  it('logs out everywhere after a confirmation: the server ends every session, this browser signs out and shows /login', async () => {
    signIn();
    post.mockReturnValue(answers({ status_msg: 'You have been logged out everywhere.' }));
    renderWithApp(<UserMenu />, { path: '/dashboard/default' });
    const user = await choose('Log out everywhere');

    const question = await findDialog('Log out everywhere?');
    expect(post).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Log out everywhere' }));

    const said = await findDialog('Awesome!');
    expect(within(said).getByText('You have been logged out everywhere.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('logout-all');
    // Still here while the message is read: the dialog goes with the signed-in screens.
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/default');
    await user.click(within(said).getByRole('button', { name: 'OK' }));
    await expectPath('/login');
    expect(useSession.getState()).toMatchObject({ user: null, access_token: null, authenticated: false });
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const { access_token } = signIn();
    renderWithApp(<UserMenu />, { path: '/dashboard/default' });
    const user = await choose('Log out everywhere');
    await user.click(within(await findDialog('Log out everywhere?')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log out everywhere?' })).not.toBeInTheDocument());
    expect(post).not.toHaveBeenCalled();
    expect(useSession.getState().access_token).toBe(access_token);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/default');
  });
});
