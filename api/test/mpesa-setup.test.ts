import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  MPESA_CALLBACKS_PATH,
  MPESA_SETUP_PATH,
  MPESA_SETUP_REGISTER_PATH,
  MPESA_SETUP_TEST_PATH,
  mpesaCallbackReplayPath,
  noPermissionText,
  type ConnectionTest,
  type LoginResponse,
  type MpesaCallbackRow,
  type MpesaRegistration,
  type MpesaSetup,
  type Role,
} from '@ushirika/shared/contract';
import { forgetDarajaTokens, WORDS } from '../src/finance/mpesa/daraja-client';
import { CALLBACK_NOT_FOUND, NO_CREDENTIALS, NO_SECRET } from '../src/finance/mpesa/setup-routes';
import { GIVING_CODE_TAKEN } from '../src/finance/mpesa/setup';
import { DEFAULT_MPESA_CALLBACK_PREFIX, DEFAULT_MSISDN_HASH_FORMS } from '../src/config';
import { COMMANDS, UsageError } from '../src/ops/commands';
import { createUser } from '../src/partners/queries';
import { open } from '../src/partners/secrets';
import { startTestApp, TEST_PASSWORD, type Tenant, type TestApp } from './support/app';
import { darajaPayment, newPaybill, type Paybill } from './support/daraja';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { FAKE_CONSUMER_KEY, FAKE_CONSUMER_SECRET, SANDBOX_PASSKEY, startFakeDaraja, type FakeDaraja } from './support/fake-daraja';

/*
 * Settings → M-Pesa (issue 29) through the routes, on the real database, against the fake Daraja server:
 * credentials saved sealed and never read back, the set-up's version, the giving code, 'Test connection' and
 * RegisterURL in words, the OAuth token cached, the partner's callbacks and their replay, and who may.
 */

const PUBLIC_URL = 'https://church.example';
const SECRETS_KEY = randomBytes(32);
const CREDENTIALS = { consumerKey: FAKE_CONSUMER_KEY, consumerSecret: FAKE_CONSUMER_SECRET, passkey: SANDBOX_PASSKEY, securityCredential: 'U2VjdXJpdHlDcmVkZW50aWFs' };

describe.each(testDatabases)('Settings → M-Pesa on %s', (_name, database) => {
  let fake: FakeDaraja;
  let t: TestApp;
  let shortCodeCounter = 0;

  beforeAll(async () => {
    fake = await startFakeDaraja();
    t = await startTestApp(database, { darajaBaseUrl: fake.url, publicUrl: PUBLIC_URL, secretsKey: SECRETS_KEY });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  }, 60_000);
  beforeEach(() => {
    fake.reset();
    forgetDarajaTokens();
  });

  const call = (who: Tenant, method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    t.as(who, { method, url: `/api/v2/${path}`, ...(payload ? { payload } : {}) });
  const ok = async <T>(who: Tenant, method: 'GET' | 'PUT' | 'POST', path: string, payload?: object): Promise<T> => {
    const response = await call(who, method, path, payload);
    expect({ path, status: response.statusCode, body: response.statusCode === 200 ? 'ok' : response.json() }).toEqual({ path, status: 200, body: 'ok' });
    return response.json<T>();
  };
  const setup = (who: Tenant) => ok<MpesaSetup>(who, 'GET', MPESA_SETUP_PATH);
  const save = async (who: Tenant, input: object) => ok<MpesaSetup>(who, 'PUT', MPESA_SETUP_PATH, { ...input, version: (await setup(who)).version });
  const paybill = () => newPaybill(t, String(610000 + (shortCodeCounter += 1)), 'Grace');
  /** A paybill whose Daraja credentials are saved (the fake's app and the sandbox passkey). */
  const connected = async () => {
    const partner = await paybill();
    await save(partner, { ...CREDENTIALS, expressShortCode: '174379' });
    return partner;
  };
  const events = (tenantId: number, action: string) =>
    t.db
      .selectFrom('activity_events')
      .select(['entity', 'entity_id', 'changes', 'details', 'user_id'])
      .where('tenant_id', '=', tenantId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  async function staffOf(tenant: Tenant, role: Role): Promise<Tenant> {
    const email = `${role}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'Peter', lastName: role, roles: [role] });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };
  }

  describe('the set-up', () => {
    it('reads a new partner’s set-up: nothing set, its callback URLs, not live', async () => {
      const partner = await paybill();
      expect(await setup(partner)).toEqual({
        environment: 'sandbox',
        expressShortCode: '',
        transactionType: 'CustomerPayBillOnline',
        partyB: '',
        initiator: '',
        responseType: 'Completed',
        secrets: { consumerKey: false, consumerSecret: false, passkey: false, securityCredential: false },
        shortCodes: [partner.shortCode],
        givingCode: null,
        minAmount: '10',
        maxAmount: '150000',
        confirmationUrl: `${PUBLIC_URL}/api/v2/c2b/${partner.secret}/confirmation`,
        validationUrl: `${PUBLIC_URL}/api/v2/c2b/${partner.secret}/validation`,
        registration: null,
        live: false,
        version: 1,
      });
    });

    it('saves credentials sealed and never answers them; the activity says only which were set', async () => {
      const partner = await paybill();
      const saved = await save(partner, {
        ...CREDENTIALS,
        environment: 'production',
        expressShortCode: '174379',
        initiator: 'apiop',
        responseType: 'Cancelled',
        givingCode: ' Grace-Nairobi ',
        minAmount: '50',
        maxAmount: '70000',
      });
      expect(saved).toMatchObject({
        environment: 'production',
        expressShortCode: '174379',
        initiator: 'apiop',
        responseType: 'Cancelled',
        secrets: { consumerKey: true, consumerSecret: true, passkey: true, securityCredential: true },
        givingCode: 'grace-nairobi',
        minAmount: '50',
        maxAmount: '70000',
        live: true,
        version: 2,
      });
      const answers = JSON.stringify([saved, await setup(partner)]);
      for (const secret of Object.values(CREDENTIALS)) expect(answers).not.toContain(secret);

      const row = await t.db.selectFrom('partner_daraja').select(['secrets', 'secrets_set']).where('tenant_id', '=', partner.id).executeTakeFirstOrThrow();
      expect(row.secrets).toMatch(/^v1\./);
      for (const secret of Object.values(CREDENTIALS)) expect(row.secrets).not.toContain(secret);
      expect(JSON.parse(open(row.secrets!, SECRETS_KEY))).toEqual(CREDENTIALS);

      const [update, ...more] = await events(partner.id, 'update');
      expect(more).toHaveLength(0);
      expect(update).toMatchObject({
        entity: 'mpesa_setup',
        entity_id: String(partner.id),
        details: { consumerKey: 'set', consumerSecret: 'set', passkey: 'set', securityCredential: 'set' },
      });
      expect(update!.changes).toEqual(
        expect.arrayContaining([
          { field: 'environment', old: 'sandbox', new: 'production' },
          { field: 'givingCode', old: null, new: 'grace-nairobi' },
          { field: 'minAmount', old: '10', new: '50' },
        ]),
      );
      expect(JSON.stringify(update)).not.toContain(FAKE_CONSUMER_SECRET);
    });

    it('keeps a secret not given, removes one given empty', async () => {
      const partner = await connected();
      const after = await save(partner, { consumerSecret: '', initiator: 'apiop' });
      expect(after.secrets).toEqual({ consumerKey: true, consumerSecret: false, passkey: true, securityCredential: true });
      expect(after.live).toBe(false);
      const last = (await events(partner.id, 'update')).pop();
      expect(last).toMatchObject({ details: { consumerSecret: 'removed' }, changes: [{ field: 'initiator', old: '', new: 'apiop' }] });
    });

    it('refuses a save over a newer version, saving nothing', async () => {
      const partner = await paybill();
      const { version } = await setup(partner);
      await ok(partner, 'PUT', MPESA_SETUP_PATH, { initiator: 'first', version });
      const stale = await call(partner, 'PUT', MPESA_SETUP_PATH, { initiator: 'second', version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ changedBy: 'Test User', version: version + 1 });
      expect((await setup(partner)).initiator).toBe('first');
    });

    it('gives a giving code to one partner only', async () => {
      const first = await paybill();
      const second = await paybill();
      await save(first, { givingCode: 'grace-community' });
      const taken = await call(second, 'PUT', MPESA_SETUP_PATH, { givingCode: 'Grace-Community', version: (await setup(second)).version });
      expectFailure(taken, 409, GIVING_CODE_TAKEN);
      expect((await setup(second)).givingCode).toBeNull();
      // Given up ('' or null), it is free again.
      await save(first, { givingCode: null });
      expect((await save(second, { givingCode: 'grace-community' })).givingCode).toBe('grace-community');
    });

    it('refuses amounts outside what M-Pesa and the form allow, and bad short codes', async () => {
      const partner = await paybill();
      const refused = async (input: object, status = 400) => expect((await call(partner, 'PUT', MPESA_SETUP_PATH, input)).statusCode).toBe(status);
      await refused({ minAmount: '0' });
      await refused({ maxAmount: '250001' });
      await refused({ minAmount: '500', maxAmount: '100' });
      await refused({ minAmount: '10.50' });
      await refused({ expressShortCode: '12' });
      await refused({ givingCode: 'a' });
      await refused({ consumerKey: 'k'.repeat(1001) });
      await refused({ environment: 'staging' });
      expect(await setup(partner)).toMatchObject({ minAmount: '10', maxAmount: '150000', version: 1 });
    });
  });

  describe('Test connection', () => {
    it('fetches a token and says so; the token is reused', async () => {
      const partner = await connected();
      expect(await ok<ConnectionTest>(partner, 'POST', MPESA_SETUP_TEST_PATH)).toEqual({ ok: true, message: 'Connected to Daraja (sandbox)' });
      await ok(partner, 'POST', MPESA_SETUP_TEST_PATH);
      expect(fake.requests.oauth).toHaveLength(1);
      expect(fake.requests.oauth[0]!.authorization).toBe(`Basic ${Buffer.from(`${FAKE_CONSUMER_KEY}:${FAKE_CONSUMER_SECRET}`).toString('base64')}`);
      expect(await events(partner.id, 'test')).toEqual([
        expect.objectContaining({ entity: 'mpesa_setup', details: { ok: true, environment: 'sandbox' } }),
        expect.objectContaining({ details: { ok: true, environment: 'sandbox' } }),
      ]);
    });

    it('fetches one token for tests made at the same time', async () => {
      const partner = await connected();
      const answers = await Promise.all([1, 2, 3].map(() => ok<ConnectionTest>(partner, 'POST', MPESA_SETUP_TEST_PATH)));
      expect(answers.every((answer) => answer.ok)).toBe(true);
      expect(fake.requests.oauth).toHaveLength(1);
    });

    it('says what failed in words: a wrong key, Daraja unreachable, no credentials', async () => {
      const partner = await connected();
      await save(partner, { consumerSecret: 'not-the-secret' });
      expect(await ok(partner, 'POST', MPESA_SETUP_TEST_PATH)).toEqual({ ok: false, message: 'The consumer key or secret is wrong' });
      await save(partner, { consumerSecret: FAKE_CONSUMER_SECRET });
      fake.failNext('oauth', 'network');
      expect(await ok(partner, 'POST', MPESA_SETUP_TEST_PATH)).toEqual({ ok: false, message: 'Daraja could not be reached' });
      const bare = await paybill();
      expect(await ok(bare, 'POST', MPESA_SETUP_TEST_PATH)).toEqual({ ok: false, message: NO_CREDENTIALS });
      expect((await events(partner.id, 'test')).map((event) => event.details)).toEqual([
        { ok: false, environment: 'sandbox' },
        { ok: false, environment: 'sandbox' },
      ]);
    });
  });

  describe('Register URLs', () => {
    it('registers the partner’s URLs for each short code with its response type, and keeps the answer', async () => {
      const partner = await connected();
      await save(partner, { responseType: 'Cancelled' });
      const answer = await ok<MpesaRegistration>(partner, 'POST', MPESA_SETUP_REGISTER_PATH);
      expect(answer).toMatchObject({ ok: true, message: `${partner.shortCode}: Success` });
      expect(fake.requests.registerurl.map((request) => request.body)).toEqual([
        {
          ShortCode: partner.shortCode,
          ResponseType: 'Cancelled',
          ConfirmationURL: `${PUBLIC_URL}/api/v2/c2b/${partner.secret}/confirmation`,
          ValidationURL: `${PUBLIC_URL}/api/v2/c2b/${partner.secret}/validation`,
        },
      ]);
      expect((await setup(partner)).registration).toEqual({ at: answer.at, ok: true, message: answer.message });
      expect(await events(partner.id, 'register')).toEqual([expect.objectContaining({ entity: 'mpesa_setup', details: { ok: true, shortCodes: 1, refused: 0 } })]);
    });

    it('explains URLs Safaricom has already, and keeps that answer', async () => {
      const partner = await connected();
      fake.alreadyRegistered.add(partner.shortCode);
      const answer = await ok<MpesaRegistration>(partner, 'POST', MPESA_SETUP_REGISTER_PATH);
      expect(answer).toMatchObject({ ok: false, message: `${partner.shortCode}: ${WORDS.alreadyRegistered}` });
      expect(answer.message).toContain('apisupport@safaricom.co.ke');
      expect((await setup(partner)).registration).toMatchObject({ ok: false, message: answer.message });
    });

    it('refuses to register without a callback secret or credentials, sending nothing', async () => {
      const bare = await t.newTenant('No paybill');
      expectFailure(await call(bare, 'POST', MPESA_SETUP_REGISTER_PATH), 409, NO_SECRET);
      expectFailure(await call(await paybill(), 'POST', MPESA_SETUP_REGISTER_PATH), 409, NO_CREDENTIALS);
      expect(fake.requests.registerurl).toHaveLength(0);
    });
  });

  describe('callbacks that need a person', () => {
    let partner: Paybill;
    let other: Paybill;
    const stored = async (tenantId: number, outcome: 'failed' | 'held' | 'accepted', body: object, transId: string | null) => {
      const row = await t.db
        .insertInto('mpesa_callbacks')
        .values({
          kind: 'confirmation',
          tenant_id: tenantId,
          trans_id: transId,
          body: JSON.stringify(body),
          outcome,
          detail: outcome === 'failed' ? 'Error: the database went away' : null,
        })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return row.id;
    };

    beforeAll(async () => {
      partner = await paybill();
      other = await paybill();
    });

    it('lists only the partner’s, newest first, paged', async () => {
      const failed = await stored(partner.id, 'failed', darajaPayment({ TransID: 'TKFAIL0001', BusinessShortCode: partner.shortCode }), 'TKFAIL0001');
      const held = await stored(partner.id, 'held', { TransAmount: 'x' }, null);
      await stored(partner.id, 'accepted', darajaPayment({ TransID: 'TKDONE0001', BusinessShortCode: partner.shortCode }), 'TKDONE0001');
      await stored(other.id, 'failed', darajaPayment({ TransID: 'TKOTHER001', BusinessShortCode: other.shortCode }), 'TKOTHER001');
      const all = await ok<{ callbacks: MpesaCallbackRow[]; total: number }>(partner, 'GET', MPESA_CALLBACKS_PATH);
      expect(all.total).toBe(2);
      expect(all.callbacks.map((callback) => callback.id)).toEqual([held, failed]);
      expect(all.callbacks[1]).toMatchObject({ kind: 'confirmation', outcome: 'failed', transId: 'TKFAIL0001', detail: 'Error: the database went away' });
      const second = await ok<{ callbacks: MpesaCallbackRow[]; total: number }>(partner, 'GET', `${MPESA_CALLBACKS_PATH}?page=2&pagesize=1`);
      expect(second).toEqual({ callbacks: [expect.objectContaining({ id: failed })], total: 2 });
    });

    it('replays the partner’s own failed callback once, and never another partner’s', async () => {
      const mine = await stored(partner.id, 'failed', darajaPayment({ TransID: 'TKREPLAY01', BusinessShortCode: partner.shortCode }), 'TKREPLAY01');
      const theirs = await stored(other.id, 'failed', darajaPayment({ TransID: 'TKREPLAY02', BusinessShortCode: other.shortCode }), 'TKREPLAY02');
      expectFailure(await call(partner, 'POST', mpesaCallbackReplayPath(theirs)), 404, CALLBACK_NOT_FOUND);
      expectFailure(await call(partner, 'POST', mpesaCallbackReplayPath('99999999999')), 404, CALLBACK_NOT_FOUND);
      expect((await t.db.selectFrom('mpesa_callbacks').select('outcome').where('id', '=', theirs).executeTakeFirstOrThrow()).outcome).toBe('failed');

      const replayed = await ok<MpesaCallbackRow>(partner, 'POST', mpesaCallbackReplayPath(mine));
      expect(replayed).toMatchObject({ id: mine, outcome: 'accepted', transId: 'TKREPLAY01' });
      const payments = await t.db.selectFrom('online_transactions').select('trans_id').where('tenant_id', '=', partner.id).where('trans_id', '=', 'TKREPLAY01').execute();
      expect(payments).toHaveLength(1);
      expect(await events(partner.id, 'replay')).toEqual([expect.objectContaining({ entity: 'mpesa_payment', details: { callbackId: mine, outcome: 'accepted' } })]);
      // Processed now: nothing more to replay.
      expect((await call(partner, 'POST', mpesaCallbackReplayPath(mine))).statusCode).toBe(409);
    });
  });

  describe('pnpm ops set-mpesa', () => {
    const opsConfig = { mpesaCallbackPrefix: DEFAULT_MPESA_CALLBACK_PREFIX, mpesaMsisdnHashForms: DEFAULT_MSISDN_HASH_FORMS, secretsKey: SECRETS_KEY };
    const setMpesa = (options: Record<string, string>) => COMMANDS['set-mpesa']!.run(t.db, options, opsConfig);

    it('stores the Daraja credentials sealed, secrets read from the environment, and prints only which are set', async () => {
      const partner = await paybill();
      process.env.DARAJA_CONSUMER_SECRET = FAKE_CONSUMER_SECRET;
      process.env.DARAJA_PASSKEY = SANDBOX_PASSKEY;
      let printed: string;
      try {
        printed = await setMpesa({
          'partner-id': String(partner.id),
          'consumer-key': FAKE_CONSUMER_KEY,
          'consumer-secret': 'env',
          passkey: 'env',
          'express-short-code': '174379',
          'giving-code': 'Grace-Ops',
        });
      } finally {
        delete process.env.DARAJA_CONSUMER_SECRET;
        delete process.env.DARAJA_PASSKEY;
      }
      expect(printed).toContain(
        'Daraja (sandbox): express short code 174379; secrets stored: consumerKey, consumerSecret, passkey; prompts go to Safaricom; giving page /give/grace-ops.',
      );
      expect(printed).not.toContain(FAKE_CONSUMER_SECRET);
      expect(printed).not.toContain(SANDBOX_PASSKEY);
      expect(await setup(partner)).toMatchObject({ live: true, givingCode: 'grace-ops', version: 2 });
      expect(await ok(partner, 'POST', MPESA_SETUP_TEST_PATH)).toEqual({ ok: true, message: 'Connected to Daraja (sandbox)' });
      const [event] = await events(partner.id, 'update');
      expect(event).toMatchObject({ entity: 'mpesa_setup', user_id: null, details: { consumerKey: 'set', consumerSecret: 'set', passkey: 'set' } });
    });

    it('refuses what the form refuses, in words', async () => {
      const partner = await paybill();
      await expect(setMpesa({ 'partner-id': String(partner.id), environment: 'staging' })).rejects.toThrow(new UsageError('--environment must be sandbox or production'));
      await expect(setMpesa({ 'partner-id': String(partner.id), 'consumer-secret': 'env' })).rejects.toThrow('DARAJA_CONSUMER_SECRET is not set');
      await expect(setMpesa({ 'partner-id': String(partner.id), 'giving-code': '-x-' })).rejects.toThrow(UsageError);
    });
  });

  describe('accounts open for giving', () => {
    it('creates, reads and changes openForGiving; a save without it keeps it; the activity shows it', async () => {
      const partner = await paybill();
      const created = await t.as(partner, {
        method: 'POST',
        url: '/api/v2/account',
        payload: { accountName: 'Tithe', accountType: 'CR', parentId: 0, openForGiving: true },
      });
      expect(created.statusCode).toBe(201);
      const account = created.json<{ account: { id: number; openForGiving: boolean; version: number } }>().account;
      expect(account.openForGiving).toBe(true);
      const put = (payload: object) => t.as(partner, { method: 'PUT', url: `/api/v2/account/${account.id}`, payload });
      expect((await put({ accountName: 'Tithes', accountType: 'CR', parentId: 0 })).json().account.openForGiving).toBe(true);
      expect((await put({ accountName: 'Tithes', accountType: 'CR', parentId: 0, openForGiving: false })).json().account.openForGiving).toBe(false);
      const plain = await t.as(partner, { method: 'POST', url: '/api/v2/account', payload: { accountName: 'Building', accountType: 'CR', parentId: 0 } });
      expect(plain.json().account.openForGiving).toBe(false);
      expect((await put({ accountName: 'Tithes', accountType: 'CR', parentId: 0, openForGiving: 'perhaps' })).statusCode).toBe(400);

      const accountEvents = await t.db
        .selectFrom('activity_events')
        .select(['action', 'changes'])
        .where('tenant_id', '=', partner.id)
        .where('entity', '=', 'account')
        .where('entity_id', '=', String(account.id))
        .orderBy('id')
        .execute();
      expect(accountEvents.map((event) => [event.action, event.changes.filter((change) => change.field === 'openForGiving')])).toEqual([
        ['create', [{ field: 'openForGiving', old: null, new: true }]],
        ['update', []],
        ['update', [{ field: 'openForGiving', old: true, new: false }]],
      ]);
    });
  });

  describe('who may', () => {
    it('lets a treasurer set up M-Pesa, and no secretary', async () => {
      const owner = await paybill();
      const treasurer = await staffOf(owner, 'treasurer');
      const secretary = await staffOf(owner, 'secretary');
      expect((await save(treasurer, { initiator: 'apiop' })).initiator).toBe('apiop');
      await ok(treasurer, 'POST', MPESA_SETUP_TEST_PATH);
      await ok(treasurer, 'GET', MPESA_CALLBACKS_PATH);
      const refused = noPermissionText('mpesa.configure');
      for (const [method, path] of [
        ['GET', MPESA_SETUP_PATH],
        ['PUT', MPESA_SETUP_PATH],
        ['POST', MPESA_SETUP_TEST_PATH],
        ['POST', MPESA_SETUP_REGISTER_PATH],
        ['GET', MPESA_CALLBACKS_PATH],
        ['POST', mpesaCallbackReplayPath('1')],
      ] as const) {
        expectFailure(await call(secretary, method, path, method === 'GET' ? undefined : {}), 403, refused);
      }
    });
  });
});
