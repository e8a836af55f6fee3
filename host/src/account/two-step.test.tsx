import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@ushirika/shared/api';
import type { SessionUser } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { httpError } from '../../../shared/test/http-error';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { demoUser, resetStores, signIn } from '../testing/render';
import { TwoStepPage } from './TwoStepPage';

jest.mock('@ushirika/shared/api', () => ({ ...jest.requireActual('@ushirika/shared/api'), api: { get: jest.fn(), post: jest.fn(), delete: jest.fn() } }));
const get = api.get as unknown as jest.Mock;
const post = api.post as unknown as jest.Mock;
const remove = api.delete as unknown as jest.Mock;

/** What ky's calls give: `.json()` resolves to `body`, or rejects with `error`. */
const answers = (body: unknown) => ({ json: () => Promise.resolve(body) });
const fails = (error: unknown) => ({ json: () => Promise.reject(error) });

const TWO_STEP_ON = 'Two-step sign-in is on. Keep the recovery codes somewhere safe: each works once, and they are shown only now.';
const RECOVERY_CODES: string[] = ['ab2c-de3f', 'gh4i-jk5l', 'mn6o-pq7r', 'st2u-vw3x', 'yz4a-bc5d', 'ef6g-hi7j', 'kl2m-no3p', 'qr4s-tu5v', 'wx6y-za7b', 'cd2e-fg3h'];
// An SVG may carry a script: shown as an image, it never runs and never reaches the page's DOM.
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><script>window.pwned = true</script><path d="M0 0h7v7H0z"/></svg>';

/** The server's view of the user (GET /api/v2/me): `me(...)` sets what it answers from now on. */
let serverUser: SessionUser;
const me = (changes: Partial<SessionUser>) => {
  serverUser = { ...demoUser(), ...changes };
};

function signInAs(changes: Partial<SessionUser>) {
  signIn();
  useSession.getState().setUser({ ...demoUser(), ...changes });
  me(changes);
}

beforeEach(() => {
  resetStores();
  for (const mock of [get, post, remove]) mock.mockReset();
  get.mockImplementation((path: string) => (path === 'me' ? answers({ user: serverUser }) : fails(httpError(404, { status_msg: 'Not Found' }))));
});

/** Enrols through the screen; `after` is the user the server describes once it is on. */
async function enrol(user: ReturnType<typeof setupUser>, after: Partial<SessionUser> = { twoStep: true }) {
  post.mockReturnValueOnce(answers({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Ushirika:jane%40grace.test?secret=JBSWY3DPEHPK3PXP', qrSvg: QR_SVG }));
  await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));

  const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
  expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
  expect(document.querySelector('script')).toBeNull();
  expect(screen.getByTestId('two-step-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
  expect(post).toHaveBeenCalledWith('me/two-step');

  post.mockReturnValueOnce(answers({ status_msg: TWO_STEP_ON, recoveryCodes: RECOVERY_CODES }));
  me(after);
  await user.fill('The 6-digit code the app shows', '123456');
  await user.click(screen.getByRole('button', { name: 'Turn on' }));
  expect(post).toHaveBeenLastCalledWith('me/two-step/confirm', { json: { code: '123456' } });
}

describe('TwoStepPage', () => {
  it('enrols: QR code and key, the first code, then the ten recovery codes shown once, with Copy', async () => {
    signInAs({ twoStep: false });
    const user = setupUser();
    renderWithApp(<TwoStepPage />, { path: '/account/two-step' });
    await enrol(user);

    expect(await screen.findByText(TWO_STEP_ON)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    await user.click(screen.getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'));
    expect(await screen.findByRole('button', { name: /Copied/ })).toBeInTheDocument();

    // The user is read again: two-step sign-in is on in the session store.
    await waitFor(() => expect(useSession.getState().user?.twoStep).toBe(true));
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-step sign-in is on for your account.')).toBeInTheDocument();
    expect(screen.queryByText('ab2c-de3f')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/account/two-step');
  });

  it('says why when the partner requires it, moves to its own address, and once enrolled the user gets the menus back', async () => {
    signInAs({ mustEnrolTwoStep: true, permissions: [] });
    const user = setupUser();
    renderWithApp(<TwoStepPage />, { path: '/finance/income' });
    await expectPath('/account/two-step');
    expect(
      await screen.findByText('Your organisation requires two-step sign-in for owners and treasurers. Set it up now: the other screens open once it is on.'),
    ).toBeInTheDocument();

    await enrol(user, { twoStep: true, mustEnrolTwoStep: false, permissions: ['contacts.read'] });
    // The user read again after enrolling carries the permissions, so the menus appear; the codes stay on screen.
    await waitFor(() => expect(useSession.getState().user).toMatchObject({ mustEnrolTwoStep: false, permissions: ['contacts.read'] }));
    expect(screen.getByText('cd2e-fg3h')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await expectPath('/dashboard/default');
  });

  it('keeps the QR code on screen and says so when the first code is wrong', async () => {
    signInAs({ twoStep: false });
    const user = setupUser();
    renderWithApp(<TwoStepPage />, { path: '/account/two-step' });
    post.mockReturnValueOnce(answers({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: QR_SVG }));
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));

    const wrong = 'The code is not correct. Scan the QR code again, check the time on your phone, and enter the newest code.';
    post.mockReturnValueOnce(fails(httpError(400, { status_msg: wrong })));
    await user.fill('The 6-digit code the app shows', '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(within(await findDialog('Error!')).getByText(wrong)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns it off with a code', async () => {
    signInAs({ twoStep: true });
    const user = setupUser();
    renderWithApp(<TwoStepPage />, { path: '/account/two-step' });
    remove.mockReturnValue(answers({ status_msg: 'Two-step sign-in is off.' }));
    me({ twoStep: false });
    await user.fill('Code or recovery code', 'ab2c-de3f');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(within(await findDialog('Awesome!')).getByText('Two-step sign-in is off.')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith('me/two-step', { json: { code: 'ab2c-de3f' } });
    expect(useSession.getState().user?.twoStep).toBe(false);
  });

  it("shows the server's refusal when the partner requires it", async () => {
    signInAs({ twoStep: true });
    const user = setupUser();
    renderWithApp(<TwoStepPage />, { path: '/account/two-step' });
    const refused = 'Your organisation requires two-step sign-in for owners and treasurers: it cannot be turned off.';
    remove.mockReturnValue(fails(httpError(400, { status_msg: refused })));
    await user.fill('Code or recovery code', '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(within(await findDialog('Error!')).getByText(refused)).toBeInTheDocument();
    expect(useSession.getState().user?.twoStep).toBe(true);
  });
});
