import { screen, waitFor, within } from '@testing-library/react';
import type { Group, GroupMember, Member } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { httpError } from '../../../shared/test/http-error';
import { fakeServer } from '../../../shared/test/fake-api';
import { loadContacts } from '../contacts/api';
import AreaRoutes from '../routes';
import { loadAllGroupMembers, loadGroupMembers, saveGroupMembers } from './api';

jest.mock('./api', () => ({ loadGroupMembers: jest.fn(), loadAllGroupMembers: jest.fn(), saveGroupMembers: jest.fn() }));
jest.mock('../contacts/api', () => ({ loadContacts: jest.fn(), exportContacts: jest.fn() }));
// The screens read their group with GET /groups/{id}: served from fakeServer.
jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
const loadMembers = jest.mocked(loadGroupMembers);
const loadAll = jest.mocked(loadAllGroupMembers);
const save = jest.mocked(saveGroupMembers);
const contacts = jest.mocked(loadContacts);

const choir: Group = {
  id: 4,
  name: 'Youth Choir',
  description: 'Sings at the second service',
  brandName: 'Grace Voices',
  groupType: 2,
  createdAt: '2026-01-10T10:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 1,
};

const contact = (id: number, firstName: string, lastName: string, phone: string): Member => ({
  id,
  firstName,
  lastName,
  gender: 'F',
  phone,
  email: '',
  residence: 'Nakuru',
  createdAt: '2026-01-01T00:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 1,
  archivedAt: null,
  erased: false,
  dateOfBirth: null,
  membershipStatus: '',
  maritalStatus: '',
  externalId: '',
  household: null,
});
const jane = contact(12, 'Jane', 'Wanjiku', '+254712345678');
const mary = contact(40, 'Mary', 'Achieng', '+254733444555');
const ruth = contact(41, 'Ruth', 'Njeri', '+254700111222');

const asMember = ({ id, firstName, lastName, gender, phone, email }: Member): GroupMember => ({
  MemberId: id,
  Member: { firstName, lastName, gender, phone, email },
  createdAt: '2026-02-01T12:00:00Z',
});

const open = (path: string) => renderWithApp(<AreaRoutes base="contacts" />, { path, route: '/contacts/*' });
const list = (name: string) => screen.getByRole('list', { name });
const names = (name: string) =>
  within(list(name))
    .getAllByRole('button')
    .map((item) => item.textContent);

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  fakeServer.reset();
  fakeServer.rows.set('groups', [choir]);
  loadMembers.mockResolvedValue({ rows: [asMember(jane)], total: 1 });
  loadAll.mockResolvedValue([asMember(jane)]);
  contacts.mockResolvedValue({ rows: [jane, mary, ruth], total: 3 });
  save.mockResolvedValue({ status_msg: 'Group members saved successfully!' });
});

describe('Group members list', () => {
  it("is titled '{group name} Members' and shows the members with the contact columns", async () => {
    open('/contacts/groups/members/4');
    expect(await screen.findByRole('heading', { name: 'Youth Choir Members' })).toBeInTheDocument();
    const row = (await screen.findByText('Wanjiku')).closest('tr')!;
    for (const text of ['Jane', 'Female', '+254712345678', 'Feb 1, 2026']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    for (const column of ['First Name', 'Last Name', 'Gender', 'Mobile', 'Email', 'Date Added']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(loadMembers).toHaveBeenCalledWith(4, expect.objectContaining({ page: 1, pagesize: 15 }), expect.any(AbortSignal));
  });

  it("links each member's names to their page (issue 28.1)", async () => {
    open('/contacts/groups/members/4');
    expect(await screen.findByRole('link', { name: 'Wanjiku' })).toHaveAttribute('href', '/contacts/people/12');
    expect(screen.getByRole('link', { name: 'Jane' })).toHaveAttribute('href', '/contacts/people/12');
  });

  it("opens the membership editor of the same group from 'Edit this group'", async () => {
    open('/contacts/groups/members/4');
    await user.click(await screen.findByRole('button', { name: 'Edit this group' }));
    await expectPath('/contacts/groupmembers/edit/4');
    expect(await screen.findByRole('list', { name: 'Group Members' })).toBeInTheDocument();
    expect(loadAll).toHaveBeenCalledWith(4, expect.any(AbortSignal));
  });

  it('says nothing is selected, with the way back to the groups, when no group was chosen', async () => {
    open('/contacts/groups/members');
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await expectPath('/contacts/groups');
  });
});

describe('Group membership editor', () => {
  const openEditor = async () => {
    open('/contacts/groupmembers/edit/4');
    await screen.findByRole('list', { name: 'Group Members' });
    await screen.findByRole('list', { name: 'All Contacts' });
  };

  it('lists the first 25 contacts on the left and searches them', async () => {
    await openEditor();
    expect(contacts).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pagesize: 25, searchKey: '' }), expect.any(AbortSignal));
    await user.click(screen.getByPlaceholderText('Search All Contacts'));
    await user.paste('Mary');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(contacts).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, pagesize: 25, searchKey: 'Mary' }), expect.any(AbortSignal)));
  });

  it('adds a clicked contact to the group once, at the end', async () => {
    await openEditor();
    expect(names('Group Members')).toEqual([expect.stringContaining('Jane Wanjiku')]);

    const all = list('All Contacts');
    await user.click(within(all).getByRole('button', { name: /Mary Achieng/ }));
    await user.click(within(all).getByRole('button', { name: /Mary Achieng/ }));
    await user.click(within(all).getByRole('button', { name: /Jane Wanjiku/ }));
    expect(names('Group Members')).toEqual([expect.stringContaining('Jane Wanjiku'), expect.stringContaining('Mary Achieng')]);
    expect(save).not.toHaveBeenCalled();
  });

  it("asks before removing a member: Cancel keeps them, 'Yes!' removes them, and nothing is saved yet", async () => {
    await openEditor();
    await user.click(within(list('Group Members')).getByRole('button', { name: /Jane Wanjiku/ }));
    const question = await findDialog('Are you sure you want to discard a member from this group?');
    expect(within(question).getByText('Member will be removed')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names('Group Members')).toHaveLength(1);

    await user.click(within(list('Group Members')).getByRole('button', { name: /Jane Wanjiku/ }));
    await user.click(within(await findDialog('Are you sure you want to discard a member from this group?')).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Group Members' })).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("saves the joined ids on 'Save group changes', says so and shows the group's members", async () => {
    await openEditor();
    const all = list('All Contacts');
    await user.click(within(all).getByRole('button', { name: /Mary Achieng/ }));
    await user.click(within(all).getByRole('button', { name: /Ruth Njeri/ }));
    await user.click(screen.getByRole('button', { name: 'Save group changes' }));

    expect(within(await findDialog('Awesome!')).getByText('Group members saved successfully!')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith(choir, [12, 40, 41]);
    await expectPath('/contacts/groups/members/4');
    expect(await screen.findByRole('heading', { name: 'Youth Choir Members' })).toBeInTheDocument();
  });

  it("shows 'Error!' when saving fails and keeps the unsaved selection", async () => {
    save.mockRejectedValue(httpError(400, { status_msg: 'Selected members must be contact ids separated by commas' }));
    await openEditor();
    await user.click(within(list('All Contacts')).getByRole('button', { name: /Ruth Njeri/ }));
    await user.click(screen.getByRole('button', { name: 'Save group changes' }));

    expect(within(await findDialog('Error!')).getByText('Selected members must be contact ids separated by commas')).toBeInTheDocument();
    await expectPath('/contacts/groupmembers/edit/4');
    expect(names('Group Members')).toEqual([expect.stringContaining('Jane Wanjiku'), expect.stringContaining('Ruth Njeri')]);
    expect(screen.getByRole('button', { name: 'Save group changes' })).toBeEnabled();
  });

  it('says who changed the group since the editor opened, saves nothing over it, and starts again from the group as it is now on Reload', async () => {
    save.mockRejectedValue(httpError(409, { status_msg: 'Grace Atieno changed…', changedBy: 'Grace Atieno', changedAt: '2026-02-15T06:00:00Z', version: 2 }));
    await openEditor();
    await user.click(within(list('All Contacts')).getByRole('button', { name: /Ruth Njeri/ }));
    // Meanwhile Grace added Mary.
    fakeServer.rows.set('groups', [{ ...choir, version: 2 }]);
    loadAll.mockResolvedValue([asMember(jane), asMember(mary)]);
    await user.click(screen.getByRole('button', { name: 'Save group changes' }));

    const dialog = await findDialog('Changed by someone else');
    expect(within(dialog).getByText(/^Grace Atieno changed this record at /)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(names('Group Members')).toEqual([expect.stringContaining('Jane Wanjiku'), expect.stringContaining('Mary Achieng')]));
    save.mockResolvedValue({ status_msg: 'Group members saved successfully!' });
    await user.click(screen.getByRole('button', { name: 'Save group changes' }));
    await findDialog('Awesome!');
    expect(save).toHaveBeenLastCalledWith({ ...choir, version: 2 }, [12, 40]);
  });

  it('refuses to save when the current members could not be loaded, so the group is never emptied by mistake', async () => {
    loadAll.mockRejectedValue(httpError(500, { status_msg: 'Something went wrong on the server. Please try again.' }));
    open('/contacts/groupmembers/edit/4');
    expect(await screen.findByText('Something went wrong on the server. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save group changes' })).toBeDisabled();
  });

  it('says nothing is selected when opened without a group', () => {
    open('/contacts/groupmembers/edit');
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
  });
});

describe('as roles allow (issue 25)', () => {
  it("shows a viewer the members without 'Edit this group'", async () => {
    signIn(['viewer']);
    open('/contacts/groups/members/4');
    await screen.findByText('Wanjiku');
    expect(screen.queryByRole('button', { name: 'Edit this group' })).not.toBeInTheDocument();
  });

  it('shows NoAccess at the membership editor to a viewer, and loads nothing', async () => {
    signIn(['viewer']);
    open('/contacts/groupmembers/edit/4');
    expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
    expect(loadAll).not.toHaveBeenCalled();
    expect(fakeServer.recordRequests).toEqual([]);
  });
});
