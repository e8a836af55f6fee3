import { screen, waitFor, within } from '@testing-library/react';
import type { Group, Income, Meeting, Member, Notification, OnlineTransaction, PersonGroup } from '@ushirika/shared/contract';
import type { PageLoader } from '@ushirika/shared/api';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { fakeServer } from '../../../shared/test/fake-api';
import { addToGroup, removeFromGroup } from '../group-members/api';
import AreaRoutes from '../routes';
import { givingLoader, loadPersonGroups, meetingsLoader, messagesLoader, paymentsLoader } from './api';

jest.mock('./api', () => ({ givingLoader: jest.fn(), paymentsLoader: jest.fn(), messagesLoader: jest.fn(), meetingsLoader: jest.fn(), loadPersonGroups: jest.fn() }));
jest.mock('../group-members/api', () => ({ addToGroup: jest.fn(), removeFromGroup: jest.fn(), loadGroupMembers: jest.fn(), loadAllGroupMembers: jest.fn() }));
// The contact (GET /member/{id}) and the partner's groups (the picker) are served from fakeServer.
jest.mock('./pledges-api', () => ({ loadContactPledges: jest.fn(async () => []), loadOpenCampaigns: jest.fn(async () => []), savePledge: jest.fn() }));
jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
const giving = jest.mocked(givingLoader);
const payments = jest.mocked(paymentsLoader);
const messages = jest.mocked(messagesLoader);
const meetings = jest.mocked(meetingsLoader);
const personGroups = jest.mocked(loadPersonGroups);
const add = jest.mocked(addToGroup);
const remove = jest.mocked(removeFromGroup);

const amina: Member = {
  id: 12,
  firstName: 'Amina',
  lastName: 'Wanjiru',
  gender: 'F',
  phone: '+254712345678',
  email: 'amina@example.org',
  residence: 'Kasarani',
  createdAt: '2026-01-01T00:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 3,
  archivedAt: null,
  erased: false,
  dateOfBirth: '1990-11-03',
  membershipStatus: 'member',
  maritalStatus: 'married',
  externalId: '',
  household: { id: 7, name: 'Wanjiru family', role: 'head' },
};

const group = (id: number, name: string): Group => ({
  id,
  name,
  description: '',
  brandName: '',
  groupType: 1,
  createdAt: '2026-01-01T00:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 1,
});
const choir = group(4, 'Youth Choir');
const elders = group(5, 'Elders');
const inGroup = (g: Group): PersonGroup => ({ id: g.id, name: g.name, groupType: 'Fellowship', joinedAt: '2026-02-01T12:00:00Z' });

const tithe = {
  id: 301,
  firstName: 'Amina',
  lastName: 'Wanjiru',
  phone: '+254712345678',
  amount: '1000.10',
  paymentFor: 'Tithe January',
  Account: { name: 'Tithes' },
  AccountId: 2,
  dateOfTransaction: '2026-01-04',
  mode: 'CASH',
  reference: 'Envelope 12',
  createdAt: '2026-01-04T09:00:00Z',
  Partner: { name: 'Grace Community Church' },
  receiptNumber: 41,
  onlineTransactionId: null,
  MemberId: 12,
  Member: { firstName: 'Amina', lastName: 'Wanjiru', phone: '+254712345678' },
  MeetingId: null,
  version: 1,
  status: 'posted',
  reversalOfId: null,
  reversedById: null,
  correctionOfId: null,
  reason: null,
} as Income;
const payment = {
  id: 9,
  sender: 'AMINA WANJIRU',
  msisdn: '254712345678',
  amount: '250.00',
  trxnid: 'QAA0000001',
  trxTime: '2026-02-05T07:00:00Z',
  billRef: 'TITHE',
  AccountId: 2,
  Account: { name: 'Tithes' },
  incomeId: 302,
  allocatedBy: 'staff',
  checkReason: null,
} as OnlineTransaction;
const sms = {
  id: 55,
  recipient: '+254712345678',
  message: 'Service at 10am on Sunday',
  state: 'delivered',
  sentDate: '2026-03-01T07:00:00Z',
} as Notification;
const service = { id: 81, dateOfMeeting: '2026-03-08', MeetingType: { name: 'Sunday Service' }, subject: 'Harvest thanksgiving' } as Meeting;

/** A loader of one page answering `rows` (and `response`), keyed by `path` as the real ones. */
const serving = <Row,>(path: string, rows: Row[], response?: Readonly<Record<string, unknown>>): PageLoader<Row> =>
  Object.assign(async () => ({ rows, total: rows.length, ...(response ? { response } : {}) }), { path });

const open = () => renderWithApp(<AreaRoutes base="contacts" />, { path: '/contacts/people/12', route: '/contacts/*' });
const section = (name: string) => screen.findByRole('region', { name });

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.singulars.set('member', 'member');
  fakeServer.rows.set('member', [amina]);
  fakeServer.rows.set('groups', [choir, elders]);
  giving.mockImplementation((id) => serving(`member/${id}/giving`, [tithe], { thisYear: '1000.30', lastYear: '300.05' }));
  payments.mockImplementation((id) => serving(`member/${id}/payments`, [payment]));
  messages.mockImplementation((id) => serving(`member/${id}/messages`, [sms]));
  meetings.mockImplementation((id) => serving(`member/${id}/meetings`, [service]));
  personGroups.mockResolvedValue([inGroup(choir)]);
  add.mockResolvedValue({ status_msg: 'Group members saved successfully!' });
  remove.mockResolvedValue({ status_msg: 'Group members saved successfully!' });
});

describe("A person's page", () => {
  it('shows the contact, their household, groups, giving with the year totals, payments, messages and meetings', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Amina Wanjiru' })).toBeInTheDocument();
    for (const text of ['+254712345678', 'amina@example.org', 'Female', 'Kasarani', 'Member', 'Married']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wanjiru family' })).toHaveAttribute('href', '/contacts/households/edit/7');

    const groups = await section('Groups');
    expect(await within(groups).findByRole('link', { name: 'Youth Choir' })).toHaveAttribute('href', '/contacts/groups/members/4');
    expect(within(groups).getByText('Fellowship')).toBeInTheDocument();

    const income = await section('Income');
    expect(await within(income).findByText('Tithe January')).toBeInTheDocument();
    expect(within(income).getByText(/1,000\.10/)).toBeInTheDocument();
    expect(within(income).getByText(/1,000\.30/)).toBeInTheDocument();
    expect(within(income).getByText(/300\.05/)).toBeInTheDocument();
    expect(giving).toHaveBeenCalledWith(12);

    expect(await within(await section('M-Pesa payments')).findByText('QAA0000001')).toBeInTheDocument();
    const sent = await section('Messages');
    expect(await within(sent).findByText('Service at 10am on Sunday')).toBeInTheDocument();
    expect(within(sent).getByText('Delivered')).toBeInTheDocument();
    expect(await within(await section('Meetings attended')).findByText('Harvest thanksgiving')).toBeInTheDocument();
  });

  it('opens the edit screen from Edit', async () => {
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await expectPath('/contacts/edit/12');
  });

  it('leaves out the sections a role may not read, and the changes it may not make (a viewer)', async () => {
    signIn(['viewer']);
    open();
    await screen.findByRole('heading', { level: 1, name: 'Amina Wanjiru' });
    expect(await within(await section('Groups')).findByText('Youth Choir')).toBeInTheDocument();
    expect(await section('Meetings attended')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Income' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Messages' })).not.toBeInTheDocument();
    expect(giving).not.toHaveBeenCalled();
    expect(messages).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('adds the contact to a group they are not in, and lists it', async () => {
    open();
    const groups = await section('Groups');
    await within(groups).findByText('Youth Choir');
    personGroups.mockResolvedValue([inGroup(elders), inGroup(choir)]);
    await user.click(screen.getByLabelText('Choose a group'));
    const offered = () => [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    await screen.findByTitle('Elders');
    // The groups they are in are not offered.
    expect(offered().map((option) => option.getAttribute('title'))).toEqual(['Elders']);
    await user.click(offered()[0]!);
    await user.click(screen.getByRole('button', { name: 'Add to group' }));
    await waitFor(() => expect(add).toHaveBeenCalledWith(5, 12));
    expect(await within(groups).findByRole('link', { name: 'Elders' })).toBeInTheDocument();
    expect(personGroups).toHaveBeenCalledTimes(2);
  });

  it('removes the contact from a group once confirmed, and the group leaves the list', async () => {
    open();
    const groups = await section('Groups');
    await user.click(await within(groups).findByRole('button', { name: 'Remove from Youth Choir' }));
    const question = await findDialog('Remove Amina Wanjiru from Youth Choir?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();

    personGroups.mockResolvedValue([]);
    await user.click(within(groups).getByRole('button', { name: 'Remove from Youth Choir' }));
    await user.click(within(await findDialog('Remove Amina Wanjiru from Youth Choir?')).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(4, 12));
    expect(await within(groups).findByText('Not in any group.')).toBeInTheDocument();
  });

  it('shows a section that failed on its own, with Retry', async () => {
    let down = true;
    messages.mockImplementation((id) =>
      Object.assign(async () => (down ? Promise.reject(new Error('The request was made but no response was received')) : { rows: [sms], total: 1 }), {
        path: `member/${id}/messages`,
      }),
    );
    open();
    const sent = await section('Messages');
    expect(await within(sent).findByText('The list could not be loaded')).toBeInTheDocument();
    expect(await within(await section('Income')).findByText('Tithe January')).toBeInTheDocument();
    down = false;
    await user.click(within(sent).getByRole('button', { name: 'Retry' }));
    expect(await within(await section('Messages')).findByText('Service at 10am on Sunday')).toBeInTheDocument();
  });

  it("says not found for a contact that is not the partner's", async () => {
    fakeServer.rows.set('member', []);
    open();
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
    expect(giving).not.toHaveBeenCalled();
  });
});
