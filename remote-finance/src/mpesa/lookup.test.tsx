import { act, screen, waitFor, within } from '@testing-library/react';
import type { LookupRow } from '@ushirika/shared/contract';
import { useLocale } from '@ushirika/shared/i18n';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { payment } from '../test/rows';
import { loadRecentLookups, lookUpCode } from './lookups';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
// POST and GET /mpesa/lookups; the code's rule is the module's own.
jest.mock('./lookups', () => ({ ...jest.requireActual<typeof import('./lookups')>('./lookups'), lookUpCode: jest.fn(), loadRecentLookups: jest.fn() }));
const lookUp = jest.mocked(lookUpCode);
const recent = jest.mocked(loadRecentLookups);

/*
 * Finance → Mpesa, 'Look up a code' (issue 29.4): a payment a member reports by its M-Pesa code is asked of M-Pesa's
 * Transaction Status API; the dialog follows the look-up until M-Pesa answers, and a payment found is in the list.
 */

const CODE = 'TK60708BHZ';
const lookup = (over: Partial<LookupRow> = {}): LookupRow => ({
  id: 7,
  transId: CODE,
  status: 'waiting',
  resultDesc: null,
  transactionId: null,
  createdAt: '2026-03-01T07:30:00Z',
  settledAt: null,
  ...over,
});

const openDialog = async (user: ReturnType<typeof setupUser>) => {
  await renderScreen(<AreaRoutes base="finance" />, { path: '/finance/mpesa', route: '/finance/*' });
  await screen.findByText('TK1ABC');
  await user.click(screen.getByRole('button', { name: 'Look up a code' }));
  return findDialog('Look up a payment by its M-Pesa code');
};

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.rows.set('onlinetrans', [payment(1), payment(2)]);
  recent.mockResolvedValue([]);
});
afterEach(() => act(() => useLocale.getState().setLocale('en')));

it('asks for a code of 10 letters and digits before asking M-Pesa, and sends it in capitals without spaces', async () => {
  const dialog = await openDialog(user);
  expect(await within(dialog).findByText('No look-ups yet')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
  expect(await within(dialog).findByText('Type the M-Pesa code')).toBeInTheDocument();

  await user.type(within(dialog).getByLabelText('M-Pesa code'), 'TK6070-8BH');
  await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
  expect(await within(dialog).findByText('An M-Pesa code is 10 letters and digits, as in the SMS: TK60708BHZ')).toBeInTheDocument();
  expect(lookUp).not.toHaveBeenCalled();

  lookUp.mockResolvedValue(lookup());
  await user.clear(within(dialog).getByLabelText('M-Pesa code'));
  await user.type(within(dialog).getByLabelText('M-Pesa code'), ' tk60 708bhz');
  await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
  await waitFor(() => expect(lookUp).toHaveBeenCalledWith(CODE));
});

it('follows a look-up while M-Pesa is asked, then shows it found, refreshes the payments and shows the payment in the list', async () => {
  recent.mockResolvedValueOnce([]);
  const dialog = await openDialog(user);
  await within(dialog).findByText('No look-ups yet');
  lookUp.mockResolvedValue(lookup());
  recent.mockResolvedValueOnce([lookup()]);
  recent.mockResolvedValue([
    lookup({ status: 'found', resultDesc: 'The service request is processed successfully.', transactionId: 3, settledAt: '2026-03-01T07:30:09Z' }),
  ]);
  await user.type(within(dialog).getByLabelText('M-Pesa code'), CODE);
  await user.click(within(dialog).getByRole('button', { name: 'Look up' }));

  const recentLookups = within(dialog).getByRole('region', { name: 'Recent look-ups' });
  expect(await within(recentLookups).findByText('Asking M-Pesa…')).toBeInTheDocument();
  const listed = fakeServer.pageRequests.length;
  // Read again a few seconds later: M-Pesa answered.
  expect(await within(recentLookups).findByText('Found', {}, { timeout: 8000 })).toBeInTheDocument();
  expect(within(recentLookups).getByText('The service request is processed successfully.')).toBeInTheDocument();
  // The payments' list is read again: the payment found is in it now.
  await waitFor(() => expect(fakeServer.pageRequests.length).toBeGreaterThan(listed));

  fakeServer.rows.set('onlinetrans', [payment(3, { trxnid: CODE }), payment(1), payment(2)]);
  await user.click(within(recentLookups).getByRole('button', { name: 'Show in the list' }));
  await waitFor(() => expect(fakeServer.pageRequests.at(-1)).toMatchObject({ path: 'onlinetrans', query: { page: 1, searchKey: CODE } }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Look up a payment by its M-Pesa code' })).not.toBeInTheDocument());

  expect(await screen.findByText(CODE)).toBeInTheDocument();

  // Every payment again (page 1 without a search, read a moment ago).
  await user.click(screen.getByRole('button', { name: 'Show every payment' }));
  expect(await screen.findByText('TK1ABC')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show every payment' })).not.toBeInTheDocument();
}, 30_000);

it("shows a look-up not found or failed with M-Pesa's words, and a refused look-up in the server's words", async () => {
  recent.mockResolvedValue([
    lookup({ id: 9, transId: 'QAA0000009', status: 'failed', resultDesc: 'The initiator information is invalid.' }),
    lookup({ id: 8, transId: 'QAA0000008', status: 'not-found', resultDesc: 'No transaction with this code was made to your short code.' }),
  ]);
  const dialog = await openDialog(user);
  const row = async (code: string) => within((await within(dialog).findByText(code)).closest('tr')!);
  expect((await row('QAA0000009')).getByText('Failed')).toBeInTheDocument();
  expect((await row('QAA0000009')).getByText('The initiator information is invalid.')).toBeInTheDocument();
  expect((await row('QAA0000008')).getByText('Not found')).toBeInTheDocument();
  expect((await row('QAA0000008')).queryByRole('button', { name: 'Show in the list' })).not.toBeInTheDocument();

  const NO_INITIATOR = 'Enter the Transaction Status initiator and its security credential in Settings → M-Pesa to look up payments with Safaricom';
  lookUp.mockRejectedValue(httpError(409, { status_msg: NO_INITIATOR }));
  await user.type(within(dialog).getByLabelText('M-Pesa code'), CODE);
  await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
  expect(await within(dialog).findByText(NO_INITIATOR)).toBeInTheDocument();
});

it('says it in the user’s language, the server’s words it knows too', async () => {
  recent.mockResolvedValue([lookup({ status: 'not-found', resultDesc: 'Safaricom found no payment with this code' })]);
  act(() => useLocale.getState().setLocale('sw'));
  await renderScreen(<AreaRoutes base="finance" />, { path: '/finance/mpesa', route: '/finance/*' });
  await user.click(await screen.findByRole('button', { name: 'Tafuta kwa msimbo' }));
  const dialog = await findDialog('Tafuta malipo kwa msimbo wake wa M-Pesa');
  await user.click(within(dialog).getByRole('button', { name: 'Tafuta' }));
  expect(await within(dialog).findByText('Andika msimbo wa M-Pesa')).toBeInTheDocument();
  expect(within(dialog).getByText('Hayakupatikana')).toBeInTheDocument();
  expect(within(dialog).getByText('Safaricom haikupata malipo yenye msimbo huu')).toBeInTheDocument();
});
