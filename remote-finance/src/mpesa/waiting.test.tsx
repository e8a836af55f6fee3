import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNALLOCATED_TRANSACTIONS_PATH } from '@ushirika/shared/contract';
import { fakeServer } from '../../../shared/test/fake-api';
import { renderScreen } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { payment } from '../test/rows';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());

/*
 * Finance → Mpesa (issue 28.3): 'Waiting for allocation only' lists the payments no account has yet, the server's
 * GET /onlinetrans/0, from page 1; the list has a date range that reaches the future.
 */

const allocated = (id: number) => payment(id, { AccountId: 1, Account: { name: 'Tithes' }, allocatedBy: 'staff' });

beforeEach(() => {
  signIn();
  fakeServer.reset();
  const waiting = Array.from({ length: 3 }, (_, i) => payment(100 + i));
  fakeServer.rows.set('onlinetrans', [...Array.from({ length: 20 }, (_, i) => allocated(i + 1)), ...waiting]);
  fakeServer.rows.set(UNALLOCATED_TRANSACTIONS_PATH, waiting);
});

it("lists only the payments waiting for allocation when 'Waiting for allocation only' is ticked, from page 1, and all again when not", async () => {
  const user = userEvent.setup();
  await renderScreen(<AreaRoutes base="finance" />, { path: '/finance/mpesa', route: '/finance/*' });
  expect(await screen.findByText('TK1ABC')).toBeInTheDocument();
  expect(fakeServer.pageRequests.at(-1)).toMatchObject({ path: 'onlinetrans', query: { page: 1, enddate: '2100-12-31' } });
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('TK100ABC')).toBeInTheDocument();

  await user.click(screen.getByRole('checkbox', { name: 'Waiting for allocation only' }));
  expect(await screen.findByText('showing page 1 of 1')).toBeInTheDocument();
  expect(fakeServer.pageRequests.at(-1)).toMatchObject({ path: UNALLOCATED_TRANSACTIONS_PATH, query: { page: 1 } });
  expect(screen.getAllByText(/^TK\d+ABC$/).map((id) => id.textContent)).toEqual(['TK100ABC', 'TK101ABC', 'TK102ABC']);

  await user.click(screen.getByRole('checkbox', { name: 'Waiting for allocation only' }));
  // Page 1 of every payment again (read a moment ago, so shown at once from the cache).
  expect(await screen.findByText('TK1ABC')).toBeInTheDocument();
  expect(screen.getByText('showing page 1 of 2')).toBeInTheDocument();
});
