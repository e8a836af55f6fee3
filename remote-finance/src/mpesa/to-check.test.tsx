import { act, screen, within } from '@testing-library/react';
import { useLocale } from '@ushirika/shared/i18n';
import { fakeServer } from '../../../shared/test/fake-api';
import { renderScreen } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { payment } from '../test/rows';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());

/*
 * Finance → Mpesa marks a payment the server stored flagged for a person (security review, item 4): 'To check'
 * and its reasons, in the user's language, beside its Trx id; 'Checked' once a person allocated it.
 */

const MISSING_AND_LONG = 'MSISDN is missing; BillRefNumber is longer than 100 characters';

beforeEach(() => {
  signIn();
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

/** The reasons of issue 31: a short code the partner has not registered, a repeat of the TransID with other details. */
const OTHER_CODE_AND_REPEAT =
  "BusinessShortCode is not one of the partner's short codes; A repeat of this TransID came with another amount, payer or short code: the raw callbacks are kept";

it('says why a payment to another short code or a repeat that differs waits for a person, in each language', async () => {
  fakeServer.rows.set('onlinetrans', [payment(14, { checkReason: OTHER_CODE_AND_REPEAT })]);
  const expected = {
    en: [
      "Paid to a short code that is not one of the partner's: check where it belongs",
      'A repeat of this payment came with another amount, payer or short code: compare them before allocating it',
    ],
    sw: [
      'Imelipwa kwa namba ya biashara isiyo ya mshirika: hakikisha ni ya nani',
      'Malipo haya yamerudiwa kwa kiasi, mlipaji au namba ya biashara tofauti: linganisha kabla ya kuyagawa',
    ],
    fr: [
      "Payé sur un numéro court qui n'est pas au partenaire : vérifiez à qui il revient",
      "Ce paiement est revenu avec un autre montant, payeur ou numéro court : comparez avant de l'affecter",
    ],
    es: [
      'Pagado a un número corto que no es del socio: compruebe a quién corresponde',
      'Este pago llegó repetido con otro importe, pagador o número corto: compárelos antes de asignarlo',
    ],
    pt: [
      'Pago a um número curto que não é do parceiro: verifique a quem pertence',
      'Este pagamento veio repetido com outro montante, pagador ou número curto: compare antes de o alocar',
    ],
  } as const;
  for (const [locale, texts] of Object.entries(expected)) {
    act(() => useLocale.getState().setLocale(locale as keyof typeof expected));
    const view = await renderScreen(<AreaRoutes base="finance" />, { path: '/finance/mpesa', route: '/finance/*' });
    const flagged = within(await rowOf('TK14ABC'));
    for (const text of texts) expect(flagged.getByText(text)).toBeInTheDocument();
    view.unmount();
  }
});
