import { screen, within } from '@testing-library/react';
import type { Group } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { loadGroupMembers } from '../group-members/api';
import { groupTypeOptions } from '../group-types/api';
import AreaRoutes from '../routes';
import { loadGroups, saveGroup } from './api';

jest.mock('./api', () => ({ loadGroups: jest.fn(), saveGroup: jest.fn() }));
jest.mock('../group-types/api', () => ({ loadGroupTypes: jest.fn(), saveGroupType: jest.fn(), groupTypeOptions: jest.fn() }));
jest.mock('../group-members/api', () => ({ loadGroupMembers: jest.fn(), loadAllGroupMembers: jest.fn(), saveGroupMembers: jest.fn() }));
const load = jest.mocked(loadGroups);
const save = jest.mocked(saveGroup);
const typeOptions = jest.mocked(groupTypeOptions);
const loadMembers = jest.mocked(loadGroupMembers);

const choir: Group = {
  id: 4,
  name: 'Youth Choir',
  description: 'Sings at the second service',
  brandName: 'Grace Voices',
  groupType: 2,
  createdAt: '2026-01-10T10:00:00Z',
  Partner: { name: 'Grace Community Church' },
};

const open = (path: string, state?: unknown) => renderWithApp(<AreaRoutes base="contacts" />, { path, state, route: '/contacts/*' });

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  jest.clearAllMocks();
  localStorage.clear();
  load.mockResolvedValue({ rows: [choir], total: 1 });
  save.mockResolvedValue({ status_msg: 'New group saved successfully!' });
  loadMembers.mockResolvedValue({ rows: [], total: 0 });
  typeOptions.mockResolvedValue([
    { value: 1, label: 'Fellowship' },
    { value: 2, label: 'Ministry' },
  ]);
});

describe('Groups list', () => {
  it('lists groups with the spec columns', async () => {
    open('/contacts/groups');
    expect(screen.getByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    const row = (await screen.findByText('Youth Choir')).closest('tr')!;
    for (const text of ['Grace Community Church', 'Sings at the second service', 'Jan 10, 2026']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    for (const column of ['Organisation', 'Group Name', 'Description', 'Date Added', 'View Members', 'Edit']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
  });

  it("opens the new form from 'New Group'", async () => {
    open('/contacts/groups');
    await user.click(screen.getByRole('button', { name: 'New Group' }));
    await expectPath('/contacts/groups/new');
    expect(screen.getByRole('heading', { name: 'New Group' })).toBeInTheDocument();
  });

  it("opens the members of the row's group from 'View Members'", async () => {
    open('/contacts/groups');
    const row = (await screen.findByText('Youth Choir')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'View Members' }));
    await expectPath('/contacts/groups/members');
    expect(await screen.findByRole('heading', { name: 'Youth Choir Members' })).toBeInTheDocument();
    expect(loadMembers).toHaveBeenCalledWith(4, expect.objectContaining({ page: 1, pagesize: 15 }), expect.any(AbortSignal));
  });

  it("goes to the members list from 'Group Members'", async () => {
    open('/contacts/groups');
    await user.click(screen.getByRole('button', { name: 'Group Members' }));
    await expectPath('/contacts/groups/members');
  });
});

describe('Group form', () => {
  it('shows our messages for the group type and the brand name (not the spec slips)', async () => {
    open('/contacts/groups/new');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of ['Group type is required', 'Name is required', 'Description is required', 'Brand name is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Gender is required')).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("saves a new group with POST, says 'Awesome!' and returns to Groups", async () => {
    open('/contacts/groups/new');
    await user.click(screen.getByLabelText('Group Type'));
    await user.click(await screen.findByTitle('Fellowship'));
    await user.fill('Name', 'Men of Grace');
    await user.fill('Description', 'Monthly breakfast');
    await user.fill('Brand Name', 'MOG');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('New group saved successfully!')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ groupType: 1, name: 'Men of Grace', description: 'Monthly breakfast', brandName: 'MOG' }, undefined);
    expect(typeOptions).toHaveBeenCalledTimes(1);
    await expectPath('/contacts/groups');
  });

  it.each(['/contacts/groups/edit', '/contacts/sgroups/edit'])('edits the group handed over at %s and saves it with its id', async (path) => {
    open(path, { record: choir });
    expect(await screen.findByRole('heading', { name: 'Edit Group' })).toBeInTheDocument();
    expect(screen.getByLabelText('Brand Name')).toHaveValue('Grace Voices');
    await user.fill('Description', 'Sings at both services');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith({ groupType: 2, name: 'Youth Choir', description: 'Sings at both services', brandName: 'Grace Voices' }, 4);
  });

  it("opens the list's Edit at /contacts/groups/edit with the row", async () => {
    open('/contacts/groups');
    const row = (await screen.findByText('Youth Choir')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await expectPath('/contacts/groups/edit');
    expect(screen.getByLabelText('Name')).toHaveValue('Youth Choir');
  });
});
