import { screen, waitFor, within } from '@testing-library/react';
import type { Group, SendQuote } from '@ushirika/shared/contract';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { expectPath, findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { fakeHttp, type HttpCall } from '../test/fake-http';

jest.mock('@ushirika/shared/api', () => ({
  ...jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule(),
  api: jest.requireActual<typeof import('../test/fake-http')>('../test/fake-http').fakeKy,
}));

const group = (id: number, name: string): Group => ({
  id,
  name,
  description: `About ${name}`,
  brandName: name,
  groupType: 1,
  createdAt: '2026-01-04T08:00:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 1,
});

const quote = (overrides: Partial<SendQuote> = {}): SendQuote => ({
  recipients: 2,
  optedOut: 0,
  invalid: [],
  duplicates: 0,
  encoding: 'GSM-7',
  characters: 20,
  segments: 1,
  personalised: false,
  units: 2,
  balance: 500,
  sample: [],
  ...overrides,
});

const open = () => renderScreen(<AreaRoutes base="messaging" />, { path: '/messaging/messages/new', route: '/messaging/*' });

/** One figure of the cost preview: its row, e.g. 'Characters 20 (GSM-7)'. */
const figure = (label: string) => within(screen.getByRole('region', { name: 'Cost preview' })).getByRole('row', { name: new RegExp(`^${label}`) });
const formFields = (call: HttpCall) => Object.fromEntries((call.body as FormData).entries());
/** Waits for the quote's figures: asked 400 ms after the typing stops, then answered and shown, which a busy machine makes slow. */
const whenQuoted = (assertion: () => void) => waitFor(assertion, { timeout: 15_000 });

/** The send's preview (issue 28.5): waits for its figures, then 'Confirm and send'. */
async function confirmSend() {
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
  // Thirty groups: the choice offers every one, not the legacy first 25.
  fakeServer.rows.set(
    'groups',
    Array.from({ length: 30 }, (_, i) => group(i + 1, `Group ${i + 1}`)),
  );
  fakeHttp.on('GET smsunits', () => ({ balance: 500 }));
  fakeHttp.on('GET smsgateway', () => ({ paused: false, reason: null, since: null, waiting: 0 }));
  fakeHttp.on('POST notifymany/quote', () => quote());
  fakeHttp.on('POST notifyuploaded/quote', () => quote());
  fakeHttp.on('POST notifymany', () => ({
    status_msg: 'Message sent successfully!',
    send: { id: 4, queued: 2, optedOut: 0, units: 2, balance: 498, scheduledFor: null },
  }));
  fakeHttp.on('POST notifyuploaded', () => ({
    status_msg: 'Message sent successfully!',
    send: { id: 5, queued: 2, optedOut: 0, units: 2, balance: 498, scheduledFor: null },
  }));
});

describe('New Message form', () => {
  it('says sending is paused while the gateway refuses the account, and still lets a message be queued', async () => {
    fakeHttp.on('GET smsgateway', () => ({ paused: true, reason: 'refused', since: '2026-03-05T07:30:00Z', waiting: 12 }));
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "Sending is paused: the SMS gateway refused the account's key or sender name. Your messages are kept and will go out when the settings are fixed.",
    );
    expect(alert).toHaveTextContent('Messages waiting: 12');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('asks for the recipient type first, and shows the field of each type with its own message', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'New Message' })).toBeInTheDocument();
    const types = screen.getByRole('radiogroup', { name: 'Recipient Type' });
    expect(
      within(types)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Type recipients', 'Send to group', 'Upload recipients']);
    expect(screen.queryByLabelText('Recipients')).not.toBeInTheDocument();
    // Type and category are fixed and hidden (spec 2.12).
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('SMS')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('WEBSMS')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Recipient Type is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    expect(screen.getByLabelText('Recipients')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Type at least one recipient')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Send to group' }));
    expect(screen.queryByLabelText('Recipients')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Group')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose a group')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Upload recipients' }));
    expect(screen.getByLabelText('Recipients file')).toHaveAttribute('type', 'file');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose a file of recipients')).toBeInTheDocument();

    await user.fill('Message', 'H');
    await user.tab();
    expect(await screen.findByText('Message must be at least 2 characters')).toBeInTheDocument();
    expect(fakeHttp.callsTo('POST notifymany')).toEqual([]);
    expect(fakeHttp.callsTo('POST notifyuploaded')).toEqual([]);
  });

  it("offers '-Select one-', 'All Contacts', then every group of the partner", async () => {
    await open();
    await user.click(screen.getByRole('radio', { name: 'Send to group' }));
    await user.click(screen.getByLabelText('Group'));
    expect(await screen.findByTitle('All Contacts')).toBeInTheDocument();
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveAccessibleName('-Select one-');
    expect(options[1]).toHaveAccessibleName('All Contacts');
    await user.paste('Group 30');
    expect(await screen.findByTitle('Group 30')).toBeInTheDocument();
  });
});

describe('Cost preview', () => {
  it('counts characters and SMS parts as the message is typed, with the balance, before the recipients are known', async () => {
    await open();
    expect(await screen.findByRole('row', { name: /^Balance 500$/ })).toBeInTheDocument();
    expect(figure('Characters')).toHaveTextContent('0 (GSM-7)');
    expect(figure('Recipients')).toHaveTextContent('—');
    expect(figure('Units to be charged')).toHaveTextContent('—');

    await user.fill('Message', 'Harambee on Saturday');
    expect(figure('Characters')).toHaveTextContent('20 (GSM-7)');
    expect(figure('SMS parts')).toHaveTextContent(/^SMS parts1160 characters fit in one SMS; a longer message goes in parts of 153\.$/);

    await user.fill('Message', 'x'.repeat(161));
    expect(figure('Characters')).toHaveTextContent('161 (GSM-7)');
    expect(figure('SMS parts')).toHaveTextContent(/^SMS parts2/);

    // One character outside GSM-7 makes the whole message UCS-2: 70 in one SMS.
    await user.fill('Message', 'Asante sana 🙏');
    expect(figure('Characters')).toHaveTextContent('14 (UCS-2)');
    expect(figure('SMS parts')).toHaveTextContent(/^SMS parts170 characters fit in one SMS; a longer message goes in parts of 67\.$/);
    expect(screen.getByText('Choose the recipients and write the message to see who gets it and what it costs.')).toBeInTheDocument();
    expect(fakeHttp.callsTo('POST notifymany/quote')).toEqual([]);
  });

  it('asks the server, once the typing pauses, how many will get it and what it costs: repeated, opted-out and invalid numbers told', async () => {
    fakeHttp.on('POST notifymany/quote', () => quote({ recipients: 3, optedOut: 1, duplicates: 1, invalid: ['abc', '12'], units: 2, balance: 480 }));
    await open();
    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    await user.fill('Recipients', '0712 345 678, 0712345678, 0722 000 111, 0733 000 222, abc, 12');
    await user.fill('Message', 'Harambee on Saturday');

    await whenQuoted(() => expect(figure('Recipients')).toHaveTextContent(/^Recipients31 opted out: not sent, not charged1 repeated numbers: sent once$/));
    expect(figure('Units to be charged')).toHaveTextContent(/^Units to be charged2$/);
    expect(figure('Balance')).toHaveTextContent(/^Balance480$/);
    expect(screen.getByText('These are not phone numbers; correct or remove them before sending: abc, 12')).toBeInTheDocument();
    const calls = fakeHttp.callsTo('POST notifymany/quote');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.json).toEqual({
      recipient_type: 'Typed',
      recipients: '0712 345 678, 0712345678, 0722 000 111, 0733 000 222, abc, 12',
      textmessage: 'Harambee on Saturday',
      send_at: '',
      type: 'SMS',
      category: 'WEBSMS',
    });
  });

  it('says clearly when the units needed are more than the balance, and that placeholders count per recipient', async () => {
    fakeHttp.on('POST notifymany/quote', () => quote({ recipients: 600, units: 1200, balance: 500, personalised: true }));
    await open();
    await user.click(screen.getByRole('radio', { name: 'Send to group' }));
    await user.click(screen.getByLabelText('Group'));
    await user.click(await screen.findByTitle('All Contacts'));
    await user.fill('Message', 'Dear {firstName}, see you on Saturday');

    await whenQuoted(() =>
      expect(screen.getByText('Not enough SMS units: this message needs 1200 and the balance is 500. Top up the units or send to fewer recipients.')).toBeInTheDocument(),
    );
    expect(figure('Recipients')).toHaveTextContent(/^Recipients600$/);
    expect(figure('Units to be charged')).toHaveTextContent('Placeholders such as {firstName} make each message its own: units are counted per recipient.');
    expect(fakeHttp.callsTo('POST notifymany/quote').at(-1)?.json).toEqual(expect.objectContaining({ recipient_type: 'Group', group: 0, recipients: '' }));
  });

  it("shows the server's refusal of the quote (say, a send time in the past)", async () => {
    fakeHttp.on('POST notifymany/quote', () => {
      throw httpError(400, { status_msg: 'Send time must be in the future' });
    });
    await open();
    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    await user.fill('Recipients', '0712 345 678');
    await user.fill('Message', 'Harambee on Saturday');
    await user.fill('Send later', '2020-01-01T09:00');
    await whenQuoted(() => expect(screen.getByText('Send time must be in the future')).toBeInTheDocument());
  });
});

describe('Sending', () => {
  it("sends typed recipients as JSON to POST /notifymany, says 'Awesome!' and shows Recent Messages", async () => {
    await open();
    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    await user.fill('Recipients', '0712 345 678\n0722 000 111');
    await user.fill('Message', '  Harambee on Saturday  ');
    await user.fill('Send later', '2026-12-24T09:30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await confirmSend();

    expect(within(await findDialog('Awesome!')).getByText('Message sent successfully!')).toBeInTheDocument();
    expect(fakeHttp.callsTo('POST notifymany').map((call) => call.json)).toEqual([
      {
        recipient_type: 'Typed',
        recipients: '0712 345 678\n0722 000 111',
        textmessage: 'Harambee on Saturday',
        send_at: '2026-12-24T09:30',
        type: 'SMS',
        category: 'WEBSMS',
      },
    ]);
    await expectPath('/messaging/messages');
  });

  it('sends to a group with its id (0 for All Contacts)', async () => {
    await open();
    await user.click(screen.getByRole('radio', { name: 'Send to group' }));
    await user.click(screen.getByLabelText('Group'));
    await user.paste('Group 12');
    await user.click(await screen.findByTitle('Group 12'));
    await user.fill('Message', 'Choir practice moved to Friday');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await confirmSend();

    await findDialog('Awesome!');
    expect(fakeHttp.callsTo('POST notifymany').map((call) => call.json)).toEqual([
      { recipient_type: 'Group', recipients: '', group: 12, textmessage: 'Choir practice moved to Friday', send_at: '', type: 'SMS', category: 'WEBSMS' },
    ]);
  });

  it('sends to a group once per household when asked: the quote and the send both say so', async () => {
    await open();
    expect(screen.queryByLabelText('One message per household (to its head)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Send to group' }));
    const perHousehold = screen.getByLabelText('One message per household (to its head)');
    expect(perHousehold).not.toBeChecked();
    expect(screen.getByText(/^Group members who live in a household get one message between them/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Group'));
    await user.click(await screen.findByTitle('All Contacts'));
    await user.fill('Message', 'Harambee on Saturday');
    await user.click(perHousehold);

    await whenQuoted(() => expect(fakeHttp.callsTo('POST notifymany/quote').at(-1)?.json).toEqual(expect.objectContaining({ group: 0, onePerHousehold: true })));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await confirmSend();
    await findDialog('Awesome!');
    expect(fakeHttp.callsTo('POST notifymany').map((call) => call.json)).toEqual([
      { recipient_type: 'Group', recipients: '', group: 0, onePerHousehold: true, textmessage: 'Harambee on Saturday', send_at: '', type: 'SMS', category: 'WEBSMS' },
    ]);
  });

  it('does not send once-per-household with typed recipients, even if it was ticked for a group first', async () => {
    await open();
    await user.click(screen.getByRole('radio', { name: 'Send to group' }));
    await user.click(screen.getByLabelText('One message per household (to its head)'));
    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    await user.fill('Recipients', '0712 345 678');
    await user.fill('Message', 'Harambee on Saturday');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await confirmSend();
    await findDialog('Awesome!');
    expect(fakeHttp.callsTo('POST notifymany').at(-1)?.json).not.toHaveProperty('onePerHousehold');
  });

  it('sends an uploaded file as multipart to POST /notifyuploaded: message, message_file, type, category', async () => {
    await open();
    await user.click(screen.getByRole('radio', { name: 'Upload recipients' }));
    const file = new File(['phone\n0712345678\n0722000111\n'], 'members.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Recipients file'), file);
    await user.fill('Message', 'Harambee on Saturday');

    // The quote takes the same multipart body.
    await whenQuoted(() => expect(figure('Recipients')).toHaveTextContent(/^Recipients2$/));
    expect(formFields(fakeHttp.callsTo('POST notifyuploaded/quote').at(-1)!)).toEqual({
      message: 'Harambee on Saturday',
      message_file: expect.any(File),
      type: 'SMS',
      category: 'WEBSMS',
    });

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await confirmSend();
    await findDialog('Awesome!');
    const [sent] = fakeHttp.callsTo('POST notifyuploaded');
    expect(sent?.json).toBeUndefined();
    const fields = formFields(sent!);
    expect(fields).toEqual({ message: 'Harambee on Saturday', message_file: expect.any(File), type: 'SMS', category: 'WEBSMS' });
    expect((fields.message_file as File).name).toBe('members.csv');
    expect(fakeHttp.callsTo('POST notifymany')).toEqual([]);
    await expectPath('/messaging/messages');
  });

  it("shows the server's refusal in 'Error!' and keeps every value", async () => {
    fakeHttp.on('POST notifymany', () => {
      throw httpError(400, { status_msg: 'Not enough SMS units: this message needs 2 and the balance is 1' });
    });
    await open();
    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    await user.fill('Recipients', '0712 345 678, 0722 000 111');
    await user.fill('Message', 'Harambee on Saturday');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await confirmSend();

    expect(within(await findDialog('Error!')).getByText('Not enough SMS units: this message needs 2 and the balance is 1')).toBeInTheDocument();
    await expectPath('/messaging/messages/new');
    expect(screen.getByRole('radio', { name: 'Type recipients' })).toBeChecked();
    expect(screen.getByLabelText('Recipients')).toHaveValue('0712 345 678, 0722 000 111');
    expect(screen.getByLabelText('Message')).toHaveValue('Harambee on Saturday');
  });
});

describe('Preview and confirm (issue 28.5)', () => {
  /** 150 characters: one GSM-7 part, three UCS-2 parts with its curly apostrophe. */
  const CURLY = 'God’s blessings on your giving this year. Harambee on Saturday at 10 am in the main hall, all are welcome. Bring a friend and a neighbour. Pastor John';
  const PLAIN = CURLY.replace('’', "'");

  it('marks the character that forces Unicode and what it costs; Replace makes the message plain and 1 part; the preview then confirms the send', async () => {
    fakeHttp.on('POST notifymany/quote', (call) => {
      const text = (call.json as { textmessage: string }).textmessage;
      const plain = text === PLAIN;
      return quote({ recipients: 2, encoding: plain ? 'GSM-7' : 'UCS-2', characters: 150, segments: plain ? 1 : 3, units: plain ? 2 : 6, balance: 500 });
    });
    await open();
    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    await user.fill('Recipients', '0712 345 678\n0722 000 111');
    await user.fill('Message', CURLY);

    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('Unicode characters make this message cost more');
    expect(warning).toHaveTextContent(
      '1 marked character is not in the plain SMS alphabet, so the whole message goes as Unicode: 70 characters per SMS instead of 160 (now 3 parts).',
    );
    expect(warning).toHaveTextContent('With plain characters it would be 1 part.');
    expect(within(warning).getByText('’', { selector: 'mark' })).toHaveAttribute('title', 'Needs Unicode');
    expect(figure('SMS parts')).toHaveTextContent(/^SMS parts3/);

    await user.click(within(warning).getByRole('button', { name: 'Replace with plain characters' }));
    expect(screen.getByLabelText('Message')).toHaveValue(PLAIN);
    expect(screen.queryByText('Unicode characters make this message cost more')).not.toBeInTheDocument();
    expect(figure('Characters')).toHaveTextContent('150 (GSM-7)');
    expect(figure('SMS parts')).toHaveTextContent(/^SMS parts1/);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await findDialog('Send this SMS?');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm and send' })).toBeEnabled());
    expect(within(dialog).getByRole('row', { name: /^Message/ })).toHaveTextContent(PLAIN);
    expect(within(dialog).getByRole('row', { name: /^Recipients/ })).toHaveTextContent(/^Recipients2$/);
    expect(within(dialog).getByRole('row', { name: /^Parts/ })).toHaveTextContent(/^Parts1 part per message \(GSM-7\)$/);
    expect(within(dialog).getByRole('row', { name: /^Units it will cost/ })).toHaveTextContent(/^Units it will cost2$/);
    expect(within(dialog).getByRole('row', { name: /^Balance/ })).toHaveTextContent(/^Balance500 now, 498 after sending$/);
    expect(fakeHttp.callsTo('POST notifymany')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm and send' }));
    expect(within(await findDialog('Awesome!')).getByText('Message sent successfully!')).toBeInTheDocument();
    expect(fakeHttp.callsTo('POST notifymany').map((call) => (call.json as { textmessage: string }).textmessage)).toEqual([PLAIN]);
  });

  it('Cancel at the preview sends nothing and keeps the form as typed', async () => {
    await open();
    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    await user.fill('Recipients', '0712 345 678');
    await user.fill('Message', CURLY);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await findDialog('Send this SMS?');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm and send' })).toBeEnabled());
    // The preview marks the Unicode character too, and offers the replacement there.
    expect(within(dialog).getByText('’', { selector: 'mark' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send this SMS?' })).not.toBeInTheDocument());
    expect(fakeHttp.callsTo('POST notifymany')).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Awesome!' })).not.toBeInTheDocument();
    await expectPath('/messaging/messages/new');
    expect(screen.getByLabelText('Message')).toHaveValue(CURLY);
  });

  it("the preview's Replace makes the message plain and closes it unsent, to be sent again at the new cost", async () => {
    await open();
    await user.click(screen.getByRole('radio', { name: 'Type recipients' }));
    await user.fill('Recipients', '0712 345 678');
    await user.fill('Message', CURLY);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await findDialog('Send this SMS?');
    await user.click(await within(dialog).findByRole('button', { name: 'Replace with plain characters' }));

    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue(PLAIN));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send this SMS?' })).not.toBeInTheDocument());
    expect(fakeHttp.callsTo('POST notifymany')).toEqual([]);
  });

  it("a personalised send shows the first recipient's own text and names the first recipients", async () => {
    fakeHttp.on('POST notifymany/quote', () => ({
      ...quote({ recipients: 5, optedOut: 1, personalised: true, units: 5, balance: 3 }),
      sample: [
        { recipient: '+254712345678', name: 'Amina Wanjiru', text: 'Dear Amina, see you on Saturday' },
        { recipient: '+254722000111', name: null, text: 'Dear , see you on Saturday' },
        { recipient: '+254733000222', name: 'Zoë Achieng', text: 'Dear Zoë, see you on Saturday' },
      ],
    }));
    await open();
    await user.click(screen.getByRole('radio', { name: 'Send to group' }));
    await user.click(screen.getByLabelText('Group'));
    await user.click(await screen.findByTitle('All Contacts'));
    await user.fill('Message', 'Dear {firstName}, see you on Saturday');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await findDialog('Send this SMS?');
    const recipients = await within(dialog).findByRole('row', { name: /^Recipients/ });
    expect(within(dialog).getByRole('row', { name: /^Message, as the first recipient gets it/ })).toHaveTextContent('Dear Amina, see you on Saturday');
    expect(recipients).toHaveTextContent(
      /^Recipients5Amina Wanjiru \(\+254712345678\)\+254722000111Zoë Achieng \(\+254733000222\)and 2 more1 opted out: not sent, not charged$/,
    );
    // Five units and a balance of three: sending is refused here, before the server would.
    expect(within(dialog).getByText('Not enough units: this send needs 5 and the balance is 3.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm and send' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fakeHttp.callsTo('POST notifymany')).toEqual([]);
  });

  it('opened with numbers and a text (a follow-up of absentees) starts as a typed send to them, previewed before it goes', async () => {
    await renderScreen(<AreaRoutes base="messaging" />, {
      path: '/messaging/messages/new',
      route: '/messaging/*',
      state: { phones: ['+254712345678', '+254722000111'], text: 'We missed you on Sunday' },
    });
    expect(screen.getByRole('radio', { name: 'Type recipients' })).toBeChecked();
    expect(screen.getByLabelText('Recipients')).toHaveValue('+254712345678\n+254722000111');
    expect(screen.getByLabelText('Message')).toHaveValue('We missed you on Sunday');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await confirmSend();
    await findDialog('Awesome!');
    expect(fakeHttp.callsTo('POST notifymany').map((call) => call.json)).toEqual([
      expect.objectContaining({ recipient_type: 'Typed', recipients: '+254712345678\n+254722000111', textmessage: 'We missed you on Sunday' }),
    ]);
  });
});
