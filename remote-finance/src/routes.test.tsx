import { screen } from '@testing-library/react';
import { fakeServer } from '../../shared/test/fake-api';
import { renderScreen } from '../../shared/test/render';
import { signIn } from '../../shared/test/roles';
import { expectFormScreen, expectListScreen } from '../../shared/test/screens';
import AreaRoutes from './routes';
import { ACCOUNTS, expense, income, payment, rule } from './test/rows';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../shared/test/fake-api')>('../../shared/test/fake-api').fakeApiModule());

/*
 * The Finance area's screens as spec 2.10 names them: headings, add buttons, columns, fields. How a list or
 * a form behaves is the kit's, tested there once; the screens' own behaviour is in the tests beside them.
 */
const open = (base: string, path: string) => renderScreen(<AreaRoutes base={base} />, { path, route: `/${base}/*` });

beforeEach(() => {
  signIn();
  fakeServer.reset();
  fakeServer.rows.set('account', ACCOUNTS);
  fakeServer.rows.set('income', [income(7)]);
  fakeServer.rows.set('expense', [expense(8)]);
  fakeServer.rows.set('onlinetrans', [payment(11)]);
  fakeServer.rows.set('mpesarules', [rule(5)]);
});

it.each([
  [
    'finance',
    '/finance/income',
    'All Income',
    'New Income',
    ['Names', 'Mobile', 'Amount', 'Payment for', 'Account', 'Date of transaction', 'Mode', 'Receipt No.', 'Status', 'Edit'],
  ],
  ['finance', '/finance/expenses', 'Expenses', 'New Expense', ['Payee', 'Amount', 'Payment for', 'Account', 'Date of transaction', 'Mode', 'Status', 'Edit']],
  ['finance', '/finance/accounts', 'Accounts', 'New Account', ['Name', 'Type', 'Parent', 'Giving', 'Organisation', 'Edit']],
  ['etracker', '/etracker/accounts', 'Accounts', 'New Account', ['Name', 'Type', 'Organisation']],
  ['finance', '/finance/mpesa', 'Mpesa', 'Allocate Accounts', ['Sender', 'Mobile', 'Amount', 'Trx id', 'Trx Time', 'Account reference', 'Allocated to']],
  ['finance', '/finance/mpesa/rules', 'Account references', 'New Rule', ['Account reference', 'Account', 'Date Added', 'Edit', 'Actions']],
])('%s: %s is %s with its add button and columns', async (base, path, title, add, columns) => {
  await open(base, path);
  expectListScreen(title, add, columns);
});

it.each([
  [
    'finance',
    '/finance/income/new',
    'Add Income',
    // The spec's fields in its order, after ours (issue 28.2): no contributor, and the contacts search.
    [
      'No contributor (loose or plate offering)',
      'Contributor',
      'First Name',
      'Last Name',
      'Amount',
      'Mobile',
      'Account',
      'Channel',
      'Date of Transaction',
      'Payment For',
      'Reference',
      'Send Message',
    ],
  ],
  [
    'finance',
    '/finance/expenses/new',
    'Add Expense',
    ['Payee name', 'Amount', 'Account', 'Channel', 'Date of Transaction', 'Payment For', 'Reference', 'Additional Notes'],
  ],
  ['finance', '/finance/accounts/new', 'New Account', ['Account Name', 'Type', 'Parent', 'Open for giving']],
  ['etracker', '/etracker/accounts/new', 'New Account', ['Account Name']],
])('%s: %s is the form %s with its fields in order', async (base, path, title, fields) => {
  expectFormScreen((await open(base, path)).container, title, fields);
});

it('shows the amounts exactly, with thousands grouped, and the channel and receipt number', async () => {
  await open('finance', '/finance/income');
  const row = (await screen.findByText('Mary Achieng')).closest('tr')!;
  expect(row).toHaveTextContent(/KES\s1,500\.50/);
  expect(row).toHaveTextContent('CASH');
  expect(row).toHaveTextContent('41');
});

it('shows the months of the books at /finance/periods (issue 26.4)', async () => {
  await open('finance', '/finance/periods');
  expect(await screen.findByRole('heading', { name: 'Periods' })).toBeInTheDocument();
});

it('leads from the Mpesa screen to the account references', async () => {
  await open('finance', '/finance/mpesa');
  expect(await screen.findByText('Not allocated')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Account references' })).toBeInTheDocument();
});

it('shows a not-found page for an unknown finance address, and no finance screen under /etracker', async () => {
  await open('etracker', '/etracker/income');
  expect(screen.getByText('Page not found')).toBeInTheDocument();
});

describe('as a finance clerk (records income and expenses, allocates M-Pesa payments)', () => {
  beforeEach(() => signIn(['finance_clerk']));

  it.each(['/finance/statements', '/finance/budgets', '/finance/mpesa/rules', '/finance/accounts/new', '/finance/accounts/edit/3'])(
    '%s shows NoAccess and asks the server nothing',
    async (path) => {
      await open('finance', path);
      expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Go to the dashboard' })).toBeInTheDocument();
      expect(fakeServer.pageRequests).toEqual([]);
      expect(fakeServer.recordRequests).toEqual([]);
    },
  );

  it('lists the accounts without New Account nor Edit', async () => {
    await open('finance', '/finance/accounts');
    expect(screen.getByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Account' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Type', 'Parent', 'Giving', 'Organisation']);
  });

  it('records income', async () => {
    await open('finance', '/finance/income');
    expectListScreen('All Income', 'New Income', ['Names', 'Mobile', 'Amount', 'Payment for', 'Account', 'Date of transaction', 'Mode', 'Receipt No.', 'Status', 'Edit']);
  });

  it('allocates M-Pesa payments, without the account references (set up by a treasurer)', async () => {
    await open('finance', '/finance/mpesa');
    expect(await screen.findByText('Not allocated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allocate Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account references' })).not.toBeInTheDocument();
  });
});

it('shows NoAccess at /finance to a viewer (no finance beyond the dashboard)', async () => {
  signIn(['viewer']);
  await open('finance', '/finance');
  expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
  expect(fakeServer.pageRequests).toEqual([]);
});

it('shows a treasurer every finance screen and button', async () => {
  signIn(['treasurer']);
  await open('finance', '/finance/accounts');
  expectListScreen('Accounts', 'New Account', ['Name', 'Type', 'Parent', 'Giving', 'Organisation', 'Edit']);
});
