import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@ushirika/shared/api';
import type { BudgetLine, BudgetYear } from '@ushirika/shared/contract';
import { findDialog, renderScreen, setupUser } from '../../../../shared/test/render';
import { signIn } from '../../../../shared/test/roles';
import { amina } from '../../../../shared/test/users';
import { buttonNamed, ReportScreens, reply } from '../test/render-reports';
import type { ChartPoint } from './budget-figures';

jest.mock('@ushirika/shared/api', () => ({ ...jest.requireActual<object>('@ushirika/shared/api'), api: { get: jest.fn(), post: jest.fn(), put: jest.fn() } }));
// The chart library draws on a canvas jsdom does not have; the screen's part is what it hands the chart.
jest.mock('./BudgetChart', () => ({
  __esModule: true,
  default: ({ points }: { points: ChartPoint[] }) => <output data-testid="chart-points">{JSON.stringify(points.slice(0, 4))}</output>,
}));
beforeEach(() => signIn());

const open = (path: string) => renderScreen(<ReportScreens />, { path, route: '/finance/*' });
const get = api.get as unknown as jest.Mock;
const put = api.put as unknown as jest.Mock;

const year = new Date().getFullYear();
const zeros = Array.from({ length: 12 }, () => '0.00');
const line = (AccountId: number, account: string, type: 'CR' | 'DR', actual: string[]): BudgetLine => ({
  AccountId,
  account,
  type,
  budget: zeros,
  actual,
  budgetTotal: '0.00',
  actualTotal: '0.00',
  variance: '0.00',
  variancePercent: null,
});
const budget: BudgetYear = {
  year,
  // The server's order is by type then name; the screen shows income (CR) first either way.
  lines: [
    { ...line(7, 'Electricity', 'DR', ['150.00', ...zeros.slice(1)]), actualTotal: '150.00', variance: '150.00' },
    { ...line(4, 'Tithe', 'CR', ['0.25', ...zeros.slice(1)]), actualTotal: '0.25', variance: '0.25' },
  ],
  Partner: { name: 'Grace Community Church' },
};

const shown = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s/g, ' ');
const rowOf = (account: string) => screen.getByText(account, { selector: 'td *' }).closest('tr')!;
/** The figures after the 12 months: budget, actual, variance, variance %. */
const figuresOf = (row: Element) => [...row.querySelectorAll('td')].slice(-4).map(shown);

it('edits a budget: exact totals as typed (0.10 + 0.20 = 0.30), 12 decimal strings per changed account saved, the chart fed', async () => {
  const user = setupUser();
  get.mockImplementation(() => reply(budget));
  await open('/finance/budgets');
  expect(screen.getByText('Budget', { selector: 'h1' })).toBeInTheDocument();
  await screen.findByText('Tithe', { selector: 'td *' });
  expect(get).toHaveBeenCalledWith('budgets', expect.objectContaining({ searchParams: { year } }));
  // Income accounts first, then expenses.
  expect([...document.querySelectorAll('tr.ant-table-row td:first-child')].map(shown).filter(Boolean)).toEqual(['TitheIncome', 'ElectricityExpense']);

  await user.fill('Tithe, January', '0.10');
  await user.fill('Tithe, February', '0.20');
  expect(figuresOf(rowOf('Tithe'))).toEqual(['KES 0.30', 'KES 0.25', '-KES 0.05', '-16.7 %']);
  const totalIncome = screen.getByText('Total income').closest('tr')!;
  expect(figuresOf(totalIncome)).toEqual(['KES 0.30', 'KES 0.25', '-KES 0.05', '-16.7 %']);
  // The chart gets the income accounts' budget and actual per month (Numbers, for plotting only).
  expect(JSON.parse(screen.getByTestId('chart-points').textContent!)).toEqual([
    { month: 0, series: 'budget', amount: 0.1 },
    { month: 0, series: 'actual', amount: 0.25 },
    { month: 1, series: 'budget', amount: 0.2 },
    { month: 1, series: 'actual', amount: 0 },
  ]);

  // Not an amount: no total, and Save says why.
  await user.fill('Electricity, March', '1,5');
  expect(figuresOf(rowOf('Electricity'))).toEqual(['—', 'KES 150.00', '—', '—']);
  await user.click(buttonNamed('Save'));
  const refused = await findDialog('Error!');
  expect(within(refused).getByText('A monthly budget must be an amount with at most two decimals')).toBeInTheDocument();
  await user.click(within(refused).getByText('OK'));
  expect(put).not.toHaveBeenCalled();

  await user.fill('Electricity, March', '100');
  const months = { 4: ['0.10', '0.20', ...zeros.slice(2)], 7: ['0.00', '0.00', '100.00', ...zeros.slice(3)] } as Record<number, string[]>;
  const saved: BudgetYear = { ...budget, lines: budget.lines.map((entry) => ({ ...entry, budget: months[entry.AccountId]! })) };
  put.mockImplementation(() => reply({ status_msg: 'Budget saved', budget: saved }));
  await user.click(buttonNamed('Save'));
  expect(within(await findDialog('Awesome!')).getByText('Budget saved')).toBeInTheDocument();
  expect(put).toHaveBeenCalledWith(`budgets/${year}`, {
    json: {
      lines: [
        { account: 4, months: months[4] },
        { account: 7, months: months[7] },
      ],
    },
  });
  // The saved year as the server answered it; nothing left to save.
  await waitFor(() => expect(buttonNamed('Save')).toBeDisabled());
  expect(figuresOf(rowOf('Electricity'))).toEqual(['KES 100.00', 'KES 150.00', 'KES 50.00', '50.0 %']);
  expect(screen.getByLabelText('Tithe, February')).toHaveValue('0.20');
});

it('shows the budget read only, without Save, to someone who sees reports but may not set budgets', async () => {
  signIn(undefined, { ...amina, roles: [], permissions: ['dashboard.read', 'finance.reports'] });
  get.mockImplementation(() => reply(budget));
  await open('/finance/budgets');
  await screen.findByText('Tithe', { selector: 'td *' });
  expect(screen.getByLabelText('Tithe, January')).toHaveAttribute('readonly');
  expect(screen.queryByText('Save', { selector: 'button, button *' })).not.toBeInTheDocument();
});

it('shows NoAccess at the budgets of a finance clerk, and asks the server nothing', async () => {
  signIn(['finance_clerk']);
  get.mockClear();
  await open('/finance/budgets');
  expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
  expect(get).not.toHaveBeenCalled();
});
