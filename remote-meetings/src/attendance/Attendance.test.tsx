import { screen, waitFor, within } from '@testing-library/react';
import type { Attendee, Meeting, MeetingAttendees } from '@ushirika/shared/contract';
import { Route, Routes, useLocation } from 'react-router-dom';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import * as calls from './api';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
jest.mock('./api', () => ({
  ...jest.requireActual<typeof import('./api')>('./api'),
  loadRegister: jest.fn(),
  loadGroupPeople: jest.fn(),
  saveRegister: jest.fn(),
  searchContacts: jest.fn(),
  loadAbsentees: jest.fn(),
}));
const api = jest.mocked(calls);

/*
 * Attendance by name (issue 28.4), as the secretary uses it: the register of a meeting (tick names, count visitors,
 * save) and the absentees of a group with their one-step SMS.
 */

const person = (memberId: number, firstName: string, lastName: string): Attendee => ({
  memberId,
  firstName,
  lastName,
  phone: `+2547120000${String(memberId).padStart(2, '0')}`,
});
/** The Kasarani cell: 40 members, Member 01 … Member 40. */
const cell = Array.from({ length: 40 }, (_, i) => person(i + 1, 'Member', String(i + 1).padStart(2, '0')));

const meeting: Meeting = {
  id: 7,
  meeting_type: 1,
  MeetingType: { name: 'Cell Meeting' },
  dateOfMeeting: '2026-11-18',
  startTime: '18:00',
  endTime: '19:30',
  actualAttendance: 2,
  expectedAttendance: 40,
  facilitator: 'Elder Samuel',
  speaker: 'Elder Samuel',
  subject: 'Book of Romans',
  totalOffering: '450.00',
  notes: '',
  createdAt: '2026-11-18T15:00:00Z',
  version: 3,
  groupId: 5,
  Group: { name: 'Kasarani Cell Group' },
  visitors: 2,
  attendees: 0,
};
const register: MeetingAttendees = { meetingId: 7, groupId: 5, attendees: [], visitors: 2, actualAttendance: 2, version: 3 };

/** Renders the area at `path`, with the New Message screen as a probe that shows the state it was opened with. */
function NewMessageProbe() {
  return <output data-testid="new-message-state">{JSON.stringify(useLocation().state)}</output>;
}
const open = (path: string) =>
  renderScreen(
    <Routes>
      <Route path="meetings/*" element={<AreaRoutes base="meetings" />} />
      <Route path="messaging/messages/new" element={<NewMessageProbe />} />
    </Routes>,
    { path },
  );

/** The value of an antd Statistic by its title. */
const statistic = (title: string) => screen.getByText(title).closest('.ant-statistic')!.querySelector('.ant-statistic-content-value')!.textContent;

beforeEach(() => {
  signIn(['secretary']);
  fakeServer.reset();
  fakeServer.rows.set('meetings', [meeting]);
  jest.resetAllMocks();
  api.loadRegister.mockResolvedValue(register);
  api.loadGroupPeople.mockResolvedValue(cell);
  api.saveRegister.mockResolvedValue({ status_msg: 'Attendance saved', meeting });
});

describe('the register of a meeting', () => {
  it("lists the group's names; ticking them and counting visitors updates the headcount, and Save sends the ids, visitors and version", async () => {
    const user = setupUser();
    await open('/meetings/attendance/7');
    const names = await screen.findByRole('list', { name: 'Names' });
    expect(within(names).getAllByRole('checkbox')).toHaveLength(40);
    expect(api.loadGroupPeople).toHaveBeenCalledWith(5, expect.anything());
    expect(statistic('Headcount')).toBe('2');

    for (const name of ['Member 03', 'Member 11', 'Member 29']) await user.click(screen.getByRole('checkbox', { name: new RegExp(name) }));
    expect(statistic('Names ticked')).toBe('3');
    expect(statistic('Headcount')).toBe('5');
    await user.click(screen.getByRole('checkbox', { name: /Member 11/ }));
    expect(statistic('Headcount')).toBe('4');

    const visitors = screen.getByRole('spinbutton', { name: 'Visitors' });
    await user.clear(visitors);
    await user.type(visitors, '6');
    expect(statistic('Headcount')).toBe('8');

    await user.click(screen.getByRole('button', { name: /Save attendance/ }));
    await waitFor(() => expect(api.saveRegister).toHaveBeenCalledWith(7, { memberIds: [3, 29], visitors: 6, version: 3 }));
    expect(await screen.findByText('Attendance saved')).toBeInTheDocument();
  });

  it('filters the loaded names as one types, ticks all shown, and adds someone from outside the group by search', async () => {
    const user = setupUser();
    api.searchContacts.mockResolvedValue([person(99, 'Grace', 'Visitor')]);
    await open('/meetings/attendance/7');
    const names = await screen.findByRole('list', { name: 'Names' });

    await user.fill('Filter the names', '0712 000 017');
    await waitFor(() => expect(within(names).getAllByRole('checkbox')).toHaveLength(1));
    expect(within(names).getByRole('checkbox', { name: /Member 17/ })).toBeInTheDocument();
    await user.fill('Filter the names', 'member 1');
    await waitFor(() => expect(within(names).getAllByRole('checkbox')).toHaveLength(13)); // Member 01, 10 … 19, 21, 31
    await user.click(screen.getByRole('button', { name: 'Tick all shown' }));
    expect(statistic('Names ticked')).toBe('13');

    await user.type(screen.getByRole('searchbox', { name: 'Search contacts by name or number' }), 'Grace{Enter}');
    await waitFor(() => expect(api.searchContacts).toHaveBeenCalledWith('Grace', expect.anything()));
    await user.click(await screen.findByRole('button', { name: /Grace Visitor/ }));
    expect(statistic('Names ticked')).toBe('14');
    expect(statistic('Headcount')).toBe('16');

    await user.click(screen.getByRole('button', { name: /Save attendance/ }));
    await waitFor(() => expect(api.saveRegister).toHaveBeenCalled());
    expect(api.saveRegister.mock.calls[0]![1].memberIds.sort((a, b) => a - b)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 31, 99]);
  });

  it("starts from who was ticked before, and shows the kit's stale message when someone saved meanwhile", async () => {
    const user = setupUser();
    api.loadRegister.mockResolvedValue({ ...register, attendees: [cell[0]!, person(99, 'Grace', 'Visitor')], actualAttendance: 4 });
    api.saveRegister.mockRejectedValue(
      httpError(409, { status_msg: 'Ruth Muthoni changed this record', changedBy: 'Ruth Muthoni', changedAt: '2026-11-18T18:00:00Z', version: 4 }),
    );
    await open('/meetings/attendance/7');
    await screen.findByRole('list', { name: 'Names' });
    expect(screen.getByRole('checkbox', { name: /Member 01/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Grace Visitor/ })).toBeChecked();
    expect(statistic('Headcount')).toBe('4');

    await user.click(screen.getByRole('button', { name: /Save attendance/ }));

    expect(await screen.findByText(/Ruth Muthoni changed/)).toBeInTheDocument();
  });

  it('shows a viewer the register without Save', async () => {
    signIn(['viewer']);
    await open('/meetings/attendance/7');
    await screen.findByRole('list', { name: 'Names' });
    expect(screen.queryByRole('button', { name: /Save attendance/ })).not.toBeInTheDocument();
  });
});

describe('absentees', () => {
  beforeEach(() => {
    fakeServer.rows.set('groups', [
      { id: 5, name: 'Kasarani Cell Group', description: '', brandName: '', groupType: 1, createdAt: '2026-01-01T00:00:00Z', Partner: { name: 'Grace' }, version: 1 },
    ]);
    api.loadAbsentees.mockResolvedValue({
      meetings: [
        { id: 7, dateOfMeeting: '2026-11-18', subject: 'Book of Romans' },
        { id: 6, dateOfMeeting: '2026-11-11', subject: 'Prayer' },
        { id: 5, dateOfMeeting: '2026-11-04', subject: 'Psalms' },
      ],
      absentees: [person(4, 'Amos', 'Kariuki'), { ...person(8, 'Beatrice', 'Njeri'), phone: '' }, person(12, 'Caleb', 'Otieno')],
    });
  });

  it("lists who missed the group's last 3 meetings, and Send SMS opens New Message with their numbers", async () => {
    signIn(['secretary', 'messaging']);
    const user = setupUser();
    await open('/meetings/absentees');
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByTitle('Kasarani Cell Group'));

    const list = await screen.findByRole('list', { name: 'Absentees' });
    expect(api.loadAbsentees).toHaveBeenCalledWith(5, 3, expect.anything());
    expect(within(list).getByRole('link', { name: 'Amos Kariuki' })).toHaveAttribute('href', '/contacts/people/4');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: /Send SMS/ }));

    expect(JSON.parse(screen.getByTestId('new-message-state').textContent!)).toEqual({ phones: ['+254712000004', '+254712000012'] });
    expect(screen.getByTestId('location')).toHaveTextContent('/messaging/messages/new');
  });

  it('offers no Send SMS to those who may not send', async () => {
    signIn(['viewer']);
    const user = setupUser();
    await open('/meetings/absentees');
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByTitle('Kasarani Cell Group'));
    await screen.findByRole('list', { name: 'Absentees' });
    expect(screen.queryByRole('button', { name: /Send SMS/ })).not.toBeInTheDocument();
  });
});
