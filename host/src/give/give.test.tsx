import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api } from '@ushirika/shared/api';
import type { ExpressStatus, GivingPage as GivingPageData } from '@ushirika/shared/contract';
import { LanguageProvider, useLocale } from '@ushirika/shared/i18n';
import { httpError } from '../../../shared/test/http-error';
import { setupUser } from '../../../shared/test/render';
import { AppRoutes } from '../app/AppRoutes';
import { CurrentPath, resetStores } from '../testing/render';
import type { FollowTiming } from './follow-gift';
import { readAmount, readPhone } from './give-input';
import { GivingPage } from './GivingPage';

jest.mock('@ushirika/shared/api', () => ({ ...jest.requireActual('@ushirika/shared/api'), api: { get: jest.fn(), post: jest.fn() } }));
const get = api.get as unknown as jest.Mock;
const post = api.post as unknown as jest.Mock;

/** What ky's `get(...)`/`post(...)` gives: `.json()` resolves to `body`, or rejects with `error`. */
const answers = (body: unknown) => ({ json: () => Promise.resolve(body) });
const fails = (error: unknown) => ({ json: () => Promise.reject(error) });

const GRACE: GivingPageData = {
  partner: { name: 'Grace Community Church' },
  funds: [
    { id: 3, name: 'Tithe' },
    { id: 4, name: 'Offering' },
  ],
  minAmount: '10',
  maxAmount: '150000',
};
const CHECKOUT = 'ws_CO_29112026101500123456';

/**
 * The giving page at /give/grace as the app mounts it for a visitor: only the language provider and the router
 * (no antd, no kit providers, no session). `statuses` are the answers to the status questions, in turn, then
 * 'waiting' for ever.
 */
function renderGiving({ page = GRACE, statuses = [] as ExpressStatus[], follow = { everyMs: 5, forMs: 10_000 } as FollowTiming } = {}) {
  const queue = [...statuses];
  get.mockImplementation((path: string) => {
    if (path === 'give/grace') return answers(page);
    if (path === `give/grace/${CHECKOUT}`) return answers({ status: queue.shift() ?? 'waiting' });
    return fails(httpError(404, { status_msg: 'Not found' }));
  });
  render(
    <LanguageProvider>
      <MemoryRouter initialEntries={['/give/grace']}>
        <Routes>
          <Route path="/give/:code" element={<GivingPage follow={follow} />} />
        </Routes>
      </MemoryRouter>
    </LanguageProvider>,
  );
  return setupUser();
}

/** Fills the form and presses 'Give'. */
async function give(user: ReturnType<typeof setupUser>, { fund = 'Tithe', amount = '1,000', phone = '0712 345 678' } = {}) {
  await screen.findByRole('heading', { name: 'Grace Community Church' });
  if (fund) await user.click(screen.getByRole('radio', { name: fund }));
  if (amount) await user.fill('Amount (KES)', amount);
  if (phone) await user.fill('M-Pesa phone number', phone);
  await user.click(screen.getByRole('button', { name: 'Give' }));
}

const WAITING = 'Check your phone: enter your M-Pesa PIN to give KES 1,000 to Grace Community Church.';

beforeEach(() => {
  useLocale.setState({ locale: 'en' });
  resetStores();
  get.mockReset();
  post.mockReset();
});

afterEach(() => jest.restoreAllMocks());

describe('GivingPage', () => {
  it("shows the partner's name and the funds open for giving, none chosen when there are several", async () => {
    renderGiving();
    expect(await screen.findByRole('heading', { name: 'Grace Community Church' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('give/grace', expect.anything());
    expect(screen.getByRole('radio', { name: 'Tithe' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Offering' })).not.toBeChecked();
    expect(screen.getByText('Whole shillings, from KES 10 to KES 150,000')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (KES)')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('M-Pesa phone number')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('M-Pesa phone number')).toHaveAttribute('type', 'tel');
  });

  it('chooses the only fund for the member', async () => {
    renderGiving({ page: { ...GRACE, funds: [{ id: 3, name: 'Tithe' }] } });
    expect(await screen.findByRole('radio', { name: 'Tithe' })).toBeChecked();
  });

  it('says when nothing is open for giving, with no form', async () => {
    renderGiving({ page: { ...GRACE, funds: [] } });
    expect(await screen.findByText('Nothing is open for giving on this page yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give' })).not.toBeInTheDocument();
  });

  it('says what is missing and sends nothing', async () => {
    const user = renderGiving();
    await give(user, { fund: '', amount: '', phone: '' });
    expect(screen.getByText('Choose what you give to')).toBeInTheDocument();
    expect(screen.getByText('Enter the amount to give')).toBeInTheDocument();
    expect(screen.getByText('Enter the M-Pesa phone number')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    // The first refused field takes the focus.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Tithe' })).toHaveFocus());
  });

  it.each([
    ['5', 'Give between KES 10 and KES 150,000'],
    ['150,001', 'Give between KES 10 and KES 150,000'],
    ['12.50', 'Enter a whole number of shillings, like 500'],
    ['ten', 'Enter a whole number of shillings, like 500'],
  ])('refuses the amount %s: %s', async (amount, problem) => {
    const user = renderGiving();
    await give(user, { amount });
    expect(screen.getByText(problem)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (KES)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount (KES)')).toHaveAccessibleDescription(`Whole shillings, from KES 10 to KES 150,000 ${problem}`);
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses what is not a phone number', async () => {
    const user = renderGiving();
    await give(user, { phone: '12345' });
    expect(screen.getByText('This is not a Kenyan mobile number: type it like 0712 345 678 or +254 712 345 678')).toBeInTheDocument();
    expect(screen.getByLabelText('M-Pesa phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    ['1,000', '0712 345 678'],
    ['1 000', '+254 712 345 678'],
    ['1000', '254712345678'],
  ])('sends the fund, %s as whole shillings and %s as M-Pesa prompts it', async (amount, phone) => {
    post.mockReturnValue(answers({ checkoutRequestId: CHECKOUT }));
    const user = renderGiving();
    await give(user, { fund: 'Offering', amount, phone });
    expect(post).toHaveBeenCalledWith('give/grace', { json: { fund: 4, amount: '1000', phone: '254712345678' } });
    expect(await screen.findByText(WAITING)).toBeInTheDocument();
  });

  it('follows the prompt until it is paid, then gives again from what was typed', async () => {
    post.mockReturnValue(answers({ checkoutRequestId: CHECKOUT }));
    const user = renderGiving({ statuses: ['waiting', 'waiting', 'paid'] });
    await give(user);
    expect(await screen.findByRole('status')).toHaveTextContent(WAITING);
    expect(screen.queryByRole('button', { name: 'Give again' })).not.toBeInTheDocument();

    expect(await screen.findByText('Thank you! Your gift of KES 1,000 was received. An SMS receipt is on its way.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(`give/grace/${CHECKOUT}`, expect.anything());
    const asked = get.mock.calls.filter(([path]) => path === `give/grace/${CHECKOUT}`).length;
    expect(asked).toBe(3);

    await user.click(screen.getByRole('button', { name: 'Give again' }));
    expect(screen.getByLabelText('Amount (KES)')).toHaveValue('1,000');
    expect(screen.getByRole('radio', { name: 'Tithe' })).toBeChecked();
    // Nothing is asked about a prompt once it is settled.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(get.mock.calls.filter(([path]) => path === `give/grace/${CHECKOUT}`)).toHaveLength(asked);
  });

  it.each([
    ['cancelled', 'You cancelled the payment on your phone.'],
    ['timeout', 'Your phone did not answer in time.'],
    ['failed', 'The payment did not go through.'],
  ] as const)('says what a prompt that came to %s means, with Give again', async (status, text) => {
    post.mockReturnValue(answers({ checkoutRequestId: CHECKOUT }));
    const user = renderGiving({ statuses: ['waiting', status] });
    await give(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Give again' })).toBeInTheDocument();
  });

  it('stops following after a while, with words, and keeps asking through a lost answer until then', async () => {
    post.mockReturnValue(answers({ checkoutRequestId: CHECKOUT }));
    const user = renderGiving({ follow: { everyMs: 5, forMs: 60 } });
    await give(user);
    get.mockImplementationOnce(() => fails(new TypeError('Failed to fetch')));
    expect(
      await screen.findByText('M-Pesa has not answered yet. If you entered your PIN, your gift will be recorded and an SMS receipt will follow.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Give again' })).toBeInTheDocument();
  });

  it('says there is no giving page at an address the server does not know', async () => {
    get.mockReturnValue(fails(httpError(404, { status_msg: 'No giving page at this address' })));
    render(
      <LanguageProvider>
        <MemoryRouter initialEntries={['/give/nowhere']}>
          <Routes>
            <Route path="/give/:code" element={<GivingPage />} />
          </Routes>
        </MemoryRouter>
      </LanguageProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No giving page at this address');
    expect(get).toHaveBeenCalledWith('give/nowhere', expect.anything());
    expect(screen.queryByLabelText('Amount (KES)')).not.toBeInTheDocument();
  });

  it('says so when the number asked too often (429), and keeps the form', async () => {
    post.mockReturnValue(fails(httpError(429, { status_msg: 'Too many requests' })));
    const user = renderGiving();
    await give(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts for this number. Try again later.');
    expect(screen.getByLabelText('M-Pesa phone number')).toHaveValue('0712 345 678');
  });

  it.each([
    [400, 'The amount must be between KES 10 and KES 150,000'],
    [502, 'M-Pesa did not accept the prompt: try again in a moment'],
  ])("shows the server's words for a %s", async (status, words) => {
    post.mockReturnValue(fails(httpError(status, { status_msg: words })));
    const user = renderGiving();
    await give(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(screen.getByRole('button', { name: 'Give' })).toBeInTheDocument();
  });

  it("speaks the browser's language on a first visit (Kiswahili)", async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['sw-KE', 'en']);
    post.mockReturnValue(answers({ checkoutRequestId: CHECKOUT }));
    const user = renderGiving();
    await screen.findByRole('heading', { name: 'Grace Community Church' });
    expect(screen.getByRole('group', { name: 'Toa kwa' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Tithe' }));
    await user.fill('Kiasi (KES)', '1000');
    await user.fill('Nambari ya simu ya M-Pesa', '0712345678');
    await user.click(screen.getByRole('button', { name: 'Toa' }));
    expect(await screen.findByText('Angalia simu yako: weka PIN yako ya M-Pesa ili kutoa KES 1,000 kwa Grace Community Church.')).toBeInTheDocument();
  });

  it('keeps a language chosen before over the browser’s', async () => {
    useLocale.getState().setLocale('fr');
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['sw-KE']);
    renderGiving();
    expect(await screen.findByRole('button', { name: 'Donner' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  });
});

describe('the route', () => {
  it('opens /give/{code} without a session, where every other path asks for the login', async () => {
    get.mockReturnValue(answers(GRACE));
    render(
      <LanguageProvider>
        <MemoryRouter initialEntries={['/give/grace']}>
          <AppRoutes loadArea={jest.fn()} submitLogin={jest.fn()} />
          <CurrentPath />
        </MemoryRouter>
      </LanguageProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Grace Community Church' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/give/grace');
  });
});

describe('what the member types', () => {
  it.each([
    ['1,000', '1000'],
    ['1 000', '1000'],
    ['1\u00a0000', '1000'],
    [' 500 ', '500'],
    ['150000', '150000'],
    ['10.00', '10'],
  ])('reads the amount %j as %s shillings', (typed, amount) => {
    expect(readAmount(typed, '10', '150000')).toEqual({ amount });
  });

  it.each([
    ['', 'give.amount.missing'],
    ['9', 'give.amount.range'],
    ['150001', 'give.amount.range'],
    ['-50', 'give.amount.notWhole'],
    ['10.5', 'give.amount.notWhole'],
    ['1e3', 'give.amount.notWhole'],
  ])('refuses the amount %j: %s', (typed, problem) => {
    expect(readAmount(typed, '10', '150000')).toEqual({ problem });
  });

  it.each([
    ['0712 345 678', '254712345678'],
    ['0112-345-678', '254112345678'],
    ['+254 712 345 678', '254712345678'],
    ['254712345678', '254712345678'],
    ['+254112345678', '254112345678'],
  ])('reads the phone %j as %s', (typed, phone) => {
    expect(readPhone(typed)).toEqual({ phone });
  });

  it.each([
    ['', 'give.phone.missing'],
    ['12345', 'give.phone.invalid'],
    ['0212 345 678', 'give.phone.invalid'],
    ['+255712345678', 'give.phone.invalid'],
    ['07123456789', 'give.phone.invalid'],
    ['0712 345 67a', 'give.phone.invalid'],
  ])('refuses the phone %j: %s', (typed, problem) => {
    expect(readPhone(typed)).toEqual({ problem });
  });
});
