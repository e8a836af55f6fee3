import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { api } from '@ushirika/shared/api';
import { AppProviders } from '@ushirika/shared/ui';
import { httpError } from '../../../shared/test/http-error';
import { setupUser } from '../../../shared/test/render';
import { resetStores } from '../testing/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { InvitationPage } from './InvitationPage';

jest.mock('@ushirika/shared/api', () => ({ ...jest.requireActual('@ushirika/shared/api'), api: { get: jest.fn(), post: jest.fn() } }));
const get = api.get as unknown as jest.Mock;
const post = api.post as unknown as jest.Mock;

/** What ky's `get(...)`/`post(...)` gives: `.json()` resolves to `body`, or rejects with `error`. */
const answers = (body: unknown) => ({ json: () => Promise.resolve(body) });
const fails = (error: unknown) => ({ json: () => Promise.reject(error) });

/** The login screen as the tests see it: what the previous screen handed over in the navigation state. */
function LoginStandIn() {
  return <output data-testid="login-state">{JSON.stringify(useLocation().state)}</output>;
}

/** The signed-out routes at `path` (with `hash`), as the app mounts them, without a session. */
function renderPublic(path: string, hash = '') {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[{ pathname: path, hash }]}>
        <Routes>
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/invitation" element={<InvitationPage />} />
          <Route path="/login" element={<LoginStandIn />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const loginState = async () => JSON.parse((await screen.findByTestId('login-state')).textContent ?? 'null') as unknown;

beforeEach(() => {
  resetStores();
  get.mockReset();
  post.mockReset();
});

describe('ForgotPasswordPage', () => {
  const SENT = 'If an account uses this email or mobile number, a 6-digit code has been sent to its mobile by SMS. It is valid for 10 minutes.';
  const DONE = 'Your password has been changed. Sign in with your new password.';

  async function askForCode(login: string) {
    const user = setupUser();
    renderPublic('/forgot-password');
    post.mockReturnValueOnce(answers({ status_msg: SENT }));
    await user.fill('Email or mobile number', login);
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    return user;
  }

  it('sends the login, then the code and the new password, and opens the login filled in with what the server said', async () => {
    const user = await askForCode('0712 345 678');
    expect(post).toHaveBeenCalledWith('password-reset', { json: { login: '0712 345 678' } });

    post.mockReturnValueOnce(answers({ status_msg: DONE }));
    await user.fill('Code from the SMS', '482913');
    await user.fill('New password', 'a new passphrase');
    await user.fill('Repeat the new password', 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));

    expect(await loginState()).toEqual({ login: '0712 345 678', message: DONE });
    expect(post).toHaveBeenLastCalledWith('password-reset/confirm', { json: { login: '0712 345 678', code: '482913', new_password: 'a new passphrase' } });
  });

  it('refuses two different passwords without calling the server', async () => {
    const user = await askForCode('jane@grace.test');
    await user.fill('Code from the SMS', '482913');
    await user.fill('New password', 'a new passphrase');
    await user.fill('Repeat the new password', 'another passphrase');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The two new passwords are not the same');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a wrong code and keeps the form; a new code can be asked for", async () => {
    const user = await askForCode('jane@grace.test');
    const wrong = 'The code is not correct or has expired. Ask for a new one.';
    post.mockReturnValueOnce(fails(httpError(400, { status_msg: wrong })));
    await user.fill('Code from the SMS', '000000');
    await user.fill('New password', 'a new passphrase');
    await user.fill('Repeat the new password', 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
    expect(screen.getByLabelText('Code from the SMS')).toHaveValue('000000');
    expect(screen.queryByTestId('login-state')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByLabelText('Email or mobile number')).toHaveValue('jane@grace.test');
  });
});

describe('InvitationPage', () => {
  const TOKEN = 'dGhlLWludml0YXRpb24tdG9rZW4tMzItYnl0ZXMtbG9uZw';

  it('greets the new member by name, takes the password twice and opens the login with their login filled in', async () => {
    get.mockReturnValue(answers({ name: 'Amina Odhiambo', partner: 'Grace Community Church', login: '+254712345678' }));
    renderPublic('/invitation', `#${TOKEN}`);

    expect(await screen.findByText('Hello Amina Odhiambo! Choose a password to sign in to Grace Community Church.')).toBeInTheDocument();
    expect(screen.getByText('+254712345678')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(`invitation/${TOKEN}`, expect.anything());

    const user = setupUser();
    const accepted = 'Your password is set. Sign in with your email or mobile number.';
    post.mockReturnValue(answers({ status_msg: accepted, login: '+254712345678' }));
    await user.fill('New password', 'a good passphrase');
    await user.fill('Repeat the new password', 'a good passphrase');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));

    expect(await loginState()).toEqual({ login: '+254712345678', message: accepted });
    expect(post).toHaveBeenCalledWith('invitation', { json: { token: TOKEN, password: 'a good passphrase' } });
  });

  it('says so when the link is not valid or has expired, with no form', async () => {
    get.mockReturnValue(fails(httpError(404, { status_msg: 'This link is not valid or has expired' })));
    renderPublic('/invitation', `#${TOKEN}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid or has expired');
    expect(screen.getByText('Ask whoever invited you for a new link.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('asks the server nothing for an address without a token', async () => {
    renderPublic('/invitation');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid or has expired');
    expect(get).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the password and keeps the form", async () => {
    get.mockReturnValue(answers({ name: 'Amina Odhiambo', partner: 'Grace Community Church', login: 'amina@grace.test' }));
    post.mockReturnValue(fails(httpError(400, { status_msg: 'The password must have at least 8 characters' })));
    renderPublic('/invitation', `#${TOKEN}`);
    await screen.findByText('amina@grace.test');

    const user = setupUser();
    await user.fill('New password', 'short');
    await user.fill('Repeat the new password', 'short');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The password must have at least 8 characters');
    expect(screen.queryByTestId('login-state')).not.toBeInTheDocument();
  });
});
