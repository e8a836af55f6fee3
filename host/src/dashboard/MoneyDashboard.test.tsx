import { screen } from '@testing-library/react';
import { permissionsOf, type EtrackerHome, type Expense, type Income } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import '../../../shared/test/render';
import { renderAt, resetStores, signIn } from '../testing/render';
import { loadEtrackerHome } from './dashboard-api';
import MoneyDashboard from './MoneyDashboard';

// No open campaign: the campaign cards (CampaignCards.test.tsx) show nothing.
jest.mock('./dashboard-api', () => ({ loadPartnerHome: jest.fn(), loadEtrackerHome: jest.fn(), loadDashboardCampaigns: jest.fn(async () => []) }));
const load = loadEtrackerHome as jest.MockedFunction<typeof loadEtrackerHome>;

const partner = { name: 'Grace Chapel' };
const stamp = '2026-01-14T12:00:00.000Z';
/** An entry as recorded: neither reversed nor a correction (issue 26). */
const POSTED = { status: 'posted', reversalOfId: null, reversedById: null, correctionOfId: null, reason: null } as const;

function income(id: number, firstName: string, lastName: string, amount: string, account: string): Income {
  return {
    id,
    firstName,
    lastName,
    phone: '+254712345678',
    amount,
    paymentFor: 'Tithe',
    Account: { name: account },
    AccountId: 4,
    dateOfTransaction: '2026-01-13',
    mode: 'CASH',
    reference: '',
    createdAt: stamp,
    Partner: partner,
    receiptNumber: id,
    onlineTransactionId: null,
    MemberId: null,
    Member: null,
    MeetingId: null,
    version: 1,
    ...POSTED,
  };
}

function expense(id: number, payee: string, amount: string, account: string): Expense {
  return {
    id,
    payee,
    amount,
    paymentFor: 'Rent',
    mode: 'CASH',
    reference: '',
    notes: '',
    dateOfTransaction: '2026-01-12',
    AccountId: 5,
    Account: { name: account },
    version: 1,
    createdAt: stamp,
    Partner: partner,
    ...POSTED,
  };
}

function home(overrides: Partial<EtrackerHome> = {}): EtrackerHome {
  return {
    accounts: 7,
    money_in_this_week: '2500000.75',
    money_out_this_week: '0.1',
    income_list: [income(1, 'Amina', 'Otieno', '1500', 'Building fund')],
    expense_list: [expense(1, 'Kenya Power', '3200.40', 'Utilities')],
    settings: [{ name: 'Sms Units', value: '85' }],
    week: { start: '2026-01-12', end: '2026-01-18', timeZone: 'Africa/Nairobi' },
    ...overrides,
  };
}

/** The figure card titled `title` (a link: its name starts with the title). */
const card = (title: string) => screen.getByRole('link', { name: new RegExp(`^${title}`) });

beforeEach(() => {
  resetStores();
  signIn('etracker');
  load.mockReset();
});

describe('the money dashboard (/dashboard/etracker)', () => {
  it('shows the four figures, each a link to its list, money to the cent', async () => {
    load.mockResolvedValue(home());
    renderAt('/dashboard/etracker', <MoneyDashboard />);
    await screen.findByText('KES 2,500,000.75');
    expect(card('SMS Units balance')).toHaveTextContent('85');
    expect(card('SMS Units balance')).toHaveAttribute('href', '/messaging/messages');
    expect(card('All Accounts')).toHaveTextContent('7');
    expect(card('All Accounts')).toHaveAttribute('href', '/etracker/accounts');
    expect(card('Money in this week')).toHaveTextContent('KES 2,500,000.75');
    expect(card('Money in this week')).toHaveAttribute('href', '/finance/income');
    expect(card('Money in this week')).toHaveTextContent('Mon, Jan 12 – Sun, Jan 18');
    expect(card('Money out this week')).toHaveTextContent('KES 0.10');
    expect(card('Money out this week')).toHaveAttribute('href', '/finance/expenses');
  });

  it('lists the recent money in and out, with links to the whole lists', async () => {
    load.mockResolvedValue(home());
    renderAt('/dashboard/etracker', <MoneyDashboard />);
    const moneyIn = (await screen.findByText('Amina Otieno')).closest('tr') as HTMLTableRowElement;
    expect(moneyIn).toHaveTextContent('Amina OtienoKES 1,500.00Building fundJan 13, 2026');
    const moneyOut = screen.getByText('Kenya Power').closest('tr') as HTMLTableRowElement;
    expect(moneyOut).toHaveTextContent('Kenya PowerKES 3,200.40UtilitiesJan 12, 2026');
    expect(screen.getByRole('link', { name: 'View all: Recent Money In' })).toHaveAttribute('href', '/finance/income');
    expect(screen.getByRole('link', { name: 'View all: Recent Money out' })).toHaveAttribute('href', '/finance/expenses');
    // No column repeats the partner's own name (issue 28.6).
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Amount',
      'Account',
      'Date of transaction',
      'Payee',
      'Amount',
      'Account',
      'Date of transaction',
    ]);
    expect(screen.queryByText('Grace Chapel')).not.toBeInTheDocument();
  });

  it('shows the SMS units without a link to the messages when the partner has not turned messaging on (issue 28.7)', async () => {
    const user = useSession.getState().user!;
    const roles = ['owner' as const];
    useSession.setState({ user: { ...user, roles, permissions: permissionsOf(roles, { product: 'etracker', areas: [] }) } });
    load.mockResolvedValue(home());
    renderAt('/dashboard/etracker', <MoneyDashboard />);
    await screen.findByText('KES 2,500,000.75');
    expect(screen.queryByRole('link', { name: /^SMS Units balance/ })).not.toBeInTheDocument();
    expect(screen.getByText('SMS Units balance')).toBeInTheDocument();
    expect(card('Money in this week')).toHaveAttribute('href', '/finance/income');
  });

  it('says when no money came in or went out yet', async () => {
    load.mockResolvedValue(home({ income_list: [], expense_list: [] }));
    renderAt('/dashboard/etracker', <MoneyDashboard />);
    expect(await screen.findByText('No money in yet')).toBeInTheDocument();
    expect(screen.getByText('No money out yet')).toBeInTheDocument();
  });
});
