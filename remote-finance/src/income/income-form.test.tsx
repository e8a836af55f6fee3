import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Meeting } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { AreaTexts } from '@ushirika/shared/ui';
import { Navigate, Route, Routes } from 'react-router-dom';
import { fakeServer } from '../../../shared/test/fake-api';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { amina } from '../../../shared/test/users';
import * as messages from '../messages';
import { ACCOUNTS } from '../test/rows';
import * as contactApi from './api';
import { IncomeNewPage } from './IncomeNewPage';
import { PayerName } from './PayerName';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
jest.mock('./api');
const calls = jest.mocked(contactApi);

const AMANI = { id: 31, firstName: 'Amani', lastName: 'Otieno', phone: '+254722111222' };
const SUNDAY = { id: 5, subject: 'Harvest Sunday', dateOfMeeting: '2026-03-01', totalOffering: '12500.50' } as Meeting;

/** 'Add Income' as the area mounts it at /finance/income/new; /finance/from-meeting opens it as a meeting's link does. */
const open = (path = '/finance/income/new') =>
  renderScreen(
    <AreaTexts messages={messages}>
      <Routes>
        <Route path="income/new" element={<IncomeNewPage />} />
        <Route path="from-meeting" element={<Navigate to={`/finance/income/new?meeting=${SUNDAY.id}`} />} />
      </Routes>
    </AreaTexts>,
    { path, route: '/finance/*' },
  );

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.rows.set('account', ACCOUNTS);
  useSession.getState().login({ access_token: 'header.payload.sig', user: amina });
  calls.searchContacts.mockResolvedValue([AMANI]);
});

async function choose(label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

/** The fields every income needs besides its payer. */
async function fillMoney(amount = '1500') {
  await user.fill('Amount', amount);
  await choose('Account', 'Tithes');
  await choose('Channel', 'CASH');
  fireEvent.change(screen.getByLabelText('Date of Transaction'), { target: { value: '2026-03-01' } });
  await user.fill('Payment For', 'Tithe');
}

const saved = async () => {
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(within(await findDialog('Awesome!')).getByText('New income saved successfully!')).toBeInTheDocument();
  return fakeServer.saves.map((save) => save.body);
};

it("fills the names and phone from the contact chosen by name or number, and sends the contact's id", async () => {
  await open();
  await user.click(screen.getByLabelText('Contributor'));
  await user.keyboard('Ama');
  await waitFor(() => expect(calls.searchContacts).toHaveBeenLastCalledWith('Ama', expect.anything()));
  await user.click(await screen.findByTitle('Amani Otieno (+254722111222)'));
  expect(screen.getByLabelText('First Name')).toHaveValue('Amani');
  expect(screen.getByLabelText('Last Name')).toHaveValue('Otieno');
  expect(screen.getByLabelText('Mobile')).toHaveValue('+254722111222');
  await fillMoney();
  await user.fill('Reference', 'Envelope 12');

  expect(await saved()).toEqual([
    expect.objectContaining({ looseOffering: false, memberId: 31, firstname: 'Amani', lastname: 'Otieno', phone: '+254722111222', amount: '1500', meetingId: null }),
  ]);
});

it('unlinks the contact when another number is typed over theirs', async () => {
  await open();
  await user.click(screen.getByLabelText('Contributor'));
  await user.keyboard('Ama');
  await user.click(await screen.findByTitle('Amani Otieno (+254722111222)'));
  await user.fill('Mobile', '0712 345 678');
  await fillMoney();
  await user.fill('Reference', 'Envelope 12');
  expect(await saved()).toEqual([expect.objectContaining({ memberId: null, firstname: 'Amani', phone: '+254712345678' })]);
});

it('records a loose offering with no contributor: no names, mobile nor reference asked, and none sent', async () => {
  await open();
  await user.fill('First Name', 'Typed before');
  await user.click(screen.getByLabelText('No contributor (loose or plate offering)'));
  expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Mobile')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Contributor')).not.toBeInTheDocument();
  await fillMoney();
  // No receipt without a phone: Send Message says why.
  await user.click(screen.getByLabelText('Send Message'));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText("An SMS receipt needs the payer's phone: give one, or untick Send Message")).toBeInTheDocument();
  expect(fakeServer.saves).toEqual([]);
  await user.click(screen.getByLabelText('Send Message'));

  expect(await saved()).toEqual([
    expect.objectContaining({ looseOffering: true, firstname: '', lastname: '', phone: '', reference: '', memberId: null, amount: '1500', sendMessage: false }),
  ]);
});

it('keeps the names required without the box ticked', async () => {
  await open();
  await fillMoney();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findAllByText('Name is required')).toHaveLength(2);
  expect(screen.getByText('Phone is required')).toBeInTheDocument();
  expect(screen.getByText('Reference is required')).toBeInTheDocument();
  expect(fakeServer.saves).toEqual([]);
});

it("opens from a meeting with its offering: amount, date, 'Offering', no contributor, saved with the meeting's id", async () => {
  fakeServer.rows.set('meetings', [SUNDAY]);
  await open('/finance/from-meeting');
  expect(await screen.findByText(/The offering of the meeting “Harvest Sunday”/)).toBeInTheDocument();
  expect(fakeServer.recordRequests).toEqual(['meetings/5']);
  expect(screen.getByLabelText('No contributor (loose or plate offering)')).toBeChecked();
  expect(screen.getByLabelText('Payment For')).toHaveValue('Offering');
  await choose('Account', 'Tithes');
  await choose('Channel', 'CASH');

  expect(await saved()).toEqual([
    expect.objectContaining({
      looseOffering: true,
      amount: '12500.50',
      dateOfTransaction: '2026-03-01',
      paymentFor: 'Offering',
      meetingId: 5,
      firstname: '',
      memberId: null,
    }),
  ]);
});

it('says so when the meeting cannot be read, and offers the form as it starts', async () => {
  await open('/finance/from-meeting');
  expect(await screen.findByText('The meeting could not be read: the form starts empty.')).toBeInTheDocument();
  expect(screen.getByLabelText('No contributor (loose or plate offering)')).not.toBeChecked();
});

it("names the payer in the list, opening the contact's page, and 'Loose offering' for none", async () => {
  renderScreen(
    <AreaTexts messages={messages}>
      <p>
        <PayerName income={{ firstName: 'Amani', lastName: 'Otieno', MemberId: 31 }} />
      </p>
      <p>
        <PayerName income={{ firstName: 'Walk', lastName: 'In', MemberId: null }} />
      </p>
      <p>
        <PayerName income={{ firstName: '', lastName: '', MemberId: null }} />
      </p>
    </AreaTexts>,
  );
  expect(await screen.findByRole('link', { name: 'Amani Otieno' })).toHaveAttribute('href', '/contacts/people/31');
  expect(screen.getByText('Walk In').tagName).toBe('P');
  expect(screen.getByText('Loose offering')).toBeInTheDocument();
});
