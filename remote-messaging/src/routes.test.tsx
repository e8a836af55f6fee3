import { screen } from '@testing-library/react';
import { fakeServer } from '../../shared/test/fake-api';
import { expectPath, renderScreen } from '../../shared/test/render';
import { signIn } from '../../shared/test/roles';
import { amina } from '../../shared/test/users';
import AreaRoutes from './routes';
import { fakeHttp } from './test/fake-http';

jest.mock('@ushirika/shared/api', () => ({
  ...jest.requireActual<typeof import('../../shared/test/fake-api')>('../../shared/test/fake-api').fakeApiModule(),
  api: jest.requireActual<typeof import('./test/fake-http')>('./test/fake-http').fakeKy,
}));

const open = (path: string) => renderScreen(<AreaRoutes base="messaging" />, { path, route: '/messaging/*' });

beforeEach(() => {
  signIn();
  fakeServer.reset();
  fakeHttp.reset();
  fakeHttp.on('GET smsunits', () => ({ balance: 0 }));
});

// Every Messaging route of the menu answers with its screen (spec 2.5, 2.12); none is a placeholder any more.
it.each([
  ['/messaging/messages', 'Recent Messages'],
  ['/messaging/messages/new', 'New Message'],
  ['/messaging/uploaded_files', 'Recent Files'],
  ['/messaging/failed_messages', 'Failed Messages'],
  ['/messaging/optouts', 'Opted-out Numbers'],
  ['/messaging/config', 'Message Configs'],
])('%s shows %s', async (path, title) => {
  await open(path);
  expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
});

it('opens Recent Messages at /messaging', async () => {
  await open('/messaging');
  await expectPath('/messaging/messages');
});

it('shows a not-found page for an unknown messaging address', async () => {
  await open('/messaging/nowhere');
  expect(screen.getByText('Page not found')).toBeInTheDocument();
});

describe('as roles allow (issue 25)', () => {
  it.each(['/messaging/messages', '/messaging/messages/new', '/messaging/failed_messages', '/messaging/uploaded_files', '/messaging/optouts'])(
    'shows NoAccess at %s to a viewer, and asks the server nothing',
    async (path) => {
      signIn(['viewer']);
      await open(path);
      expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
      expect(fakeServer.pageRequests).toEqual([]);
      expect(fakeHttp.calls).toEqual([]);
    },
  );

  it('offers New Message to the messaging role, not to someone who may only read the messages', async () => {
    signIn(['messaging']);
    const shown = await open('/messaging/messages');
    expect(screen.getByRole('button', { name: 'New Message' })).toBeInTheDocument();
    shown.unmount();
    signIn(undefined, { ...amina, roles: [], permissions: ['messaging.read'] });
    await open('/messaging/messages');
    expect(screen.getByRole('heading', { name: 'Recent Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Message' })).not.toBeInTheDocument();
  });

  it('shows the saved texts without New nor Edit to who may send but not configure them', async () => {
    signIn(['messaging']);
    await open('/messaging/config');
    expect(screen.getByRole('heading', { name: 'Message Configs' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button').map((button) => button.textContent)).not.toContain('New Config');
  });
});
