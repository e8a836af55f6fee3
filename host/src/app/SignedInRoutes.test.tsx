import { screen } from '@testing-library/react';
import { api } from '@ushirika/shared/api';
import { permissionsOf, type Permission, type Role } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { renderScreen } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { amina } from '../../../shared/test/users';
import { loadPartnerHome } from '../dashboard/dashboard-api';
import SignedInRoutes from './SignedInRoutes';

jest.mock('@ushirika/shared/api', () => {
  const actual = jest.requireActual<typeof import('@ushirika/shared/api')>('@ushirika/shared/api');
  const client = { get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() };
  return { ...actual, api: client, pageLoader: (path: string, key: string) => actual.pageLoader(path, key, client as never) };
});
jest.mock('../dashboard/dashboard-api', () => ({ loadPartnerHome: jest.fn(), loadEtrackerHome: jest.fn(), loadDashboardCampaigns: jest.fn(async () => []) }));
// D2's enrolment screen, as a marker: which screen shows is this file's business, not what it does.
jest.mock('../account/TwoStepPage', () => ({ TwoStepPage: () => <h1>Set up two-step sign-in</h1> }));
const get = jest.mocked(api.get);
const loadHome = jest.mocked(loadPartnerHome);

const answers = (body: unknown) => ({ json: () => Promise.resolve(body) }) as never;

beforeEach(() => {
  localStorage.clear();
  loadHome.mockReset().mockReturnValue(new Promise(() => undefined));
  get.mockReset().mockImplementation(((path: string) => {
    // /me answers what the store holds: these tests are about the routes, not about roles changing.
    if (path === 'me') return answers({ user: useSession.getState().user });
    if (path === 'staff') return answers({ staff: [], total: 0 });
    if (path === 'security') return answers({ requireTwoStep: false });
    return { json: () => new Promise(() => undefined) };
  }) as never);
});

const open = (path: string) => renderScreen(<SignedInRoutes loadArea={jest.fn()} />, { path });
const signInWith = (permissions: Permission[], extra: object = {}) =>
  useSession.getState().login({ access_token: 'header.payload.sig', user: { ...amina, roles: [], permissions, ...extra } });

describe('SignedInRoutes (issue 25: screens follow the role)', () => {
  it.each<[Role[], string]>([
    [['owner'], 'Staff'],
    [['administrator'], 'Staff'],
  ])('opens Settings → Staff for %j', async (roles, heading) => {
    signIn(roles);
    await open('/settings/staff');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('staff', expect.anything());
  });

  it.each<[string, Role[]]>([
    ['/settings/staff', ['viewer']],
    ['/settings/staff/new', ['treasurer']],
    ['/settings/staff', ['secretary', 'messaging']],
  ])('shows %s to %j as a screen they have no access to, asking the server nothing', async (path, roles) => {
    signIn(roles);
    await open(path);
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('staff', expect.anything());
  });

  it.each<[Role[]]>([[['owner']], [['treasurer']]])('opens Settings → Activity for %j', async (roles) => {
    signIn(roles);
    await open('/settings/activity');
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('activity', expect.anything());
  });

  it.each<[Role[]]>([[['secretary']], [['finance_clerk']], [['administrator']]])('shows Settings → Activity to %j as a screen they have no access to', async (roles) => {
    signIn(roles);
    await open('/settings/activity');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('activity', expect.anything());
  });

  it('guards the dashboards with dashboard.read', async () => {
    signInWith(['contacts.read']);
    await open('/dashboard/home');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
    expect(loadHome).not.toHaveBeenCalled();
  });

  it('opens the dashboard for a viewer', async () => {
    signInWith(permissionsOf(['viewer']));
    await open('/dashboard/home');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(loadHome).toHaveBeenCalled();
    expect(screen.queryByText('You do not have access to this screen')).not.toBeInTheDocument();
  });

  it('shows only the enrolment while a required second step waits, except on the account’s own screens', async () => {
    signInWith([], { mustEnrolTwoStep: true });
    await open('/contacts/default');
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });

  it('keeps the account screens open while the enrolment waits', async () => {
    signInWith([], { mustEnrolTwoStep: true });
    await open('/account/password');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set up two-step sign-in' })).not.toBeInTheDocument();
  });
});
