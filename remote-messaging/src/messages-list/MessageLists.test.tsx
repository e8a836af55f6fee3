import { screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@ushirika/shared/contract';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { fakeHttp } from '../test/fake-http';

jest.mock('@ushirika/shared/api', () => ({
  ...jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule(),
  api: jest.requireActual<typeof import('../test/fake-http')>('../test/fake-http').fakeKy,
}));

const LONG = 'Harambee on Saturday at 10 am in the main hall, all welcome';

const message = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  recipient: `+2547123456${String(id).padStart(2, '0')}`,
  type: 'SMS',
  category: 'WEBSMS',
  message: LONG,
  status: 1,
  sentDate: '2026-03-05T07:30:00Z',
  Partner: { name: 'Grace Community Church' },
  state: 'sent',
  failureReason: null,
  units: 1,
  sendId: 3,
  scheduledFor: null,
  resendable: false,
  memberId: null,
  ...overrides,
});

const open = (path: string) => renderWithApp(<AreaRoutes base="messaging" />, { path, route: '/messaging/*' });
const rowOf = async (recipient: string) => (await screen.findByText(recipient)).closest('tr')!;
const pagesAsked = (path: string) => fakeServer.pageRequests.filter((request) => request.path === path).length;

/** The resend's preview (issue 28.5): waits for its figures, then 'Confirm and send'. */
async function confirmResend() {
  const dialog = await findDialog('Send this SMS?');
  const send = within(dialog).getByRole('button', { name: 'Confirm and send' });
  await waitFor(() => expect(send).toBeEnabled());
  await user.click(send);
}

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  fakeServer.reset();
  fakeHttp.reset();
  fakeHttp.on('GET smsgateway', () => ({ paused: false, reason: null, since: null, waiting: 0 }));
});

/** Both message lists show the spec's columns (2.12), then the row actions. */
const MESSAGE_COLUMNS = ['Recipient', 'Type', 'Category', 'Message', 'Status', 'Date Sent', 'Actions'];

describe('Recent Messages', () => {
  it('says sending is paused while the gateway account is out of credit, with the messages waiting, and nothing while it sends', async () => {
    fakeServer.rows.set('notification', [message(1, { state: 'queued', status: 2 })]);
    fakeHttp.on('GET smsgateway', () => ({ paused: true, reason: 'credit', since: '2026-03-05T07:30:00Z', waiting: 1250 }));
    open('/messaging/messages');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sending is paused: the SMS gateway account has run out of credit. Your messages are kept and will go out when it is topped up.');
    expect(alert).toHaveTextContent('Messages waiting: 1,250');
  });

  it('shows no notice while sending works', async () => {
    fakeServer.rows.set('notification', [message(1)]);
    open('/messaging/messages');
    await rowOf('+254712345601');
    await waitFor(() => expect(fakeHttp.callsTo('GET smsgateway')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the spec's columns, cuts a long message at 40 characters and '...', and leads to New Message", async () => {
    fakeServer.rows.set('notification', [message(1), message(2, { message: 'Short note' })]);
    open('/messaging/messages');
    expect(screen.getByRole('heading', { name: 'Recent Messages' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(MESSAGE_COLUMNS);
    const row = await rowOf('+254712345601');
    for (const text of ['SMS', 'WEBSMS', 'Sent']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByText('Harambee on Saturday at 10 am in the mai...')).toHaveAttribute('title', LONG);
    expect(within(row).getByText(/^Mar 5, 2026/)).toBeInTheDocument();
    expect(within(await rowOf('+254712345602')).getByText('Short note')).toBeInTheDocument();
    expect(fakeServer.pageRequests[0]).toEqual({ path: 'notification', query: expect.objectContaining({ page: 1, pagesize: 15, searchKey: '' }) });

    await user.click(screen.getByRole('button', { name: 'New Message' }));
    await expectPath('/messaging/messages/new');
  });

  it("opens the person's page from a recipient who is a contact; a number that is nobody's stays text", async () => {
    fakeServer.rows.set('notification', [{ ...message(1), memberId: 7 } as Notification, { ...message(2), memberId: null } as Notification]);
    open('/messaging/messages');
    const link = within(await rowOf('+254712345601')).getByRole('link', { name: '+254712345601' });
    expect(link).toHaveAttribute('href', '/contacts/people/7');
    expect(within(await rowOf('+254712345602')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says where each message is: sent, delivered, queued, scheduled (when, on Nairobi time), failed and why, and the rest', async () => {
    fakeServer.rows.set('notification', [
      message(1, { state: 'sent' }),
      message(2, { state: 'delivered' }),
      message(3, { state: 'queued', status: 2 }),
      message(4, { state: 'scheduled', status: 2, scheduledFor: '2026-03-06T06:00:00Z' }),
      message(5, { state: 'failed', status: 0, failureReason: 'InvalidPhoneNumber', resendable: true }),
      message(6, { state: 'unconfirmed', status: 0, failureReason: 'Sending was interrupted before the gateway answered; it may have been sent' }),
      message(7, { state: 'optedOut', status: 0, units: 0 }),
      message(8, { state: 'cancelled', status: 0 }),
    ]);
    open('/messaging/messages');
    const status = async (id: number) => within(await rowOf(`+2547123456${String(id).padStart(2, '0')}`)).getAllByRole('cell')[4]!;
    expect(await status(1)).toHaveTextContent(/^Sent$/);
    expect(await status(2)).toHaveTextContent(/^Delivered$/);
    expect(await status(3)).toHaveTextContent(/^Queued$/);
    expect(await status(4)).toHaveTextContent(/^Scheduled for Mar 6, 2026,? 9:00\sAM$/);
    expect(await status(5)).toHaveTextContent(/^FailedInvalidPhoneNumber$/);
    expect(await status(6)).toHaveTextContent(/^UnconfirmedSending was interrupted before the gateway answered; it may have been sent$/);
    expect(await status(7)).toHaveTextContent(/^Opted out$/);
    expect(await status(8)).toHaveTextContent(/^Cancelled$/);
  });

  it('cancels a scheduled send after a confirmation, shows the answer and lists the messages again', async () => {
    fakeServer.rows.set('notification', [message(1, { state: 'scheduled', status: 2, sendId: 9, scheduledFor: '2026-03-06T06:00:00Z' }), message(2)]);
    fakeHttp.on('POST notification/sends/9/cancel', () => ({ status_msg: 'Scheduled message cancelled', cancelled: 2, refunded: 2 }));
    open('/messaging/messages');
    expect(within(await rowOf('+254712345602')).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    const row = await rowOf('+254712345601');

    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    let dialog = await findDialog('Cancel this scheduled message?');
    expect(within(dialog).getByText('It will not be sent to any of its recipients, and its units come back to the balance.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeHttp.callsTo('POST notification/sends/9/cancel')).toEqual([]);

    const asked = pagesAsked('notification');
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    dialog = await findDialog('Cancel this scheduled message?');
    fakeServer.rows.set('notification', [message(1, { state: 'cancelled', status: 0, sendId: 9 }), message(2)]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(within(await findDialog('Awesome!')).getByText('Scheduled message cancelled')).toBeInTheDocument();
    expect(fakeHttp.callsTo('POST notification/sends/9/cancel')).toHaveLength(1);
    await waitFor(() => expect(pagesAsked('notification')).toBeGreaterThan(asked));
    await waitFor(async () => expect(within(await rowOf('+254712345601')).getByText('Cancelled')).toBeInTheDocument());
  });

  it("shows the server's refusal of a cancel in 'Error!'", async () => {
    fakeServer.rows.set('notification', [message(1, { state: 'scheduled', status: 2, sendId: 9, scheduledFor: '2026-03-06T06:00:00Z' })]);
    fakeHttp.on('POST notification/sends/9/cancel', () => {
      throw httpError(400, { status_msg: 'Only a scheduled message that has not been sent can be cancelled' });
    });
    open('/messaging/messages');
    await user.click(within(await rowOf('+254712345601')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await findDialog('Cancel this scheduled message?')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(within(await findDialog('Error!')).getByText('Only a scheduled message that has not been sent can be cancelled')).toBeInTheDocument();
  });
});

describe('Failed Messages', () => {
  it('lists the failed messages with Resend on those that may be resent', async () => {
    fakeServer.rows.set('notification/2', [
      message(1, { state: 'failed', status: 0, failureReason: 'InvalidPhoneNumber', resendable: true }),
      message(2, { state: 'failed', status: 0, failureReason: 'InvalidPhoneNumber', resendable: false }),
    ]);
    open('/messaging/failed_messages');
    expect(screen.getByRole('heading', { name: 'Failed Messages' })).toBeInTheDocument();
    // The breadcrumb's parent heading (spec 2.12).
    expect(screen.getByText('Messages')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(MESSAGE_COLUMNS);
    expect(screen.queryByRole('button', { name: 'New Message' })).not.toBeInTheDocument();
    expect(within(await rowOf('+254712345601')).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(within(await rowOf('+254712345602')).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('type text to search..')).toBeInTheDocument();
  });

  it('asks first, showing what the resend sends and costs; Cancel resends nothing', async () => {
    const text = 'God’s blessings on your giving this year, all welcome';
    fakeServer.rows.set('notification/2', [message(1, { state: 'failed', status: 0, resendable: true, message: text })]);
    fakeHttp.on('GET smsunits', () => ({ balance: 40 }));
    open('/messaging/failed_messages');
    await user.click(within(await rowOf('+254712345601')).getByRole('button', { name: 'Resend' }));

    const dialog = await findDialog('Send this SMS?');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm and send' })).toBeEnabled());
    expect(within(dialog).getByRole('row', { name: /^Message/ })).toHaveTextContent(text);
    expect(within(dialog).getByRole('row', { name: /^Recipients/ })).toHaveTextContent(/^Recipients1\+254712345601$/);
    expect(within(dialog).getByRole('row', { name: /^Parts/ })).toHaveTextContent(/^Parts1 part per message \(UCS-2\)$/);
    expect(within(dialog).getByRole('row', { name: /^Units it will cost/ })).toHaveTextContent(/^Units it will cost1$/);
    expect(within(dialog).getByRole('row', { name: /^Balance/ })).toHaveTextContent(/^Balance40 now, 39 after sending$/);
    // The text is the message's own: its Unicode character is marked, and it cannot be changed here.
    expect(within(dialog).getByText('’', { selector: 'mark' })).toBeInTheDocument();
    expect(within(dialog).getByText('This text is written by the system and cannot be changed here.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeServer.saves).toEqual([]);
  });

  it("resends with PUT /notification/{id} and the record, says 'Message initiated successfully!' and lists the failures again", async () => {
    const failed = message(1, { state: 'failed', status: 0, failureReason: 'InvalidPhoneNumber', resendable: true });
    fakeServer.rows.set('notification/2', [failed]);
    fakeHttp.on('GET smsunits', () => ({ balance: 40 }));
    open('/messaging/failed_messages');
    const row = await rowOf('+254712345601');
    const asked = pagesAsked('notification/2');
    fakeServer.rows.set('notification/2', []);
    await user.click(within(row).getByRole('button', { name: 'Resend' }));
    await confirmResend();

    expect(within(await findDialog('Awesome!')).getByText('Message initiated successfully!')).toBeInTheDocument();
    expect(fakeServer.saves).toEqual([{ path: 'notification', body: failed, id: 1 }]);
    await waitFor(() => expect(pagesAsked('notification/2')).toBeGreaterThan(asked));
    await waitFor(() => expect(screen.queryByText('+254712345601')).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a resend in 'Error!'", async () => {
    fakeServer.rows.set('notification/2', [message(1, { state: 'failed', status: 0, resendable: true })]);
    fakeServer.nextSaveFailure = httpError(400, { status_msg: 'This message has already been resent once' });
    fakeHttp.on('GET smsunits', () => ({ balance: 40 }));
    open('/messaging/failed_messages');
    await user.click(within(await rowOf('+254712345601')).getByRole('button', { name: 'Resend' }));
    await confirmResend();
    expect(within(await findDialog('Error!')).getByText('This message has already been resent once')).toBeInTheDocument();
  });
});
