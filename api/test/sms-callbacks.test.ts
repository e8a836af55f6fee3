import type { Kysely } from 'kysely';
import type { Database, NotificationState } from '../src/db/schema';
import { isStopReply } from '../src/messaging/outbox/reports';
import { useTestApp, type TestApp } from './support/app';
import { oneDatabase, testDatabases } from './support/databases';

/** The gateway's callbacks: delivery reports, STOP replies and opt-out notices, behind the secret in their path. */

const SECRET = 'cb-secret-8f2a6d0e4b';
const DELIVERY = `/api/v2/callbacks/sms/${SECRET}/delivery`;
const INCOMING = `/api/v2/callbacks/sms/${SECRET}/incoming`;
const OPT_OUT = `/api/v2/callbacks/sms/${SECRET}/optout`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let counter = 0;
const unique = () => (counter += 1);
const uniqueNumber = () => `+2547130${String(unique()).padStart(5, '0')}`;

interface Seeded {
  id: number;
  tenantId: number;
  recipient: string;
  messageId: string | null;
}

/** One message in `state`, with a gateway id unless it is unconfirmed (or `messageId: null`). */
async function seedMessage(
  db: Kysely<Database>,
  tenantId: number,
  state: NotificationState,
  options: { recipient?: string; messageId?: string | null } = {},
): Promise<Seeded> {
  const recipient = options.recipient ?? uniqueNumber();
  const messageId = options.messageId !== undefined ? options.messageId : state === 'unknown' ? null : `ATXid_${unique()}`;
  const { id: sendId } = await db
    .insertInto('message_sends')
    .values({ tenant_id: tenantId, recipient_type: 'Typed', message: 'Hello', recipients: 1, units: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('notifications')
    .values({
      tenant_id: tenantId,
      send_id: sendId,
      recipient,
      message: 'Hello',
      units: 1,
      state,
      provider_message_id: messageId,
      claimed_at: new Date(),
      failure_reason: state === 'unknown' ? 'Sending was interrupted' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, tenantId, recipient, messageId };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(testDatabases)('SMS gateway callbacks on %s', (_name, kind) => {
  const testApp = useTestApp(kind, { smsCallbackSecret: SECRET });
  let t: TestApp;
  let tenantId: number;
  beforeAll(async () => {
    t = testApp();
    tenantId = (await t.newTenant('Callbacks')).id;
  });

  const report = async (fields: Record<string, string>, url = DELIVERY) => {
    const response = await t.app.inject({ method: 'POST', url, headers: FORM, payload: form(fields) });
    return response;
  };
  const deliver = async (message: Seeded, status: string, extra: Record<string, string> = {}) => {
    const response = await report({ id: message.messageId ?? 'none', status, phoneNumber: message.recipient, networkCode: '63902', retryCount: '0', ...extra });
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 200, body: { status: 'ok' } });
  };
  const row = (message: Seeded) =>
    t.db
      .selectFrom('notifications')
      .select(['state', 'failure_reason', 'provider_message_id', 'delivered_at', 'sent_at'])
      .where('tenant_id', '=', message.tenantId)
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();

  const optOuts = (phone: string) => t.db.selectFrom('sms_opt_outs').select(['tenant_id', 'source']).where('phone', '=', phone).orderBy('tenant_id').execute();

  describe('delivery reports', () => {
    it('move a sent message to delivered', async () => {
      const message = await seedMessage(t.db, tenantId, 'sent');
      await deliver(message, 'Success');
      expect(await row(message)).toMatchObject({ state: 'delivered', failure_reason: null, delivered_at: expect.any(Date) });
    });

    it("move a sent message to failed with the gateway's reason (or its status when it gives none)", async () => {
      const rejected = await seedMessage(t.db, tenantId, 'sent');
      const failed = await seedMessage(t.db, tenantId, 'sent');
      await deliver(rejected, 'Rejected', { failureReason: 'DeliveryFailure' });
      await deliver(failed, 'Failed');
      expect(await row(rejected)).toMatchObject({ state: 'failed', failure_reason: 'DeliveryFailure', delivered_at: null });
      expect(await row(failed)).toMatchObject({ state: 'failed', failure_reason: 'Failed' });
    });

    it('change nothing when repeated or late: a final state stays final', async () => {
      const delivered = await seedMessage(t.db, tenantId, 'sent');
      await deliver(delivered, 'Success');
      const first = await row(delivered);
      for (const status of ['Success', 'Buffered', 'Sent', 'Failed']) await deliver(delivered, status, { failureReason: 'AbsentSubscriber' });
      expect(await row(delivered)).toEqual(first);

      const failed = await seedMessage(t.db, tenantId, 'sent');
      await deliver(failed, 'Failed', { failureReason: 'AbsentSubscriber' });
      await deliver(failed, 'Success');
      await deliver(failed, 'Sent');
      expect(await row(failed)).toMatchObject({ state: 'failed', failure_reason: 'AbsentSubscriber', delivered_at: null });
    });

    it('leave a sent message sent on an interim status, and ignore statuses they do not know', async () => {
      const message = await seedMessage(t.db, tenantId, 'sent');
      await deliver(message, 'Buffered');
      await deliver(message, 'Teleported');
      expect(await row(message)).toMatchObject({ state: 'sent', failure_reason: null });
    });

    it('fail a message on AbsentSubscriber or Expired, which are final: no later report moves it', async () => {
      const absent = await seedMessage(t.db, tenantId, 'sent');
      const expired = await seedMessage(t.db, tenantId, 'sent');
      await deliver(absent, 'AbsentSubscriber');
      await deliver(expired, 'Expired');
      await deliver(absent, 'Success');
      await deliver(expired, 'Buffered');
      expect(await row(absent)).toMatchObject({ state: 'failed', failure_reason: 'AbsentSubscriber', delivered_at: null });
      expect(await row(expired)).toMatchObject({ state: 'failed', failure_reason: 'Expired', delivered_at: null });
    });

    it("opt the number out for the message's partner (source 'gateway') when it was refused as blacklisted, once", async () => {
      const other = (await t.newTenant('Blacklist other')).id;
      const phone = uniqueNumber();
      const rejected = await seedMessage(t.db, tenantId, 'sent', { recipient: phone });
      await seedMessage(t.db, other, 'delivered', { recipient: phone });
      await deliver(rejected, 'Rejected', { failureReason: 'UserInBlackList' });
      expect(await row(rejected)).toMatchObject({ state: 'failed', failure_reason: 'UserInBlackList' });
      expect(await optOuts(phone)).toEqual([{ tenant_id: tenantId, source: 'gateway' }]);

      // staff take the number back: a repeated report changes nothing, so it stays taken back
      await t.db.deleteFrom('sms_opt_outs').where('tenant_id', '=', tenantId).where('phone', '=', phone).execute();
      await deliver(rejected, 'Rejected', { failureReason: 'UserInBlackList' });
      expect(await optOuts(phone)).toEqual([]);
    });

    it('opt out on a Failed blacklist report that confirms an unconfirmed message, and not on other failure reasons', async () => {
      const unconfirmed = await seedMessage(t.db, tenantId, 'unknown');
      await deliver({ ...unconfirmed, messageId: 'ATXid_blacklisted_unconfirmed' }, 'Failed', { failureReason: 'UserInBlacklist' });
      expect(await row(unconfirmed)).toMatchObject({ state: 'failed', provider_message_id: 'ATXid_blacklisted_unconfirmed' });
      expect(await optOuts(unconfirmed.recipient)).toEqual([{ tenant_id: tenantId, source: 'gateway' }]);

      const inactive = await seedMessage(t.db, tenantId, 'sent');
      await deliver(inactive, 'Rejected', { failureReason: 'UserIsInactive' });
      expect(await row(inactive)).toMatchObject({ state: 'failed', failure_reason: 'UserIsInactive' });
      expect(await optOuts(inactive.recipient)).toEqual([]);
    });

    it('confirm the one unconfirmed message to that number when the id is not known (its worker died before recording it)', async () => {
      const unconfirmed = await seedMessage(t.db, tenantId, 'unknown');
      await deliver({ ...unconfirmed, messageId: 'ATXid_recovered_1' }, 'Success');
      expect(await row(unconfirmed)).toMatchObject({ state: 'delivered', provider_message_id: 'ATXid_recovered_1', failure_reason: null, sent_at: expect.any(Date) });

      const interim = await seedMessage(t.db, tenantId, 'unknown');
      await deliver({ ...interim, messageId: 'ATXid_recovered_2' }, 'Sent');
      expect(await row(interim)).toMatchObject({ state: 'sent', provider_message_id: 'ATXid_recovered_2', failure_reason: null });
    });

    it('leave unconfirmed messages alone when the number does not single one out, and reports for numbers not ours', async () => {
      const recipient = uniqueNumber();
      const first = await seedMessage(t.db, tenantId, 'unknown', { recipient });
      const second = await seedMessage(t.db, tenantId, 'unknown', { recipient });
      await deliver({ ...first, messageId: 'ATXid_ambiguous' }, 'Success');
      for (const message of [first, second]) expect(await row(message)).toMatchObject({ state: 'unknown', provider_message_id: null });

      await deliver({ id: 0, tenantId, recipient: uniqueNumber(), messageId: 'ATXid_stranger' }, 'Success');
      const stray = await t.db.selectFrom('notifications').select('id').where('provider_message_id', '=', 'ATXid_stranger').execute();
      expect(stray).toEqual([]);
    });

    it('are answered 404, exactly like a missing path, for a wrong secret, and change nothing', async () => {
      const message = await seedMessage(t.db, tenantId, 'sent');
      const wrong = await report({ id: message.messageId!, status: 'Success' }, '/api/v2/callbacks/sms/not-the-secret/delivery');
      const missing = await t.app.inject({ method: 'POST', url: '/api/v2/callbacks/sms/not-the-secret/nothing', headers: FORM, payload: '' });
      expect(wrong.statusCode).toBe(404);
      expect(Object.keys(wrong.json<object>())).toEqual(Object.keys(missing.json<object>()));
      expect(await row(message)).toMatchObject({ state: 'sent' });
      // even a body that would not validate gets the 404 first
      expect((await t.app.inject({ method: 'POST', url: '/api/v2/callbacks/sms/x/delivery', headers: FORM, payload: '' })).statusCode).toBe(404);
    });

    it('refuse a report without an id or status (400) and take JSON bodies as well', async () => {
      expect((await report({ status: 'Success' })).statusCode).toBe(400);
      const message = await seedMessage(t.db, tenantId, 'sent');
      const response = await t.app.inject({ method: 'POST', url: DELIVERY, payload: { id: message.messageId, status: 'Success' } });
      expect(response.statusCode).toBe(200);
      expect(await row(message)).toMatchObject({ state: 'delivered' });
    });
  });

  describe('replies', () => {
    const reply = async (from: string, text: string) => {
      const response = await report({ from, to: '22384', text, date: '2026-03-01 10:00:00', id: 'reply-1', linkId: '' }, INCOMING);
      expect(response.statusCode).toBe(200);
    };

    it('opt a number that says STOP out for every partner that messaged it, and for no other', async () => {
      const other = (await t.newTenant('Other')).id;
      const stranger = (await t.newTenant('Stranger')).id;
      const phone = uniqueNumber();
      await seedMessage(t.db, tenantId, 'sent', { recipient: phone });
      await seedMessage(t.db, tenantId, 'delivered', { recipient: phone });
      await seedMessage(t.db, other, 'delivered', { recipient: phone });
      await seedMessage(t.db, stranger, 'delivered');

      await reply(phone, '  stop. ');
      await reply(phone, 'STOP');
      expect(await optOuts(phone)).toEqual([
        { tenant_id: tenantId, source: 'reply' },
        { tenant_id: other, source: 'reply' },
      ]);
    });

    it.each(['STOPALL', 'unsubscribe', 'Acha', 'Stop please', 'ACHA TAFADHALI', 'unsubscribe me'])('take %s as STOP', async (word) => {
      const phone = uniqueNumber();
      await seedMessage(t.db, tenantId, 'sent', { recipient: phone });
      await reply(phone, word);
      expect(await optOuts(phone)).toEqual([{ tenant_id: tenantId, source: 'reply' }]);
    });

    it('ignore any other reply', async () => {
      const phone = uniqueNumber();
      await seedMessage(t.db, tenantId, 'sent', { recipient: phone });
      await reply(phone, 'Stop by the church office on Monday');
      await reply(phone, "Please don't stop the messages");
      await reply(phone, 'Asante');
      expect(await optOuts(phone)).toEqual([]);
    });
  });

  describe("the gateway's opt-out notices", () => {
    const notice = async (fields: Record<string, string>, json = false) => {
      const response = json
        ? await t.app.inject({ method: 'POST', url: OPT_OUT, payload: fields })
        : await t.app.inject({ method: 'POST', url: OPT_OUT, headers: FORM, payload: form(fields) });
      return response;
    };
    const configure = (tenant: number, senderId: string) =>
      t.db.insertInto('message_configs').values({ tenant_id: tenant, config: 'Sender_ID', value: senderId }).execute();

    it('opt the number out for the partners that sent to it under that sender id only', async () => {
      const named = (await t.newTenant('Grace sender')).id;
      const unnamed = (await t.newTenant('Default sender')).id;
      const phone = uniqueNumber();
      await configure(named, 'GRACECHURCH');
      await seedMessage(t.db, named, 'delivered', { recipient: phone });
      await seedMessage(t.db, unnamed, 'delivered', { recipient: phone });

      const response = await notice({ senderId: 'GraceChurch', phoneNumber: phone });
      expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await optOuts(phone)).toEqual([{ tenant_id: named, source: 'gateway' }]);
    });

    it('opt it out for every partner that sent to it when none has that sender id (the shared default), and for no other', async () => {
      const first = (await t.newTenant('Opt-out first')).id;
      const second = (await t.newTenant('Opt-out second')).id;
      const stranger = (await t.newTenant('Opt-out stranger')).id;
      const phone = uniqueNumber();
      await configure(second, 'OTHERCHURCH');
      await configure(stranger, 'AFRICASTKNG');
      await seedMessage(t.db, first, 'sent', { recipient: phone });
      await seedMessage(t.db, second, 'failed', { recipient: phone });
      await seedMessage(t.db, stranger, 'delivered');

      const local = `0${phone.slice(4)}`;
      expect((await notice({ senderId: 'AFRICASTKNG', phoneNumber: local }, true)).statusCode).toBe(200);
      expect((await notice({ senderId: 'AFRICASTKNG', phoneNumber: phone })).statusCode).toBe(200);
      expect(await optOuts(phone)).toEqual([
        { tenant_id: first, source: 'gateway' },
        { tenant_id: second, source: 'gateway' },
      ]);
    });

    it('refuse a notice without its fields (400), answer 404 for a wrong secret, and ignore a number that is not one', async () => {
      const phone = uniqueNumber();
      await seedMessage(t.db, tenantId, 'sent', { recipient: phone });
      expect((await notice({ senderId: 'AFRICASTKNG' })).statusCode).toBe(400);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/v2/callbacks/sms/not-the-secret/optout',
        headers: FORM,
        payload: form({ senderId: 'X', phoneNumber: phone }),
      });
      expect(wrong.statusCode).toBe(404);
      expect((await notice({ senderId: 'X', phoneNumber: 'not a number' })).statusCode).toBe(200);
      expect(await optOuts(phone)).toEqual([]);
    });
  });

  it('need no token, while every other route still does', async () => {
    const noToken = await t.app.inject({ method: 'GET', url: '/api/v2/messageconfig' });
    expect(noToken.statusCode).toBe(401);
    const withSecretPrefix = await t.app.inject({ method: 'GET', url: `/api/v2/callbacks/sms/${SECRET}/delivery` });
    expect(withSecretPrefix.statusCode).toBe(404);
  });
});

describe('SMS gateway callbacks without SMS_CALLBACK_SECRET', () => {
  const testApp = useTestApp(oneDatabase);

  it('do not exist', async () => {
    const { app } = testApp();
    expect(app.routeTable.some((route) => route.url.includes('/callbacks/sms/'))).toBe(false);
    for (const url of ['/api/v2/callbacks/sms//delivery', '/api/v2/callbacks/sms/undefined/delivery']) {
      const response = await app.inject({ method: 'POST', url, headers: FORM, payload: form({ id: 'x', status: 'Success' }) });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('isStopReply', () => {
  it.each([
    ['STOP', true],
    ['  stop. ', true],
    ['Stop please', true],
    ['Please stop!', true],
    ['STOP ALL', true],
    ['STOPALL', true],
    ['Acha', true],
    ['ACHA TAFADHALI', true],
    ['unsubscribe me', true],
    ['Stop sending me messages, thank you', true],
    ['I will not stop coming to church', false],
    ["Please don't stop the messages", false],
    ['Please dont stop', false],
    ['Stop by the church office on Monday', false],
    ['Acha nikuambie kuhusu mkutano wa kesho', false],
    ['Thank you, I will stop by on Sunday to give my offering and then stop', false],
    ['Stop please please please please please please', false],
    ['Asante', false],
    ['', false],
  ])('%j: %s', (text, stop) => {
    expect(isStopReply(text)).toBe(stop);
  });
});
