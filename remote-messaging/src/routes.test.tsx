import { screen } from '@testing-library/react';
import { fakeServer } from '../../shared/test/fake-api';
import { expectPath, renderScreen } from '../../shared/test/render';
import AreaRoutes from './routes';
import { fakeHttp } from './test/fake-http';

jest.mock('@ushirika/shared/api', () => ({
  ...jest.requireActual<typeof import('../../shared/test/fake-api')>('../../shared/test/fake-api').fakeApiModule(),
  api: jest.requireActual<typeof import('./test/fake-http')>('./test/fake-http').fakeKy,
}));

const open = (path: string) => renderScreen(<AreaRoutes base="messaging" />, { path, route: '/messaging/*' });

beforeEach(() => {
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
