import { screen, waitFor, within } from '@testing-library/react';
import { useSession } from '@ushirika/shared/session';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { amina } from '../../../shared/test/users';
import AreaRoutes from '../routes';
import { ACCOUNTS, payment } from '../test/rows';
import { allocatePayments } from './api';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
jest.mock('./api', () => ({ ...jest.requireActual<object>('./api'), allocatePayments: jest.fn() }));
const allocate = jest.mocked(allocatePayments);

let user: ReturnType<typeof setupUser>;
beforeEach(async () => {
  user = setupUser();
  fakeServer.reset();
  allocate.mockReset();
  fakeServer.rows.set('account', ACCOUNTS);
  fakeServer.rows.set('onlinetrans/0', [payment(11), payment(12), payment(13)]);
  useSession.getState().login({ access_token: 'header.payload.sig', user: amina });
  await renderScreen(<AreaRoutes base="finance" />, { path: '/finance/mpesa/allocate', route: '/finance/*' });
});

// antd draws the header twice (one copy measures the columns): the first is the one shown.
const selectAll = () => screen.getAllByRole('checkbox', { name: 'Select every row of the page' })[0]!;
const rowBoxes = () => screen.getAllByRole('checkbox', { name: 'Select this row' });

it('ticks every payment of the page from the header and none on the next click; asks for a payment and an account before sending', async () => {
  await screen.findByText('Payer 13');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(within(screen.getByRole('alert')).getByText(/Select at least one transaction/)).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Account is required');

  await user.click(selectAll());
  rowBoxes().forEach((box) => expect(box).toBeChecked());
  await user.click(selectAll());
  rowBoxes().forEach((box) => expect(box).not.toBeChecked());
  expect(allocate).not.toHaveBeenCalled();
});

it("sends the ticked payments' ids joined with commas and the chosen income account, says 'Awesome!' and reads the list again", async () => {
  allocate.mockResolvedValue({ status_msg: 'New income saved successfully!', allocated: 3, incomeIds: [1, 2, 3] });
  await screen.findByText('Payer 13');
  await user.click(selectAll());
  await user.click(screen.getByLabelText('Select Account'));
  await screen.findByTitle('Building Fund');
  // Income (CR) accounts only, after 'Select Account' (0).
  expect([...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'))).toEqual(['Select Account', 'Tithes', 'Building Fund']);
  await user.click(screen.getByTitle('Building Fund'));
  const requestsBefore = fakeServer.pageRequests.length;
  fakeServer.rows.set('onlinetrans/0', []);
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(within(await findDialog('Awesome!')).getByText('New income saved successfully!')).toBeInTheDocument();
  expect(allocate).toHaveBeenCalledWith({ account: 2, selectedRecords: '11,12,13' });
  await waitFor(() => expect(screen.queryByText('Payer 13')).not.toBeInTheDocument());
  expect(fakeServer.pageRequests.length).toBeGreaterThan(requestsBefore);
});

it("shows the server's refusal in 'Error!' when another person allocated one first", async () => {
  allocate.mockRejectedValue(httpError(409, { status_msg: 'Some of the selected payments were already allocated or are not yours; reload the list and choose again' }));
  await screen.findByText('Payer 13');
  await user.click(rowBoxes()[0]!);
  await user.click(screen.getByLabelText('Select Account'));
  await user.click(await screen.findByTitle('Tithes'));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(within(await findDialog('Error!')).getByText(/already allocated or are not yours/)).toBeInTheDocument();
  expect(allocate).toHaveBeenCalledWith({ account: 1, selectedRecords: '11' });
});
