import { fireEvent, screen, within } from '@testing-library/react';
import { useSession } from '@ushirika/shared/session';
import { fakeServer } from '../../../shared/test/fake-api';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { amina } from '../../../shared/test/users';
import AreaRoutes from '../routes';
import * as ledgerApi from '../ledger/api';
import { ACCOUNTS, etrackerUser, income } from '../test/rows';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
jest.mock('../ledger/api');
const calls = jest.mocked(ledgerApi);

const open = (path: string) => renderScreen(<AreaRoutes base="finance" />, { path, route: '/finance/*' });
const optionsShown = () => [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  fakeServer.reset();
  fakeServer.rows.set('account', ACCOUNTS);
  useSession.getState().login({ access_token: 'header.payload.sig', user: amina });
});

async function choose(label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

it("shows the spec's income messages on empty input, then sends the form's fields with the receipt asked for", async () => {
  await open('/finance/income/new');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findAllByText('Name is required')).toHaveLength(2);
  for (const message of ['Amount is required', 'Phone is required', 'Account is required', 'Channel is required', 'This field is required', 'Reference is required']) {
    expect(screen.getByText(message)).toBeInTheDocument();
  }
  await user.fill('Reference', 'R');
  await user.tab();
  expect(await screen.findByText('Reference must be at least 2 characters')).toBeInTheDocument();
  expect(fakeServer.saves).toEqual([]);

  await user.fill('First Name', 'Mary');
  await user.fill('Last Name', 'Achieng');
  await user.fill('Amount', '1500.50');
  await user.fill('Mobile', '0712 345 678');
  await choose('Account', 'Building Fund');
  await choose('Channel', 'M-PESA');
  fireEvent.change(screen.getByLabelText('Date of Transaction'), { target: { value: '2026-03-01' } });
  await user.fill('Payment For', 'Building');
  await user.fill('Reference', 'QK12ABC');
  expect(screen.getByText(/The payer gets an SMS receipt/)).toBeInTheDocument();
  await user.click(screen.getByLabelText('Send Message'));
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(within(await findDialog('Awesome!')).getByText('New income saved successfully!')).toBeInTheDocument();
  expect(fakeServer.saves).toEqual([
    {
      path: 'income',
      body: {
        looseOffering: false,
        memberId: null,
        firstname: 'Mary',
        lastname: 'Achieng',
        amount: '1500.50',
        phone: '+254712345678',
        account: 2,
        mode: 'M-PESA',
        dateOfTransaction: '2026-03-01',
        paymentFor: 'Building',
        reference: 'QK12ABC',
        sendMessage: true,
        meetingId: null,
        reason: '',
      },
      id: undefined,
    },
  ]);
});

it('offers income (CR) accounts only; on the etracker product its client accounts too', async () => {
  const first = await open('/finance/income/new');
  await user.click(screen.getByLabelText('Account'));
  await screen.findByTitle('Tithes');
  expect(optionsShown()).toEqual(['Select one', 'Tithes', 'Building Fund']);
  first.unmount();

  useSession.getState().login({ access_token: 'header.payload.sig', user: etrackerUser });
  await open('/finance/income/new');
  await user.click(screen.getByLabelText('Account'));
  await screen.findByTitle('Mama Njeri');
  expect(optionsShown()).toEqual(['Select one', 'Tithes', 'Building Fund', 'Mama Njeri']);
});

it("opens 'Edit Income' prefilled, sends no receipt unless ticked again, and saves under the income's id with its version", async () => {
  fakeServer.rows.set('income', [income(7, { version: 3 })]);
  calls.saveLedgerEntry.mockResolvedValue({ status_msg: 'New income saved successfully!', record: income(7, { version: 4 }) });
  await open('/finance/income/edit/7');
  expect(await screen.findByRole('heading', { name: 'Edit Income' })).toBeInTheDocument();
  expect(screen.getByLabelText('First Name')).toHaveValue('Mary');
  expect(screen.getByLabelText('Send Message')).not.toBeChecked();
  await user.fill('Payment For', 'Tithe, March');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await findDialog('Awesome!');
  expect(calls.saveLedgerEntry).toHaveBeenCalledWith(
    expect.objectContaining({ path: 'income' }),
    7,
    expect.objectContaining({ amount: '1500.50', account: 1, mode: 'CASH', paymentFor: 'Tithe, March', sendMessage: false, reason: '', version: 3 }),
  );
});
