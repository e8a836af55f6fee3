import { act, screen, waitFor, within } from '@testing-library/react';
import type { PageLoader } from '@ushirika/shared/api';
import type { Account, ExpressRequestRow, Member } from '@ushirika/shared/contract';
import { useLocale } from '@ushirika/shared/i18n';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { givingLoader, loadPersonGroups, meetingsLoader, messagesLoader, paymentsLoader } from './api';
import { loadPaymentRequest, requestPayment } from './payment-request-api';

jest.mock('./api', () => ({ givingLoader: jest.fn(), paymentsLoader: jest.fn(), messagesLoader: jest.fn(), meetingsLoader: jest.fn(), loadPersonGroups: jest.fn() }));
// POST /mpesa/express and GET /mpesa/express/{checkoutRequestId}.
jest.mock('./payment-request-api', () => ({
  ...jest.requireActual<typeof import('./payment-request-api')>('./payment-request-api'),
  requestPayment: jest.fn(),
  loadPaymentRequest: jest.fn(),
}));
// The contact (GET /member/{id}) and the accounts (the fund's choices) are served from fakeServer.
jest.mock('./pledges-api', () => ({ loadContactPledges: jest.fn(async () => []), loadOpenCampaigns: jest.fn(async () => []), savePledge: jest.fn() }));
jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
const send = jest.mocked(requestPayment);
const status = jest.mocked(loadPaymentRequest);

/*
 * 'Request payment' on a person's page (issue 29.3): an M-Pesa Express prompt to the contact's phone for an amount
 * to a fund, sent with the contact's id, then followed until the member pays, cancels, lets it time out, or it fails.
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

const account = (id: number, name: string, type: Account['type']): Account => ({
  id,
  name,
  type,
  parentId: 0,
  Parent: null,
  openForGiving: false,
  createdAt: '2026-01-01T00:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 1,
});

const CHECKOUT = 'ws_CO_010320261030001234';
const prompt = (over: Partial<ExpressRequestRow> = {}): ExpressRequestRow => ({
  checkoutRequestId: CHECKOUT,
  status: 'waiting',
  fund: 1,
  FundName: 'Tithes',
  amount: '1500.00',
  phone: '254712345678',
  memberId: 12,
  origin: 'staff',
  resultDesc: null,
  receiptNumber: null,
  incomeId: null,
  createdAt: '2026-03-01T07:30:00Z',
  settledAt: null,
  ...over,
});

/** An empty page loader keyed by `path`, as the real ones; counts its reads. */
const serving = <Row,>(path: string): PageLoader<Row> & jest.Mock =>
  Object.assign(
    jest.fn(async () => ({ rows: [] as Row[], total: 0, response: { thisYear: '0.00', lastYear: '0.00' } })),
    { path },
  );
let givingReads: jest.Mock;

const open = async () => {
  renderWithApp(<AreaRoutes base="contacts" />, { path: '/contacts/people/12', route: '/contacts/*' });
  await screen.findByRole('heading', { level: 1, name: 'Amina Wanjiru' });
};
const openDialog = async (user: ReturnType<typeof setupUser>) => {
  await open();
  await user.click(await screen.findByRole('button', { name: 'Request payment' }));
  return findDialog('Request payment from Amina Wanjiru');
};
const chooseFund = async (user: ReturnType<typeof setupUser>, dialog: HTMLElement, name: string) => {
  await user.click(within(dialog).getByLabelText('Fund'));
  await user.click(await screen.findByTitle(name));
};
const offered = () =>
  [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((option) => option.getAttribute('title'));

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.singulars.set('member', 'member');
  fakeServer.rows.set('member', [amina]);
  fakeServer.rows.set('account', [account(1, 'Tithes', 'CR'), account(2, 'Building Fund', 'CR'), account(3, 'Utilities', 'DR')]);
  jest.mocked(givingLoader).mockImplementation((id) => {
    const loader = serving(`member/${id}/giving`);
    givingReads = loader;
    return loader;
  });
  jest.mocked(paymentsLoader).mockImplementation((id) => serving(`member/${id}/payments`));
  jest.mocked(messagesLoader).mockImplementation((id) => serving(`member/${id}/messages`));
  jest.mocked(meetingsLoader).mockImplementation((id) => serving(`member/${id}/meetings`));
  jest.mocked(loadPersonGroups).mockResolvedValue([]);
  send.mockResolvedValue({ checkoutRequestId: CHECKOUT });
});
afterEach(() => act(() => useLocale.getState().setLocale('en')));

it("sends the fund, the amount in whole shillings, the contact's phone and id, then follows the prompt to paid and reads their giving again", async () => {
  status.mockResolvedValueOnce(prompt());
  status.mockResolvedValue(prompt({ status: 'paid', receiptNumber: 'TK60708BHZ', resultDesc: 'The service request is processed successfully.', incomeId: 90 }));
  const dialog = await openDialog(user);
  expect(within(dialog).getByLabelText('Phone')).toHaveValue('+254712345678');
  await user.click(within(dialog).getByLabelText('Fund'));
  await screen.findByTitle('Tithes');
  // The accounts money is received on: no expense account.
  expect(offered()).toEqual(['Tithes', 'Building Fund']);
  await user.click(screen.getByTitle('Tithes'));
  await user.type(within(dialog).getByLabelText('Amount'), '1,500');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));

  await waitFor(() => expect(send).toHaveBeenCalledWith({ fund: 1, amount: '1500', phone: '+254712345678', memberId: 12 }));
  expect(await within(dialog).findByText('Waiting for Amina to enter their PIN…')).toBeInTheDocument();
  const reads = givingReads.mock.calls.length;
  expect(await within(dialog).findByText('Paid: receipt TK60708BHZ', {}, { timeout: 8000 })).toBeInTheDocument();
  expect(status).toHaveBeenCalledWith(CHECKOUT, expect.anything());
  // The giving section is read again: the income is theirs.
  await waitFor(() => expect(givingReads.mock.calls.length).toBeGreaterThan(reads));

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request payment from Amina Wanjiru' })).not.toBeInTheDocument());
}, 30_000);

it('sends to the phone as changed, and follows a prompt the member cancelled; Try again keeps what was typed', async () => {
  status.mockResolvedValue(prompt({ status: 'cancelled', resultDesc: 'Request cancelled by user' }));
  const dialog = await openDialog(user);
  await chooseFund(user, dialog, 'Building Fund');
  await user.type(within(dialog).getByLabelText('Amount'), '200');
  await user.clear(within(dialog).getByLabelText('Phone'));
  await user.type(within(dialog).getByLabelText('Phone'), '0722000111');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));

  await waitFor(() => expect(send).toHaveBeenCalledWith({ fund: 2, amount: '200', phone: '0722000111', memberId: 12 }));
  expect(await within(dialog).findByText('Amina cancelled the prompt on their phone.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
  expect(within(dialog).getByLabelText('Phone')).toHaveValue('0722000111');
  expect(within(dialog).getByLabelText('Amount')).toHaveValue('200');
});

it("says a prompt that timed out, and one that failed in M-Pesa's words", async () => {
  status.mockResolvedValue(prompt({ status: 'timeout', resultDesc: 'DS timeout user cannot be reached' }));
  let dialog = await openDialog(user);
  await chooseFund(user, dialog, 'Tithes');
  await user.type(within(dialog).getByLabelText('Amount'), '50');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText("No answer: the prompt on Amina's phone timed out.")).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));

  status.mockResolvedValue(prompt({ checkoutRequestId: 'ws_CO_2', status: 'failed', resultDesc: 'The balance is insufficient for the transaction.' }));
  send.mockResolvedValue({ checkoutRequestId: 'ws_CO_2' });
  await user.click(screen.getByRole('button', { name: 'Request payment' }));
  dialog = await findDialog('Request payment from Amina Wanjiru');
  await chooseFund(user, dialog, 'Tithes');
  await user.type(within(dialog).getByLabelText('Amount'), '50');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('The payment failed: The balance is insufficient for the transaction.')).toBeInTheDocument();
});

it('asks for a fund and an amount of whole shillings within M-Pesa’s limit before sending anything', async () => {
  const dialog = await openDialog(user);
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('Choose a fund')).toBeInTheDocument();
  expect(within(dialog).getByText('Type the amount')).toBeInTheDocument();
  await chooseFund(user, dialog, 'Tithes');
  for (const amount of ['12.50', '250001', 'abc']) {
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), amount);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('The amount is whole shillings, from 1 to 250,000')).toBeInTheDocument();
  }
  await user.clear(within(dialog).getByLabelText('Phone'));
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('Type the phone number')).toBeInTheDocument();
  expect(send).not.toHaveBeenCalled();
});

it("shows a refused prompt in the server's words (prompts not set up, Daraja's refusal) and keeps the form", async () => {
  send.mockRejectedValueOnce(httpError(503, { status_msg: 'M-Pesa prompts cannot be sent: the partner has not entered its Daraja credentials (Settings → M-Pesa)' }));
  send.mockRejectedValueOnce(httpError(502, { status_msg: 'Daraja: Bad Request - Invalid PhoneNumber' }));
  const dialog = await openDialog(user);
  await chooseFund(user, dialog, 'Tithes');
  await user.type(within(dialog).getByLabelText('Amount'), '100');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('M-Pesa prompts cannot be sent: the partner has not entered its Daraja credentials (Settings → M-Pesa)')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('Daraja: Bad Request - Invalid PhoneNumber')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Amount')).toHaveValue('100');
  expect(status).not.toHaveBeenCalled();
});

it('offers Request payment only to those who record income, and only on a contact with a phone', async () => {
  signIn(['treasurer']);
  const view = renderWithApp(<AreaRoutes base="contacts" />, { path: '/contacts/people/12', route: '/contacts/*' });
  expect(await screen.findByRole('button', { name: 'Request payment' })).toBeInTheDocument();
  view.unmount();

  signIn(['secretary']);
  await open();
  expect(screen.queryByRole('button', { name: 'Request payment' })).not.toBeInTheDocument();
});

it('offers no Request payment on a contact without a phone', async () => {
  fakeServer.rows.set('member', [{ ...amina, phone: '' }]);
  await open();
  await screen.findByRole('region', { name: 'Income' });
  expect(screen.queryByRole('button', { name: 'Request payment' })).not.toBeInTheDocument();
});

it('says it in the user’s language', async () => {
  act(() => useLocale.getState().setLocale('sw'));
  renderWithApp(<AreaRoutes base="contacts" />, { path: '/contacts/people/12', route: '/contacts/*' });
  await user.click(await screen.findByRole('button', { name: 'Omba malipo' }));
  const dialog = await findDialog('Omba malipo kutoka kwa Amina Wanjiru');
  await user.click(within(dialog).getByRole('button', { name: 'Tuma' }));
  expect(await within(dialog).findByText('Chagua mfuko')).toBeInTheDocument();
});
