import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useSession } from '@ushirika/shared/session';
import { AppProviders } from '@ushirika/shared/ui';
import { CurrentPath, demoUser, resetStores, signIn, tokenExpiringIn } from '../testing/render';
import type { LoginOutcome, SubmitLogin, SubmitTwoStep } from './login-request';
import { LoginPage, type LoginArrival } from './LoginPage';

function renderLogin(submitLogin: SubmitLogin, { submitTwoStep, arrival }: { submitTwoStep?: SubmitTwoStep; arrival?: LoginArrival } = {}) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[{ pathname: '/login', state: arrival }]}>
        <Routes>
          <Route path="/login" element={<LoginPage submitLogin={submitLogin} submitTwoStep={submitTwoStep} />} />
          <Route path="/forgot-password" element={<p>forgot password</p>} />
          <Route path="*" element={<p>signed in</p>} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </AppProviders>,
  );
}

async function logInAs(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: email } });
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

  it('takes a mobile number in the login field, sent as the email field', async () => {
    const submit = answer({ ok: true, response: { access_token: tokenExpiringIn(3600), user: demoUser() } });
    renderLogin(submit);
    expect(screen.getByLabelText('Email or mobile number')).toHaveAttribute('type', 'text');
    await logInAs('0712 345 678', 'Demo@2026');
    expect(submit).toHaveBeenCalledWith({ email: '0712 345 678', password: 'Demo@2026' });
  });

  it('opens the forgotten-password screen', async () => {
    renderLogin(answer({ ok: false, status: 401 }));
    await userEvent.setup().click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByText('forgot password')).toBeInTheDocument();
  });

  it('fills in the login and says what the previous screen handed over', () => {
    renderLogin(answer({ ok: false, status: 401 }), {
      arrival: { login: '+254712345678', message: 'Your password is set. Sign in with your email or mobile number.' },
    });
    expect(screen.getByLabelText('Email or mobile number')).toHaveValue('+254712345678');
    expect(screen.getByText('Your password is set. Sign in with your email or mobile number.')).toHaveAttribute('role', 'status');
  });
});

describe('LoginPage, two-step sign-in', () => {
  const challenge = { status_msg: 'Enter the 6-digit code from your authenticator app', two_step: true as const, challenge: 'the.challenge.jwt' };

  async function enterCode(code: string) {
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: code } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify' }));
  }

  it('asks for the code when the answer carries two_step, stores no session until the code is right, then signs in', async () => {
    const response = { access_token: tokenExpiringIn(3600), user: demoUser() };
    const twoStep: SubmitTwoStep = jest.fn(() => Promise.resolve({ ok: true, response } as const));
    renderLogin(answer({ ok: true, response: challenge }), { submitTwoStep: twoStep });
    await logInAs('jane@grace.test', 'Demo@2026');

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(useSession.getState()).toMatchObject({ user: null, access_token: null, authenticated: false });

    await enterCode(' 123456 ');
    expect(twoStep).toHaveBeenCalledWith({ challenge: 'the.challenge.jwt', code: '123456' });
    expect(await screen.findByText('signed in')).toBeInTheDocument();
    expect(useSession.getState()).toMatchObject({ ...response, authenticated: true });
  });

  it('takes a recovery code the same way', async () => {
    const twoStep: SubmitTwoStep = jest.fn(() => Promise.resolve({ ok: true, response: { access_token: tokenExpiringIn(3600), user: demoUser() } } as const));
    renderLogin(answer({ ok: true, response: challenge }), { submitTwoStep: twoStep });
    await logInAs('jane@grace.test', 'Demo@2026');
    expect(await screen.findByText('Lost your phone? Enter one of your recovery codes instead.')).toBeInTheDocument();
    await enterCode('abcd-efgh');
    expect(twoStep).toHaveBeenCalledWith({ challenge: 'the.challenge.jwt', code: 'abcd-efgh' });
    expect(await screen.findByText('signed in')).toBeInTheDocument();
  });

  it("says the server's word on a wrong code and keeps asking; Start again returns to the password", async () => {
    const message = 'The code is not correct. Check the time on your phone, or use a recovery code.';
    const twoStep: SubmitTwoStep = jest.fn(() => Promise.resolve({ ok: false, status: 401, message } as const));
    renderLogin(answer({ ok: true, response: challenge }), { submitTwoStep: twoStep });
    await logInAs('jane@grace.test', 'Demo@2026');
    await enterCode('000000');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
    expect(useSession.getState().authenticated).toBe(false);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for a code before sending an empty one', async () => {
    const twoStep: SubmitTwoStep = jest.fn();
    renderLogin(answer({ ok: true, response: challenge }), { submitTwoStep: twoStep });
    await logInAs('jane@grace.test', 'Demo@2026');
    await enterCode('  ');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app, or a recovery code');
    expect(twoStep).not.toHaveBeenCalled();
  });
});
