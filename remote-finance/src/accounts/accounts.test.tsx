import { screen, within } from '@testing-library/react';
import { useSession } from '@ushirika/shared/session';
import { fakeServer } from '../../../shared/test/fake-api';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { ACCOUNTS, building, etrackerUser, tithes, utilities } from '../test/rows';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());

const open = (base: string, path: string) => renderScreen(<AreaRoutes base={base} />, { path, route: `/${base}/*` });
/** The options drawn in the open select (antd's accessible copies hold only values). */
const optionsShown = () => [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));

beforeEach(() => {
  fakeServer.reset();
  fakeServer.rows.set('account', ACCOUNTS);
  signIn();
});

it("names each account's parent, or 'Root Account' for a top-level one, and its type", async () => {
  await open('finance', '/finance/accounts');
  // The row whose first cell (Name) is `name`.
  const row = (name: string) => screen.getAllByRole('row').find((tr) => tr.querySelector('td')?.textContent === name)!;
  await screen.findByText('Building Fund');
  expect(row('Building Fund')).toHaveTextContent('Income (CR)Tithes');
  expect(row('Tithes')).toHaveTextContent('Income (CR)Root Account');
  expect(row('Utilities')).toHaveTextContent('Expense (DR)Root Account');
});

it('offers Root Account and every other account as the parent when editing, never the account itself', async () => {
  const user = setupUser();
  await open('finance', `/finance/accounts/edit/${building.id}`);
  expect(await screen.findByLabelText('Account Name')).toHaveValue('Building Fund');
  expect(screen.getByRole('radio', { name: 'Income (CR)' })).toBeChecked();
  await user.click(screen.getByLabelText('Parent'));
  await screen.findByTitle('Utilities');
  expect(optionsShown()).toEqual(['Select one', 'Root Account', 'Tithes', 'Utilities', 'Mama Njeri']);
  await user.click(screen.getByTitle('Root Account'));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(within(await findDialog('Awesome!')).getByText('New Account saved successfully!')).toBeInTheDocument();
  expect(fakeServer.saves).toEqual([
    { path: 'account', body: { accountName: 'Building Fund', accountType: 'CR', parentId: 0, openForGiving: false, version: 1 }, id: 2 },
  ]);
});

describe("'Open for giving' (issue 29): the funds the giving page offers", () => {
  it("tags the accounts open for giving 'Giving' in the list, and no other", async () => {
    fakeServer.rows.set('account', [{ ...tithes, openForGiving: true }, building, utilities]);
    await open('finance', '/finance/accounts');
    await screen.findByText('Building Fund');
    // The row whose first cell (Name) is `name`.
    const row = (name: string) => screen.getAllByRole('row').find((tr) => tr.querySelector('td')?.textContent === name)!;
    expect(within(row('Tithes')).getByText('Giving')).toBeInTheDocument();
    expect(within(row('Building Fund')).queryByText('Giving')).not.toBeInTheDocument();
    expect(within(row('Utilities')).queryByText('Giving')).not.toBeInTheDocument();
  });

  it('sends openForGiving true when a new account is ticked open', async () => {
    const user = setupUser();
    await open('finance', '/finance/accounts/new');
    await user.fill('Account Name', 'Harambee');
    await user.click(screen.getByRole('radio', { name: 'Income (CR)' }));
    await user.click(screen.getByLabelText('Parent'));
    await user.click(await screen.findByTitle('Root Account'));
    expect(screen.getByRole('checkbox', { name: 'Open for giving' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Open for giving' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([{ path: 'account', body: { accountName: 'Harambee', accountType: 'CR', parentId: 0, openForGiving: true }, id: undefined }]);
  });

  it('shows an open account ticked, and sends openForGiving false once it is closed', async () => {
    const user = setupUser();
    fakeServer.rows.set('account', [{ ...tithes, openForGiving: true }, building, utilities]);
    await open('finance', `/finance/accounts/edit/${tithes.id}`);
    const giving = await screen.findByRole('checkbox', { name: 'Open for giving' });
    expect(giving).toBeChecked();
    await user.click(giving);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([{ path: 'account', body: { accountName: 'Tithes', accountType: 'CR', parentId: 0, openForGiving: false, version: 1 }, id: 1 }]);
  });
});

it("lists client accounts only (GET /account?type=ROOT), typed 'Client Account'", async () => {
  useSession.getState().login({ access_token: 'header.payload.sig', user: etrackerUser });
  await open('etracker', '/etracker/accounts');
  await screen.findByText('Mama Njeri');
  expect(fakeServer.pageRequests[0]).toEqual({ path: 'account', query: expect.objectContaining({ type: 'ROOT' }) });
  expect(screen.getByText('Mama Njeri').closest('tr')).toHaveTextContent('Client Account');
});

it('creates a client account with the name alone (type ROOT, parent 0) and returns to the client accounts', async () => {
  const user = setupUser();
  useSession.getState().login({ access_token: 'header.payload.sig', user: etrackerUser });
  await open('etracker', '/etracker/accounts/new');
  await user.fill('Account Name', 'Baba Otieno');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await findDialog('Awesome!');
  expect(fakeServer.saves).toEqual([{ path: 'account', body: { accountName: 'Baba Otieno', accountType: 'ROOT', parentId: 0 }, id: undefined }]);
  expect(screen.getByTestId('location')).toHaveTextContent('/etracker/accounts');
});
