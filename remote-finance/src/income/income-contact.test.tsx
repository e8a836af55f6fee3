import { screen } from '@testing-library/react';
import { useSession } from '@ushirika/shared/session';
import { fakeServer } from '../../../shared/test/fake-api';
import { renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { amina } from '../../../shared/test/users';
import AreaRoutes from '../routes';
import { ACCOUNTS, income } from '../test/rows';
import * as contactApi from './api';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
jest.mock('./api');
const calls = jest.mocked(contactApi);

const JOHN_KAMAU = { id: 11, firstName: 'John', lastName: 'Kamau', phone: '+254712000678' };
const JOHN_MWANGI = { id: 12, firstName: 'JOHN', lastName: 'Mwangi', phone: '+254712999678' };

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.rows.set('account', ACCOUNTS);
  useSession.getState().login({ access_token: 'header.payload.sig', user: amina });
  calls.loadContactSuggestions.mockResolvedValue([JOHN_KAMAU, JOHN_MWANGI]);
  calls.searchContacts.mockResolvedValue([]);
  calls.saveIncomeContact.mockResolvedValue({ status_msg: 'The income is linked to the contact', income: income(7) });
});

it("offers an M-Pesa income's suggested contacts first and links the one chosen over the income's version", async () => {
  fakeServer.rows.set('income', [income(7, { onlineTransactionId: 3, mode: 'M-PESA', lastName: '', phone: '', version: 4 })]);
  renderScreen(<AreaRoutes base="finance" />, { path: '/finance/income/edit/7', route: '/finance/*' });

  expect(await screen.findByText(/Not linked to a contact/)).toBeInTheDocument();
  await user.click(screen.getByLabelText('Choose a contact'));
  expect(await screen.findByText('Suggested')).toBeInTheDocument();
  await user.click(await screen.findByTitle('JOHN Mwangi (+254712999678)'));
  await user.click(screen.getByRole('button', { name: 'Link' }));
  expect(calls.saveIncomeContact).toHaveBeenCalledWith(expect.objectContaining({ id: 7, version: 4 }), 12);

  expect(await screen.findByText('The income is linked to the contact')).toBeInTheDocument();
});

it('shows no contact piece on an income typed in', async () => {
  fakeServer.rows.set('income', [income(8)]);
  renderScreen(<AreaRoutes base="finance" />, { path: '/finance/income/edit/8', route: '/finance/*' });
  expect(await screen.findByRole('heading', { name: 'Edit Income' })).toBeInTheDocument();
  expect(screen.queryByText('Contact')).not.toBeInTheDocument();
  expect(calls.loadContactSuggestions).not.toHaveBeenCalled();
});

it('shows no contact piece to someone who records income but may not link payers (finance.allocate)', async () => {
  signIn(undefined, { ...amina, roles: [], permissions: ['finance.record'] });
  fakeServer.rows.set('income', [income(7, { onlineTransactionId: 3, mode: 'M-PESA', lastName: '', phone: '', version: 4 })]);
  await renderScreen(<AreaRoutes base="finance" />, { path: '/finance/income/edit/7', route: '/finance/*' });
  expect(await screen.findByRole('heading', { name: 'Edit Income' })).toBeInTheDocument();
  expect(screen.queryByText(/Not linked to a contact/)).not.toBeInTheDocument();
  expect(calls.loadContactSuggestions).not.toHaveBeenCalled();
});
