import { act, screen, waitFor, within } from '@testing-library/react';
import type { PageLoader } from '@ushirika/shared/api';
import type { Campaign, ContactPledge, Member } from '@ushirika/shared/contract';
import { useLocale } from '@ushirika/shared/i18n';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { givingLoader, loadPersonGroups, meetingsLoader, messagesLoader, paymentsLoader } from './api';
import { loadContactPledges, loadOpenCampaigns, savePledge } from './pledges-api';

jest.mock('./api', () => ({ givingLoader: jest.fn(), paymentsLoader: jest.fn(), messagesLoader: jest.fn(), meetingsLoader: jest.fn(), loadPersonGroups: jest.fn() }));
// GET /pledges?contactId=N, GET /campaigns?status=open and POST /campaigns/{id}/pledges.
jest.mock('./pledges-api', () => ({ loadContactPledges: jest.fn(), loadOpenCampaigns: jest.fn(), savePledge: jest.fn() }));
// The contact (GET /member/{id}) is served from fakeServer.
jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
const pledgesOf = jest.mocked(loadContactPledges);
const openCampaigns = jest.mocked(loadOpenCampaigns);
const save = jest.mocked(savePledge);

/*
 * 'Pledges' on a person's page (issue 30.2): the contact's pledges with exact figures, and 'Pledge', which makes
 * or replaces their pledge to an open campaign; only for those who record income.
 */

const amina: Member = {
  id: 12,
  firstName: 'Amina',
  lastName: 'Wanjiru',
  gender: 'F',
  phone: '+254712345678',
  email: '',
  residence: '',
  createdAt: '2026-01-01T00:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 3,
  archivedAt: null,
  erased: false,
  dateOfBirth: '',
  membershipStatus: 'member',
  maritalStatus: '',
  externalId: '',
  household: null,
};

const pledge = (over: Partial<ContactPledge>): ContactPledge => ({
  id: 1,
  campaignId: 5,
  contactId: 12,
  firstName: 'Amina',
  lastName: 'Wanjiru',
  phone: '+254712345678',
  pledged: '0.00',
  paid: '0.00',
  balance: '0.00',
  fulfilled: false,
  pledgedAt: '2026-02-01T08:00:00Z',
  updatedAt: '2026-02-01T08:00:00Z',
  campaignName: 'Jengo',
  campaignStatus: 'open',
  campaignEndDate: '2026-12-31',
  ...over,
});
const jengo = pledge({ id: 1, campaignId: 5, campaignName: 'Jengo', pledged: '25000.00', paid: '12500.50', balance: '12499.50' });
const school = pledge({ id: 2, campaignId: 3, campaignName: 'School fees 2025', pledged: '3000.00', paid: '3000.00', fulfilled: true, campaignStatus: 'closed' });

const campaign = (id: number, name: string): Campaign => ({
  id,
  name,
  target: '1000000.00',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  AccountId: 2,
  Account: { name: 'Building Fund' },
  code: null,
  status: 'open',
  pledged: '0.00',
  paid: '0.00',
  balance: '0.00',
  remaining: '1000000.00',
  pledgers: 0,
  fulfilled: 0,
  fulfilledShare: null,
  createdAt: '2026-01-01T00:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 1,
});

/** An empty page loader keyed by `path`, as the real ones. */
const serving = <Row,>(path: string): PageLoader<Row> =>
  Object.assign(async () => ({ rows: [] as Row[], total: 0, response: { thisYear: '0.00', lastYear: '0.00' } }), { path });

const open = async () => {
  renderWithApp(<AreaRoutes base="contacts" />, { path: '/contacts/people/12', route: '/contacts/*' });
  await screen.findByRole('heading', { level: 1, name: 'Amina Wanjiru' });
};
const openDialog = async (user: ReturnType<typeof setupUser>) => {
  await open();
  await user.click(await screen.findByRole('button', { name: 'Pledge' }));
  return findDialog('Pledge for Amina Wanjiru');
};
const chooseCampaign = async (user: ReturnType<typeof setupUser>, dialog: HTMLElement, name: string) => {
  await user.click(within(dialog).getByLabelText('Campaign'));
  await user.click(await screen.findByTitle(name));
};
const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLTableRowElement;

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.singulars.set('member', 'member');
  fakeServer.rows.set('member', [amina]);
  jest.mocked(givingLoader).mockImplementation((id) => serving(`member/${id}/giving`));
  jest.mocked(paymentsLoader).mockImplementation((id) => serving(`member/${id}/payments`));
  jest.mocked(messagesLoader).mockImplementation((id) => serving(`member/${id}/messages`));
  jest.mocked(meetingsLoader).mockImplementation((id) => serving(`member/${id}/meetings`));
  jest.mocked(loadPersonGroups).mockResolvedValue([]);
  pledgesOf.mockResolvedValue([jengo, school]);
  openCampaigns.mockResolvedValue([campaign(5, 'Jengo'), campaign(6, 'Land purchase')]);
  save.mockResolvedValue({ status_msg: 'Pledge saved successfully!', pledge: jengo });
});
afterEach(() => act(() => useLocale.getState().setLocale('en')));

it("lists the contact's pledges with the exact figures, fulfilled and closed campaigns tagged, each campaign a link to its screen", async () => {
  await open();
  const section = await screen.findByRole('region', { name: 'Pledges' });
  await within(section).findByRole('link', { name: 'Jengo' });
  expect(pledgesOf).toHaveBeenCalledWith(12, expect.anything());
  expect(
    within(section)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Campaign', 'Pledged', 'Paid', 'Balance', '']);
  expect(row('Jengo')).toHaveTextContent('JengoKES 25,000.00KES 12,500.50KES 12,499.50');
  expect(row('Jengo')).not.toHaveTextContent('Fulfilled');
  expect(row('School fees 2025')).toHaveTextContent('School fees 2025FulfilledClosedKES 3,000.00KES 3,000.00KES 0.00');
  expect(screen.getByRole('link', { name: 'Jengo' })).toHaveAttribute('href', '/finance/campaigns/5');
  // A closed campaign takes no pledge: only the open one's can be changed.
  expect(within(row('Jengo')).getByRole('button', { name: 'Change the pledge to Jengo' })).toBeInTheDocument();
  expect(within(row('School fees 2025')).queryByRole('button')).not.toBeInTheDocument();
});

it('says when the contact has no pledges', async () => {
  pledgesOf.mockResolvedValue([]);
  await open();
  expect(await screen.findByText('No pledges yet.')).toBeInTheDocument();
});

it('shows nothing of pledges to a role that does not record income', async () => {
  signIn(['secretary']);
  await open();
  await screen.findByText('Details');
  expect(screen.queryByText('Pledges')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pledge' })).not.toBeInTheDocument();
  expect(pledgesOf).not.toHaveBeenCalled();
});

it('pledges to a chosen open campaign: the whole amount as exact text, then reads the pledges again', async () => {
  const dialog = await openDialog(user);
  expect(openCampaigns).toHaveBeenCalled();
  await chooseCampaign(user, dialog, 'Land purchase');
  expect(within(dialog).getByText('The whole amount Amina promises to this campaign.')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Amount pledged'), '1,500.50');
  const reads = pledgesOf.mock.calls.length;
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(save).toHaveBeenCalledWith(6, { contactId: 12, amount: '1500.50' }));
  expect(await screen.findByText('Pledge saved')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pledge for Amina Wanjiru' })).not.toBeInTheDocument());
  await waitFor(() => expect(pledgesOf.mock.calls.length).toBeGreaterThan(reads));
});

it("fills in the contact's pledge to the chosen campaign and says the amount saved replaces it", async () => {
  const dialog = await openDialog(user);
  await chooseCampaign(user, dialog, 'Jengo');
  expect(within(dialog).getByLabelText('Amount pledged')).toHaveValue('25,000.00');
  expect(within(dialog).getByText('Amina has pledged KES 25,000.00 to this campaign: the amount you save replaces it (it is not added to it).')).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText('Amount pledged'));
  await user.type(within(dialog).getByLabelText('Amount pledged'), '30000');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(save).toHaveBeenCalledWith(5, { contactId: 12, amount: '30000' }));
});

it("opens on the campaign of the row's Change", async () => {
  await open();
  await user.click(await screen.findByRole('button', { name: 'Change the pledge to Jengo' }));
  const dialog = await findDialog('Pledge for Amina Wanjiru');
  expect(within(dialog).getByLabelText('Amount pledged')).toHaveValue('25,000.00');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(save).toHaveBeenCalledWith(5, { contactId: 12, amount: '25000.00' }));
});

it("asks for a campaign and an amount the server would take, and shows a refusal in the server's words with the form kept", async () => {
  save.mockRejectedValueOnce(httpError(400, { status_msg: 'This campaign is closed: reopen it to take pledges or send reminders' }));
  const dialog = await openDialog(user);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Choose a campaign')).toBeInTheDocument();
  expect(within(dialog).getByText('Type the amount')).toBeInTheDocument();
  await chooseCampaign(user, dialog, 'Land purchase');
  for (const typed of ['0', '12.345', 'abc']) {
    await user.clear(within(dialog).getByLabelText('Amount pledged'));
    await user.type(within(dialog).getByLabelText('Amount pledged'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The amount is more than 0, with at most two decimals, such as 1,500 or 1,500.50')).toBeInTheDocument();
  }
  expect(save).not.toHaveBeenCalled();

  await user.clear(within(dialog).getByLabelText('Amount pledged'));
  await user.type(within(dialog).getByLabelText('Amount pledged'), '500');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('This campaign is closed: reopen it to take pledges or send reminders')).toBeInTheDocument();
  expect(save).toHaveBeenCalledWith(6, { contactId: 12, amount: '500' });
  expect(within(dialog).getByLabelText('Amount pledged')).toHaveValue('500');
});

it('says when no campaign is open, and saves nothing', async () => {
  openCampaigns.mockResolvedValue([]);
  const dialog = await openDialog(user);
  expect(await within(dialog).findByText('No campaign is open for pledges.')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
});

it('says it in the user’s language', async () => {
  act(() => useLocale.getState().setLocale('sw'));
  renderWithApp(<AreaRoutes base="contacts" />, { path: '/contacts/people/12', route: '/contacts/*' });
  await user.click(await screen.findByRole('button', { name: 'Ahidi' }));
  const dialog = await findDialog('Ahadi ya Amina Wanjiru');
  await user.click(within(dialog).getByRole('button', { name: 'Hifadhi' }));
  expect(await within(dialog).findByText('Chagua kampeni')).toBeInTheDocument();
  expect(within(dialog).getByText('Andika kiasi')).toBeInTheDocument();
});
