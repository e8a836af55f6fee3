import { act, screen, within } from '@testing-library/react';
import { useLocale } from '@ushirika/shared/i18n';
import { fakeServer } from '../../../shared/test/fake-api';
import { renderScreen } from '../../../shared/test/render';
import AreaRoutes from '../routes';
import { payment } from '../test/rows';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());

/*
 * Finance → Mpesa marks a payment the server stored flagged for a person (security review, item 4): 'To check'
 * and its reasons, in the user's language, beside its Trx id; 'Checked' once a person allocated it.
 */

const MISSING_AND_LONG = 'MSISDN is missing; BillRefNumber is longer than 100 characters';

beforeEach(() => {
  fakeServer.reset();
  fakeServer.rows.set('onlinetrans', [
    payment(11),
    payment(12, { checkReason: MISSING_AND_LONG }),
    payment(13, {
      checkReason: 'TransTime is not a time from 1900 to 2100: the time shown is when the payment arrived',
      AccountId: 1,
      Account: { name: 'Tithes' },
      allocatedBy: 'staff',
    }),
  ]);
});
afterEach(() => act(() => useLocale.getState().setLocale('en')));

const rowOf = async (transId: string) => (await screen.findByText(transId)).closest('tr')!;

it("shows 'To check' and the reasons on a flagged payment waiting for a person, 'Checked' once allocated, nothing on the others", async () => {
  await renderScreen(<AreaRoutes base="finance" />, { path: '/finance/mpesa', route: '/finance/*' });

  const flagged = within(await rowOf('TK12ABC'));
  expect(flagged.getByText('To check')).toBeInTheDocument();
  expect(flagged.getByText('No mobile number')).toBeInTheDocument();
  expect(flagged.getByText('Account reference longer than 100 characters')).toBeInTheDocument();

  const allocated = within(await rowOf('TK13ABC'));
  expect(allocated.getByText('Checked')).toBeInTheDocument();
  expect(allocated.getByText("M-Pesa's time is not from 1900 to 2100: the time shown is when the payment arrived")).toBeInTheDocument();

  const plain = within(await rowOf('TK11ABC'));
  expect(plain.queryByText('To check')).not.toBeInTheDocument();
  expect(plain.queryByText('Checked')).not.toBeInTheDocument();
});

it('says it in the user’s language', async () => {
  act(() => useLocale.getState().setLocale('sw'));
  await renderScreen(<AreaRoutes base="finance" />, { path: '/finance/mpesa', route: '/finance/*' });
  const flagged = within(await rowOf('TK12ABC'));
  expect(flagged.getByText('Ya kukaguliwa')).toBeInTheDocument();
  expect(flagged.getByText('Hakuna namba ya simu')).toBeInTheDocument();
});
