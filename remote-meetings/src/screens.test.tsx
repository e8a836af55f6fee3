import { screen } from '@testing-library/react';
import { fakeServer } from '../../shared/test/fake-api';
import { renderScreen, setupUser } from '../../shared/test/render';
import { signIn } from '../../shared/test/roles';
import { expectFormScreen, expectListScreen } from '../../shared/test/screens';
import AreaRoutes from './routes';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../shared/test/fake-api')>('../../shared/test/fake-api').fakeApiModule());

/*
 * The meetings area's screens as the spec names them (2.11): headings, columns, fields. How a list or a
 * form behaves is the kit's (shared/src/ui/resource), tested there once; messages are the schemas'.
 */
const open = (path: string) => renderScreen(<AreaRoutes base="meetings" />, { path, route: '/meetings/*' });

beforeEach(() => {
  signIn();
  fakeServer.reset();
  fakeServer.rows.set('meeting_types', [
    { id: 1, name: 'Sunday Service', description: 'Main service', createdAt: '2026-01-04T08:00:00Z', Partner: { name: 'Grace Community Church' } },
    { id: 2, name: 'Choir Practice', description: 'Thursday', createdAt: '2026-01-05T08:00:00Z', Partner: { name: 'Grace Community Church' } },
  ]);
});

it.each([
  ['/meetings/meetingtypes', 'Meeting Types', 'New Meeting Type', ['Organisation', 'Meeting Type Name', 'Description', 'Date Added', 'Edit']],
  [
    '/meetings/default',
    'All Meetings',
    'Register Meeting',
    // 'Actions': a meeting's register and its offering (issue 28.4).
    ['Meeting Type', 'Date of Meeting', 'Start Time', 'End Time', 'Attendance', 'Expected', 'Facilitator', 'Subject', 'Edit', 'Actions'],
  ],
])('%s is %s with its add button and the spec columns', async (path, title, add, columns) => {
  await open(path);
  expectListScreen(title, add, columns);
});

it.each([
  ['/meetings/meetingtypes/new', 'New Meeting Type', ['Type Name', 'Description']],
  [
    '/meetings/new',
    'Register Meeting',
    [
      'Meeting Type',
      'Group',
      'Date of meeting',
      'Start time',
      'End time',
      'Attendance',
      'Expected attendance',
      'Occasion',
      'Facilitator',
      'Speaker',
      'Total offering',
      'Additional Notes',
    ],
  ],
])('%s is the form %s with the spec fields in order', async (path, title, fields) => {
  expectFormScreen((await open(path)).container, title, fields);
});

it("offers 'Select one' first, then every meeting type of the partner", async () => {
  const user = setupUser();
  await open('/meetings/new');
  await user.click(screen.getByLabelText('Meeting Type'));
  expect(await screen.findByTitle('Sunday Service')).toBeInTheDocument();
  expect(screen.getByTitle('Choir Practice')).toBeInTheDocument();
  expect(screen.getAllByRole('option')[0]).toHaveAccessibleName('Select one');
});

it('shows a not-found page for an unknown meetings address', async () => {
  await open('/meetings/nowhere');
  expect(screen.getByText('Page not found')).toBeInTheDocument();
});

describe('as roles allow (issue 25)', () => {
  it('shows a viewer the meetings without Register Meeting nor Edit', async () => {
    signIn(['viewer']);
    await open('/meetings/default');
    expect(screen.getByRole('heading', { name: 'All Meetings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Meeting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it.each(['/meetings/new', '/meetings/edit/1', '/meetings/meetingtypes/new'])('shows NoAccess at %s to a viewer', async (path) => {
    signIn(['viewer']);
    await open(path);
    expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
    expect(fakeServer.recordRequests).toEqual([]);
  });

  it('shows NoAccess at the meetings to the messaging role, and asks the server nothing', async () => {
    signIn(['messaging']);
    await open('/meetings/meetingtypes');
    expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
    expect(fakeServer.pageRequests).toEqual([]);
  });
});
