import { act, screen, waitFor, within } from '@testing-library/react';
import type { LedgerPeriod } from '@ushirika/shared/contract';
import { useLocale } from '@ushirika/shared/i18n';
import { fakeServer } from '../../../shared/test/fake-api';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import * as ledgerApi from '../ledger/api';
import AreaRoutes from '../routes';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
jest.mock('../ledger/api');
const calls = jest.mocked(ledgerApi);

/*
 * Finance -> Periods (issue 26.4): the months, closed or open; a treasurer closes an ended month, an owner reopens
 * a closed one with a reason; the correction SMS switch for those who set up the finances.
 */

const month = (over: Partial<LedgerPeriod> & { month: string }): LedgerPeriod => ({
  closed: false,
  closedAt: null,
  closedBy: null,
  reopenedAt: null,
  reopenedBy: null,
  reopenReason: null,
  ...over,
});
const MONTHS = [
  month({ month: '2026-04' }),
  month({ month: '2026-03' }),
  month({ month: '2026-02', closed: true, closedAt: '2026-03-02T07:00:00Z', closedBy: 'Tess Treasurer' }),
  month({
    month: '2026-01',
    reopenedAt: '2026-02-10T07:00:00Z',
    reopenedBy: 'Amina Owner',
    reopenReason: 'A late cheque',
    closedAt: '2026-02-01T07:00:00Z',
    closedBy: 'Tess Treasurer',
  }),
];

const open = () => renderScreen(<AreaRoutes base="finance" />, { path: '/finance/periods', route: '/finance/*' });
const rowOf = async (name: string) => within((await screen.findByText(name)).closest('tr')!);

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  calls.loadPeriods.mockResolvedValue({ periods: MONTHS });
  calls.loadLedgerSettings.mockResolvedValue({ correctionSms: false });
});
afterEach(() => act(() => useLocale.getState().setLocale('en')));

it('lists the months newest first; a treasurer closes an ended month, never this one, and reopens none', async () => {
  signIn(['treasurer']);
  calls.closePeriod.mockResolvedValue({ status_msg: 'The month is closed', period: { ...MONTHS[1]!, closed: true } });
  await open();
  expect(screen.getByRole('heading', { name: 'Periods' })).toBeInTheDocument();
  await screen.findByText('April 2026');
  const firstCells = screen.getAllByRole('row').map((row) => row.querySelector('td')?.textContent ?? '');
  expect(firstCells.filter((text) => /\d{4}$/.test(text))).toEqual(['April 2026', 'March 2026', 'February 2026', 'January 2026']);

  expect((await rowOf('April 2026')).queryByRole('button')).not.toBeInTheDocument();
  const february = await rowOf('February 2026');
  expect(february.getByText('Closed', { selector: '.ant-tag' })).toBeInTheDocument();
  expect(february.getByText(/^Tess Treasurer, /)).toBeInTheDocument();
  expect(february.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  expect((await rowOf('January 2026')).getByText('A late cheque')).toBeInTheDocument();

  await user.click((await rowOf('March 2026')).getByRole('button', { name: 'Close' }));
  const confirm = await findDialog('Close March 2026?');
  await user.click(within(confirm).getByRole('button', { name: 'Close' }));
  expect(within(await findDialog('Awesome!')).getByText('The month is closed')).toBeInTheDocument();
  expect(calls.closePeriod).toHaveBeenCalledWith('2026-03');
  // The treasurer sets up the finances too: the correction SMS is theirs to turn on.
  expect(screen.getByLabelText('Send a correction SMS when an income is corrected')).toBeInTheDocument();
});

it('lets an owner reopen a closed month with a reason, and turn the correction SMS on', async () => {
  signIn(['owner']);
  calls.reopenPeriod.mockResolvedValue({ status_msg: 'The month is reopened', period: { ...MONTHS[2]!, closed: false } });
  calls.saveLedgerSettings.mockResolvedValue({ status_msg: "A corrected income's payer now gets a correction SMS", correctionSms: true });
  await open();
  await user.click((await rowOf('February 2026')).getByRole('button', { name: 'Reopen' }));
  const panel = await screen.findByRole('dialog');
  expect(within(panel).getByText('Reopen February 2026')).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: 'Reopen' }));
  expect(await within(panel).findByText('Give a reason for reopening the month')).toBeInTheDocument();
  await user.type(within(panel).getByLabelText('Reason for the change'), 'A cheque was banked late');
  await user.click(within(panel).getByRole('button', { name: 'Reopen' }));
  expect(within(await findDialog('Awesome!')).getByText('The month is reopened')).toBeInTheDocument();
  expect(calls.reopenPeriod).toHaveBeenCalledWith('2026-02', 'A cheque was banked late');

  await user.click(screen.getByLabelText('Send a correction SMS when an income is corrected'));
  await waitFor(() => expect(calls.saveLedgerSettings).toHaveBeenCalledWith({ correctionSms: true }));
});

it('shows a finance clerk the months only, in their language', async () => {
  signIn(['finance_clerk']);
  act(() => useLocale.getState().setLocale('sw'));
  await open();
  expect(await rowOf('Februari 2026')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Funga' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Fungua tena' })).not.toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  expect(calls.loadLedgerSettings).not.toHaveBeenCalled();
});

it('is no screen for someone who records no money', async () => {
  signIn(['viewer']);
  await open();
  expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
  expect(calls.loadPeriods).not.toHaveBeenCalled();
});
