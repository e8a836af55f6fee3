import { screen, within } from '@testing-library/react';
import { permissionsOf, type Campaign, type EtrackerHome, type PartnerHome } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { setupUser } from '../../../shared/test/render';
import { renderAt, resetStores, signIn } from '../testing/render';
import { loadDashboardCampaigns, loadEtrackerHome, loadPartnerHome } from './dashboard-api';
import HomeDashboard from './HomeDashboard';
import MoneyDashboard from './MoneyDashboard';

jest.mock('./dashboard-api', () => ({ loadPartnerHome: jest.fn(), loadEtrackerHome: jest.fn(), loadDashboardCampaigns: jest.fn() }));
jest.mock('@ushirika/shared/charts', () => ({ __esModule: true, default: () => null }));
const campaigns = jest.mocked(loadDashboardCampaigns);

/*
 * The dashboards' campaign cards (issue 30.3): one per open campaign, on the general and the money dashboard, with
 * its progress to the target and exact figures; a link to the campaign for those who record income.
 */

const week = { start: '2026-01-12', end: '2026-01-18', timeZone: 'Africa/Nairobi' };
const partnerHome: PartnerHome = {
  notification_list: [],
  nofification_this_week: 0,
  transactions_this_week: '0.00',
  contacts: 0,
  contact_list: [],
  mpesa_numbers: [],
  cash_numbers: [],
  attendance_numbers: [],
  settings: [],
  week,
};
const etrackerHome: EtrackerHome = { accounts: 0, money_in_this_week: '0.00', money_out_this_week: '0.00', income_list: [], expense_list: [], settings: [], week };

const campaign = (id: number, name: string, over: Partial<Campaign>): Campaign => ({
  id,
  name,
  target: '1000000.00',
  startDate: '2026-01-01',
  endDate: '2026-06-30',
  AccountId: 2,
  Account: { name: 'Building Fund' },
  code: 'JENGO',
  status: 'open',
  pledged: '0.00',
  paid: '0.00',
  balance: '0.00',
  remaining: '1000000.00',
  pledgers: 0,
  fulfilled: 0,
  fulfilledShare: null,
  createdAt: '2026-01-01T00:00:00Z',
  Partner: { name: 'Grace Chapel' },
  version: 1,
  ...over,
});
const jengo = campaign(5, 'Jengo', { target: '1500000.00', pledged: '1200000.50', paid: '1039000.75', balance: '400000.25' });
const land = campaign(6, 'Land purchase', { target: '200000.00', pledged: '50000.00', paid: '250000.00', balance: '0.00', endDate: '2026-03-01' });

/** The card whose title is `name`. */
const card = (name: string) => screen.getByText(name).closest('.ant-card') as HTMLElement;

beforeEach(() => {
  resetStores();
  jest.mocked(loadPartnerHome).mockResolvedValue(partnerHome);
  jest.mocked(loadEtrackerHome).mockResolvedValue(etrackerHome);
  campaigns.mockReset();
});

it.each([
  ['general', '/dashboard/home', <HomeDashboard key="home" />],
  ['etracker', '/dashboard/etracker', <MoneyDashboard key="money" />],
] as const)('shows a card per open campaign on the %s dashboard: progress, exact figures, end date, a link to it', async (product, path, dashboard) => {
  signIn(product);
  campaigns.mockResolvedValue([jengo, land]);
  renderAt(path, dashboard);
  await screen.findByText('Jengo');
  expect(card('Jengo')).toHaveTextContent(
    '69% of the target paid' + 'TargetKES 1,500,000.00' + 'PledgedKES 1,200,000.50' + 'PaidKES 1,039,000.75' + 'BalanceKES 400,000.25' + 'Ends Jun 30, 2026',
  );
  // 69.27 % paid: the bar says as much to a screen reader.
  const bar = within(card('Jengo')).getByRole('progressbar', { name: '69% of the target paid' });
  expect(Number(bar.getAttribute('value'))).toBeCloseTo(0.69);
  // Past its target: 125 %, the bar full.
  expect(card('Land purchase')).toHaveTextContent('125% of the target paid');
  expect(within(card('Land purchase')).getByRole('progressbar')).toHaveAttribute('value', '1');
  expect(screen.getByRole('link', { name: 'Jengo' })).toHaveAttribute('href', '/finance/campaigns/5');
  expect(screen.getByRole('link', { name: 'Land purchase' })).toHaveAttribute('href', '/finance/campaigns/6');
});

it('shows no campaign card when no campaign is open', async () => {
  signIn('general');
  campaigns.mockResolvedValue([]);
  renderAt('/dashboard/home', <HomeDashboard />);
  await screen.findByText('All our contacts');
  await screen.findByText('No contacts yet');
  expect(campaigns).toHaveBeenCalled();
  expect(screen.queryByText(/of the target paid/)).not.toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

it('shows the cards without a link to those who do not record income', async () => {
  signIn('general');
  const user = useSession.getState().user!;
  useSession.setState({ user: { ...user, roles: ['secretary'], permissions: permissionsOf(['secretary']) } });
  campaigns.mockResolvedValue([jengo]);
  renderAt('/dashboard/home', <HomeDashboard />);
  expect(await screen.findByText('Jengo')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Jengo' })).not.toBeInTheDocument();
});

it('says when the campaigns cannot be loaded, and Retry asks again', async () => {
  signIn('etracker');
  campaigns.mockRejectedValue(new Error('Network down'));
  renderAt('/dashboard/etracker', <MoneyDashboard />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The campaigns could not be loaded');
  expect(alert).toHaveTextContent('Network down');
  campaigns.mockResolvedValue([jengo]);
  await setupUser().click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Jengo')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
