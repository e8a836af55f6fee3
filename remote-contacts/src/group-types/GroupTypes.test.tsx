import { screen, within } from '@testing-library/react';
import type { GroupType } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import AreaRoutes from '../routes';
import { loadGroupTypes, saveGroupType } from './api';

jest.mock('./api', () => ({ loadGroupTypes: jest.fn(), saveGroupType: jest.fn(), groupTypeOptions: jest.fn() }));
const load = jest.mocked(loadGroupTypes);
const save = jest.mocked(saveGroupType);

const fellowship: GroupType = {
  id: 3,
  name: 'Fellowship',
  description: 'Small groups meeting at home',
  createdAt: '2026-01-05T08:00:00Z',
  Partner: { name: 'Grace Community Church' },
};

const open = (path: string, state?: unknown) => renderWithApp(<AreaRoutes base="contacts" />, { path, state, route: '/contacts/*' });

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  jest.clearAllMocks();
  localStorage.clear();
  load.mockResolvedValue({ rows: [fellowship], total: 1 });
  save.mockResolvedValue({ status_msg: 'New group type saved successfully!' });
});

describe('Group Types', () => {
  it('lists the group types with the spec columns', async () => {
    open('/contacts/grouptypes');
    expect(screen.getByRole('heading', { name: 'Group Types' })).toBeInTheDocument();
    const row = (await screen.findByText('Fellowship')).closest('tr')!;
    expect(within(row).getByText('Grace Community Church')).toBeInTheDocument();
    expect(within(row).getByText('Small groups meeting at home')).toBeInTheDocument();
    expect(within(row).getByText('Jan 5, 2026')).toBeInTheDocument();
    for (const column of ['Organisation', 'Group Type Name', 'Description', 'Date Added', 'Edit']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
  });

  it('shows the spec messages, then saves a new type and returns to the list', async () => {
    open('/contacts/grouptypes');
    await user.click(screen.getByRole('button', { name: 'New Group Type' }));
    await expectPath('/contacts/grouptypes/new');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();

    await user.fill('Type Name', 'Ministry');
    await user.fill('Description', 'x');
    await user.tab();
    expect(await screen.findByText('Description must be at least 2 characters')).toBeInTheDocument();
    await user.fill('Description', 'Serving teams');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('New group type saved successfully!')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ name: 'Ministry', description: 'Serving teams' }, undefined);
    await expectPath('/contacts/grouptypes');
  });

  it('edits the type chosen in the list with its id', async () => {
    open('/contacts/grouptypes');
    const row = (await screen.findByText('Fellowship')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: 'Edit Group Type' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type Name')).toHaveValue('Fellowship');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith({ name: 'Fellowship', description: 'Small groups meeting at home' }, 3);
  });

  it('says nothing is selected when the edit screen is opened without a record', () => {
    open('/contacts/grouptypes/edit');
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
  });
});
