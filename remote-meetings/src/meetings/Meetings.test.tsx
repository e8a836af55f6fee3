import { fireEvent, screen, within } from '@testing-library/react';
import type { Meeting } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { httpError } from '../../../shared/test/http-error';
import { meetingTypeOptions } from '../meeting-types/api';
import AreaRoutes from '../routes';
import { loadMeetings, saveMeeting } from './api';

jest.mock('./api', () => ({ loadMeetings: jest.fn(), saveMeeting: jest.fn() }));
jest.mock('../meeting-types/api', () => ({ loadMeetingTypes: jest.fn(), saveMeetingType: jest.fn(), meetingTypeOptions: jest.fn() }));
const load = jest.mocked(loadMeetings);
const save = jest.mocked(saveMeeting);
const typeOptions = jest.mocked(meetingTypeOptions);

const harvest: Meeting = {
  id: 9,
  meeting_type: 1,
  MeetingType: { name: 'Sunday Service' },
  dateOfMeeting: '2026-03-01',
  startTime: '10:00',
  endTime: '12:30',
  actualAttendance: 240,
  expectedAttendance: 250,
  facilitator: 'Pastor Mwangi',
  speaker: 'Rev. Achieng',
  subject: 'Harvest thanksgiving',
  totalOffering: '48250.50',
  notes: 'Choir led worship',
  createdAt: '2026-03-01T13:00:00Z',
};

const open = (path: string, state?: unknown) => renderWithApp(<AreaRoutes base="meetings" />, { path, state, route: '/meetings/*' });

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  jest.clearAllMocks();
  localStorage.clear();
  load.mockResolvedValue({ rows: [harvest], total: 1 });
  save.mockResolvedValue({ status_msg: 'New meeting saved successfully!' });
  typeOptions.mockResolvedValue([
    { value: 1, label: 'Sunday Service' },
    { value: 2, label: 'Midweek Fellowship' },
  ]);
});

/** Native date and time inputs: jsdom has no picker to click, so the value is set as the picker would. */
const pick = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The meeting type the select shows (antd puts the chosen label in the title of the input's box). */
const shownMeetingType = () => screen.getByLabelText('Meeting Type').parentElement;

async function chooseMeetingType(name: string) {
  await user.click(screen.getByLabelText('Meeting Type'));
  await user.click(await screen.findByTitle(name));
}

async function fillMeeting() {
  await chooseMeetingType('Midweek Fellowship');
  pick('Date of meeting', '2026-03-04');
  pick('Start time', '18:00');
  pick('End time', '19:30');
  await user.fill('Attendance', '42');
  await user.fill('Expected attendance', '50');
  await user.fill('Occasion', 'Bible study');
  await user.fill('Facilitator', 'Deacon Otieno');
  await user.fill('Speaker', 'Sister Njeri');
  await user.fill('Total offering', '3150.75');
  await user.fill('Additional Notes', 'Book of Ruth');
}

describe('All Meetings', () => {
  it('lists meetings with the spec columns and an Edit action', async () => {
    open('/meetings/default');
    expect(screen.getByRole('heading', { name: 'All Meetings' })).toBeInTheDocument();
    const row = (await screen.findByText('Harvest thanksgiving')).closest('tr')!;
    for (const text of ['Sunday Service', 'Mar 1, 2026', '10:00', '12:30', '240', '250', 'Pastor Mwangi']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    for (const column of ['Meeting Type', 'Date of Meeting', 'Start Time', 'End Time', 'Attendance', 'Expected', 'Facilitator', 'Subject', 'Edit']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
  });

  it("opens the register form from 'Register Meeting'", async () => {
    open('/meetings/default');
    await user.click(screen.getByRole('button', { name: 'Register Meeting' }));
    await expectPath('/meetings/new');
    expect(screen.getByRole('heading', { name: 'Register Meeting' })).toBeInTheDocument();
  });
});

describe('Register Meeting', () => {
  it("offers 'Select one' first, then the partner's meeting types", async () => {
    open('/meetings/new');
    expect(shownMeetingType()).toHaveAttribute('title', 'Select one');
    await user.click(screen.getByLabelText('Meeting Type'));
    expect(await screen.findByTitle('Sunday Service')).toBeInTheDocument();
    expect(screen.getByTitle('Midweek Fellowship')).toBeInTheDocument();
    expect(screen.getAllByRole('option')[0]).toHaveAccessibleName('Select one');
  });

  it('shows every validation message of the meeting form on an empty submit', async () => {
    open('/meetings/new');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of [
      'Meeting type is required',
      'Date of Meeting is required',
      'Start time is required',
      'End time is required',
      'Attendance is required',
      'Expected Attendance is required',
      'Occasion is required',
      'Facilitator is required',
      'Speaker is required',
      'Total Offering is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses an end time before the start time', async () => {
    open('/meetings/new');
    pick('Start time', '18:00');
    pick('End time', '17:00');
    fireEvent.blur(screen.getByLabelText('End time'));
    expect(await screen.findByText('End time must be after the start time')).toBeInTheDocument();
  });

  it("saves exactly the contract's fields, says 'Awesome!' and returns to All Meetings", async () => {
    open('/meetings/new');
    await fillMeeting();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('New meeting saved successfully!')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    const [body, id] = save.mock.calls[0]!;
    expect(id).toBeUndefined();
    expect(body).toStrictEqual({
      meeting_type: 2,
      dateOfMeeting: '2026-03-04',
      startTime: '18:00',
      endTime: '19:30',
      actualAttendance: 42,
      expectedAttendance: 50,
      subject: 'Bible study',
      facilitator: 'Deacon Otieno',
      speaker: 'Sister Njeri',
      totalOffering: '3150.75',
      notes: 'Book of Ruth',
    });
    await expectPath('/meetings/default');
  });

  it("shows the server's status_msg in 'Error!' and keeps every value typed", async () => {
    save.mockRejectedValue(httpError(400, { status_msg: 'Choose a meeting type from the list' }));
    open('/meetings/new');
    await fillMeeting();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Error!')).getByText('Choose a meeting type from the list')).toBeInTheDocument();
    await expectPath('/meetings/new');
    expect(shownMeetingType()).toHaveAttribute('title', 'Midweek Fellowship');
    expect(screen.getByLabelText('Date of meeting')).toHaveValue('2026-03-04');
    expect(screen.getByLabelText('End time')).toHaveValue('19:30');
    expect(screen.getByLabelText('Attendance')).toHaveValue('42');
    expect(screen.getByLabelText('Occasion')).toHaveValue('Bible study');
    expect(screen.getByLabelText('Total offering')).toHaveValue('3150.75');
    expect(screen.getByLabelText('Additional Notes')).toHaveValue('Book of Ruth');
  });
});

describe('Edit Meeting', () => {
  it('opens the meeting chosen in the list and saves it with PUT', async () => {
    open('/meetings/default');
    const row = (await screen.findByText('Harvest thanksgiving')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));

    expect(await screen.findByRole('heading', { name: 'Edit Meeting' })).toBeInTheDocument();
    expect(screen.getByLabelText('Occasion')).toHaveValue('Harvest thanksgiving');
    expect(screen.getByLabelText('Total offering')).toHaveValue('48250.50');
    await user.fill('Attendance', '245');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ actualAttendance: 245, subject: 'Harvest thanksgiving', meeting_type: 1 }), 9);
  });

  it('says nothing is selected when opened without a meeting', () => {
    open('/meetings/edit');
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
  });
});
