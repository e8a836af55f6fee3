import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from '@ushirika/shared/api';
import { PLEDGE_IMPORT_REFUSED, PLEDGE_REMINDER_DEFAULT_TEXT, type Campaign, type Pledge, type SendQuote } from '@ushirika/shared/contract';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { buttonNamed, refusal, reply } from '../reports/test/render-reports';
import AreaRoutes from '../routes';
import { ACCOUNTS } from '../test/rows';

jest.mock('@ushirika/shared/api', () => {
  const fake = jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api');
  return { ...fake.fakeApiModule(), api: { get: jest.fn(), post: jest.fn(), put: jest.fn() } };
});
// The chart library draws on a canvas jsdom does not have; the screen's part is what it hands the chart.
jest.mock('./WeeksChart', () => ({ __esModule: true, default: ({ weeks }: { weeks: unknown[] }) => <output data-testid="weeks-chart">{weeks.length}</output> }));

const get = api.get as unknown as jest.Mock;
const post = api.post as unknown as jest.Mock;

const campaign: Campaign = {
  id: 5,
  name: 'Jengo Sanctuary',
  target: '500000.00',
  startDate: '2026-03-01',
  endDate: '2026-12-31',
  AccountId: 2,
  Account: { name: 'Building Fund' },
  code: 'JENGO',
  status: 'open',
  pledged: '3500.00',
  paid: '1500.50',
  balance: '2000.00',
  remaining: '498499.50',
  pledgers: 2,
  fulfilled: 1,
  fulfilledShare: 50,
  createdAt: '2026-03-01T08:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 3,
};

const pledge = (contactId: number, over: Partial<Pledge> = {}): Pledge => ({
  id: contactId * 10,
  campaignId: 5,
  contactId,
  firstName: 'Mary',
  lastName: 'Achieng',
  phone: '+254712345678',
  pledged: '2000.00',
  paid: '0.00',
  balance: '2000.00',
  fulfilled: false,
  pledgedAt: '2026-03-02T08:00:00Z',
  updatedAt: '2026-03-02T08:00:00Z',
  ...over,
});

const pledges = [pledge(7), pledge(8, { firstName: 'John', lastName: 'Otieno', pledged: '1500.00', paid: '1500.50', balance: '0.00', fulfilled: true })];

/** The server: each GET path's answer. */
function serve(answers: Record<string, unknown>) {
  get.mockImplementation((path: string) => (path in answers ? reply(answers[path]) : refusal(httpError(404, { status_msg: 'Not found' }))));
}

const open = (path: string) => renderScreen(<AreaRoutes base="finance" />, { path, route: '/finance/*' });

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.rows.set('accounts', ACCOUNTS);
  serve({
    campaigns: { campaigns: [campaign], total: 1 },
    'campaigns/5': { campaign },
    'campaigns/5/weeks': { weeks: [{ week: '2026-03-02', amount: '1500.50' }] },
    'campaigns/5/pledges': { pledges, total: 2 },
  });
});

it('lists the open campaigns with their figures and progress, and the closed ones on a click', async () => {
  await open('/finance/campaigns');
  expect(await screen.findByText('Jengo Sanctuary')).toBeInTheDocument();
  const row = screen.getByText('Jengo Sanctuary').closest('tr')!;
  expect(within(row).getByText('KES 500,000.00')).toBeInTheDocument();
  expect(within(row).getByText('KES 1,500.50')).toBeInTheDocument();
  expect(within(row).getByText('0.3% paid')).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('campaigns', expect.objectContaining({ searchParams: expect.objectContaining({ status: 'open' }) }));
  expect(screen.getByText('New campaign', { selector: 'button, button *' })).toBeInTheDocument();

  await user.click(screen.getByText('Closed'));
  await waitFor(() => expect(get).toHaveBeenCalledWith('campaigns', expect.objectContaining({ searchParams: expect.objectContaining({ status: 'closed' }) })));
});

it('shows a finance clerk the campaigns without New campaign nor the thank-you set-up', async () => {
  signIn(['finance_clerk']);
  await open('/finance/campaigns');
  await screen.findByText('Jengo Sanctuary');
  expect(screen.queryByText('New campaign', { selector: 'button, button *' })).not.toBeInTheDocument();
  expect(screen.queryByText('Thank-you message', { selector: 'button, button *' })).not.toBeInTheDocument();
});

it("says what the new campaign's form misses, in the schema's words, and sends nothing", async () => {
  await open('/finance/campaigns/new');
  expect(await screen.findByLabelText('Name')).toBeInTheDocument();
  expect(screen.getByLabelText('M-Pesa code')).toBeInTheDocument();
  await user.click(buttonNamed('Submit'));
  expect(await screen.findByText('Name is required')).toBeInTheDocument();
  expect(screen.getByText('Target is required')).toBeInTheDocument();
  expect(screen.getByText('End date is required')).toBeInTheDocument();
  expect(screen.getByText('Account is required')).toBeInTheDocument();
  await user.fill('M-Pesa code', 'JE NGO');
  await user.click(buttonNamed('Submit'));
  expect(await screen.findByText('Code must be 2 to 20 letters or digits, e.g. JENGO')).toBeInTheDocument();
  expect(fakeServer.saves).toEqual([]);
});

it("shows a campaign's figures exactly as the server counts them, its weeks and its pledges", async () => {
  await open('/finance/campaigns/5');
  expect(await screen.findByText('Jengo Sanctuary', { selector: 'h1' })).toBeInTheDocument();
  expect(screen.getByTestId('campaign-target')).toHaveTextContent('KES 500,000.00');
  expect(screen.getByTestId('campaign-pledged')).toHaveTextContent('KES 3,500.00');
  expect(screen.getByTestId('campaign-paid')).toHaveTextContent('KES 1,500.50');
  expect(screen.getByTestId('campaign-balance')).toHaveTextContent('KES 2,000.00');
  expect(screen.getByTestId('campaign-remaining')).toHaveTextContent('KES 498,499.50');
  expect(screen.getByTestId('campaign-fulfilled')).toHaveTextContent('1 of 2 (50%)');
  expect(await screen.findByTestId('weeks-chart')).toHaveTextContent('1');
  const row = (await screen.findByText('John Otieno')).closest('tr')!;
  expect(within(row).getByText('KES 1,500.50')).toBeInTheDocument();
  expect(within(row).getByText('KES 0.00')).toBeInTheDocument();
  // Who owes most first.
  expect(get).toHaveBeenCalledWith(
    'campaigns/5/pledges',
    expect.objectContaining({ searchParams: expect.objectContaining({ sort: 'balance', order: 'desc', filter: 'all' }) }),
  );
});

it('asks the server for the order of a clicked column header, then the other way, and for a filter', async () => {
  await open('/finance/campaigns/5');
  await screen.findByText('John Otieno');
  const header = screen.getByText('Pledged', { selector: 'th *' });
  await user.click(header);
  await waitFor(() =>
    expect(get).toHaveBeenCalledWith('campaigns/5/pledges', expect.objectContaining({ searchParams: expect.objectContaining({ sort: 'pledged', order: 'asc' }) })),
  );
  await user.click(screen.getByText('Pledged', { selector: 'th *' }));
  await waitFor(() =>
    expect(get).toHaveBeenCalledWith('campaigns/5/pledges', expect.objectContaining({ searchParams: expect.objectContaining({ sort: 'pledged', order: 'desc' }) })),
  );
  await user.click(screen.getByText('Owing'));
  await waitFor(() =>
    expect(get).toHaveBeenCalledWith(
      'campaigns/5/pledges',
      expect.objectContaining({ searchParams: expect.objectContaining({ sort: 'pledged', order: 'desc', filter: 'owing', page: 1 }) }),
    ),
  );
});

it('previews a reminder with the personalised samples, then sends it and says what was queued', async () => {
  const quote: SendQuote = {
    recipients: 1,
    optedOut: 0,
    invalid: [],
    duplicates: 0,
    encoding: 'GSM-7',
    characters: 110,
    segments: 1,
    personalised: true,
    units: 1,
    balance: 40,
    sample: [
      {
        recipient: '+254712345678',
        name: 'Mary Achieng',
        text: 'Dear Mary, you pledged KES 2,000 to Jengo Sanctuary and have paid KES 0. Your balance is KES 2,000. Thank you.',
      },
    ],
  };
  post.mockImplementation((path: string) =>
    reply(
      path === 'campaigns/5/reminders/quote'
        ? quote
        : { status_msg: 'Message sent successfully!', send: { id: 3, queued: 1, optedOut: 0, units: 1, balance: 39, scheduledFor: null } },
    ),
  );
  await open('/finance/campaigns/5');
  await screen.findByText('John Otieno');
  await user.click(buttonNamed('Send reminder'));
  const panel = await screen.findByRole('dialog');
  expect(within(panel).getByLabelText('Message')).toHaveValue(PLEDGE_REMINDER_DEFAULT_TEXT);
  expect(within(panel).getByText('Send', { selector: 'button, button *' }).closest('button')).toBeDisabled();
  await user.click(within(panel).getByText('Preview', { selector: 'button, button *' }));
  const sample = await within(panel).findByTestId('reminder-sample');
  expect(sample).toHaveTextContent('Mary Achieng (+254712345678)');
  expect(sample).toHaveTextContent('you pledged KES 2,000 to Jengo Sanctuary');
  expect(post).toHaveBeenCalledWith('campaigns/5/reminders/quote', { json: { message: PLEDGE_REMINDER_DEFAULT_TEXT } });
  await user.click(within(panel).getByText('Send', { selector: 'button, button *' }));
  expect(await within(panel).findByText('Reminders queued: 1. Units charged: 1. Opted out (not sent): 0.')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('campaigns/5/reminders', { json: { message: PLEDGE_REMINDER_DEFAULT_TEXT } });
});

it("sends the CSV file's text as it is and lists each row the server refused", async () => {
  post.mockImplementation(() =>
    refusal(httpError(400, { status_msg: PLEDGE_IMPORT_REFUSED, errors: ['Row 2: Amount must be more than 0', 'Row 3: no contact has the number +254700000001'] })),
  );
  await open('/finance/campaigns/5');
  await screen.findByText('John Otieno');
  await user.click(buttonNamed('Import pledges'));
  const panel = await screen.findByRole('dialog');
  const csv = 'name,phone,amount\nMary Achieng,0712345678,0\nNew Person,0700000001,500\n';
  const file = new File([csv], 'pledges.csv', { type: 'text/csv' });
  if (typeof file.text !== 'function') Object.assign(file, { text: async () => csv });
  await act(async () => {
    fireEvent.change(within(panel).getByLabelText('CSV file'), { target: { files: [file] } });
  });
  await user.click(within(panel).getByText('Import', { selector: 'button, button *' }));
  const errors = await within(panel).findByTestId('import-errors');
  expect([...errors.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
    'Row 2: Amount must be more than 0',
    'Row 3: no contact has the number +254700000001',
  ]);
  expect(within(panel).getByText(PLEDGE_IMPORT_REFUSED)).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('campaigns/5/pledges/import', { body: csv, headers: { 'content-type': 'text/csv' } });
});

it('offers no pledges, import nor reminder on a closed campaign', async () => {
  serve({
    'campaigns/5': { campaign: { ...campaign, status: 'closed' } },
    'campaigns/5/weeks': { weeks: [] },
    'campaigns/5/pledges': { pledges, total: 2 },
  });
  await open('/finance/campaigns/5');
  await screen.findByText('John Otieno');
  expect(screen.getByText('This campaign is closed: reopen it (Edit) to take pledges or send reminders.')).toBeInTheDocument();
  for (const name of ['Add pledge', 'Import pledges', 'Send reminder', 'Change'])
    expect(screen.queryByText(name, { selector: 'button, button *' })).not.toBeInTheDocument();
});
