import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { api } from '@ushirika/shared/api';
import type { Role, StaffMember } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { httpError } from '../../../shared/test/http-error';
import { signIn } from '../../../shared/test/roles';
import { useShownInvitation } from './invitation-link';
import { AddStaffPage } from './AddStaffPage';
import { StaffPage } from './StaffPage';

jest.mock('@ushirika/shared/api', () => {
  const actual = jest.requireActual<typeof import('@ushirika/shared/api')>('@ushirika/shared/api');
  const client = { get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() };
  return { ...actual, api: client, pageLoader: (path: string, key: string) => actual.pageLoader(path, key, client as never) };
});
const get = jest.mocked(api.get);
const post = jest.mocked(api.post);
const put = jest.mocked(api.put);
const remove = jest.mocked(api.delete);

/** What ky's calls give: `.json()` resolves to `body`, or rejects with `error`. */
const answers = (body: unknown) => ({ json: () => Promise.resolve(body) }) as never;
const fails = (error: unknown) => ({ json: () => Promise.reject(error) }) as never;

function member(id: number, name: string, roles: Role[], overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id,
    name,
    phone: `+2547120000${id}${id}`,
    email: null,
    roles,
    active: true,
    invitationPending: false,
    invitationExpiresAt: null,
    twoStep: false,
    lastSeenAt: null,
    createdAt: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

const amina = member(1, 'Amina Wanjiru', ['owner'], { email: 'amina@grace.test', twoStep: true });
const peter = member(2, 'Peter Mwangi', ['treasurer'], { twoStep: true });
const grace = member(3, 'Grace Achieng', ['secretary'], { invitationPending: true, invitationExpiresAt: '2999-01-01T00:00:00.000Z' });
const otieno = member(4, 'Otieno Odhiambo', ['viewer'], { active: false });
const LINK = 'https://grace.example/invitation#k2Jq9-secret';

let staff: StaffMember[];
beforeEach(() => {
  localStorage.clear();
  useShownInvitation.getState().clear();
  staff = [amina, peter, grace, otieno];
  for (const call of [get, post, put, remove]) call.mockReset();
  get.mockImplementation(((path: string) => {
    if (path === 'staff') return answers({ staff, total: staff.length });
    if (path === 'security') return answers({ requireTwoStep: false });
    return fails(httpError(404, { status_msg: 'Not found' }));
  }) as never);
});

const open = (path = '/settings/staff') =>
  renderScreen(
    <Routes>
      <Route path="/settings/staff" element={<StaffPage />} />
      <Route path="/settings/staff/new" element={<AddStaffPage />} />
    </Routes>,
    { path },
  );

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('Settings → Staff', () => {
  it('lists the staff with their roles, state and second step', async () => {
    signIn(['owner']);
    await open();
    expect(screen.getByRole('heading', { name: 'Staff' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Mobile',
      'Email',
      'Roles',
      'Status',
      'Two-step sign-in',
      'Actions',
    ]);
    expect(within(await rowOf('Amina Wanjiru')).getByText('Owner')).toBeInTheDocument();
    expect(within(await rowOf('Amina Wanjiru')).getByText('On')).toBeInTheDocument();
    expect(within(await rowOf('Peter Mwangi')).getByText('Treasurer')).toBeInTheDocument();
    expect(within(await rowOf('Grace Achieng')).getByText('Invited')).toBeInTheDocument();
    expect(within(await rowOf('Otieno Odhiambo')).getByText('Deactivated')).toBeInTheDocument();
    expect(within(await rowOf('Otieno Odhiambo')).getByRole('button', { name: /Reactivate/ })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('staff', expect.objectContaining({ searchParams: expect.objectContaining({ page: 1 }) }));
  });

  it('adds a member with their roles and shows the invitation link to copy', async () => {
    signIn(['owner']);
    const added = member(5, 'Mary Njeri', ['secretary', 'messaging'], { invitationPending: true, invitationExpiresAt: '2999-01-01T00:00:00.000Z' });
    post.mockReturnValue(answers({ status_msg: 'Mary Njeri was added and invited by SMS.', staff: added, invitationUrl: LINK }));
    const user = setupUser();
    await open();
    await user.click(await screen.findByRole('button', { name: /Add staff/ }));
    await expectPath('/settings/staff/new');
    expect(await screen.findByRole('heading', { name: 'Add a staff member' })).toBeInTheDocument();

    await user.fill('Name', 'Mary Njeri');
    await user.fill('Mobile number', '0712 345 678');
    await user.click(screen.getByRole('checkbox', { name: /Secretary/ }));
    await user.click(screen.getByRole('checkbox', { name: /Messaging/ }));
    staff = [...staff, added];
    await user.click(screen.getByRole('button', { name: /Submit/ }));

    const said = await findDialog('Awesome!');
    expect(within(said).getByText(/Staff member added/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('staff', { json: { name: 'Mary Njeri', phone: '+254712345678', email: '', roles: ['secretary', 'messaging'] } });
    await user.click(within(said).getByRole('button', { name: 'OK' }));
    await expectPath('/settings/staff');

    expect(await screen.findByText('Invitation link for Mary Njeri')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Invitation link' })).toHaveValue(LINK);
    await user.click(screen.getByRole('button', { name: /Copy/ }));
    expect(await screen.findByRole('button', { name: /Copied/ })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(LINK);
    expect(await rowOf('Mary Njeri')).toBeInTheDocument();
  });

  it('asks for a role before sending, keeping what was typed', async () => {
    signIn(['owner']);
    const user = setupUser();
    await open('/settings/staff/new');
    await user.fill('Name', 'Mary Njeri');
    await user.fill('Mobile number', '0712 345 678');
    await user.click(screen.getByRole('button', { name: /Submit/ }));
    expect(within(await findDialog('Error!')).getByText('Choose at least one role')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Mary Njeri');
  });

  it('changes a member’s roles', async () => {
    signIn(['owner']);
    put.mockReturnValue(answers({ status_msg: 'The roles of Grace Achieng were changed.', staff: { ...grace, roles: ['secretary', 'messaging'] } }));
    const user = setupUser();
    await open();
    await user.click(within(await rowOf('Grace Achieng')).getByRole('button', { name: /Roles/ }));
    const panel = await screen.findByRole('dialog', { name: 'Roles of Grace Achieng' });
    expect(within(panel).getByRole('checkbox', { name: /Secretary/ })).toBeChecked();
    await user.click(within(panel).getByRole('checkbox', { name: /Messaging/ }));
    await user.click(within(panel).getByRole('button', { name: /Save roles/ }));

    expect(within(await findDialog('Awesome!')).getByText('The roles of Grace Achieng were changed.')).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('staff/3', { json: { roles: ['secretary', 'messaging'] } });
  });

  it('deactivates after a confirmation, and shows the server’s refusal', async () => {
    signIn(['owner']);
    put.mockReturnValueOnce(answers({ status_msg: 'Grace Achieng was deactivated.', staff: { ...grace, active: false } }));
    const user = setupUser();
    await open();
    await user.click(within(await rowOf('Grace Achieng')).getByRole('button', { name: /Deactivate/ }));
    const question = await findDialog('Deactivate this staff member?');
    expect(put).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Deactivate' }));
    expect(within(await findDialog('Awesome!')).getByText('Grace Achieng was deactivated.')).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('staff/3', { json: { active: false } });
    await user.click(within(await findDialog('Awesome!')).getByRole('button', { name: 'OK' }));

    put.mockReturnValueOnce(fails(httpError(409, { status_msg: 'A partner keeps at least one active owner.' })));
    await user.click(within(await rowOf('Peter Mwangi')).getByRole('button', { name: /Deactivate/ }));
    await user.click(within(await findDialog('Deactivate this staff member?')).getByRole('button', { name: 'Deactivate' }));
    expect(within(await findDialog('Error!')).getByText('A partner keeps at least one active owner.')).toBeInTheDocument();
  });

  it('reactivates, issues a new link and resets a second step', async () => {
    signIn(['owner']);
    put.mockReturnValue(answers({ status_msg: 'Otieno Odhiambo was reactivated.', staff: { ...otieno, active: true } }));
    post.mockReturnValue(answers({ status_msg: 'A new link was sent to Grace Achieng.', staff: grace, invitationUrl: LINK }));
    remove.mockReturnValue(answers({ status_msg: 'The two-step sign-in of Peter Mwangi was reset.', staff: { ...peter, twoStep: false } }));
    const user = setupUser();
    await open();

    await user.click(within(await rowOf('Otieno Odhiambo')).getByRole('button', { name: /Reactivate/ }));
    await user.click(within(await findDialog('Reactivate this staff member?')).getByRole('button', { name: 'Reactivate' }));
    await user.click(within(await findDialog('Awesome!')).getByRole('button', { name: 'OK' }));
    expect(put).toHaveBeenCalledWith('staff/4', { json: { active: true } });

    await user.click(within(await rowOf('Grace Achieng')).getByRole('button', { name: /New link/ }));
    await user.click(within(await findDialog('Send a new invitation link?')).getByRole('button', { name: 'Send a new link' }));
    await user.click(within(await findDialog('Awesome!')).getByRole('button', { name: 'OK' }));
    expect(post).toHaveBeenCalledWith('staff/3/invitation');
    expect(screen.getByRole('textbox', { name: 'Invitation link' })).toHaveValue(LINK);

    await user.click(within(await rowOf('Peter Mwangi')).getByRole('button', { name: /Reset two-step/ }));
    await user.click(within(await findDialog('Reset their two-step sign-in?')).getByRole('button', { name: 'Reset' }));
    expect(within(await findDialog('Awesome!')).getByText('The two-step sign-in of Peter Mwangi was reset.')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith('staff/2/two-step');
  });

  it('lets an administrator manage staff but not owners and treasurers', async () => {
    signIn(['administrator']);
    const user = setupUser();
    await open();
    const peterRow = await rowOf('Peter Mwangi');
    expect(within(peterRow).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    expect(within(peterRow).queryByRole('button', { name: /Reset two-step/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Grace Achieng')).getByRole('button', { name: /Deactivate/ })).toBeInTheDocument();
    // The partner's two-step rule is the owners' alone.
    expect(screen.queryByText('Require two-step sign-in for owners and treasurers')).not.toBeInTheDocument();

    await user.click(within(peterRow).getByRole('button', { name: /Roles/ }));
    const panel = await screen.findByRole('dialog', { name: 'Roles of Peter Mwangi' });
    expect(within(panel).getByRole('checkbox', { name: /Treasurer/ })).toBeDisabled();
    expect(within(panel).getByRole('checkbox', { name: /Treasurer/ })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /Owner/ })).toBeDisabled();
    expect(within(panel).getByRole('checkbox', { name: /Secretary/ })).toBeEnabled();
    expect(within(panel).getByText('Only an owner can give or take away the Owner and Treasurer roles.')).toBeInTheDocument();
  });

  it('offers an administrator’s new member every role but owner and treasurer, each with what it may do', async () => {
    signIn(['administrator']);
    await open('/settings/staff/new');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent?.split(' — ')[0])).toEqual([
      'Owner',
      'Administrator',
      'Treasurer',
      'Finance clerk',
      'Secretary',
      'Messaging',
      'Viewer',
    ]);
    expect(boxes.filter((box) => (box as HTMLInputElement).disabled)).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /Owner/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Treasurer/ })).toBeDisabled();
    expect(screen.getByText(/Records income and expenses and allocates M-Pesa payments/)).toBeInTheDocument();
  });

  it('offers an etracker partner its four roles', async () => {
    signIn(['owner'], { firstName: 'Tom', lastName: 'Kariuki', email: 'tom@duka.test', Partner: { id: 9, name: 'Duka', product: 'etracker', country: 'KE' } });
    await open('/settings/staff/new');
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent?.split(' — ')[0])).toEqual(['Owner', 'Treasurer', 'Finance clerk', 'Viewer']);
    expect(screen.getByRole('checkbox', { name: /Owner/ })).toBeEnabled();
  });

  it('lets an owner require two-step sign-in after a confirmation', async () => {
    signIn(['owner']);
    put.mockReturnValue(answers({ status_msg: 'Owners and treasurers now sign in with a code from their authenticator app.', requireTwoStep: true }));
    const user = setupUser();
    await open();
    const rule = await screen.findByRole('checkbox', { name: 'Require two-step sign-in for owners and treasurers' });
    expect(rule).not.toBeChecked();
    await user.click(rule);
    await user.click(within(await findDialog('Require two-step sign-in?')).getByRole('button', { name: 'Require it' }));
    expect(within(await findDialog('Awesome!')).getByText('Owners and treasurers now sign in with a code from their authenticator app.')).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('security', { json: { requireTwoStep: true } });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Require two-step sign-in for owners and treasurers' })).toBeChecked());
  });
});
