import { notificationRow, smsOptOutRow, type Notification, type SmsOptOut } from '@ushirika/shared/contract';
import { sql } from 'kysely';
import { setPartnerTimeZone } from '../src/partners/time-zone';
import { useTestApp, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient, multipartForm } from './support/messaging';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
type Messages = { notifications: Notification[]; total: number };
type OptOuts = { optouts: SmsOptOut[]; total: number };

describe.each(bothDatabases)('messaging lists on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  describe('messages', () => {
    it('lists every message newest first in the contract shape, with the legacy status beside the state', async () => {
      const tenant = await m.tenantWith(20);
      const first = await m.sent(tenant, m.typed('0712345678', 'First message'));
      const second = await m.sent(tenant, m.typed('0722000111, 0733000222', 'Second message'));
      const [c, b] = (await m.messages(tenant)).notifications;
      await t.db
        .updateTable('notifications')
        .set({ state: 'delivered', sent_at: new Date('2026-03-01T08:00:00Z'), delivered_at: new Date() })
        .where('tenant_id', '=', tenant.id)
        .where('id', '=', b!.id)
        .execute();
      await t.db
        .updateTable('notifications')
        .set({ state: 'failed', failure_reason: 'InvalidPhoneNumber' })
        .where('tenant_id', '=', tenant.id)
        .where('id', '=', c!.id)
        .execute();

      const { notifications, total } = await m.messages(tenant);

      expect(total).toBe(3);
      expect(notifications.map((n) => [n.sendId, n.state, n.status, n.failureReason, n.resendable])).toEqual([
        [second.id, 'failed', 0, 'InvalidPhoneNumber', true],
        [second.id, 'delivered', 1, null, false],
        [first.id, 'queued', 2, null, false],
      ]);
      expect(notifications[1]).toEqual({
        id: b!.id,
        recipient: b!.recipient,
        type: 'SMS',
        category: 'WEBSMS',
        message: 'Second message',
        status: 1,
        sentDate: '2026-03-01T08:00:00.000Z',
        Partner: { name: expect.stringMatching(/^Messaging \d+$/) },
        state: 'delivered',
        failureReason: null,
        units: 1,
        sendId: second.id,
        scheduledFor: null,
        resendable: false,
        memberId: null,
      });
      expect(notifications[2]!.sentDate).toMatch(ISO_INSTANT);
      for (const row of notifications) expect(() => notificationRow.validateSync(row, { strict: true })).not.toThrow();
    });

    it('names every outbox state as the API does', async () => {
      const tenant = await m.tenantWith(20);
      await m.sent(tenant, m.typed('0711000001, 0711000002, 0711000003, 0711000004, 0711000005, 0711000006, 0711000007, 0711000008, 0711000009'));
      const states = ['queued', 'claimed', 'sending', 'sent', 'delivered', 'failed', 'unknown', 'opted_out', 'cancelled'] as const;
      const ids = (await m.messages(tenant)).notifications.map((n) => n.id).sort((a, b) => a - b);
      for (const [index, state] of states.entries()) await m.setState(tenant, { ids: [ids[index]!] }, state);

      const byId = new Map((await m.messages(tenant)).notifications.map((n) => [n.id, [n.state, n.status]]));
      expect(ids.map((id) => byId.get(id))).toEqual([
        ['queued', 2],
        ['queued', 2],
        ['queued', 2],
        ['sent', 1],
        ['delivered', 1],
        ['failed', 0],
        ['unconfirmed', 0],
        ['optedOut', 0],
        ['cancelled', 0],
      ]);
    });

    it('lists the failed and unconfirmed messages at /notification/2', async () => {
      const tenant = await m.tenantWith(20);
      await m.sent(tenant, m.typed('0711000001, 0711000002, 0711000003, 0711000004'));
      const [a, b, c] = (await m.messages(tenant)).notifications;
      await m.setState(tenant, { ids: [a!.id] }, 'failed');
      await m.setState(tenant, { ids: [b!.id] }, 'unknown');
      await m.setState(tenant, { ids: [c!.id] }, 'sent');

      const failed = await m.get<Messages>(tenant, 'notification/2');

      expect(failed.total).toBe(2);
      expect(failed.notifications.map((n) => [n.id, n.state])).toEqual([
        [a!.id, 'failed'],
        [b!.id, 'unconfirmed'],
      ]);
      expect((await m.get<Messages>(tenant, `notification/2?searchKey=${encodeURIComponent(b!.recipient)}`)).notifications.map((n) => n.id)).toEqual([b!.id]);
    });

    it('searches the recipient however it is typed, and the message text', async () => {
      const tenant = await m.tenantWith(20);
      await m.sent(tenant, m.typed('0712345678', 'Choir practice on Friday'));
      await m.sent(tenant, m.typed('0722000111', 'Harvest thanksgiving'));
      const recipients = async (query: string) => (await m.messages(tenant, `&searchKey=${encodeURIComponent(query)}`)).notifications.map((n) => n.recipient);

      expect(await recipients('0712 345 678')).toEqual(['+254712345678']);
      expect(await recipients('+254722000111')).toEqual(['+254722000111']);
      expect(await recipients('0722 000')).toEqual(['+254722000111']);
      expect(await recipients('345 678')).toEqual(['+254712345678']);
      expect(await recipients('HARVEST')).toEqual(['+254722000111']);
      expect(await recipients('practice')).toEqual(['+254712345678']);
      expect(await recipients('nothing like it')).toEqual([]);
    });

    it("finds what was written once: a send's own text, and a personalised name through its recipient", async () => {
      const tenant = await m.tenantWith(20);
      await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');
      await m.contact(tenant, 'Brian', 'Otieno', '0722000111');
      // All contacts, personalised; then a typed number that is no contact's, and one that is Amina's.
      await m.sent(tenant, { recipient_type: 'Group', group: 0, textmessage: 'Dear {firstName}, choir practice on Friday' });
      await m.sent(tenant, m.typed('0733000222', 'Harvest thanksgiving'));
      await m.sent(tenant, m.typed('0712345678', 'Amina, you lead the choir'));
      const found = async (query: string, url = 'notification?pagesize=100') => {
        const answer = await m.get<Messages>(tenant, `${url}&searchKey=${encodeURIComponent(query)}`);
        return { total: answer.total, found: answer.notifications.map((n) => `${n.recipient}: ${n.message}`) };
      };

      // The name filled into the text is found through the contact, as is a surname the text never held.
      expect(await found('AMINA')).toEqual({ total: 2, found: ['+254712345678: Amina, you lead the choir', '+254712345678: Dear Amina, choir practice on Friday'] });
      expect(await found('otieno')).toEqual({ total: 1, found: ['+254722000111: Dear Brian, choir practice on Friday'] });
      // A send's words find each of its messages, once each, in the list's order.
      const listed = (await m.messages(tenant)).notifications.map((n) => `${n.recipient}: ${n.message}`);
      expect(await found('choir')).toEqual({ total: 3, found: listed.filter((row) => row.includes('choir')) });
      expect(await found('thanksgiving')).toEqual({ total: 1, found: ['+254733000222: Harvest thanksgiving'] });
      expect(await found('nobody')).toEqual({ total: 0, found: [] });

      // The failed messages alike: by name, by text, by number.
      const ids = (await m.messages(tenant)).notifications.filter((n) => n.recipient !== '+254722000111').map((n) => n.id);
      await m.setState(tenant, { ids }, 'failed');
      expect(await found('amina', 'notification/2?pagesize=100')).toMatchObject({ total: 2 });
      expect(await found('otieno', 'notification/2?pagesize=100')).toEqual({ total: 0, found: [] });
      expect(await found('harvest', 'notification/2?pagesize=100')).toEqual({ total: 1, found: ['+254733000222: Harvest thanksgiving'] });
      expect(await found('0733 000 222', 'notification/2?pagesize=100')).toEqual({ total: 1, found: ['+254733000222: Harvest thanksgiving'] });
    });

    it("pages a search of texts and names in the list's order", async () => {
      const tenant = await m.tenantWith(20);
      await m.contact(tenant, 'Grace', 'Wanjiru', '0712000001');
      await m.contact(tenant, 'Peter', 'Kamau', '0712000002');
      await m.sent(tenant, m.typed('0712000001, 0712000002, 0733000003', 'Grace upon grace: service at 10am'));
      await m.sent(tenant, m.typed('0712000002', 'Youth meeting'));
      await m.sent(tenant, m.typed('0712000001, 0733000004', 'Youth meeting'));
      const all = (await m.messages(tenant)).notifications;
      // Every message to Grace, and every message of the first send.
      const expected = all.filter((n) => n.recipient === '+254712000001' || n.message.startsWith('Grace')).map((n) => n.id);
      expect(expected).toHaveLength(4);

      const pages = await Promise.all([1, 2, 3].map((page) => m.get<Messages>(tenant, `notification?page=${page}&pagesize=2&searchKey=grace`)));

      expect(pages.map((page) => page.total)).toEqual([4, 4, 4]);
      expect(pages.flatMap((page) => page.notifications.map((n) => n.id))).toEqual(expected);
    });

    it("reads a number's start as a prefix, and other digits as a fragment anywhere", async () => {
      const tenant = await m.tenantWith(20);
      // The second number holds the first's digits 712 34 after its own start.
      await m.sent(tenant, m.typed('0712345678, 0733712345', 'Service at 10am'));
      const recipients = async (query: string) => (await m.messages(tenant, `&searchKey=${encodeURIComponent(query)}`)).notifications.map((n) => n.recipient).sort();

      expect(await recipients('0712 34')).toEqual(['+254712345678']);
      expect(await recipients('+254 712 34')).toEqual(['+254712345678']);
      expect(await recipients('25471234')).toEqual(['+254712345678']);
      expect(await recipients('0733 7')).toEqual(['+254733712345']);
      expect(await recipients('712 34')).toEqual(['+254712345678', '+254733712345']);
    });

    it('pages: total counts every match', async () => {
      const tenant = await m.tenantWith(20);
      await m.sent(tenant, m.typed('0711000001, 0711000002, 0711000003, 0711000004, 0711000005'));
      const page = await m.get<Messages>(tenant, 'notification?page=2&pagesize=2');
      expect(page.total).toBe(5);
      expect(page.notifications).toHaveLength(2);
      const all = (await m.messages(tenant)).notifications.map((n) => n.id);
      expect(page.notifications.map((n) => n.id)).toEqual(all.slice(2, 4));
    });
    it("reads the dates as the partner's days, and counts them from the per-day counts", async () => {
      const tenant = await m.tenantWith(20);
      await m.sent(tenant, m.typed('0711000001, 0711000002, 0711000003, 0711000004'));
      const ids = (await m.messages(tenant)).notifications.map((n) => n.id).sort((a, b) => a - b);
      // In Nairobi (UTC+3): 1 March 23:30, 2 March 00:30, 2 March 23:59, 3 March 00:00.
      const instants = ['2026-03-01T20:30:00Z', '2026-03-01T21:30:00Z', '2026-03-02T20:59:00Z', '2026-03-02T21:00:00Z'];
      for (const [index, id] of ids.entries()) await sql`update notifications set created_at = ${instants[index]!}::timestamptz where id = ${id}::int`.execute(t.db);
      const onSecondMarch = async () => {
        const answer = await m.get<Messages>(tenant, 'notification?page=1&pagesize=15&startdate=2026-03-02&enddate=2026-03-02');
        return [answer.total, answer.notifications.map((n) => n.id)];
      };

      // Only the app writes messages and never moves one; setting the zone recomputes the days from the rows.
      await setPartnerTimeZone(t.db, tenant.id, 'Africa/Nairobi');
      expect(await onSecondMarch()).toEqual([2, [ids[2], ids[1]]]);
      await setPartnerTimeZone(t.db, tenant.id, 'UTC');
      expect(await onSecondMarch()).toEqual([2, [ids[3], ids[2]]]);
      expect((await m.get<Messages>(tenant, 'notification?page=2&pagesize=3&startdate=2026-03-01')).total).toBe(4);
    });
  });

  describe('opted-out numbers', () => {
    it('adds a number read in the partner country, shows the contact with it, and refuses it twice', async () => {
      const tenant = await m.tenantWith(0);
      await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');

      const added = await m.post(tenant, 'smsoptouts', { phone: '0712 345 678' });

      expect(added.statusCode).toBe(201);
      const { optout } = added.json<{ status_msg: string; optout: SmsOptOut }>();
      expect(added.json()).toEqual({
        status_msg: 'The number will get no more messages',
        optout: {
          id: expect.any(Number),
          phone: '+254712345678',
          source: 'staff',
          contact: 'Amina Wanjiru',
          createdAt: expect.stringMatching(ISO_INSTANT),
          Partner: { name: expect.any(String) },
        },
      });
      expect(() => smsOptOutRow.validateSync(optout, { strict: true })).not.toThrow();
      expectFailure(await m.post(tenant, 'smsoptouts', { phone: '+254 712 345 678' }), 409, 'This number has already opted out');
      expectFailure(await m.post(tenant, 'smsoptouts', { phone: '' }), 400, 'Phone is required');
      expectFailure(await m.post(tenant, 'smsoptouts', { phone: '12345' }), 400, 'Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678');
      expect(await m.get<OptOuts>(tenant, 'smsoptouts')).toEqual({ optouts: [optout], total: 1 });
    });

    it('reads local numbers in the partner country', async () => {
      const tenant = await t.newTenant('Kampala', 'UG');
      expect((await m.post(tenant, 'smsoptouts', { phone: '0772 123 456' })).json<{ optout: SmsOptOut }>().optout.phone).toBe('+256772123456');
    });

    it('searches by number and by contact name, and removes a number so it gets messages again', async () => {
      const tenant = await m.tenantWith(10);
      await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');
      await m.post(tenant, 'smsoptouts', { phone: '0712345678' });
      const other = (await m.post(tenant, 'smsoptouts', { phone: '0722000111' })).json<{ optout: SmsOptOut }>().optout;
      const phones = async (query: string) => (await m.get<OptOuts>(tenant, `smsoptouts?searchKey=${encodeURIComponent(query)}`)).optouts.map((o) => o.phone);

      expect(await phones('wanjiru')).toEqual(['+254712345678']);
      expect(await phones('0722 000 111')).toEqual(['+254722000111']);
      expect(await phones('000 111')).toEqual(['+254722000111']);

      const removed = await t.as(tenant, { method: 'DELETE', url: `/api/v2/smsoptouts/${other.id}` });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ status_msg: 'The number will get messages again' });
      expectFailure(await t.as(tenant, { method: 'DELETE', url: `/api/v2/smsoptouts/${other.id}` }), 404, 'Opted-out number not found');
      expect(await m.sent(tenant, m.typed('0722000111'))).toMatchObject({ queued: 1, optedOut: 0 });
    });
  });

  describe("another partner's records", () => {
    it('are not in the lists and cannot be touched', async () => {
      const owner = await m.tenantWith(20);
      const stranger = await m.tenantWith(20);
      const send = await m.sent(owner, m.typed('0712345678', 'Owner message', { send_at: '2099-01-01T10:00' }));
      await m.sent(owner, m.typed('0722000111', 'Owner failed'));
      const failed = (await m.messages(owner)).notifications.find((n) => n.message === 'Owner failed')!;
      await m.setState(owner, { ids: [failed.id] }, 'failed');
      const form = multipartForm({ message: 'Owner upload' }, { name: 'owner.csv', type: 'text/csv', content: '0733000222\n' });
      expect((await t.as(owner, { method: 'POST', url: '/api/v2/notifyuploaded', ...form })).statusCode).toBe(201);
      const optout = (await m.post(owner, 'smsoptouts', { phone: '0744000333' })).json<{ optout: SmsOptOut }>().optout;
      const [file] = (await m.get<{ files: { id: number }[] }>(owner, 'uploadedfiles')).files;

      expect(await m.get(stranger, 'notification')).toEqual({ notifications: [], total: 0 });
      expect(await m.get(stranger, 'notification/2')).toEqual({ notifications: [], total: 0 });
      expect(await m.get(stranger, 'uploadedfiles')).toEqual({ files: [], total: 0 });
      expect(await m.get(stranger, 'smsoptouts')).toEqual({ optouts: [], total: 0 });

      expectFailure(await t.as(stranger, { method: 'PUT', url: `/api/v2/notification/${failed.id}`, payload: failed }), 404, 'Message not found');
      expectFailure(await m.post(stranger, `notification/sends/${send.id}/cancel`), 404, 'Message not found');
      expectFailure(await t.as(stranger, { method: 'GET', url: `/api/v2/uploadedfiles/${file!.id}/download` }), 404, 'File not found');
      expectFailure(await t.as(stranger, { method: 'DELETE', url: `/api/v2/smsoptouts/${optout.id}` }), 404, 'Opted-out number not found');

      const owned = await m.messages(owner);
      expect(owned.notifications.map((n) => n.state).sort()).toEqual(['failed', 'queued', 'scheduled']);
      expect((await m.get<OptOuts>(owner, 'smsoptouts')).total).toBe(1);
      expect(await m.balance(owner)).toBe(17);
      expect(await m.balance(stranger)).toBe(20);
    });
  });

  describe('without a token', () => {
    it.each([
      ['GET', 'notification'],
      ['GET', 'notification/2'],
      ['PUT', 'notification/1'],
      ['POST', 'notifymany'],
      ['POST', 'notifymany/quote'],
      ['POST', 'notifyuploaded'],
      ['POST', 'notifyuploaded/quote'],
      ['POST', 'notification/sends/1/cancel'],
      ['GET', 'uploadedfiles'],
      ['GET', 'uploadedfiles/1/download'],
      ['GET', 'smsunits'],
      ['GET', 'smsoptouts'],
      ['POST', 'smsoptouts'],
      ['DELETE', 'smsoptouts/1'],
    ] as const)('%s /%s answers 401', async (method, url) => {
      const response = await t.app.inject({ method, url: `/api/v2/${url}` });
      expectFailure(response, 401, 'Please log in again: your session is missing or has expired');
    });
  });
});
