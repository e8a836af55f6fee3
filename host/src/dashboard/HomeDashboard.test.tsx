import { screen, within } from '@testing-library/react';
import type { Member, Notification, PartnerHome } from '@ushirika/shared/contract';
import { setupUser } from '../../../shared/test/render';
import { renderAt, resetStores, signIn } from '../testing/render';
import type { ChartData } from './chart-data';
import { loadPartnerHome } from './dashboard-api';
import HomeDashboard from './HomeDashboard';

// No open campaign: the campaign cards (CampaignCards.test.tsx) show nothing.
jest.mock('./dashboard-api', () => ({ loadPartnerHome: jest.fn(), loadEtrackerHome: jest.fn(), loadDashboardCampaigns: jest.fn(async () => []) }));
// The chart draws on a canvas, which jsdom lacks: a stand-in shows what it was given to plot.
jest.mock('@ushirika/shared/charts', () => ({
  __esModule: true,
  default: ({ data }: { data: ChartData }) => (
    <output data-testid="chart">{data.series.map((series) => `${series.name}: ${series.values.join(',')}`).join(' | ')}</output>
  ),
}));
const load = loadPartnerHome as jest.MockedFunction<typeof loadPartnerHome>;

const partner = { name: 'Grace Chapel' };

function contact(id: number, firstName: string, lastName: string, phone: string): Member {
  return {
    id,
    firstName,
    lastName,
    gender: 'F',
    phone,
    email: '',
    residence: '',
    createdAt: '2026-01-14T12:00:00.000Z',
    Partner: partner,
    version: 1,
    archivedAt: null,
    erased: false,
    dateOfBirth: null,
    membershipStatus: '',
    maritalStatus: '',
    externalId: '',
    household: null,
  };
}

function message(id: number, text: string, status: number): Notification {
  return {
    id,
    recipient: '+254712000111',
    type: 'sms',
    category: 'bulk',
    message: text,
    status,
    sentDate: '2026-01-15T10:00:00.000Z',
    Partner: partner,
    state: status === 1 ? 'sent' : status === 2 ? 'queued' : 'failed',
    failureReason: null,
    units: 1,
    sendId: 3,
    scheduledFor: null,
    resendable: status === 0,
    memberId: null,
  };
}

/** Twelve months ending January 2026: they span two years. */
const MONTHS = Array.from({ length: 12 }, (_, index) => ({ mn: ((index + 1) % 12) + 1, yr: index === 11 ? 2026 : 2025 }));

function home(overrides: Partial<PartnerHome> = {}): PartnerHome {
  return {
    notification_list: [message(1, 'Welcome to the Sunday service at ten', 1), message(2, 'Short note', 0), message(3, 'Queued reminder', 2)],
    nofification_this_week: 42,
    transactions_this_week: '12500.5',
    contacts: 3456,
    contact_list: [contact(1, 'Amina', 'Otieno', '+254712345678')],
    mpesa_numbers: MONTHS.map((month, index) => ({ ...month, amount: index === 11 ? '1500.25' : '0.00' })),
    cash_numbers: MONTHS.map((month) => ({ ...month, amount: '100.00' })),
    attendance_numbers: MONTHS.map((month, index) => ({ ...month, actual: index, expected: 20 })),
    settings: [{ name: 'Sms Units', value: '1200' }],
    week: { start: '2026-01-12', end: '2026-01-18', timeZone: 'Africa/Nairobi' },
    ...overrides,
  };
}

function renderHome() {
  renderAt('/dashboard/home', <HomeDashboard />);
}

/** The figure card titled `title` (a link: its name starts with the title). */
const card = (title: string) => screen.getByRole('link', { name: new RegExp(`^${title}`) });

beforeEach(() => {
  resetStores();
  signIn('general');
  load.mockReset();
});

describe('the general dashboard (/dashboard/home)', () => {
  it('shows the four figures, each a link to its list, the "this week" ones with their week', async () => {
    load.mockResolvedValue(home());
    renderHome();
    expect(await screen.findByText('1,200')).toBeInTheDocument();
    expect(card('SMS Units balance')).toHaveTextContent('1,200');
    expect(card('SMS Units balance')).toHaveAttribute('href', '/messaging/messages');
    expect(card('All our contacts')).toHaveTextContent('3,456');
    expect(card('All our contacts')).toHaveAttribute('href', '/contacts/default');
    expect(card('Messages this week')).toHaveTextContent('42');
    expect(card('Messages this week')).toHaveAttribute('href', '/messaging/messages');
    expect(card('Income this week')).toHaveTextContent('KES 12,500.50');
    expect(card('Income this week')).toHaveAttribute('href', '/finance/income');
    // The week's plain days, whatever the browser's zone.
    expect(card('Income this week')).toHaveTextContent('Mon, Jan 12 – Sun, Jan 18');
    expect(card('Messages this week')).toHaveTextContent('Mon, Jan 12 – Sun, Jan 18');
  });

  it("shows '—' for the SMS units when the partner has no such setting", async () => {
    load.mockResolvedValue(home({ settings: [] }));
    renderHome();
    await screen.findByText('3,456');
    expect(card('SMS Units balance')).toHaveTextContent('—');
  });

  it('lists the recent contacts and messages: the message cut at 25 characters, status 1 Sent, 2 Waiting, else Failed', async () => {
    load.mockResolvedValue(home());
    renderHome();
    const contacts = within((await screen.findByText('Amina Otieno')).closest('table') as HTMLTableElement);
    expect(contacts.getByText('+254712345678')).toBeInTheDocument();
    expect(contacts.getByText('Jan 14, 2026')).toBeInTheDocument();

    const messages = within(screen.getByText('Welcome to the Sunday ser...').closest('table') as HTMLTableElement);
    // No 'Organisation' column: it would repeat the partner's own name on every row (issue 28.6).
    expect(contacts.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Mobile', 'Date Added']);
    expect(messages.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Recipient', 'Message', 'Date Sent', 'Status']);
    expect(screen.queryByText('Grace Chapel')).not.toBeInTheDocument();
    expect(messages.getByText('Welcome to the Sunday ser...')).toHaveAttribute('title', 'Welcome to the Sunday service at ten');
    expect(messages.getByText('Short note')).toBeInTheDocument();
    const rowOf = (text: string) => messages.getByText(text).closest('tr') as HTMLTableRowElement;
    expect(rowOf('Welcome to the Sunday ser...')).toHaveTextContent(/Sent$/);
    expect(rowOf('Short note')).toHaveTextContent(/Failed$/);
    expect(rowOf('Queued reminder')).toHaveTextContent(/Waiting$/);

    expect(screen.getByRole('link', { name: 'View all: Recent Contacts' })).toHaveAttribute('href', '/contacts/default');
    expect(screen.getByRole('link', { name: 'View all: Recent Notifications' })).toHaveAttribute('href', '/messaging/messages');
  });

  it('says when there are no contacts or messages yet', async () => {
    load.mockResolvedValue(home({ contact_list: [], notification_list: [] }));
    renderHome();
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(screen.getByText('No messages yet')).toBeInTheDocument();
  });

  it('plots Giving (M-Pesa, Cash) and Attendance (Actual, Expected) by month, with the numbers in a table for screen readers', async () => {
    load.mockResolvedValue(home());
    renderHome();
    const [giving, attendance] = await screen.findAllByTestId('chart');
    expect(giving).toHaveTextContent('M-Pesa: 0,0,0,0,0,0,0,0,0,0,0,1500.25 | Cash: 100,100,100,100,100,100,100,100,100,100,100,100');
    expect(attendance).toHaveTextContent('Actual: 0,1,2,3,4,5,6,7,8,9,10,11 | Expected: 20,20,20,20,20,20,20,20,20,20,20,20');

    const givingTable = within(screen.getByRole('table', { name: 'Giving, last 12 months' }));
    expect(givingTable.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'M-Pesa', 'Cash']);
    const rows = givingTable.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Feb 2025KES 0.00KES 100.00');
    expect(rows[12]).toHaveTextContent('Jan 2026KES 1,500.25KES 100.00');
    expect(within(screen.getByRole('table', { name: 'Attendance, last 12 months' })).getAllByRole('row')[12]).toHaveTextContent('Jan 20261120');
  });

  it('shows months without the year when all twelve are in one year', async () => {
    const year = Array.from({ length: 12 }, (_, index) => ({ mn: index + 1, yr: 2025 }));
    load.mockResolvedValue(
      home({ mpesa_numbers: year.map((month) => ({ ...month, amount: '0.00' })), cash_numbers: year.map((month) => ({ ...month, amount: '0.00' })) }),
    );
    renderHome();
    const givingTable = within(await screen.findByRole('table', { name: 'Giving, last 12 months' }));
    expect(givingTable.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it('says when the dashboard cannot be loaded, and Retry asks again', async () => {
    load.mockRejectedValue(new Error('Network down'));
    renderHome();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dashboard could not be loaded');
    expect(alert).toHaveTextContent('Network down');
    expect(screen.queryByRole('link', { name: /^SMS Units balance/ })).not.toBeInTheDocument();

    load.mockResolvedValue(home());
    const calls = load.mock.calls.length;
    await setupUser().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1,200')).toBeInTheDocument();
    expect(load.mock.calls.length).toBe(calls + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
