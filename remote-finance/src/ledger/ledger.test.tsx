import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocale } from '@ushirika/shared/i18n';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { ACCOUNTS, expense, income } from '../test/rows';
import * as ledgerApi from './api';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
jest.mock('./api');
const calls = jest.mocked(ledgerApi);

/*
 * Money is corrected, not rewritten (issue 26.3), on the income and expense screens: the lists tag reversed and
 * reversing entries and hide them on request; the edit screens ask why when money changes, open the new entry of a
 * correction, reverse with a reason, and name a closed month in the user's language.
 */

const open = (path: string) => renderScreen(<AreaRoutes base="finance" />, { path, route: '/finance/*' });
const location = () => screen.getByTestId('location').textContent;

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.rows.set('account', ACCOUNTS);
  signIn();
});
afterEach(() => act(() => useLocale.getState().setLocale('en')));

const original = income(7, { status: 'reversed', reversedById: 8, version: 2 });
const reversal = income(8, { status: 'reversal', reversalOfId: 7, amount: '-1500.50', receiptNumber: 42, reason: 'Miscounted' });
const corrected = income(9, { amount: '1200.00', receiptNumber: 43, correctionOfId: 7, reason: 'Miscounted' });

describe('the income list', () => {
  it('tags reversed and reversing entries and the correction, and hides reversals on request', async () => {
    fakeServer.rows.set('income', [corrected, reversal, original]);
    await open('/finance/income');
    const rowOf = async (receipt: string) => within((await screen.findByText(receipt)).closest('tr')!);
    expect((await rowOf('43')).getByText('Correction')).toBeInTheDocument();
    expect((await rowOf('42')).getByText('Reversal')).toBeInTheDocument();
    expect((await rowOf('41')).getByText('Reversed')).toBeInTheDocument();
    expect(fakeServer.pageRequests.at(-1)!.query).not.toHaveProperty('reversals');

    await user.click(screen.getByLabelText('Hide reversals'));
    await waitFor(() => expect(fakeServer.pageRequests.at(-1)!.query).toMatchObject({ reversals: 'hide', page: 1 }));
  });
});

describe("'Edit Income'", () => {
  beforeEach(() => fakeServer.rows.set('income', [income(7, { version: 3 }), corrected]));

  it('asks why once money changes, sends the reason, and opens the new entry of the correction', async () => {
    calls.saveLedgerEntry.mockResolvedValue({ status_msg: 'The income was corrected: the old entry is reversed and the new one recorded', record: corrected });
    await open('/finance/income/edit/7');
    expect(await screen.findByRole('heading', { name: 'Edit Income' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Reason for the change')).not.toBeInTheDocument();

    await user.fill('Amount', '1200');
    expect(await screen.findByLabelText('Reason for the change')).toBeInTheDocument();
    expect(screen.getByText(/It is reversed and recorded again with the new values/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Give a reason: changing the amount, account, date or payer corrects the income with a reversing entry and a new one'),
    ).toBeInTheDocument();
    expect(calls.saveLedgerEntry).not.toHaveBeenCalled();

    await user.fill('Reason for the change', 'Miscounted');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(await findDialog('Awesome!')).getByText('The income was corrected: the old entry is reversed and the new one recorded')).toBeInTheDocument();
    expect(calls.saveLedgerEntry).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'income' }),
      7,
      expect.objectContaining({ amount: '1200', reason: 'Miscounted', version: 3 }),
    );
    await waitFor(() => expect(location()).toBe('/finance/income/edit/9'));
    expect(await screen.findByText('This entry corrects entry 7.')).toBeInTheDocument();
    expect(screen.getByText('Reason: Miscounted')).toBeInTheDocument();
  });

  it('asks no reason when the payer’s phone is only typed another way', async () => {
    calls.saveLedgerEntry.mockResolvedValue({ status_msg: 'New income saved successfully!', record: income(7, { version: 4 }) });
    await open('/finance/income/edit/7');
    await screen.findByRole('heading', { name: 'Edit Income' });
    await user.fill('Mobile', '0712 345 678');
    await user.fill('Payment For', 'Tithe, March');
    expect(screen.queryByLabelText('Reason for the change')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    await waitFor(() => expect(location()).toBe('/finance/income'));
  });

  it("names a closed month in the user's language", async () => {
    act(() => useLocale.getState().setLocale('sw'));
    calls.saveLedgerEntry.mockRejectedValue(
      httpError(409, { status_msg: 'March 2026 is closed: nothing dated in it can be recorded, corrected or reversed.', closedMonth: '2026-03' }),
    );
    await open('/finance/income/edit/7');
    await screen.findByRole('heading', { name: 'Hariri Mapato' });
    await user.fill('Rejeo', 'Envelope 13');
    await user.click(screen.getByRole('button', { name: 'Wasilisha' }));
    const dialog = await findDialog('Hitilafu!');
    expect(within(dialog).getByText(/^Machi 2026 umefungwa: hakuna kilicho na tarehe ndani yake/)).toBeInTheDocument();
  });

  it('reverses with a reason, then returns to the list', async () => {
    calls.reverseLedgerEntry.mockResolvedValue({ status_msg: 'The income was reversed', record: reversal });
    await open('/finance/income/edit/7');
    await user.click(await screen.findByRole('button', { name: 'Reverse…' }));
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Give a reason for the reversal')).toBeInTheDocument();
    expect(calls.reverseLedgerEntry).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason for the change'), 'Recorded twice');
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    expect(within(await findDialog('Awesome!')).getByText('The income was reversed')).toBeInTheDocument();
    expect(calls.reverseLedgerEntry).toHaveBeenCalledWith(expect.objectContaining({ path: 'income' }), expect.objectContaining({ id: 7, version: 3 }), 'Recorded twice');
    await waitFor(() => expect(location()).toBe('/finance/income'));
  });

  it('says a reversed entry is reversed, and offers no reversal of it', async () => {
    fakeServer.rows.set('income', [original]);
    await open('/finance/income/edit/7');
    expect(await screen.findByText(/This entry was reversed by entry 8/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse…' })).not.toBeInTheDocument();
  });
});

describe("'Edit Expense'", () => {
  it('asks why when the payee changes, and edits the notes in place without', async () => {
    fakeServer.rows.set('expense', [expense(8)]);
    calls.saveLedgerEntry.mockResolvedValue({ status_msg: 'New expense saved successfully!', record: expense(8, { version: 2 }) });
    await open('/finance/expenses/edit/8');
    expect(await screen.findByRole('heading', { name: 'Edit Expense' })).toBeInTheDocument();
    await user.fill('Payee name', 'KPLC');
    expect(await screen.findByLabelText('Reason for the change')).toBeInTheDocument();
    expect(screen.getByText(/The amount, account, date or payee changed/)).toBeInTheDocument();
    await user.fill('Payee name', 'Kenya Power');
    await user.fill('Additional Notes', 'Main hall and offices');
    expect(screen.queryByLabelText('Reason for the change')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(calls.saveLedgerEntry).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'expense' }),
      8,
      expect.objectContaining({ notes: 'Main hall and offices', reason: '' }),
    );
    expect(screen.getByRole('button', { name: 'Reverse…' })).toBeInTheDocument();
  });
});
