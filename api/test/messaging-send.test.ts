import type { CancelResult, Notification, SendResult } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

/** A local 'YYYY-MM-DDTHH:mm' in Nairobi (UTC+3, no daylight saving) `days` from now, and its instant. */
function nairobiLocal(days: number): { local: string; instant: string } {
  const local = new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 16);
  return { local, instant: new Date(`${local}:00+03:00`).toISOString() };
}

const byRecipient = (messages: Notification[]) => [...messages].sort((a, b) => a.recipient.localeCompare(b.recipient));

describe.each(testDatabases)('messaging sends on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  describe('typed recipients', () => {
    it('queues one message per distinct number, read as the contacts form reads it, and charges its segments', async () => {
      const tenant = await m.tenantWith(10);

      const response = await m.notifyMany(tenant, m.typed('0712 345 678, +254722000111\n0712345678; 0733 000 222 0744000333'));

      expect(response.statusCode).toBe(201);
      const { send } = response.json<SendResult>();
      expect(response.json<SendResult>()).toEqual({
        status_msg: 'Message sent successfully!',
        send: { id: expect.any(Number), queued: 4, optedOut: 0, units: 4, balance: 6, scheduledFor: null },
      });
      const { notifications, total } = await m.messages(tenant);
      expect(total).toBe(4);
      expect(notifications.map((n) => n.recipient).sort()).toEqual(['+254712345678', '+254722000111', '+254733000222', '+254744000333']);
      expect(notifications.every((n) => n.state === 'queued' && n.status === 2 && n.units === 1 && n.sendId === send.id && n.message === 'Service at 10am')).toBe(true);
      expect(await m.balance(tenant)).toBe(6);
      expect((await m.ledger(tenant))[0]).toMatchObject({ change: -4, balanceAfter: 6, reason: 'send', sendId: send.id });
    });

    it('refuses entries that are not numbers, naming them, and queues nothing', async () => {
      const tenant = await m.tenantWith(10);

      expectFailure(await m.notifyMany(tenant, m.typed('0712345678, abc, 12345\n07 12')), 400, 'These recipients are not phone numbers: abc, 12345, 07 12');

      expect(await m.quote(tenant, m.typed('0712345678, abc, 0712 345 678'))).toMatchObject({ recipients: 1, invalid: ['abc'], duplicates: 1, units: 1 });
      expect((await m.messages(tenant)).total).toBe(0);
      expect(await m.balance(tenant)).toBe(10);
    });

    it('names ten entries and counts the rest', async () => {
      const tenant = await m.tenantWith(10);
      const words = Array.from({ length: 13 }, (_, i) => `x${i}`);
      expectFailure(await m.notifyMany(tenant, m.typed(words.join(','))), 400, `These recipients are not phone numbers: ${words.slice(0, 10).join(', ')} and 3 more`);
    });

    it("checks the form's rules first, with the form's messages", async () => {
      const tenant = await m.tenantWith(10);
      expectFailure(await m.notifyMany(tenant, { textmessage: 'Hello' }), 400, 'Recipient Type is required');
      expectFailure(await m.notifyMany(tenant, m.typed('')), 400, 'Type at least one recipient');
      expectFailure(await m.notifyMany(tenant, m.typed('0712345678', 'H')), 400, 'Message must be at least 2 characters');
      expectFailure(await m.notifyMany(tenant, m.typed('0712345678', 'x'.repeat(1001))), 400, 'Message must be at most 1000 characters');
      expectFailure(await m.notifyMany(tenant, m.typed('0712345678', 'Hello', { type: 'MMS' })), 400, 'Only SMS is supported');
      expectFailure(await m.notifyMany(tenant, m.typed(' , ;\n')), 400, 'There is no one to send this message to');
      expect((await m.messages(tenant)).total).toBe(0);
    });
  });

  describe('groups and All Contacts', () => {
    it('sends to the members of a group, each message personalised from its contact and charged by its own segments', async () => {
      const tenant = await m.tenantWith(20);
      const amina = await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');
      const zoe = await m.contact(tenant, 'Zoë', 'Achieng', '0722000111');
      await m.contact(tenant, 'Brian', 'Otieno', '0733000222');
      const group = await m.group(tenant, [amina, zoe]);
      // 150 GSM characters and a name: Amina's text stays one GSM-7 part; 'ë' makes Zoë's UCS-2, three parts of 67.
      const text = `${'a'.repeat(150)} {firstName}`;

      const quote = await m.quote(tenant, { recipient_type: 'Group', group, textmessage: text });
      const send = await m.sent(tenant, { recipient_type: 'Group', group: String(group), textmessage: text });

      expect(quote).toMatchObject({ recipients: 2, optedOut: 0, personalised: true, units: 4, balance: 20, encoding: 'GSM-7', characters: 164, segments: 2 });
      expect(send).toMatchObject({ queued: 2, units: 4, balance: 16 });
      const messages = byRecipient((await m.messages(tenant)).notifications);
      expect(messages.map((n) => [n.recipient, n.message.slice(150), n.units])).toEqual([
        ['+254712345678', ' Amina', 1],
        ['+254722000111', ' Zoë', 3],
      ]);
    });

    it('fills {lastName} too, and leaves the placeholders empty for a number that is no contact', async () => {
      const tenant = await m.tenantWith(10);
      await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');
      await m.sent(tenant, m.typed('0712345678, 0722000111', 'Dear {firstName} {lastName}, welcome'));
      expect(byRecipient((await m.messages(tenant)).notifications).map((n) => n.message)).toEqual(['Dear Amina Wanjiru, welcome', 'Dear  , welcome']);
    });

    it("sends group 0 to every contact of the partner and no one else's", async () => {
      const tenant = await m.tenantWith(10);
      const other = await m.tenantWith(10);
      await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');
      await m.contact(tenant, 'Brian', 'Otieno', '0722000111');
      await m.contact(other, 'Carol', 'Njeri', '0733000222');

      const send = await m.sent(tenant, { recipient_type: 'Group', group: 0, textmessage: 'Hello {firstName}' });

      expect(send).toMatchObject({ queued: 2, units: 2 });
      expect(byRecipient((await m.messages(tenant)).notifications).map((n) => n.message)).toEqual(['Hello Amina', 'Hello Brian']);
      expect((await m.messages(other)).total).toBe(0);
    });

    it("refuses another partner's group and an unknown one like a missing choice, and an empty group", async () => {
      const tenant = await m.tenantWith(10);
      const other = await m.tenantWith(10);
      const theirs = await m.group(other, [await m.contact(other, 'Carol', 'Njeri', '0733000222')]);

      expectFailure(await m.notifyMany(tenant, { recipient_type: 'Group', group: theirs, textmessage: 'Hello' }), 400, 'Choose a group from the list');
      expectFailure(await m.notifyMany(tenant, { recipient_type: 'Group', group: 999_999, textmessage: 'Hello' }), 400, 'Choose a group from the list');
      expectFailure(await m.notifyMany(tenant, { recipient_type: 'Group', textmessage: 'Hello' }), 400, 'Choose a group');
      expectFailure(
        await m.notifyMany(tenant, { recipient_type: 'Group', group: await m.group(tenant, []), textmessage: 'Hello' }),
        400,
        'There is no one to send this message to',
      );
      expectFailure(await m.notifyMany(tenant, { recipient_type: 'Group', group: 0, textmessage: 'Hello' }), 400, 'There is no one to send this message to');
      expect((await m.messages(tenant)).total).toBe(0);
      expect((await m.messages(other)).total).toBe(0);
    });
  });

  describe('units', () => {
    it('quotes characters, segments and units for GSM-7 and UCS-2 text, and saves nothing', async () => {
      const tenant = await m.tenantWith(7);
      const three = '0712345678, 0722000111, 0733000222';
      const quote = (text: string) => m.quote(tenant, m.typed(three, text));

      expect(await quote('a'.repeat(160))).toEqual({
        recipients: 3,
        optedOut: 0,
        invalid: [],
        duplicates: 0,
        encoding: 'GSM-7',
        characters: 160,
        segments: 1,
        personalised: false,
        units: 3,
        balance: 7,
        // The first three recipients and what each would get (issue 28.5), in number order.
        sample: ['+254712345678', '+254722000111', '+254733000222'].map((recipient) => ({ recipient, name: null, text: 'a'.repeat(160) })),
      });
      expect(await quote('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', characters: 161, segments: 2, units: 6 });
      // € and the other extension characters take two.
      expect(await quote(`${'a'.repeat(150)}€€€€€`)).toMatchObject({ encoding: 'GSM-7', characters: 160, segments: 1, units: 3 });
      expect(await quote(`${'a'.repeat(151)}€€€€€`)).toMatchObject({ characters: 161, segments: 2, units: 6 });
      // An emoji is two UTF-16 units: 70 in one part, 67 per part beyond.
      expect(await quote(`${'a'.repeat(68)}😀`)).toMatchObject({ encoding: 'UCS-2', characters: 70, segments: 1, units: 3 });
      expect(await quote(`${'a'.repeat(69)}😀`)).toMatchObject({ encoding: 'UCS-2', characters: 71, segments: 2, units: 6 });

      expect((await m.messages(tenant)).total).toBe(0);
      expect(await m.balance(tenant)).toBe(7);
    });

    it('charges every segment of every recipient and records it in the ledger, which adds up to the balance', async () => {
      const tenant = await m.tenantWith(20);
      const first = await m.sent(tenant, m.typed('0712345678, 0722000111', 'a'.repeat(200)));
      const second = await m.sent(tenant, m.typed('0733000222', 'Habari 😀'));

      expect([first.units, first.balance, second.units, second.balance]).toEqual([4, 16, 1, 15]);
      const ledger = await m.ledger(tenant);
      expect(ledger.map((entry) => [entry.reason, entry.change, entry.balanceAfter, entry.sendId])).toEqual([
        ['send', -1, 15, second.id],
        ['send', -4, 16, first.id],
        ['top-up', 20, 20, null],
      ]);
      expect(ledger.reduce((sum, entry) => sum + entry.change, 0)).toBe(await m.balance(tenant));
    });

    it('refuses a send above the balance: nothing queued, nothing charged', async () => {
      const tenant = await m.tenantWith(5);
      await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');
      await m.contact(tenant, 'Brian', 'Otieno', '0722000111');
      const ledger = await m.ledger(tenant);

      expectFailure(
        await m.notifyMany(tenant, m.typed('0712345678, 0722000111, 0733000222', 'a'.repeat(200))),
        400,
        'Not enough SMS units: this message needs 6 and the balance is 5',
      );
      expectFailure(
        await m.notifyMany(tenant, { recipient_type: 'Group', group: 0, textmessage: 'a'.repeat(400) }),
        400,
        'Not enough SMS units: this message needs 6 and the balance is 5',
      );

      expect((await m.messages(tenant)).total).toBe(0);
      expect(await m.balance(tenant)).toBe(5);
      expect(await m.ledger(tenant)).toEqual(ledger);
      const sends = await t.db.selectFrom('message_sends').select('id').where('tenant_id', '=', tenant.id).execute();
      expect(sends).toEqual([]);
    });

    it('answers the balance at GET /smsunits', async () => {
      const tenant = await m.tenantWith(0);
      expect(await m.get(tenant, 'smsunits')).toEqual({ balance: 0 });
      await m.topUp(tenant, 250);
      expect(await m.get(tenant, 'smsunits')).toEqual({ balance: 250 });
    });
  });

  describe('opted-out numbers', () => {
    it('are skipped: a row in state optedOut, no units', async () => {
      const tenant = await m.tenantWith(10);
      expect((await m.post(tenant, 'smsoptouts', { phone: '0722 000 111' })).statusCode).toBe(201);

      expect(await m.quote(tenant, m.typed('0712345678, 0722000111'))).toMatchObject({ recipients: 2, optedOut: 1, units: 1 });
      const send = await m.sent(tenant, m.typed('0712345678, 0722000111'));

      expect(send).toMatchObject({ queued: 1, optedOut: 1, units: 1, balance: 9 });
      expect(byRecipient((await m.messages(tenant)).notifications).map((n) => [n.recipient, n.state, n.status, n.units])).toEqual([
        ['+254712345678', 'queued', 2, 1],
        ['+254722000111', 'optedOut', 0, 0],
      ]);
    });

    it("are the partner's own: another partner's opt-out does not skip the number", async () => {
      const tenant = await m.tenantWith(10);
      const other = await m.tenantWith(10);
      await m.post(other, 'smsoptouts', { phone: '0712345678' });
      expect(await m.sent(tenant, m.typed('0712345678'))).toMatchObject({ queued: 1, optedOut: 0 });
    });
  });

  describe('scheduled sends', () => {
    it('reads send_at in Nairobi time, queues the rows for then, and cancelling refunds their units', async () => {
      const tenant = await m.tenantWith(10);
      const { local, instant } = nairobiLocal(2);

      const send = await m.sent(tenant, m.typed('0712345678, 0722000111', 'a'.repeat(200), { send_at: local }));

      expect(send).toMatchObject({ queued: 2, units: 4, balance: 6, scheduledFor: instant });
      const rows = await t.db.selectFrom('notifications').select(['due_at', 'state']).where('tenant_id', '=', tenant.id).execute();
      expect(rows.map((row) => [row.due_at.toISOString(), row.state])).toEqual([
        [instant, 'queued'],
        [instant, 'queued'],
      ]);
      const listed = (await m.messages(tenant)).notifications;
      expect(listed.map((n) => [n.state, n.status, n.scheduledFor, n.sentDate])).toEqual([
        ['scheduled', 2, instant, instant],
        ['scheduled', 2, instant, instant],
      ]);

      const cancelled = await m.post(tenant, `notification/sends/${send.id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json<CancelResult>()).toEqual({ status_msg: 'Scheduled message cancelled', cancelled: 2, refunded: 4 });
      expect(await m.balance(tenant)).toBe(10);
      expect((await m.ledger(tenant))[0]).toMatchObject({ reason: 'refund', change: 4, balanceAfter: 10, sendId: send.id });
      expect((await m.messages(tenant)).notifications.map((n) => [n.state, n.status])).toEqual([
        ['cancelled', 0],
        ['cancelled', 0],
      ]);
      expectFailure(await m.post(tenant, `notification/sends/${send.id}/cancel`), 400, 'Only a scheduled message that has not been sent can be cancelled');
    });

    it('cancels only the messages still waiting, and refunds only theirs', async () => {
      const tenant = await m.tenantWith(10);
      const send = await m.sent(tenant, m.typed('0712345678, 0722000111, 0733000222', 'Hello', { send_at: nairobiLocal(1).local }));
      const [first] = (await m.messages(tenant)).notifications;
      await m.setState(tenant, { ids: [first!.id] }, 'sent');

      expect((await m.post(tenant, `notification/sends/${send.id}/cancel`)).json<CancelResult>()).toMatchObject({ cancelled: 2, refunded: 2 });
      expect(await m.balance(tenant)).toBe(9);
    });

    it('refuses a time in the past, an impossible date, and cancelling a send that was not scheduled', async () => {
      const tenant = await m.tenantWith(10);
      expectFailure(await m.notifyMany(tenant, m.typed('0712345678', 'Hello', { send_at: '2020-01-01T10:00' })), 400, 'Send time must be in the future');
      expectFailure(await m.notifyMany(tenant, m.typed('0712345678', 'Hello', { send_at: nairobiLocal(-0.01).local })), 400, 'Send time must be in the future');
      expectFailure(
        await m.notifyMany(tenant, m.typed('0712345678', 'Hello', { send_at: '2030-02-30T10:00' })),
        400,
        'Send time must be a date and time in the format YYYY-MM-DDTHH:mm',
      );
      expectFailure(
        await m.notifyMany(tenant, m.typed('0712345678', 'Hello', { send_at: 'tomorrow' })),
        400,
        'Send time must be a date and time in the format YYYY-MM-DDTHH:mm',
      );
      expect((await m.messages(tenant)).total).toBe(0);

      const now = await m.sent(tenant, m.typed('0712345678'));
      expectFailure(await m.post(tenant, `notification/sends/${now.id}/cancel`), 400, 'Only a scheduled message that has not been sent can be cancelled');
    });

    it("answers 404 for another partner's send and leaves it alone", async () => {
      const tenant = await m.tenantWith(10);
      const other = await m.tenantWith(10);
      const theirs = await m.sent(other, m.typed('0712345678', 'Hello', { send_at: nairobiLocal(1).local }));
      expectFailure(await m.post(tenant, `notification/sends/${theirs.id}/cancel`), 404, 'Message not found');
      expectFailure(await m.post(tenant, 'notification/sends/abc/cancel'), 404, 'Message not found');
      expect((await m.messages(other)).notifications.map((n) => n.state)).toEqual(['scheduled']);
      expect(await m.balance(other)).toBe(9);
    });
  });

  describe('resend', () => {
    const resend = (tenant: Tenant, message: Notification) => t.as(tenant, { method: 'PUT', url: `/api/v2/notification/${message.id}`, payload: message });

    it('queues a failed message again once, due now, and charges it again', async () => {
      const tenant = await m.tenantWith(10);
      const send = await m.sent(tenant, m.typed('0712345678', 'a'.repeat(200)));
      const [message] = (await m.messages(tenant)).notifications;
      await t.db
        .updateTable('notifications')
        .set({ state: 'failed', failure_reason: 'InsufficientCredit', attempts: 5, provider_message_id: 'ATXid_1' })
        .where('tenant_id', '=', tenant.id)
        .execute();
      const failed = (await m.messages(tenant)).notifications[0]!;
      expect(failed).toMatchObject({ state: 'failed', status: 0, failureReason: 'InsufficientCredit', resendable: true });

      const response = await resend(tenant, failed);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status_msg: 'Message initiated successfully!',
        notification: { ...failed, state: 'queued', status: 2, failureReason: null, resendable: false, sentDate: expect.any(String) },
      });
      const row = await t.db.selectFrom('notifications').selectAll().where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'queued', attempts: 0, failure_reason: null, provider_message_id: null, units: 2 });
      expect(row.resent_at).not.toBeNull();
      expect(row.due_at.getTime()).toBeLessThanOrEqual(Date.now());
      expect(await m.balance(tenant)).toBe(6);
      expect((await m.ledger(tenant))[0]).toMatchObject({ reason: 'resend', change: -2, balanceAfter: 6, sendId: send.id });

      await m.setState(tenant, { ids: [message!.id] }, 'failed');
      expectFailure(await resend(tenant, failed), 400, 'This message has already been resent once');
      expect(await m.balance(tenant)).toBe(6);
    });

    it('resends an unconfirmed message, and refuses any other', async () => {
      const tenant = await m.tenantWith(10);
      await m.sent(tenant, m.typed('0712345678, 0722000111, 0733000222'));
      const [a, b, c] = (await m.messages(tenant)).notifications as [Notification, Notification, Notification];
      await m.setState(tenant, { ids: [a.id] }, 'unknown');
      await m.setState(tenant, { ids: [b.id] }, 'sent');

      expect((await resend(tenant, a)).statusCode).toBe(200);
      expectFailure(await resend(tenant, b), 400, 'Only a failed message can be resent');
      expectFailure(await resend(tenant, c), 400, 'Only a failed message can be resent');
      expect(await m.balance(tenant)).toBe(6);
    });

    it('refuses a resend above the balance and leaves the message failed', async () => {
      const tenant = await m.tenantWith(1);
      await m.sent(tenant, m.typed('0712345678'));
      const [message] = (await m.messages(tenant)).notifications;
      await m.setState(tenant, { ids: [message!.id] }, 'failed');

      expectFailure(await resend(tenant, message!), 400, 'Not enough SMS units: this message needs 1 and the balance is 0');
      expect((await m.messages(tenant)).notifications[0]).toMatchObject({ state: 'failed', resendable: true });
    });

    it("answers 404 for another partner's message and an unknown id", async () => {
      const tenant = await m.tenantWith(10);
      const other = await m.tenantWith(10);
      await m.sent(other, m.typed('0712345678'));
      const [theirs] = (await m.messages(other)).notifications;
      await m.setState(other, { ids: [theirs!.id] }, 'failed');

      expectFailure(await resend(tenant, theirs!), 404, 'Message not found');
      expectFailure(await t.as(tenant, { method: 'PUT', url: '/api/v2/notification/999999', payload: {} }), 404, 'Message not found');
      expect((await m.messages(other)).notifications[0]).toMatchObject({ state: 'failed', resendable: true });
      expect(await m.balance(other)).toBe(9);
    });
  });
});
