import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@ushirika/shared/api';
import type { Account, AccountStatement, GivingStatement } from '@ushirika/shared/contract';
import { fakeServer } from '../../../../shared/test/fake-api';
import { httpError } from '../../../../shared/test/http-error';
import { expectPath, findDialog, renderScreen, setupUser } from '../../../../shared/test/render';
import { signIn } from '../../../../shared/test/roles';
import { buttonNamed, refusal, ReportScreens, reply } from '../test/render-reports';
import { thisYearSoFar } from './AccountStatementPage';

jest.mock('@ushirika/shared/api', () => ({
  ...jest.requireActual<typeof import('../../../../shared/test/fake-api')>('../../../../shared/test/fake-api').fakeApiModule(),
  api: { get: jest.fn(), post: jest.fn(), put: jest.fn() },
}));
const open = (path: string) => renderScreen(<ReportScreens />, { path, route: '/finance/*' });
const get = api.get as unknown as jest.Mock;
const post = api.post as unknown as jest.Mock;

const partner = { name: 'Grace Community Church' };
const account = (id: number, name: string, type: Account['type']): Account => ({
  id,
  name,
  type,
  parentId: 0,
  Parent: null,
  createdAt: '2026-01-02T08:00:00Z',
  Partner: partner,
  version: 1,
});

const period = { startdate: '2026-01-01', enddate: '2026-03-31' };
const statement: AccountStatement = {
  account: { id: 4, name: 'Tithe', type: 'CR' },
  accounts: ['Tithe', 'Youth tithe'],
  startDate: period.startdate,
  endDate: period.enddate,
  openingBalance: '1000.10',
  lines: [
    {
      date: '2026-01-04',
      kind: 'income',
      id: 11,
      receiptNumber: 41,
      party: 'Mary Achieng',
      paymentFor: 'Tithe January',
      reference: 'CASH-1',
      mode: 'CASH',
      account: 'Tithe',
      moneyIn: '500.20',
      moneyOut: '0.00',
      balance: '1500.30',
    },
    {
      date: '2026-02-01',
      kind: 'expense',
      id: 3,
      receiptNumber: null,
      party: 'Kenya Power',
      paymentFor: 'Electricity',
      reference: 'INV-9',
      mode: 'CHEQUE',
      account: 'Youth tithe',
      moneyIn: '0.00',
      moneyOut: '200.10',
      balance: '1300.20',
    },
  ],
  totalIn: '500.20',
  totalOut: '200.10',
  closingBalance: '1300.20',
  Partner: partner,
};

/** The quote of the giving statement's SMS (POST statements/giving/send/quote). */
const givingQuote = {
  text: 'Dear Mary Achieng, thank you for your giving to Grace Community Church from 01/01/2026 to 31/03/2026: 3 gifts totalling KES 500.30.',
  recipient: '+254712345678',
  name: 'Mary Achieng',
  recipients: 1,
  optedOut: 0,
  encoding: 'GSM-7',
  characters: 128,
  segments: 1,
  units: 1,
  balance: 40,
};

/** The SMS preview (issue 28.5): waits for its figures, then 'Confirm and send'. */
async function confirmSms() {
  const dialog = await findDialog('Send this SMS?');
  const send = within(dialog).getByRole('button', { name: 'Confirm and send' });
  await waitFor(() => expect(send).toBeEnabled());
  await user.click(send);
}

const giving: GivingStatement = {
  phone: '+254712345678',
  name: 'Mary Achieng',
  startDate: period.startdate,
  endDate: period.enddate,
  gifts: [
    { id: 11, date: '2026-01-04', receiptNumber: 41, account: 'Tithe', paymentFor: 'Tithe January', mode: 'CASH', amount: '500.20' },
    { id: 12, date: '2026-02-08', receiptNumber: 57, account: 'Building', paymentFor: 'Building fund', mode: 'M-PESA', amount: '0.10' },
  ],
  total: '500.30',
  Partner: partner,
};

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  fakeServer.reset();
  get.mockReset();
  post.mockReset();
  fakeServer.rows.set('account', [account(4, 'Tithe', 'CR'), account(7, 'Electricity', 'DR'), account(9, 'Acme Ltd', 'ROOT')]);
});

/** What an element shows, with the no-break spaces of formatted amounts as plain ones. */
const shown = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s/g, ' ');
const cellsOf = (row: Element | undefined) => [...(row?.querySelectorAll('td') ?? [])].map(shown);

/** Fills the period's two dates. */
async function choosePeriod() {
  await user.fill('From', period.startdate);
  await user.fill('To', period.enddate);
}

/** The statement table's column titles (the summary above it is a table too). */
const columnTitles = () => [...document.querySelectorAll('.ant-table thead th')].map((header) => header.textContent);
/** The statement table's rows, the totals under it included. */
const tableRows = () => [...document.querySelectorAll('.ant-table tbody tr, .ant-table tfoot tr')];

/** Picks the Tithe account and the period in the account statement's form. */
async function chooseTithe() {
  await user.click(screen.getByLabelText('Account'));
  await user.click(await screen.findByTitle('Tithe · Income'));
  await choosePeriod();
}

it('shows an account statement: opening balance, lines with the running balance, totals, closing balance; a refusal in Error!', async () => {
  await open('/finance/statements');
  expect(screen.getByText('Statements', { selector: 'h1' })).toBeInTheDocument();
  expect([...document.querySelectorAll('[role=tab]')].map((tab) => tab.textContent)).toEqual(['Account statement', 'Giving statement']);

  // Every account of the partner is offered, labelled with its type.
  await user.click(screen.getByLabelText('Account'));
  for (const title of ['Electricity · Expense', 'Acme Ltd · Client Account']) expect(await screen.findByTitle(title)).toBeInTheDocument();
  await user.click(screen.getByTitle('Tithe · Income'));
  await choosePeriod();

  // A refusal shows the server's text in 'Error!' and keeps the form (Show again asks for the same).
  get.mockImplementationOnce(() => refusal(httpError(400, { status_msg: 'This statement has more than 20,000 lines: choose a shorter period' })));
  await user.click(buttonNamed('Show'));
  const refused = await findDialog('Error!');
  expect(within(refused).getByText('This statement has more than 20,000 lines: choose a shorter period')).toBeInTheDocument();
  await user.click(within(refused).getByText('OK'));

  get.mockImplementationOnce(() => reply(statement));
  await user.click(buttonNamed('Show'));
  expect(shown(await screen.findByTestId('statement-closing'))).toBe('KES 1,300.20');
  expect(get).toHaveBeenLastCalledWith('statements/account', expect.objectContaining({ searchParams: { account: 4, ...period } }));
  expect(shown(screen.getByTestId('statement-opening'))).toBe('KES 1,000.10');
  expect(shown(screen.getByTestId('statement-in'))).toBe('KES 500.20');
  expect(shown(screen.getByTestId('statement-out'))).toBe('KES 200.10');
  expect(columnTitles()).toEqual(['Date', 'Receipt No.', 'Details', 'Reference', 'Account', 'Money in', 'Money out', 'Balance']);
  const [income, expense, totals] = tableRows().slice(-3);
  expect(cellsOf(income)).toEqual(['Jan 4, 2026', '41', 'Mary Achieng · Tithe January', 'CASH-1', 'Tithe', 'KES 500.20', '', 'KES 1,500.30']);
  expect(cellsOf(expense)).toEqual(['Feb 1, 2026', '', 'Kenya Power · Electricity', 'INV-9', 'Youth tithe', '', 'KES 200.10', 'KES 1,300.20']);
  expect(cellsOf(totals)).toEqual(['Totals and closing balance', 'KES 500.20', 'KES 200.10', 'KES 1,300.20']);
});

it('downloads the statement shown as CSV, and prints it', async () => {
  await open('/finance/statements');
  await chooseTithe();
  get.mockImplementation(() => reply(statement));
  await user.click(buttonNamed('Show'));
  await screen.findByTestId('statement-closing');

  // 'Download CSV': the file read through the api client (with the token), saved under the server's name.
  const bytes = new Blob(['Date,Receipt No.\r\n'], { type: 'text/csv' });
  const names: string[] = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:statement'), revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
    names.push(this.download);
  });
  get.mockImplementationOnce(() => reply({ headers: { get: () => 'attachment; filename="statement-tithe-2026-01-01-2026-03-31.csv"' }, blob: async () => bytes }));
  await user.click(buttonNamed('Download CSV'));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  expect(get).toHaveBeenLastCalledWith('statements/account.csv', { searchParams: { account: 4, ...period } });
  expect(URL.createObjectURL).toHaveBeenCalledWith(bytes);
  expect(names).toEqual(['statement-tithe-2026-01-01-2026-03-31.csv']);
  click.mockRestore();

  // 'Print': the print view of the same statement, then Back to it.
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  await user.click(buttonNamed('Print'));
  await expectPath('/finance/statements/print');
  expect(await screen.findByText('Grace Community Church', { selector: 'h1, h4' })).toBeInTheDocument();
  expect(screen.getByText('Account statement', { selector: 'h2, h3, h4' })).toBeInTheDocument();
  expect(shown(screen.getByTestId('statement-closing'))).toBe('KES 1,300.20');
  await user.click(buttonNamed('Print'));
  expect(print).toHaveBeenCalledTimes(1);
  await user.click(buttonNamed('Back'));
  await expectPath('/finance/statements');
  expect(shown(await screen.findByTestId('statement-closing'))).toBe('KES 1,300.20');
  print.mockRestore();
});

it('shows a giving statement for a phone number and sends it by SMS, with the server texts in the dialogs', async () => {
  await open('/finance/statements');
  await user.click(screen.getByText('Giving statement'));
  // The shared schema's messages, under the fields, before anything is asked.
  await user.fill('Phone', '12');
  await user.fill('To', '2025-12-31');
  await user.click(buttonNamed('Show'));
  expect(await screen.findByText('Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678')).toBeInTheDocument();
  expect(screen.getByText('End date must not be before the start date')).toBeInTheDocument();
  expect(get).not.toHaveBeenCalled();
  await choosePeriod();

  get.mockImplementation(() => reply(giving));
  await user.fill('Phone', '0712 345 678');
  await user.click(buttonNamed('Show'));
  expect(shown(await screen.findByTestId('giving-total'))).toBe('KES 500.30');
  // The number as the server stores it: normalised by the shared schema, in the partner's country.
  expect(get).toHaveBeenCalledWith('statements/giving', expect.objectContaining({ searchParams: { phone: '+254712345678', ...period } }));
  expect(screen.getByText('Mary Achieng')).toBeInTheDocument();
  expect(columnTitles()).toEqual(['Date', 'Receipt No.', 'Account', 'Payment for', 'Mode', 'Amount']);
  expect(cellsOf(tableRows().at(-2))).toEqual(['Feb 8, 2026', '57', 'Building', 'Building fund', 'M-PESA', 'KES 0.10']);

  // Each send is previewed first (issue 28.5): the quote, then the send once confirmed.
  let sendAnswer: () => unknown = () => refusal(httpError(400, { status_msg: 'Not enough SMS units' }));
  post.mockImplementation((path: string) => (path === 'statements/giving/send/quote' ? reply(givingQuote) : sendAnswer()));
  await user.click(buttonNamed('Send by SMS'));
  await confirmSms();
  const refused = await findDialog('Error!');
  expect(within(refused).getByText('Not enough SMS units')).toBeInTheDocument();
  await user.click(within(refused).getByText('OK'));

  sendAnswer = () => reply({ status_msg: 'Giving statement sent' });
  await user.click(buttonNamed('Send by SMS'));
  await confirmSms();
  expect(within(await findDialog('Awesome!')).getByText('Giving statement sent')).toBeInTheDocument();
  expect(post).toHaveBeenLastCalledWith('statements/giving/send', { json: { phone: '+254712345678', ...period } });
});

it("previews the giving statement's SMS before sending it: the text, the contributor, parts and units; Cancel sends nothing", async () => {
  await open('/finance/statements');
  await user.click(screen.getByText('Giving statement'));
  await choosePeriod();
  get.mockImplementation(() => reply(giving));
  post.mockImplementation((path: string) =>
    path === 'statements/giving/send/quote'
      ? reply({ ...givingQuote, text: 'Dear Zoë Achieng, thank you for your giving', name: 'Zoë Achieng', encoding: 'UCS-2', units: 2, balance: 1 })
      : reply({ status_msg: 'Giving statement sent' }),
  );
  await user.fill('Phone', '0712 345 678');
  await user.click(buttonNamed('Show'));
  await screen.findByTestId('giving-total');

  await user.click(buttonNamed('Send by SMS'));
  const dialog = await findDialog('Send this SMS?');
  const recipients = await within(dialog).findByRole('row', { name: /^Recipients/ });
  expect(post).toHaveBeenCalledWith('statements/giving/send/quote', { json: { phone: '+254712345678', ...period } });
  expect(within(dialog).getByRole('row', { name: /^Message/ })).toHaveTextContent('Dear Zoë Achieng, thank you for your giving');
  expect(recipients).toHaveTextContent(/^Recipients1Zoë Achieng \(\+254712345678\)$/);
  expect(within(dialog).getByRole('row', { name: /^Parts/ })).toHaveTextContent(/^Parts1 part per message \(UCS-2\)$/);
  expect(within(dialog).getByRole('row', { name: /^Units it will cost/ })).toHaveTextContent(/^Units it will cost2$/);
  // The system's text: its Unicode letter is marked, and there is nothing to replace.
  expect(within(dialog).getByText('ë', { selector: 'mark' })).toBeInTheDocument();
  expect(within(dialog).getByText('This text is written by the system and cannot be changed here.')).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Replace with plain characters' })).not.toBeInTheDocument();
  // Two units, one in the balance: not sent from here.
  expect(within(dialog).getByText('Not enough units: this send needs 2 and the balance is 1.')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Confirm and send' })).toBeDisabled();

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(post.mock.calls.map(([path]) => path)).toEqual(['statements/giving/send/quote']);
});

it("starts a statement form on 1 January of the partner's year, not the device's: New Year's Eve at 22:00 UTC is already 2027 in Nairobi", () => {
  const newYearsEve = new Date(Date.UTC(2026, 11, 31, 22, 0));
  expect(thisYearSoFar(newYearsEve, 'Africa/Nairobi')).toEqual({ startdate: '2027-01-01', enddate: '2027-01-01' });
  expect(thisYearSoFar(newYearsEve, 'America/Lima')).toEqual({ startdate: '2026-01-01', enddate: '2026-12-31' });
});
