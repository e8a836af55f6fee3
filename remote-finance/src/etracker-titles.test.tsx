import { act, render, screen } from '@testing-library/react';
import { AppProviders } from '@ushirika/shared/ui';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeServer } from '../../shared/test/fake-api';
import { renderScreen } from '../../shared/test/render';
import { signIn } from '../../shared/test/roles';
import { amina } from '../../shared/test/users';
import AreaRoutes from './routes';
import { ACCOUNTS, expense, income } from './test/rows';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../shared/test/fake-api')>('../../shared/test/fake-api').fakeApiModule());

/* Issue 28.7: each product its own words. An etracker partner's screens say what its menu says, and it has no giving statement. */
const open = (path: string) => renderScreen(<AreaRoutes base="finance" />, { path, route: '/finance/*' });

/** The finance area at an address with a search part (renderScreen takes a path alone). */
async function openAddress(address: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[address]}>
        <AppProviders>
          <Routes>
            <Route path="/finance/*" element={<AreaRoutes base="finance" />} />
          </Routes>
        </AppProviders>
      </MemoryRouter>,
    );
  });
}
const etracker = { ...amina, Partner: { ...amina.Partner, name: 'Upendo Traders', product: 'etracker' } };

beforeEach(() => {
  fakeServer.reset();
  fakeServer.rows.set('account', ACCOUNTS);
  fakeServer.rows.set('income', [income(7)]);
  fakeServer.rows.set('expense', [expense(8)]);
});

it.each([
  ['/finance/income', 'Money In', 'All Income'],
  ['/finance/expenses', 'Money Out', 'Expenses'],
])('titles %s as the etracker menu does (%s), and as the general one does (%s)', async (path, etrackerTitle, generalTitle) => {
  signIn(undefined, etracker);
  const shown = await open(path);
  expect(await screen.findByRole('heading', { level: 1, name: etrackerTitle })).toBeInTheDocument();
  shown.unmount();

  signIn();
  await open(path);
  expect(await screen.findByRole('heading', { level: 1, name: generalTitle })).toBeInTheDocument();
});

it('offers an etracker partner the account statement alone, even when the address asks for a giving statement', async () => {
  signIn(undefined, etracker);
  await openAddress('/finance/statements?kind=giving');
  expect(await screen.findByRole('tab', { name: 'Account statement' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByRole('tab', { name: 'Giving statement' })).not.toBeInTheDocument();
});

it('offers a general partner both statements', async () => {
  signIn();
  await openAddress('/finance/statements?kind=giving');
  expect(await screen.findByRole('tab', { name: 'Giving statement' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Account statement' })).toBeInTheDocument();
});

it('finds no giving statement to print for an etracker partner', async () => {
  signIn(undefined, etracker);
  await openAddress('/finance/statements/print?kind=giving&phone=0712345678&startdate=2026-01-01&enddate=2026-03-31');
  expect(await screen.findByText('Page not found')).toBeInTheDocument();
  expect(screen.queryByText('Giving statement')).not.toBeInTheDocument();
});
