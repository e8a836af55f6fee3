import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { api } from '@ushirika/shared/api';
import { permissionsOf, type Role, type SessionUser } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { httpError } from '../../../shared/test/http-error';
import { renderWithApp } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { amina } from '../../../shared/test/users';
import { menuFor } from '../menu/menus';
import { SidebarNavigation } from '../menu/SidebarNavigation';
import { refreshUser, USER_REFRESH_INTERVAL_MS, useUserRefresh } from './refresh-user';

jest.mock('@ushirika/shared/api', () => ({ ...jest.requireActual('@ushirika/shared/api'), api: { get: jest.fn() } }));
const get = jest.mocked(api.get);
const answers = (body: unknown) => ({ json: () => Promise.resolve(body) }) as never;
const fails = (error: unknown) => ({ json: () => Promise.reject(error) }) as never;

const holding = (roles: Role[]): SessionUser => ({ ...amina, roles, permissions: permissionsOf(roles) });

/** The signed-in frame's part that matters here: the user kept fresh, and the menu made from them. */
function Shell() {
  useUserRefresh();
  const user = useSession((state) => state.user);
  return <SidebarNavigation entries={menuFor(user)} />;
}

let now = 1_000_000;
beforeEach(() => {
  localStorage.clear();
  get.mockReset();
  now += 10 * USER_REFRESH_INTERVAL_MS;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

const settle = () => act(() => Promise.resolve());

describe('the signed-in user, read again from /me', () => {
  it('updates the menu when the roles changed since the login', async () => {
    signIn(['viewer']);
    get.mockReturnValue(answers({ user: holding(['treasurer']) }));
    renderWithApp(
      <Routes>
        <Route path="*" element={<Shell />} />
      </Routes>,
      { path: '/dashboard/home' },
    );
    expect(await screen.findByText('Finance')).toBeInTheDocument();
    expect(screen.queryByText('Meetings')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('me');
    expect(useSession.getState().user?.roles).toEqual(['treasurer']);
  });

  it('reads again when the window gets the focus back, at most once a minute', async () => {
    signIn(['viewer']);
    get.mockReturnValue(answers({ user: holding(['viewer']) }));
    renderWithApp(<Shell />);
    await settle();
    expect(get).toHaveBeenCalledTimes(1);

    now += USER_REFRESH_INTERVAL_MS - 1;
    await act(async () => window.dispatchEvent(new FocusEvent('focus')));
    expect(get).toHaveBeenCalledTimes(1);

    get.mockReturnValue(answers({ user: holding(['administrator']) }));
    now += 1;
    await act(async () => window.dispatchEvent(new FocusEvent('focus')));
    expect(get).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Settings')).toBeInTheDocument();
  });

  it('keeps the stored user object when nothing changed, and when the server cannot say', async () => {
    signIn(['viewer']);
    const stored = useSession.getState().user;
    get.mockReturnValueOnce(answers({ user: holding(['viewer']) }));
    await refreshUser();
    expect(useSession.getState().user).toBe(stored);

    get.mockReturnValueOnce(fails(httpError(404, { status_msg: 'Not found' })));
    await expect(refreshUser()).rejects.toBeDefined();
    expect(useSession.getState().user).toBe(stored);
  });

  it('drops an answer that arrives after a logout, and asks nothing signed out', async () => {
    signIn(['viewer']);
    let answer: (body: unknown) => void = () => undefined;
    get.mockReturnValueOnce({ json: () => new Promise((resolve) => (answer = resolve)) } as never);
    const asking = refreshUser();
    useSession.getState().logout();
    answer({ user: holding(['owner']) });
    await asking;
    expect(useSession.getState().user).toBeNull();

    await refreshUser();
    expect(get).toHaveBeenCalledTimes(1);
  });
});
