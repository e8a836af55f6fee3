import type { InjectOptions } from 'fastify';
import { parseSourceAllowList } from '../src/http/source-allow-list';
import * as inbox from '../src/finance/mpesa/inbox';
import { useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, newPaybill, type Paybill } from './support/daraja';

/**
 * The providers' callbacks from an allow-list of source addresses (MPESA_CALLBACK_SOURCES, SMS_CALLBACK_SOURCES;
 * docs/integrations.md), beside the secret in their paths.
 */

const SAFARICOM = '196.201.214.0/24, 196.201.213.114';
const GATEWAY = '203.0.113.7, 2001:db8:5::/48';
const PROXY = '127.0.0.1';
const SMS_SECRET = 'cb-secret-sources-4c1e';
const SUCCESS = { ResultCode: 0, ResultDesc: 'Success' };
const REFUSED = { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };

describe('parseSourceAllowList', () => {
  it('takes addresses and CIDR ranges of both families, and an IPv4 address a dual-stack socket maps into IPv6', () => {
    const list = parseSourceAllowList('MPESA_CALLBACK_SOURCES', `${SAFARICOM}, ${GATEWAY}`)!;
    for (const allowed of ['196.201.214.0', '196.201.214.255', '196.201.213.114', '203.0.113.7', '2001:db8:5::1', '2001:DB8:5:ffff::9', '::ffff:196.201.214.200']) {
      expect([allowed, list.allows(allowed)]).toEqual([allowed, true]);
    }
    for (const refused of ['196.201.215.1', '196.201.213.115', '203.0.113.8', '2001:db8:6::1', '::ffff:10.0.0.1', '127.0.0.1', 'unknown', '']) {
      expect([refused, list.allows(refused)]).toEqual([refused, false]);
    }
  });

  it('is no list when unset or empty, and names the variable and the entry it cannot read', () => {
    expect(parseSourceAllowList('SMS_CALLBACK_SOURCES', undefined)).toBeUndefined();
    expect(parseSourceAllowList('SMS_CALLBACK_SOURCES', ' , ')).toBeUndefined();
    for (const bad of ['safaricom.com', '196.201.214.0/33', '2001:db8::/129', '196.201.214.0/24/8', '196.201.214', '10.0.0.1/x']) {
      expect(() => parseSourceAllowList('MPESA_CALLBACK_SOURCES', `196.201.213.114, ${bad}`)).toThrow(
        `MPESA_CALLBACK_SOURCES must list IP addresses or CIDR ranges (196.201.214.0/24), separated by commas; "${bad}" is neither`,
      );
    }
  });
});

describe.each(testDatabases)('callbacks from listed sources only, on %s', (_name, database) => {
  const testApp = useTestApp(database, {
    mpesaCallbackSources: parseSourceAllowList('MPESA_CALLBACK_SOURCES', SAFARICOM),
    smsCallbackSecret: SMS_SECRET,
    smsCallbackSources: parseSourceAllowList('SMS_CALLBACK_SOURCES', GATEWAY),
    // The proxy in front: its X-Forwarded-For names the client; anyone else's is not believed.
    trustProxy: [PROXY],
  });
  let t: TestApp;
  let paybill: Paybill;
  let counter = 0;

  beforeAll(async () => {
    t = testApp();
    paybill = await newPaybill(t, '600900', 'Sources');
  });

  /** A confirmation of a new payment sent from `source` (the connection's peer), with `headers`. */
  const confirm = async (source: string, headers: Record<string, string> = {}) => {
    const body = darajaPayment({ TransID: `TS${String((counter += 1)).padStart(8, '0')}`, BusinessShortCode: paybill.shortCode });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/mpesa/c2b/${paybill.secret}/confirmation`,
      remoteAddress: source,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    const inboxRow = await t.db
      .selectFrom('mpesa_callbacks')
      .select(['id', 'tenant_id', 'outcome', 'detail'])
      .where('body', '=', JSON.stringify(body))
      .executeTakeFirstOrThrow();
    const payments = await t.db.selectFrom('online_transactions').select('id').where('tenant_id', '=', paybill.id).where('trans_id', '=', body.TransID).execute();
    return { status: response.statusCode, body: response.json<unknown>(), inboxRow, stored: payments.length };
  };

  it("M-Pesa: stores and processes a payment from Safaricom's addresses", async () => {
    for (const source of ['196.201.214.200', '::ffff:196.201.213.114']) {
      const sent = await confirm(source);
      expect(sent).toMatchObject({ status: 200, body: SUCCESS, stored: 1, inboxRow: { outcome: 'accepted' } });
    }
  });

  it('M-Pesa: keeps a callback from another address, refuses it as an unknown secret is refused, and a replay processes it once checked', async () => {
    const sent = await confirm('10.20.30.40');
    expect(sent).toMatchObject({
      status: 400,
      body: REFUSED,
      stored: 0,
      inboxRow: { tenant_id: paybill.id, outcome: 'forbidden-source', detail: 'from 10.20.30.40, which MPESA_CALLBACK_SOURCES does not list' },
    });
    const id = String(sent.inboxRow.id);
    // Not replayed with the failed ones: a person decides.
    expect((await inbox.replayCallbacks(t.db, { staleAfterMs: 0 })).map((row) => row.id)).not.toContain(id);
    expect(await inbox.replayCallbacks(t.db, { id })).toEqual([{ id, kind: 'confirmation', outcome: 'accepted', detail: null }]);
    expect(await t.db.selectFrom('online_transactions').select('callback_id').where('tenant_id', '=', paybill.id).where('callback_id', '=', id).execute()).toHaveLength(
      1,
    );
  });

  it('M-Pesa: behind the trusted proxy the forwarded client is checked; a forwarded header from anyone else is not believed', async () => {
    expect(await confirm(PROXY, { 'x-forwarded-for': '196.201.214.9' })).toMatchObject({ status: 200, stored: 1 });
    expect(await confirm(PROXY, { 'x-forwarded-for': '10.20.30.40' })).toMatchObject({ status: 400, inboxRow: { outcome: 'forbidden-source' } });
    expect(await confirm('10.20.30.40', { 'x-forwarded-for': '196.201.214.9' })).toMatchObject({ status: 400, inboxRow: { outcome: 'forbidden-source' } });
  });

  describe('SMS gateway', () => {
    const delivery = (source: string, secret = SMS_SECRET, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/callbacks/sms/${secret}/delivery`,
        remoteAddress: source,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ id: 'ATXid_sources_1', status: 'Success' }).toString(),
      } satisfies InjectOptions);

    it("answers the gateway's addresses", async () => {
      for (const source of ['203.0.113.7', '2001:db8:5:1::20']) {
        const response = await delivery(source);
        expect([source, response.statusCode, response.json()]).toEqual([source, 200, { status: 'ok' }]);
      }
      expect((await delivery(PROXY, SMS_SECRET, { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(200);
    });

    it('answers any other address exactly as a wrong secret is answered, so the answer tells a stranger nothing', async () => {
      const notFound = (secret: string) => ({ status: 404, body: { status_msg: `Not found: POST /api/v2/callbacks/sms/${secret}/delivery` } });
      const answer = async (source: string, secret?: string) => {
        const response = await delivery(source, secret);
        return { status: response.statusCode, body: response.json<unknown>() };
      };
      expect(await answer('203.0.113.7', 'not-the-secret-at-all')).toEqual(notFound('not-the-secret-at-all'));
      for (const source of ['203.0.113.8', '10.20.30.40', '2001:db8:6::1']) expect(await answer(source)).toEqual(notFound(SMS_SECRET));
      expect(await answer('10.20.30.40', 'not-the-secret-at-all')).toEqual(notFound('not-the-secret-at-all'));
    });
  });
});
