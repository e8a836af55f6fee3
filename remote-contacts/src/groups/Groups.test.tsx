import { screen, within } from '@testing-library/react';
import { fakeServer } from '../../../shared/test/fake-api';
import { expectPath, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { loadGroupMembers } from '../group-members/api';
import { expectFormScreen, expectListScreen } from '../../../shared/test/screens';
import AreaRoutes from '../routes';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
jest.mock('../group-members/api', () => ({ loadGroupMembers: jest.fn(), loadAllGroupMembers: jest.fn(), saveGroupMembers: jest.fn() }));
const loadMembers = jest.mocked(loadGroupMembers);

/*
 * Groups and group types as the spec names them (2.8, 2.9), and what the groups list adds to the kit's:
 * 'View Members', 'Group Members' and the legacy edit path. How lists and forms behave is the kit's
 * (shared/src/ui/resource), tested there once; messages are the schemas'.
 */
const partner = { name: 'Grace Community Church' };
const choir = {
  id: 4,
  name: 'Youth Choir',
  description: 'Sings at the second service',
  brandName: 'Grace Voices',
  groupType: 2,
  createdAt: '2026-01-10T10:00:00Z',
  Partner: partner,
};

const open = (path: string) => renderScreen(<AreaRoutes base="contacts" />, { path, route: '/contacts/*' });

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  localStorage.clear();
  sessionStorage.clear();
  fakeServer.reset();
  fakeServer.rows.set('groups', [choir]);
  fakeServer.rows.set('group_types', [
    { id: 1, name: 'Fellowship', description: 'Home groups', createdAt: '2026-01-05T08:00:00Z', Partner: partner },
    { id: 2, name: 'Ministry', description: 'Serving teams', createdAt: '2026-01-06T08:00:00Z', Partner: partner },
  ]);
  loadMembers.mockResolvedValue({ rows: [], total: 0 });
});

it.each([
  ['/contacts/grouptypes', 'Group Types', 'New Group Type', ['Organisation', 'Group Type Name', 'Description', 'Date Added', 'Edit']],
  ['/contacts/groups', 'Groups', 'New Group', ['Organisation', 'Group Name', 'Description', 'Date Added', 'View Members', 'Edit']],
])('%s is %s with its add button and the spec columns', async (path, title, add, columns) => {
  await open(path);
  expectListScreen(title, add, columns);
});

it.each([
  ['/contacts/grouptypes/new', 'New Group Type', ['Type Name', 'Description']],
  ['/contacts/groups/new', 'New Group', ['Group Type', 'Name', 'Description', 'Brand Name']],
])('%s is the form %s with the spec fields in order', async (path, title, fields) => {
  expectFormScreen((await open(path)).container, title, fields);
});

it("opens the members of the row's group from 'View Members'", async () => {
  await open('/contacts/groups');
  const row = (await screen.findByText('Youth Choir')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'View Members' }));
  await expectPath('/contacts/groups/members/4');
  expect(await screen.findByRole('heading', { name: 'Youth Choir Members' })).toBeInTheDocument();
  expect(loadMembers).toHaveBeenCalledWith(4, expect.objectContaining({ page: 1, pagesize: 15 }), expect.any(AbortSignal));
});

it("goes from 'Group Members' to the members of the group viewed last in this tab, else asks to choose one", async () => {
  const first = await open('/contacts/groups');
  await user.click(screen.getByRole('button', { name: 'Group Members' }));
  await expectPath('/contacts/groups/members');
  expect(screen.getByText('Nothing selected')).toBeInTheDocument();
  first.unmount();

  const second = await open('/contacts/groups');
  const row = (await screen.findByText('Youth Choir')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'View Members' }));
  await screen.findByRole('heading', { name: 'Youth Choir Members' });
  second.unmount();
  await open('/contacts/groups');
  await user.click(screen.getByRole('button', { name: 'Group Members' }));
  await expectPath('/contacts/groups/members/4');
});

it('opens the edit form of the group chosen in the list, and at the legacy /contacts/sgroups/edit too', async () => {
  const list = await open('/contacts/groups');
  const row = (await screen.findByText('Youth Choir')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Edit' }));
  await expectPath('/contacts/groups/edit/4');
  expect(await screen.findByLabelText('Brand Name')).toHaveValue('Grace Voices');
  list.unmount();

  await open('/contacts/sgroups/edit/4');
  expect(await screen.findByRole('heading', { name: 'Edit Group' })).toBeInTheDocument();
  expect(screen.getByLabelText('Brand Name')).toHaveValue('Grace Voices');
});
