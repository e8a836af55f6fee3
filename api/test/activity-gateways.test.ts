import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { AllocationResult, BillRefRule, SendResult } from '@ushirika/shared/contract';
import { OutboxWorker } from '../src/messaging/outbox/worker';
import { africasTalkingProvider } from '../src/messaging/sms/africas-talking';
import { COMMANDS, type OpsConfig } from '../src/ops/commands';
import { DEFAULT_MPESA_CALLBACK_PREFIX, DEFAULT_MSISDN_HASH_FORMS } from '../src/config';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, newPaybill, newTithingPaybill, type Paybill } from './support/daraja';
import { FakeGateway, INVALID_PHONE_NUMBER, SUCCESS as SENT } from './support/fake-gateway';
import { messagingClient } from './support/messaging';

/**
 * The activity log's gateway writers (issue 26): every change made through the messaging routes, the outbox
 * worker, the SMS gateway's and M-Pesa's callbacks, M-Pesa allocation and its rules, and `pnpm ops` writes its
 * events in the change's transaction, with the right actor and address; a bulk action writes one event with its
 * counts; nothing that is read or refused writes one; no event holds a phone number, a name or a message text.
 */

const SMS_SECRET = 'sms-callback-secret-3c9e1a';
const C2B = DEFAULT_MPESA_CALLBACK_PREFIX;
/** Where the gateways' callbacks come from in these tests (Fastify's request.ip). */
const SAFARICOM = '196.201.214.200';
const AFRICAS_TALKING = '52.48.80.10';
const STAFF_ADDRESS = '41.90.64.7';
const TEXT = 'Harambee for the roof this Sunday';
const OPS_CONFIG: OpsConfig = { mpesaCallbackPrefix: C2B, mpesaMsisdnHashForms: DEFAULT_MSISDN_HASH_FORMS };

interface Event {
  id: string;
  actor_type: string;
  user_id: number | null;
  address: string | null;
  action: string;
  area: string;
  entity: string;
  entity_id: string | null;
  changes: Array<{ field: string; old: unknown; new: unknown; personal?: boolean }>;
  details: Record<string, unknown>;
}

let counter = 0;
const next = () => (counter += 1);
const localNumber = (n: number) =>
  `0712 ${String(n)
    .padStart(6, '0')
    .replace(/(\d{3})(\d{3})/, '$1 $2')}`;
const e164 = (n: number) => `+254712${String(n).padStart(6, '0')}`;
const transId = () => `TG${String(next()).padStart(8, '0')}`;

describe.each(testDatabases)('activity events of the gateways on %s', (_name, database) => {
  const testApp = useTestApp(database, { smsCallbackSecret: SMS_SECRET });
  let t: TestApp;
  let messaging: ReturnType<typeof messagingClient>;
  let gateway: FakeGateway;

  beforeAll(async () => {
    t = testApp();
    messaging = messagingClient(t);
    gateway = await FakeGateway.start();
  });
  afterAll(async () => {
    await gateway.close();
  });
  beforeEach(() => gateway.reset());

  /** The partner's events, oldest first; `after`: only those after that event id. */
  const events = async (tenantId: number, after = '0'): Promise<Event[]> => {
    const rows = await t.db
      .selectFrom('activity_events')
      .select(['id', 'actor_type', 'user_id', 'address', 'action', 'area', 'entity', 'entity_id', 'changes', 'details'])
      .where('tenant_id', '=', tenantId)
      .where('id', '>', after)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }) as unknown as Event);
  };
  /** The id of the partner's latest event ('0' for none): what `events(tenant, after)` counts from. */
  const mark = async (tenantId: number) => (await events(tenantId)).at(-1)?.id ?? '0';
  const userIdOf = async (tenant: Tenant) => (await t.db.selectFrom('users').select('id').where('email', '=', tenant.email).executeTakeFirstOrThrow()).id;
  /** A staff request from STAFF_ADDRESS. */
  const asStaff = (tenant: Tenant, options: InjectOptions) => t.as(tenant, { remoteAddress: STAFF_ADDRESS, ...options });
  const staff = async (tenant: Tenant) => ({ actor_type: 'staff', user_id: await userIdOf(tenant), address: STAFF_ADDRESS });

  const paymentOf = async (who: Paybill, trans: string) =>
    t.db
      .selectFrom('online_transactions')
      .select(['id', 'account_id', 'income_id'])
      .where('tenant_id', '=', who.id)
      .where('trans_id', '=', trans)
      .executeTakeFirstOrThrow();
  const newWorker = () =>
    new OutboxWorker({ db: t.db, provider: africasTalkingProvider({ baseUrl: gateway.url, username: 'ushirika', apiKey: 'key', timeoutMs: 5_000 }) });
  const drain = async () => {
    const worker = newWorker();
    while ((await worker.runOnce()) > 0);
  };

  describe('messaging routes', () => {
    it('writes ONE send event with the counts for a send to many, and none for its quote or a refused send', async () => {
      const tenant = await messaging.tenantWith(100);
      const from = next() * 100;
      const numbers = Array.from({ length: 6 }, (_, i) => localNumber(from + i)).join(', ');
      await asStaff(tenant, { method: 'POST', url: '/api/v2/smsoptouts', payload: { phone: localNumber(from) } });
      const before = await mark(tenant.id);

      const quoted = await asStaff(tenant, {
        method: 'POST',
        url: '/api/v2/notifymany/quote',
        payload: { type: 'SMS', category: 'WEBSMS', ...messaging.typed(numbers, TEXT) },
      });
      expect(quoted.statusCode).toBe(200);
      expect(await events(tenant.id, before)).toEqual([]);

      const response = await asStaff(tenant, {
        method: 'POST',
        url: '/api/v2/notifymany',
        payload: { type: 'SMS', category: 'WEBSMS', ...messaging.typed(numbers, TEXT) },
      });
      expect(response.statusCode).toBe(201);
      const { send } = response.json<SendResult>();
      expect(await events(tenant.id, before)).toEqual([
        expect.objectContaining({
          ...(await staff(tenant)),
          action: 'send',
          area: 'messaging',
          entity: 'message_send',
          entity_id: String(send.id),
          changes: [],
          details: { recipients: 6, queued: 5, optedOut: 1, units: 5, scheduled: false, uploaded: false },
        }),
      ]);

      // Above the balance: refused, nothing saved, nothing logged.
      const afterSend = await mark(tenant.id);
      const many = Array.from({ length: 120 }, (_, i) => localNumber(from + 10 + i)).join(', ');
      const refused = await asStaff(tenant, { method: 'POST', url: '/api/v2/notifymany', payload: { type: 'SMS', category: 'WEBSMS', ...messaging.typed(many, TEXT) } });
      expect(refused.statusCode).toBe(400);
      expect(await events(tenant.id, afterSend)).toEqual([]);
    });

    it('writes one send event for an uploaded file of numbers', async () => {
      const tenant = await messaging.tenantWith(50);
      const from = next() * 100;
      const csv = ['phone', ...Array.from({ length: 4 }, (_, i) => localNumber(from + i))].join('\n');
      const before = await mark(tenant.id);
      const response = await messaging.notifyUploaded(tenant, { name: 'members.csv', type: 'text/csv', content: csv }, { message: TEXT });
      expect(response.statusCode).toBe(201);
      const sent = await events(tenant.id, before);
      expect(sent).toEqual([
        expect.objectContaining({ action: 'send', entity: 'message_send', details: expect.objectContaining({ recipients: 4, queued: 4, uploaded: true }) }),
      ]);
    });

    it('writes a cancel event with what was cancelled and refunded', async () => {
      const tenant = await messaging.tenantWith(20);
      const from = next() * 100;
      const numbers = [localNumber(from), localNumber(from + 1), localNumber(from + 2)].join(', ');
      const send = await messaging.sent(tenant, messaging.typed(numbers, TEXT, { send_at: '2099-01-01T09:00' }));
      const before = await mark(tenant.id);

      const response = await asStaff(tenant, { method: 'POST', url: `/api/v2/notification/sends/${send.id}/cancel` });
      expect(response.statusCode).toBe(200);
      expect(await events(tenant.id, before)).toEqual([
        expect.objectContaining({
          ...(await staff(tenant)),
          action: 'cancel',
          entity: 'message_send',
          entity_id: String(send.id),
          details: { cancelled: 3, refunded: 3 },
        }),
      ]);

      // Nothing left to cancel: refused, no event.
      const again = await asStaff(tenant, { method: 'POST', url: `/api/v2/notification/sends/${send.id}/cancel` });
      expect(again.statusCode).toBe(400);
      expect(await events(tenant.id, before)).toHaveLength(1);
    });

    it('writes a resend event on the send of the message resent', async () => {
      const tenant = await messaging.tenantWith(20);
      const send = await messaging.sent(tenant, messaging.typed(localNumber(next() * 100), TEXT));
      const message = await t.db.selectFrom('notifications').select('id').where('send_id', '=', send.id).executeTakeFirstOrThrow();
      await t.db.updateTable('notifications').set({ state: 'failed', failure_reason: 'InvalidPhoneNumber' }).where('id', '=', message.id).execute();
      const before = await mark(tenant.id);

      const response = await asStaff(tenant, { method: 'PUT', url: `/api/v2/notification/${message.id}`, payload: {} });
      expect(response.statusCode).toBe(200);
      expect(await events(tenant.id, before)).toEqual([
        expect.objectContaining({
          ...(await staff(tenant)),
          action: 'resend',
          entity: 'message_send',
          entity_id: String(send.id),
          details: { messages: 1, notification: message.id, units: 1 },
        }),
      ]);
    });

    it('writes opt_out and opt_in events naming the entry, not the number; a duplicate writes none', async () => {
      const tenant = await t.newTenant('Opt-outs');
      const phone = localNumber(next() * 100);
      const before = await mark(tenant.id);

      const added = await asStaff(tenant, { method: 'POST', url: '/api/v2/smsoptouts', payload: { phone } });
      expect(added.statusCode).toBe(201);
      const { id } = added.json<{ optout: { id: number } }>().optout;
      const duplicate = await asStaff(tenant, { method: 'POST', url: '/api/v2/smsoptouts', payload: { phone } });
      expect(duplicate.statusCode).toBe(409);
      const removed = await asStaff(tenant, { method: 'DELETE', url: `/api/v2/smsoptouts/${id}` });
      expect(removed.statusCode).toBe(200);
      const missing = await asStaff(tenant, { method: 'DELETE', url: `/api/v2/smsoptouts/${id}` });
      expect(missing.statusCode).toBe(404);

      const who = await staff(tenant);
      expect(await events(tenant.id, before)).toEqual([
        expect.objectContaining({ ...who, action: 'opt_out', entity: 'opt_out', entity_id: String(id), changes: [], details: { source: 'staff' } }),
        expect.objectContaining({ ...who, action: 'opt_in', entity: 'opt_out', entity_id: String(id), changes: [], details: {} }),
      ]);
    });
  });

  describe('the outbox worker', () => {
    // The worker serves every partner: what earlier tests queued goes first.
    beforeEach(async () => {
      await drain();
      gateway.reset();
    });

    it('writes one deliver event per send per recorded request, as the system, with the counts', async () => {
      const tenant = await messaging.tenantWith(100);
      const from = next() * 100;
      const first = await messaging.sent(tenant, messaging.typed(Array.from({ length: 5 }, (_, i) => localNumber(from + i)).join(', '), TEXT));
      const second = await messaging.sent(tenant, messaging.typed([localNumber(from + 10), localNumber(from + 11)].join(', '), 'Choir practice moved'));
      const refused = e164(from + 11).replace(/\D/g, '');
      gateway.statusOf = (to) => (to.replace(/\D/g, '') === refused ? INVALID_PHONE_NUMBER : SENT);
      const before = await mark(tenant.id);

      await drain();

      const delivered = await events(tenant.id, before);
      expect(delivered).toHaveLength(2);
      expect(delivered).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            actor_type: 'system',
            user_id: null,
            address: null,
            action: 'deliver',
            entity: 'message_send',
            entity_id: String(first.id),
            details: { messages: 5, sent: 5, delivered: 0, failed: 0, unconfirmed: 0, optedOut: 0, retrying: 0 },
          }),
          expect.objectContaining({
            actor_type: 'system',
            action: 'deliver',
            entity_id: String(second.id),
            details: { messages: 2, sent: 1, delivered: 0, failed: 1, unconfirmed: 0, optedOut: 0, retrying: 0 },
          }),
        ]),
      );
      // One gateway request per text: one event each, not one per message.
      expect(gateway.requests).toHaveLength(2);
    });

    it('writes a deliver event for numbers that opted out before sending (refunded), and for messages recovery made unconfirmed', async () => {
      const tenant = await messaging.tenantWith(100);
      const from = next() * 100;
      const send = await messaging.sent(tenant, messaging.typed([localNumber(from), localNumber(from + 1), localNumber(from + 2)].join(', '), TEXT));
      await t.db
        .insertInto('sms_opt_outs')
        .values({ tenant_id: tenant.id, phone: e164(from), source: 'staff' })
        .execute();
      const before = await mark(tenant.id);

      await drain();
      const [optedOut, sent] = await events(tenant.id, before);
      expect(optedOut).toEqual(expect.objectContaining({ actor_type: 'system', action: 'deliver', entity_id: String(send.id), details: { optedOut: 1, refunded: 1 } }));
      expect(sent).toEqual(expect.objectContaining({ action: 'deliver', entity_id: String(send.id), details: expect.objectContaining({ messages: 2, sent: 2 }) }));

      // A worker died while one message was with the gateway: recovery makes it unconfirmed, one event for its send.
      const [message] = await t.db.selectFrom('notifications').select('id').where('send_id', '=', send.id).where('state', '=', 'sent').execute();
      await t.db
        .updateTable('notifications')
        .set({ state: 'sending', claimed_by: 'dead-worker', claimed_at: sql<Date>`now() - interval '1 hour'` })
        .where('id', '=', message!.id)
        .execute();
      const beforeRecovery = await mark(tenant.id);
      expect(await newWorker().recover(60_000)).toEqual({ requeued: 0, unconfirmed: 1 });
      expect(await events(tenant.id, beforeRecovery)).toEqual([
        expect.objectContaining({ actor_type: 'system', action: 'deliver', entity_id: String(send.id), details: { unconfirmed: 1 } }),
      ]);
    });
  });

  describe("the SMS gateway's callbacks", () => {
    const callback = (path: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/callbacks/sms/${SMS_SECRET}/${path}`,
        remoteAddress: AFRICAS_TALKING,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });

    it('writes one report event per delivery report that moved a message, as the gateway from its address; a repeat writes none', async () => {
      const tenant = await messaging.tenantWith(10);
      const n = next() * 100;
      const send = await messaging.sent(tenant, messaging.typed(localNumber(n), TEXT));
      await drain();
      const { provider_message_id: messageId } = await t.db
        .selectFrom('notifications')
        .select('provider_message_id')
        .where('send_id', '=', send.id)
        .executeTakeFirstOrThrow();
      const before = await mark(tenant.id);

      for (let i = 0; i < 2; i += 1) expect((await callback('delivery', { id: messageId!, status: 'Success', phoneNumber: e164(n) })).statusCode).toBe(200);
      expect((await callback('delivery', { id: 'ATXid_not_ours', status: 'Success', phoneNumber: e164(n) })).statusCode).toBe(200);

      expect(await events(tenant.id, before)).toEqual([
        expect.objectContaining({
          actor_type: 'sms_gateway',
          user_id: null,
          address: AFRICAS_TALKING,
          action: 'report',
          entity: 'message_send',
          entity_id: String(send.id),
          details: { status: 'delivered' },
        }),
      ]);
    });

    it('writes one opt_out event for a STOP reply and one for an opt-out notice, per partner opted out', async () => {
      const tenant = await messaging.tenantWith(10);
      const replying = next() * 100;
      const noticing = replying + 1;
      await messaging.sent(tenant, messaging.typed([localNumber(replying), localNumber(noticing)].join(', '), TEXT));
      const before = await mark(tenant.id);

      expect((await callback('incoming', { from: e164(replying), text: 'STOP', to: '22384' })).statusCode).toBe(200);
      expect((await callback('incoming', { from: e164(replying), text: 'I will not stop coming', to: '22384' })).statusCode).toBe(200);
      expect((await callback('optout', { senderId: 'GRACECHURCH', phoneNumber: e164(noticing) })).statusCode).toBe(200);

      const optOuts = await t.db.selectFrom('sms_opt_outs').select(['id', 'phone']).where('tenant_id', '=', tenant.id).orderBy('id').execute();
      expect(optOuts.map((row) => row.phone)).toEqual([e164(replying), e164(noticing)]);
      const gatewayActor = { actor_type: 'sms_gateway', user_id: null, address: AFRICAS_TALKING };
      expect(await events(tenant.id, before)).toEqual([
        expect.objectContaining({ ...gatewayActor, action: 'opt_out', entity: 'opt_out', entity_id: String(optOuts[0]!.id), details: { source: 'reply' } }),
        expect.objectContaining({ ...gatewayActor, action: 'opt_out', entity: 'opt_out', entity_id: String(optOuts[1]!.id), details: { source: 'gateway' } }),
      ]);
    });
  });

  describe('M-Pesa', () => {
    let shortCode = 600_500;
    const nextShortCode = () => String((shortCode += 1));
    const callback = (who: Paybill, kind: 'validation' | 'confirmation', fields: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${C2B}/${who.secret}/${kind}`,
        remoteAddress: SAFARICOM,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(darajaPayment({ TransID: transId(), BusinessShortCode: who.shortCode, ...fields })),
      });
    const mpesa = { actor_type: 'mpesa', user_id: null, address: SAFARICOM };
    const closeMonth = (who: Tenant, month: string) =>
      t.db
        .insertInto('ledger_periods')
        .values({ tenant_id: who.id, month: `${month}-01`, closed: true, closed_at: new Date() })
        .execute();

    it('writes one receive event per answered callback, as M-Pesa from its address; a refused one writes none', async () => {
      const paybill = await newPaybill(t, nextShortCode(), 'Receiving');
      const before = await mark(paybill.id);

      expect((await callback(paybill, 'validation')).statusCode).toBe(200);
      const trans = transId();
      expect((await callback(paybill, 'confirmation', { TransID: trans })).statusCode).toBe(200);
      expect((await callback(paybill, 'confirmation', { TransID: trans })).statusCode).toBe(200);
      // For a short code the partner does not have: refused (400), no event.
      expect((await callback(paybill, 'validation', { BusinessShortCode: '999999' })).statusCode).toBe(400);

      const { id } = await paymentOf(paybill, trans);
      expect(await events(paybill.id, before)).toEqual([
        expect.objectContaining({
          ...mpesa,
          action: 'receive',
          area: 'finance',
          entity: 'mpesa_payment',
          entity_id: null,
          details: { kind: 'validation', outcome: 'accepted' },
        }),
        expect.objectContaining({ ...mpesa, action: 'receive', entity: 'mpesa_payment', entity_id: String(id), details: { kind: 'confirmation', outcome: 'accepted' } }),
        expect.objectContaining({ ...mpesa, action: 'receive', entity: 'mpesa_payment', entity_id: String(id), details: { kind: 'confirmation', outcome: 'duplicate' } }),
      ]);
    });

    it("writes an allocate event as M-Pesa for a rule's allocation, one per income", async () => {
      const paybill = await newTithingPaybill(t, nextShortCode(), 'Rule');
      const before = await mark(paybill.id);
      const trans = transId();

      expect((await callback(paybill, 'confirmation', { TransID: trans, BillRefNumber: 'tithe' })).statusCode).toBe(200);

      const payment = await paymentOf(paybill, trans);
      expect(payment.account_id).toBe(paybill.tithe);
      expect(await events(paybill.id, before)).toEqual([
        expect.objectContaining({ ...mpesa, action: 'receive', entity_id: String(payment.id), details: { kind: 'confirmation', outcome: 'accepted' } }),
        expect.objectContaining({
          ...mpesa,
          action: 'allocate',
          entity: 'income',
          entity_id: String(payment.income_id),
          details: { paymentId: payment.id, account: paybill.tithe },
        }),
      ]);
    });

    it('leaves a payment dated in a closed month waiting when its rule would allocate it, and answers Success', async () => {
      const paybill = await newTithingPaybill(t, nextShortCode(), 'Closed Rule');
      await closeMonth(paybill, '2026-01');
      const before = await mark(paybill.id);
      const trans = transId();

      const response = await callback(paybill, 'confirmation', { TransID: trans, BillRefNumber: 'TITHE', TransTime: '20260115103000' });
      expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Success' } });

      const payment = await paymentOf(paybill, trans);
      expect(payment).toEqual(expect.objectContaining({ account_id: null, income_id: null }));
      expect((await events(paybill.id, before)).map((event) => [event.action, event.details.outcome])).toEqual([['receive', 'accepted']]);
    });

    it('writes an allocate event per income for a staff allocation, and none when a closed month refuses it (409)', async () => {
      const paybill = await newPaybill(t, nextShortCode(), 'Allocating');
      const { id: offering } = await t.db
        .insertInto('accounts')
        .values({ tenant_id: paybill.id, name: 'Offering', type: 'CR', parent_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [one, two, january] = [transId(), transId(), transId()];
      for (const trans of [one, two]) expect((await callback(paybill, 'confirmation', { TransID: trans })).statusCode).toBe(200);
      expect((await callback(paybill, 'confirmation', { TransID: january, TransTime: '20260120103000' })).statusCode).toBe(200);
      const payments = await Promise.all([one, two, january].map((trans) => paymentOf(paybill, trans)));
      await closeMonth(paybill, '2026-01');
      const before = await mark(paybill.id);

      const allocate = (ids: number[]) =>
        asStaff(paybill, { method: 'POST', url: '/api/v2/allocateaccounts', payload: { account: offering, selectedRecords: ids.join(',') } });
      const refused = await allocate([payments[2]!.id]);
      expect({ status: refused.statusCode, body: refused.json<unknown>() }).toEqual({
        status: 409,
        body: expect.objectContaining({ closedMonth: '2026-01', status_msg: expect.stringContaining('January 2026') }),
      });
      expect(await events(paybill.id, before)).toEqual([]);

      const response = await allocate([payments[0]!.id, payments[1]!.id]);
      expect(response.statusCode).toBe(200);
      const { incomeIds } = response.json<AllocationResult>();
      const who = await staff(paybill);
      expect(await events(paybill.id, before)).toEqual([
        expect.objectContaining({
          ...who,
          action: 'allocate',
          entity: 'income',
          entity_id: String(incomeIds[0]),
          details: { paymentId: payments[0]!.id, account: offering },
        }),
        expect.objectContaining({
          ...who,
          action: 'allocate',
          entity: 'income',
          entity_id: String(incomeIds[1]),
          details: { paymentId: payments[1]!.id, account: offering },
        }),
      ]);
    });

    it("writes a BillRefNumber rule's create, update (the fields changed) and delete", async () => {
      const paybill = await newPaybill(t, nextShortCode(), 'Rules');
      const accounts = await t.db
        .insertInto('accounts')
        .values([
          { tenant_id: paybill.id, name: 'Tithe', type: 'CR', parent_id: null },
          { tenant_id: paybill.id, name: 'Building', type: 'CR', parent_id: null },
        ])
        .returning('id')
        .execute();
      const before = await mark(paybill.id);

      const created = await asStaff(paybill, { method: 'POST', url: '/api/v2/mpesarules', payload: { billRef: 'TITHE', account: accounts[0]!.id } });
      expect(created.statusCode).toBe(201);
      const rule = created.json<{ rule: BillRefRule }>().rule;
      const duplicate = await asStaff(paybill, { method: 'POST', url: '/api/v2/mpesarules', payload: { billRef: 'tithe', account: accounts[1]!.id } });
      expect(duplicate.statusCode).toBe(409);
      const changed = await asStaff(paybill, {
        method: 'PUT',
        url: `/api/v2/mpesarules/${rule.id}`,
        payload: { billRef: 'TITHE', account: accounts[1]!.id, version: rule.version },
      });
      expect(changed.statusCode).toBe(200);
      expect((await asStaff(paybill, { method: 'DELETE', url: `/api/v2/mpesarules/${rule.id}` })).statusCode).toBe(200);

      const who = await staff(paybill);
      const [create, update, remove, ...rest] = await events(paybill.id, before);
      expect(rest).toEqual([]);
      expect(create).toEqual(expect.objectContaining({ ...who, action: 'create', entity: 'bill_ref_rule', entity_id: String(rule.id) }));
      expect(create!.changes).toEqual(
        expect.arrayContaining([
          { field: 'billRef', old: null, new: 'TITHE' },
          { field: 'AccountId', old: null, new: accounts[0]!.id },
        ]),
      );
      expect(update).toEqual(
        expect.objectContaining({
          ...who,
          action: 'update',
          entity_id: String(rule.id),
          changes: expect.arrayContaining([
            { field: 'AccountId', old: accounts[0]!.id, new: accounts[1]!.id },
            { field: 'Account.name', old: 'Tithe', new: 'Building' },
          ]),
        }),
      );
      expect(update!.changes.map((change) => change.field)).not.toContain('billRef');
      expect(remove).toEqual(expect.objectContaining({ ...who, action: 'delete', entity: 'bill_ref_rule', entity_id: String(rule.id) }));
      expect(remove!.changes).toEqual(expect.arrayContaining([{ field: 'billRef', old: 'TITHE', new: null }]));
    });
  });

  describe('pnpm ops', () => {
    const ops = async (command: string, options: Record<string, string>) => COMMANDS[command]!.run(t.db, options, OPS_CONFIG);
    const asOps = { actor_type: 'ops', user_id: null, address: null };

    it('writes each change to a partner as ops', async () => {
      const created = await ops('create-partner', { name: `Ops Church ${next()}`, product: 'general', 'sms-units': '50' });
      const partnerId = Number(/Created partner (\d+)/.exec(created)![1]);
      await ops('set-partner-country', { 'partner-id': String(partnerId), country: 'UG' });
      await ops('top-up-units', { 'partner-id': String(partnerId), units: '25', note: 'Invoice 2026-07' });
      process.env.OPS_PASSWORD = 'Ops@2026-password';
      try {
        await ops('create-user', { 'partner-id': String(partnerId), email: `owner${next()}@example.test`, 'first-name': 'Amina', 'last-name': 'Wanjiru' });
      } finally {
        delete process.env.OPS_PASSWORD;
      }
      const code = String(700_000 + next());
      await ops('set-mpesa', { 'partner-id': String(partnerId), 'short-code': code, kind: 'paybill' });
      await ops('set-mpesa', { 'partner-id': String(partnerId), secret: 'new' });
      await ops('confirm-mpesa-urls', { 'partner-id': String(partnerId) });
      await ops('remove-mpesa-short-code', { 'partner-id': String(partnerId), 'short-code': code });
      // Reads write nothing.
      await ops('units-history', { 'partner-id': String(partnerId) });
      await ops('list-partners', {});

      const logged = await events(partnerId);
      expect(logged.every((event) => event.actor_type === 'ops' && event.user_id === null && event.address === null)).toBe(true);
      expect(logged.map((event) => [event.action, event.entity])).toEqual([
        ['create', 'partner'],
        ['update', 'partner'],
        ['top_up', 'sms_units'],
        ['create', 'staff'],
        ['update', 'partner'],
        ['update', 'partner'],
        ['update', 'partner'],
        ['update', 'partner'],
      ]);
      const [create, country, topUp, owner, mpesa, secret, confirmed, removed] = logged;
      expect(create!.changes).toEqual(expect.arrayContaining([{ field: 'smsUnits', old: null, new: 50 }]));
      expect(country!.changes).toEqual([{ field: 'country', old: 'KE', new: 'UG' }]);
      expect(topUp).toEqual(expect.objectContaining({ entity_id: null, details: { units: 25, balance: 75 } }));
      expect(owner!.changes).toEqual(expect.arrayContaining([{ field: 'roles', old: null, new: 'owner' }]));
      expect(mpesa).toEqual(expect.objectContaining({ changes: [{ field: 'shortCodes', old: '', new: `${code} (paybill)` }], details: { mpesaSecretChanged: true } }));
      expect(secret).toEqual(expect.objectContaining({ changes: [], details: { mpesaSecretChanged: true } }));
      expect(confirmed!.details).toEqual({ mpesaPreviousSecretRetired: true });
      expect(removed!.changes).toEqual([{ field: 'shortCodes', old: `${code} (paybill)`, new: '' }]);

      // The secret is in no event.
      const { mpesa_callback_secret: current } = await t.db.selectFrom('partners').select('mpesa_callback_secret').where('id', '=', partnerId).executeTakeFirstOrThrow();
      expect(JSON.stringify(logged)).not.toContain(current!);
    });

    it("writes a partner's new time zone as ops, in the change's transaction", async () => {
      const tenant = await t.newTenant('Time Zone');
      const before = await mark(tenant.id);
      await ops('set-time-zone', { 'partner-id': String(tenant.id), 'time-zone': 'Africa/Kampala' });
      expect(await events(tenant.id, before)).toEqual([
        expect.objectContaining({
          ...asOps,
          action: 'update',
          entity: 'partner',
          entity_id: String(tenant.id),
          changes: [{ field: 'timeZone', old: 'Africa/Nairobi', new: 'Africa/Kampala' }],
        }),
      ]);
      // Unknown zone: refused, nothing written.
      await expect(ops('set-time-zone', { 'partner-id': String(tenant.id), 'time-zone': 'Mars/Olympus' })).rejects.toThrow('Mars/Olympus');
      expect(await events(tenant.id, before)).toHaveLength(1);
    });

    it('replays M-Pesa callbacks as ops', async () => {
      const paybill = await newTithingPaybill(t, String(600_900 + next()), 'Replayed');
      const trans = transId();
      const body = JSON.stringify(darajaPayment({ TransID: trans, BusinessShortCode: paybill.shortCode, BillRefNumber: 'TITHE' }));
      // A callback the server stored but never processed (it died).
      const { id } = await t.db
        .insertInto('mpesa_callbacks')
        .values({ kind: 'confirmation', body, tenant_id: paybill.id, outcome: 'failed', detail: 'Error: connection lost', source: SAFARICOM, body_size: body.length })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      const before = await mark(paybill.id);

      await ops('replay-mpesa-callbacks', { callback: id });

      const payment = await paymentOf(paybill, trans);
      expect(await events(paybill.id, before)).toEqual([
        expect.objectContaining({ ...asOps, action: 'receive', entity_id: String(payment.id), details: { kind: 'confirmation', outcome: 'accepted' } }),
        expect.objectContaining({ ...asOps, action: 'allocate', entity_id: String(payment.income_id) }),
      ]);
    });
  });

  it('keeps phone numbers, names and message texts out of every event', async () => {
    const { rows } = await sql<{ text: string }>`select changes::text || details::text || coalesce(entity_id, '') as text from activity_events`.execute(t.db);
    expect(rows.length).toBeGreaterThan(40);
    const all = rows.map((row) => row.text).join('\n');
    for (const forbidden of ['+254712', '0712', '712345678', 'Amina', 'Wanjiru', TEXT, 'Choir practice', 'STOP']) expect(all).not.toContain(forbidden);
  });
});
