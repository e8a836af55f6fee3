import { screen, within } from '@testing-library/react';
import type { MeetingType } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { httpError } from '../../../shared/test/http-error';
import AreaRoutes from '../routes';
import { loadMeetingTypes, saveMeetingType } from './api';

jest.mock('./api', () => ({ loadMeetingTypes: jest.fn(), saveMeetingType: jest.fn(), meetingTypeOptions: jest.fn() }));
const load = jest.mocked(loadMeetingTypes);
const save = jest.mocked(saveMeetingType);

const sundayService: MeetingType = {
  id: 1,
  name: 'Sunday Service',
  description: 'Main weekly service',
  createdAt: '2026-01-04T08:00:00Z',
  Partner: { name: 'Grace Community Church' },
};

const open = (path: string, state?: unknown) => renderWithApp(<AreaRoutes base="meetings" />, { path, state, route: '/meetings/*' });

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  jest.clearAllMocks();
  localStorage.clear();
  load.mockResolvedValue({ rows: [sundayService], total: 1 });
  save.mockResolvedValue({ status_msg: 'New meeting type saved successfully!' });
});

describe('Meeting Types list', () => {
  it('lists the meeting types of the partner, 15 to a page', async () => {
    open('/meetings/meetingtypes');
    expect(screen.getByRole('heading', { name: 'Meeting Types' })).toBeInTheDocument();
    const row = (await screen.findByText('Sunday Service')).closest('tr')!;
    expect(within(row).getByText('Grace Community Church')).toBeInTheDocument();
    expect(within(row).getByText('Main weekly service')).toBeInTheDocument();
    expect(within(row).getByText('Jan 4, 2026')).toBeInTheDocument();
    for (const column of ['Organisation', 'Meeting Type Name', 'Description', 'Date Added', 'Edit']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pagesize: 15 }), expect.any(AbortSignal));
  });

  it("opens the new form from 'New Meeting Type'", async () => {
    open('/meetings/meetingtypes');
    await user.click(screen.getByRole('button', { name: 'New Meeting Type' }));
    await expectPath('/meetings/meetingtypes/new');
    expect(screen.getByRole('heading', { name: 'New Meeting Type' })).toBeInTheDocument();
  });
});

describe('Meeting type form', () => {
  it('shows the spec messages when Submit is pressed with bad input', async () => {
    open('/meetings/meetingtypes/new');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();

    await user.fill('Description', 'x');
    await user.tab();
    expect(await screen.findByText('Description must be at least 2 characters')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("saves a new type, says 'Awesome!' and returns to the list", async () => {
    open('/meetings/meetingtypes/new');
    await user.fill('Type Name', '  Choir Practice ');
    await user.fill('Description', 'Thursday evening rehearsal');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('New meeting type saved successfully!')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ name: 'Choir Practice', description: 'Thursday evening rehearsal' }, undefined);
    await expectPath('/meetings/meetingtypes');
  });

  it('edits the type chosen in the list', async () => {
    open('/meetings/meetingtypes');
    const row = (await screen.findByText('Sunday Service')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));

    expect(screen.getByRole('heading', { name: 'Edit Meeting Type' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type Name')).toHaveValue('Sunday Service');
    await user.fill('Description', 'Main service at 10:00');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith({ name: 'Sunday Service', description: 'Main service at 10:00' }, 1);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    save.mockRejectedValue(httpError(409, { status_msg: 'A meeting type with this name already exists' }));
    open('/meetings/meetingtypes/new');
    await user.fill('Type Name', 'Sunday Service');
    await user.fill('Description', 'Again');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Error!')).getByText('A meeting type with this name already exists')).toBeInTheDocument();
    await expectPath('/meetings/meetingtypes/new');
    expect(screen.getByLabelText('Type Name')).toHaveValue('Sunday Service');
    expect(screen.getByLabelText('Description')).toHaveValue('Again');
  });

  it('returns to the list on Cancel without saving', async () => {
    open('/meetings/meetingtypes/new');
    await user.fill('Type Name', 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expectPath('/meetings/meetingtypes');
    expect(save).not.toHaveBeenCalled();
  });

  it('says nothing is selected when the edit screen is opened without a record', () => {
    open('/meetings/meetingtypes/edit');
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the list' })).toBeInTheDocument();
  });
});

describe('meetings area routes', () => {
  it('shows a not-found page for an unknown meetings address', () => {
    open('/meetings/nowhere');
    expect(screen.getByText('Page not found')).toBeInTheDocument();
  });
});
