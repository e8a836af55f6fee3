import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@ushirika/shared/api';
import { permissionsOf, type MpesaCallbackRow, type MpesaSetup, type Role, type SessionUser } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { httpError } from '../../../shared/test/http-error';
import { signIn } from '../../../shared/test/roles';
import { amina } from '../../../shared/test/users';
import SignedInRoutes from '../app/SignedInRoutes';
import { menuFor, menuLinks } from '../menu/menus';
import { MpesaSettingsPage } from './MpesaSettingsPage';

jest.mock('@ushirika/shared/api', () => {
  const actual = jest.requireActual<typeof import('@ushirika/shared/api')>('@ushirika/shared/api');
  const client = { get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() };
  return { ...actual, api: client, pageLoader: (path: string, key: string) => actual.pageLoader(path, key, client as never) };
});
jest.mock('../dashboard/dashboard-api', () => ({ loadPartnerHome: jest.fn(), loadEtrackerHome: jest.fn(), loadDashboardCampaigns: jest.fn(async () => []) }));
const get = jest.mocked(api.get);
const post = jest.mocked(api.post);
const put = jest.mocked(api.put);

/** What ky's calls give: `.json()` resolves to `body`, or rejects with `error`. */
const answers = (body: unknown) => ({ json: () => Promise.resolve(body) }) as never;
const fails = (error: unknown) => ({ json: () => Promise.reject(error) }) as never;

const URL_BASE = 'https://grace.example/api/v2/mpesa/k2Jq9-secret';
const SETUP: MpesaSetup = {
  environment: 'sandbox',
  expressShortCode: '174379',
  transactionType: 'CustomerPayBillOnline',
  partyB: '',
  initiator: 'testapi',
  responseType: 'Completed',
  secrets: { consumerKey: true, consumerSecret: true, passkey: false, securityCredential: false },
  shortCodes: ['600984'],
  givingCode: 'grace',
  minAmount: '10',
  maxAmount: '150000',
  confirmationUrl: `${URL_BASE}/confirmation`,
  validationUrl: `${URL_BASE}/validation`,
  registration: null,
  live: false,
  version: 3,
};

const failed: MpesaCallbackRow = {
  id: 'c41',
  receivedAt: '2026-03-04T11:30:00.000Z',
  kind: 'confirmation',
  outcome: 'failed',
  transId: 'SBK21XYZ9Q',
  detail: 'The database did not answer',
};
const held: MpesaCallbackRow = { ...failed, id: 'c40', outcome: 'held', transId: null, detail: 'No readable TransID or amount' };

let setup: MpesaSetup;
let callbacks: MpesaCallbackRow[];
beforeEach(() => {
  localStorage.clear();
  setup = SETUP;
  callbacks = [failed, held];
  for (const call of [get, post, put]) call.mockReset();
  get.mockImplementation(((path: string) => {
    if (path === 'mpesa/setup') return answers(setup);
    if (path === 'mpesa/callbacks') return answers({ callbacks, total: callbacks.length });
    if (path === 'me') return answers({ user: useSession.getState().user });
    return fails(httpError(404, { status_msg: 'Not found' }));
  }) as never);
});

const open = async () => {
  await renderScreen(<MpesaSettingsPage />, { path: '/settings/mpesa' });
  expect(await screen.findByRole('heading', { name: 'M-Pesa' })).toBeInTheDocument();
  await screen.findByRole('form', { name: 'Daraja credentials' });
};
/** The form of a section, by its title. */
const form = (name: string) => screen.getByRole('form', { name });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('Settings → M-Pesa', () => {
  it('shows the setup, never a secret: which are stored, the URLs, the giving link and the simulator banner', async () => {
    signIn(['treasurer']);
    await open();
    expect(get).toHaveBeenCalledWith('mpesa/setup', expect.anything());
    expect(screen.getByText('Prompts go to the development simulator: no money moves.')).toBeInTheDocument();

    const credentials = form('Daraja credentials');
    expect(within(credentials).getByLabelText('M-Pesa Express short code')).toHaveValue('174379');
    expect(within(credentials).getByLabelText('Initiator name')).toHaveValue('testapi');
    expect(within(credentials).getByRole('radio', { name: /Sandbox/ })).toBeChecked();
    expect(within(credentials).getByRole('radio', { name: 'A paybill' })).toBeChecked();
    // A paybill's PartyB is its short code: no till number to type.
    expect(within(credentials).queryByLabelText('Till number')).not.toBeInTheDocument();
    for (const secret of ['Consumer key', 'Consumer secret', 'Passkey', 'Security credential']) {
      expect(within(credentials).getByLabelText(secret)).toHaveValue('');
    }
    expect(within(credentials).getAllByText('Stored')).toHaveLength(2);
    expect(within(credentials).getAllByText('Not set')).toHaveLength(2);
    expect(within(credentials).getByRole('button', { name: 'Remove Consumer key' })).toBeInTheDocument();
    expect(within(credentials).queryByRole('button', { name: 'Remove Passkey' })).not.toBeInTheDocument();
    expect(within(credentials).getByRole('button', { name: /Save/ })).toBeDisabled();

    expect(screen.getByText(`${URL_BASE}/confirmation`)).toBeInTheDocument();
    expect(screen.getByText(`${URL_BASE}/validation`)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Completed/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Link to the giving page' })).toHaveValue('http://localhost/give/grace');
    expect(screen.getByText(/accounts marked 'Open for giving' in Finance → Accounts/)).toBeInTheDocument();
  });

  it('shows no simulator banner once prompts are live, and why the URLs are not known without a public address or secret', async () => {
    setup = { ...SETUP, live: true, confirmationUrl: null, validationUrl: null };
    signIn(['owner']);
    await open();
    expect(screen.queryByText('Prompts go to the development simulator: no money moves.')).not.toBeInTheDocument();
    expect(screen.getByText('The URLs are not known yet')).toBeInTheDocument();
    expect(screen.getByText(/PUBLIC_URL/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Register with Safaricom/ })).not.toBeInTheDocument();
  });

  it('saves only the fields changed and the secrets typed, with the version, and empties the secret boxes', async () => {
    signIn(['treasurer']);
    put.mockImplementation(((_path: string, { json }: { json: Record<string, unknown> }) =>
      answers({ ...SETUP, expressShortCode: json.expressShortCode, secrets: { ...SETUP.secrets, passkey: true }, version: 4 })) as never);
    const user = setupUser();
    await open();
    const credentials = form('Daraja credentials');
    await user.fill('M-Pesa Express short code', '654321');
    await user.fill('Passkey', ' bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919 ');
    await user.click(within(credentials).getByRole('button', { name: /Save/ }));

    expect(within(await findDialog('Awesome!')).getByText('The M-Pesa settings were saved.')).toBeInTheDocument();
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith('mpesa/setup', {
      json: { expressShortCode: '654321', passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', version: 3 },
    });
    await waitFor(() => expect(within(credentials).getByLabelText('Passkey')).toHaveValue(''));
    expect(within(credentials).getAllByText('Stored')).toHaveLength(3);
    expect(within(credentials).getByRole('button', { name: /Save/ })).toBeDisabled();
  });

  it('asks for a till number only for a till, and refuses a short code that is not 5 to 7 digits', async () => {
    signIn(['treasurer']);
    put.mockReturnValue(answers({ ...SETUP, transactionType: 'CustomerBuyGoodsOnline', partyB: '5566778', version: 4 }));
    const user = setupUser();
    await open();
    const credentials = form('Daraja credentials');
    await user.click(within(credentials).getByRole('radio', { name: 'A till (Buy Goods)' }));
    await user.fill('Till number', '55-66');
    await user.click(within(credentials).getByRole('button', { name: /Save/ }));
    expect(await within(credentials).findByText('A short code has 5 to 7 digits')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.fill('Till number', '5566778');
    await user.click(within(credentials).getByRole('button', { name: /Save/ }));
    await findDialog('Awesome!');
    expect(put).toHaveBeenCalledWith('mpesa/setup', { json: { transactionType: 'CustomerBuyGoodsOnline', partyB: '5566778', version: 3 } });
  });

  it('removes a stored secret after a question, sending it empty', async () => {
    signIn(['owner']);
    put.mockReturnValue(answers({ ...SETUP, secrets: { ...SETUP.secrets, consumerKey: false }, version: 4 }));
    const user = setupUser();
    await open();
    await user.click(screen.getByRole('button', { name: 'Remove Consumer key' }));
    const question = await findDialog('Remove this secret?');
    expect(put).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Remove' }));

    expect(within(await findDialog('Awesome!')).getByText('The secret was removed.')).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('mpesa/setup', { json: { consumerKey: '', version: 3 } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Consumer key' })).not.toBeInTheDocument());
    expect(within(form('Daraja credentials')).getAllByText('Not set')).toHaveLength(3);
  });

  it('says who changed the setup meanwhile, saves nothing, and shows it as it is now on Reload', async () => {
    signIn(['treasurer']);
    put.mockReturnValue(fails(httpError(409, { status_msg: 'Changed meanwhile', changedBy: 'Peter Mwangi', changedAt: '2026-03-04T11:30:00.000Z', version: 4 })));
    const user = setupUser();
    await open();
    await user.fill('Initiator name', 'grace-api');
    setup = { ...SETUP, initiator: 'peter-api', version: 4 };
    await user.click(within(form('Daraja credentials')).getByRole('button', { name: /Save/ }));

    const stale = await findDialog('Changed by someone else');
    expect(within(stale).getByText(/Peter Mwangi/)).toBeInTheDocument();
    await user.click(within(stale).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(form('Daraja credentials')).getByLabelText('Initiator name')).toHaveValue('peter-api'));
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('tests the connection and shows what failed in words', async () => {
    signIn(['treasurer']);
    post.mockReturnValueOnce(answers({ ok: false, message: 'The consumer key or secret is wrong' }));
    const user = setupUser();
    await open();
    await user.click(screen.getByRole('button', { name: /Test connection/ }));
    expect(await screen.findByText('The consumer key or secret is wrong')).toBeInTheDocument();
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('mpesa/setup/test');

    post.mockReturnValueOnce(answers({ ok: true, message: 'Connected to Daraja (sandbox)' }));
    await user.click(screen.getByRole('button', { name: /Test connection/ }));
    expect(await screen.findByText('Connected to Daraja (sandbox)')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('registers the URLs with Safaricom after a question and shows its answer', async () => {
    signIn(['owner']);
    // One line per short code, as the server words it.
    const answer = {
      ok: false,
      message: '600984: The callback URLs are already registered: Safaricom must change them (write to apisupport@safaricom.co.ke)',
      at: '2026-03-05T07:15:00.000Z',
    };
    post.mockReturnValue(answers(answer));
    const user = setupUser();
    await open();
    await user.click(screen.getByRole('button', { name: /Register with Safaricom/ }));
    await user.click(within(await findDialog('Register these URLs with Safaricom?')).getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(answer.message)).toBeInTheDocument();
    expect(screen.getByText('Not registered')).toBeInTheDocument();
    expect(screen.getByText(/Answered on/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('mpesa/setup/register');
  });

  it('saves the response type when it is chosen', async () => {
    signIn(['owner']);
    put.mockReturnValue(answers({ ...SETUP, responseType: 'Cancelled', version: 4 }));
    const user = setupUser();
    await open();
    await user.click(screen.getByRole('radio', { name: /^Cancelled/ }));
    await findDialog('Awesome!');
    expect(put).toHaveBeenCalledWith('mpesa/setup', { json: { responseType: 'Cancelled', version: 3 } });
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Cancelled/ })).toBeChecked());
  });

  it('checks and saves the giving page, and copies its link', async () => {
    signIn(['treasurer']);
    put.mockReturnValue(answers({ ...SETUP, givingCode: 'grace-nairobi', minAmount: '50', version: 4 }));
    const user = setupUser();
    await open();
    const giving = form('Giving page');
    await user.fill('Giving code', 'Grace!');
    await user.fill('Smallest amount', '10.50');
    await user.fill('Largest amount', '300,000');
    await user.click(within(giving).getByRole('button', { name: /Save/ }));
    expect(await within(giving).findByText("3 to 40 lower-case letters, digits and '-', not starting or ending with '-'")).toBeInTheDocument();
    expect(within(giving).getByText('Enter whole shillings, e.g. 100')).toBeInTheDocument();
    expect(within(giving).getByText("This is more than M-Pesa's largest payment")).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.fill('Giving code', 'grace-nairobi');
    await user.fill('Smallest amount', '50');
    await user.fill('Largest amount', '150,000');
    await user.click(within(giving).getByRole('button', { name: /Save/ }));
    await findDialog('Awesome!');
    expect(put).toHaveBeenCalledWith('mpesa/setup', { json: { givingCode: 'grace-nairobi', minAmount: '50', version: 3 } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Link to the giving page' })).toHaveValue('http://localhost/give/grace-nairobi'));

    await user.click(screen.getByRole('button', { name: /Copy link/ }));
    expect(await screen.findByRole('button', { name: /Copied/ })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('http://localhost/give/grace-nairobi');
  });

  it('lists the callbacks that need a person and shows a replayed one’s new outcome', async () => {
    signIn(['treasurer']);
    post.mockReturnValue(answers({ ...failed, outcome: 'accepted', detail: null }));
    const user = setupUser();
    await open();
    const row = await rowOf('SBK21XYZ9Q');
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('Confirmation')).toBeInTheDocument();
    expect(within(await rowOf('No readable TransID or amount')).getByText('Held')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('mpesa/callbacks', expect.objectContaining({ searchParams: expect.objectContaining({ page: 1 }) }));

    await user.click(within(row).getByRole('button', { name: /Replay/ }));
    await waitFor(() => expect(within(row).getByText('Recorded')).toBeInTheDocument());
    expect(within(row).queryByText('Failed')).not.toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('mpesa/callbacks/c41/replay');
  });
});

describe('Settings → M-Pesa in the menu and routes (mpesa.configure)', () => {
  const staff = (roles: Role[], product = 'general'): SessionUser => ({
    ...amina,
    Partner: { ...amina.Partner, product },
    roles,
    permissions: permissionsOf(roles),
  });
  const hasMpesaSettings = (user: SessionUser) => menuLinks(menuFor(user)).some((link) => link.path === '/settings/mpesa');

  it.each<[Role[], boolean]>([
    [['owner'], true],
    [['treasurer'], true],
    [['administrator'], false],
    [['finance_clerk'], false],
    [['secretary', 'messaging', 'viewer'], false],
  ])('%j: the menu entry shows: %s', (roles, shown) => {
    expect(hasMpesaSettings(staff(roles))).toBe(shown);
    expect(hasMpesaSettings(staff(roles, 'etracker'))).toBe(shown);
  });

  it('shows the screen to a finance clerk as one they have no access to, asking the server nothing', async () => {
    signIn(['finance_clerk']);
    await renderScreen(<SignedInRoutes loadArea={jest.fn()} />, { path: '/settings/mpesa' });
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('mpesa/setup', expect.anything());
  });
});
