import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { useSession } from '@ushirika/shared/session';
import { CurrentPath, demoUser, renderAt, resetStores, signIn, tokenExpiringIn } from '../testing/render';
import type { LoginOutcome, SubmitLogin } from './login-request';
import { LoginPage } from './LoginPage';

function renderLogin(submitLogin: SubmitLogin) {
  renderAt(
    '/login',
    <>
      <Routes>
        <Route path="/login" element={<LoginPage submitLogin={submitLogin} />} />
        <Route path="*" element={<p>signed in</p>} />
      </Routes>
      <CurrentPath />
    </>,
  );
}

async function logInAs(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
}

const answer = (outcome: LoginOutcome): SubmitLogin => jest.fn(() => Promise.resolve(outcome));

// antd's Form settles through macrotasks; on a busy CI machine that takes more than jest's default 5 s.
jest.setTimeout(20_000);

beforeEach(resetStores);

describe('LoginPage', () => {
  it('clears the stored session when opened', () => {
    signIn();
    renderLogin(answer({ ok: false, status: 401 }));
    const { user, access_token, authenticated } = useSession.getState();
    expect({ user, access_token, authenticated }).toEqual({ user: null, access_token: null, authenticated: false });
  });

  it('stores the session and goes to the root path on success', async () => {
    const response = { access_token: tokenExpiringIn(3600), user: demoUser() };
    const submit = answer({ ok: true, response });
    renderLogin(submit);
    await logInAs('jane@grace.test', 'Demo@2026');
    expect(submit).toHaveBeenCalledWith({ email: 'jane@grace.test', password: 'Demo@2026' });
    expect(await screen.findByText('signed in')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    expect(useSession.getState()).toMatchObject({ ...response, authenticated: true });
  });

  it('on 401 clears the stored user and says the credentials are wrong', async () => {
    const submit: SubmitLogin = jest.fn(async () => {
      useSession.setState({ user: demoUser(), authenticated: true });
      return { ok: false, status: 401 } as const;
    });
    renderLogin(submit);
    await logInAs('jane@grace.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(useSession.getState().user).toBeNull();
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });

  it.each([
    [401, 'Account locked, contact your administrator'],
    [429, 'Too many login attempts, try again in a minute'],
  ])("shows the server's status_msg for %i", async (status, message) => {
    renderLogin(answer({ ok: false, status, message }));
    await logInAs('jane@grace.test', 'Demo@2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
