import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/db/migrate';
import { migrationProvider } from '../src/db/migrations';
import { CHECK_REASONS, callbackUrlProblem, refusedUrlWord, URL_REFUSED_WORDS } from '../src/finance/mpesa/daraja';
import { listCallbacks, replayCallbacks } from '../src/finance/mpesa/inbox';
import { configureMpesa, confirmMpesaUrls, MpesaSetupError, newCallbackSecret, partnerMpesa, removePartnerShortCode, setPartnerMpesa } from '../src/partners/queries';
import { useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, newPaybill, newTithingPaybill, type Paybill } from './support/daraja';

/**
 * M-Pesa as Safaricom runs it (issue 31.4, 31.5, 31.7): a partner takes payments on several short codes; a
 * confirmation is never refused for what a person can put right (another short code, a repeat that differs):
 * it is stored flagged; callback URLs hold no word Safaricom refuses; a new secret leaves the old one valid
 * until the new URLs are confirmed registered.
 */

const PREFIX = '/api/v2/c2b';
const SUCCESS = { ResultCode: 0, ResultDesc: 'Success' };
const ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' };
const REFUSED = { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };

describe('callback URLs Safaricom accepts', () => {
  it('generates secrets without a word Safaricom refuses (about one random secret in 300 has one)', () => {
    const secrets = Array.from({ length: 20_000 }, newCallbackSecret);
    expect(secrets.filter((secret) => refusedUrlWord(secret) !== undefined)).toEqual([]);
    expect(secrets.every((secret) => /^[A-Za-z0-9_-]{32}$/.test(secret))).toBe(true);
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('finds each refused word in any case and names it', () => {
    expect(URL_REFUSED_WORDS).toEqual(['m-pesa', 'mpesa', 'safaricom', 'exec', 'exe', 'cmd', 'sql', 'query']);
    for (const [text, word] of [
      ['/api/v2/M-Pesa/c2b', 'm-pesa'],
      ['/api/v2/MPESA', 'mpesa'],
      ['https://SafariCom.example', 'safaricom'],
      ['a-ExEc-b', 'exec'],
      ['Xexe1', 'exe'],
      ['aCMDb', 'cmd'],
      ['mySqlHost', 'sql'],
      ['QUERY', 'query'],
      ['/api/v2/c2b', undefined],
    ] as const) {
      expect(refusedUrlWord(text)).toBe(word);
    }
    expect(callbackUrlProblem({ baseUrl: 'https://pay.church.example', prefix: '/api/v2/c2b', secret: 'grace-demo-c2b' })).toBeUndefined();
    expect(callbackUrlProblem({ prefix: '/api/v2/mpesa/c2b', secret: 'grace-demo-c2b' })).toMatch(/^MPESA_CALLBACK_PREFIX contains "mpesa"/);
    expect(callbackUrlProblem({ baseUrl: 'https://sql.church.example', prefix: '/api/v2/c2b', secret: 'grace-demo-c2b' })).toMatch(/^--base-url contains "sql"/);
    expect(callbackUrlProblem({ prefix: '/api/v2/c2b', secret: 'grace-Cmd-secret-1' })).toMatch(/^The secret contains "cmd"/);
  });
});

describe.each(testDatabases)('M-Pesa short codes, secrets and repeats on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let grace: Paybill;
  let tithe: number;
  let counter = 0;
  const transId = () => `TS${String((counter += 1)).padStart(8, '0')}`;

  beforeAll(async () => {
    t = testApp();
    ({ tithe, ...grace } = await newTithingPaybill(t, '600100', 'Short Codes'));
    // A till beside the paybill (pnpm ops set-mpesa --short-code 600401 --kind till).
    expect(await setPartnerMpesa(t.db, grace.id, { shortCode: '600401', kind: 'till' })).toBe(true);
  });

  const post = async (kind: 'validation' | 'confirmation', secret: string, body: object, prefix = PREFIX) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${prefix}/${secret}/${kind}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  };
  const payment = (shortCode: string, fields: Record<string, unknown> = {}) => darajaPayment({ TransID: transId(), BusinessShortCode: shortCode, ...fields });
  const stored = (trans: string) =>
    t.db
      .selectFrom('online_transactions')
      .select(['tenant_id', 'short_code', 'amount', 'msisdn', 'check_reason', 'account_id', 'allocated_by'])
      .where('trans_id', '=', trans)
      .execute();
  const inbox = (trans: string) =>
    t.db.selectFrom('mpesa_callbacks').select(['tenant_id', 'outcome', 'detail', 'body']).where('trans_id', '=', trans).orderBy('id').execute();

  describe('more than one short code', () => {
    it('accepts and stores payments to every short code of the partner, allocated by its rules alike', async () => {
      for (const shortCode of ['600100', '600401']) {
        const body = payment(shortCode, { BillRefNumber: 'tithe' });
        expect(await post('validation', grace.secret, body)).toEqual({ status: 200, body: ACCEPTED });
        expect(await post('confirmation', grace.secret, body)).toEqual({ status: 200, body: SUCCESS });
        expect(await stored(body.TransID)).toEqual([
          { tenant_id: grace.id, short_code: shortCode, amount: '750.00', msisdn: '254712345678', check_reason: null, account_id: tithe, allocated_by: 'rule' },
        ]);
      }
      expect((await partnerMpesa(t.db, grace.id))?.shortCodes).toEqual([
        { shortCode: '600100', kind: null },
        { shortCode: '600401', kind: 'till' },
      ]);
    });

    it("stores a confirmation to a short code not the partner's flagged for a person, answering Success; refuses its validation", async () => {
      const body = payment('600999', { BillRefNumber: 'TITHE' });
      expect(await post('validation', grace.secret, body)).toEqual({ status: 400, body: REFUSED });
      expect(await post('confirmation', grace.secret, body)).toEqual({ status: 200, body: SUCCESS });
      // Flagged: its rule does not allocate it; a person may.
      expect(await stored(body.TransID)).toEqual([expect.objectContaining({ short_code: '600999', check_reason: CHECK_REASONS.otherShortCode, account_id: null })]);
      expect(await inbox(body.TransID)).toEqual([
        expect.objectContaining({ outcome: 'rejected', detail: "BusinessShortCode 600999 is not one of the partner's (600100, 600401)" }),
        expect.objectContaining({ outcome: 'accepted', detail: `stored for a person to check: ${CHECK_REASONS.otherShortCode}` }),
      ]);
    });

    it('stores a confirmation flagged once the short code is removed, and refuses another partner’s short code', async () => {
      const other = await newPaybill(t, '600500', 'Other Church');
      expect(await setPartnerMpesa(t.db, other.id, { shortCode: '600501' })).toBe(true);
      await expect(setPartnerMpesa(t.db, grace.id, { shortCode: '600500' })).rejects.toThrow(MpesaSetupError);
      expect(await removePartnerShortCode(t.db, other.id, '600501')).toBe(true);
      expect(await removePartnerShortCode(t.db, other.id, '600501')).toBe(false);
      const body = payment('600501');
      expect(await post('confirmation', other.secret, body)).toEqual({ status: 200, body: SUCCESS });
      expect(await stored(body.TransID)).toEqual([expect.objectContaining({ tenant_id: other.id, check_reason: CHECK_REASONS.otherShortCode })]);
    });

    it('replays a confirmation refused before for its short code: now stored, flagged only when the code is still not the partner’s', async () => {
      const refusedBefore = async (shortCode: string) => {
        const body = payment(shortCode);
        // As the inbox kept it before issue 31: refused with C2B00016 after the money had moved.
        const { id } = await t.db
          .insertInto('mpesa_callbacks')
          .values({
            kind: 'confirmation',
            tenant_id: grace.id,
            trans_id: body.TransID,
            body: JSON.stringify(body),
            outcome: 'rejected',
            detail: `BusinessShortCode ${shortCode} is not the partner's (600100)`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: String(id), transId: body.TransID };
      };
      const till = await refusedBefore('600401');
      const unknown = await refusedBefore('600888');
      const replayed = await replayCallbacks(t.db);
      expect(replayed).toEqual([
        { id: till.id, kind: 'confirmation', outcome: 'accepted', detail: null },
        { id: unknown.id, kind: 'confirmation', outcome: 'accepted', detail: `stored for a person to check: ${CHECK_REASONS.otherShortCode}` },
      ]);
      expect(await stored(till.transId)).toEqual([expect.objectContaining({ short_code: '600401', check_reason: null })]);
      expect(await stored(unknown.transId)).toEqual([expect.objectContaining({ short_code: '600888', check_reason: CHECK_REASONS.otherShortCode })]);
      expect(await replayCallbacks(t.db)).toEqual([]);
    });
  });

  describe('set-mpesa and secret rotation', () => {
    it('refuses a prefix, host or secret holding a word Safaricom refuses, naming it, and changes nothing', async () => {
      const church = await t.newTenant('Set Mpesa');
      const setUp = (request: Partial<Parameters<typeof configureMpesa>[2]>) => configureMpesa(t.db, church.id, { prefix: PREFIX, ...request });
      await expect(setUp({})).rejects.toThrow('--short-code is required: the partner has no short code yet');
      await expect(setUp({ shortCode: '600700', prefix: '/api/v2/mpesa/c2b' })).rejects.toThrow(
        'MPESA_CALLBACK_PREFIX contains "mpesa", which Safaricom refuses in callback URLs',
      );
      await expect(setUp({ shortCode: '600700', baseUrl: 'https://safaricom-payments.example' })).rejects.toThrow('--base-url contains "safaricom"');
      await expect(setUp({ shortCode: '600700', secret: 'grace-query-secret-1' })).rejects.toThrow('The secret contains "query"');
      await expect(setUp({ shortCode: '600700', secret: 'short' })).rejects.toThrow('--secret must be 12 to 100');
      await expect(setUp({ shortCode: '600100' })).rejects.toThrow(`Partner ${grace.id} takes payments on short code 600100`);
      expect(await partnerMpesa(t.db, church.id)).toEqual({ secret: null, previousSecret: null, previousSecretUsedAt: null, shortCodes: [] });

      const first = await setUp({ shortCode: '600700', kind: 'paybill', baseUrl: 'https://pay.church.example' });
      expect(first).toMatchObject({ secret: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), previousSecret: null, shortCodes: [{ shortCode: '600700', kind: 'paybill' }] });
      // Another short code keeps the secret: the same URLs are registered for it.
      expect(await setUp({ shortCode: '600701', kind: 'till' })).toMatchObject({ secret: first!.secret, previousSecret: null });
      expect(await configureMpesa(t.db, 999_999, { prefix: PREFIX, shortCode: '600702' })).toBeUndefined();
    });

    it('keeps the old secret valid until the new URLs are confirmed registered, then answers it as an unknown secret', async () => {
      const church = await newPaybill(t, '600800', 'Rotation');
      const old = church.secret;
      const rotated = await configureMpesa(t.db, church.id, { prefix: PREFIX, secret: 'new' });
      const fresh = rotated!.secret!;
      expect(fresh).not.toBe(old);
      expect(rotated).toMatchObject({ previousSecret: old, previousSecretUsedAt: null });

      // Both secrets store and process alike, also the former default path.
      const onOld = payment('600800');
      const onNew = payment('600800');
      expect(await post('confirmation', old, onOld, '/api/v2/mpesa/c2b')).toEqual({ status: 200, body: SUCCESS });
      expect(await post('validation', fresh, onNew)).toEqual({ status: 200, body: ACCEPTED });
      expect(await post('confirmation', fresh, onNew)).toEqual({ status: 200, body: SUCCESS });
      for (const trans of [onOld.TransID, onNew.TransID]) {
        expect(await stored(trans)).toEqual([expect.objectContaining({ tenant_id: church.id, check_reason: null })]);
      }
      expect((await partnerMpesa(t.db, church.id))?.previousSecretUsedAt).toEqual(expect.any(Date));

      // A second new secret before the first was confirmed keeps the registered (old) one.
      const again = (await configureMpesa(t.db, church.id, { prefix: PREFIX, secret: 'rotation-secret-2026' }))!;
      expect(again).toMatchObject({ secret: 'rotation-secret-2026', previousSecret: old });
      expect(await post('confirmation', old, payment('600800'))).toEqual({ status: 200, body: SUCCESS });

      expect(await confirmMpesaUrls(t.db, church.id)).toEqual({ retired: true, lastUsedAt: expect.any(Date) });
      expect(await confirmMpesaUrls(t.db, church.id)).toEqual({ retired: false, lastUsedAt: null });
      expect(await confirmMpesaUrls(t.db, 999_999)).toBeUndefined();
      const late = payment('600800');
      expect(await post('confirmation', old, late)).toEqual({ status: 400, body: REFUSED });
      const [unknown] = await t.db.selectFrom('mpesa_callbacks').selectAll().orderBy('id', 'desc').limit(1).execute();
      expect(unknown).toMatchObject({ tenant_id: null, outcome: 'unknown-partner', body: '' });
      expect(await post('confirmation', 'rotation-secret-2026', late)).toEqual({ status: 200, body: SUCCESS });
    });
  });

  describe('repeats that differ', () => {
    it('flags the stored payment when a repeat differs in amount, MSISDN, names or short code, and keeps each raw body', async () => {
      for (const [change, named] of [
        [{ TransAmount: '7500.00' }, 'TransAmount'],
        [{ MSISDN: '254799999999' }, 'MSISDN'],
        [{ FirstName: 'Baraka', LastName: 'Otieno' }, "the payer's names"],
        [{ BusinessShortCode: '600401' }, 'BusinessShortCode'],
        [{ TransAmount: '1.00', MSISDN: '254700000000' }, 'TransAmount, MSISDN'],
      ] as const) {
        const first = payment('600100', { BillRefNumber: 'OFFERING' });
        expect(await post('confirmation', grace.secret, first)).toEqual({ status: 200, body: SUCCESS });
        const repeat = { ...first, ...change };
        expect(await post('confirmation', grace.secret, repeat)).toEqual({ status: 200, body: SUCCESS });
        // The payment stays as first stored, flagged.
        expect(await stored(first.TransID)).toEqual([
          expect.objectContaining({ amount: '750.00', msisdn: '254712345678', short_code: '600100', check_reason: CHECK_REASONS.differingRepeat }),
        ]);
        expect(await inbox(first.TransID)).toEqual([
          expect.objectContaining({ outcome: 'accepted', body: JSON.stringify(first) }),
          expect.objectContaining({
            outcome: 'differing-repeat',
            body: JSON.stringify(repeat),
            detail: `this TransID is stored already with another ${named}: the stored payment is flagged for a person; both raw callbacks are kept`,
          }),
        ]);
      }
      expect((await listCallbacks(t.db, { tenantId: grace.id })).map((callback) => callback.outcome)).toContain('differing-repeat');
    });

    it('leaves an identical repeat a plain duplicate, and never lets a rule allocate a flagged payment', async () => {
      const same = payment('600100', { BillRefNumber: 'TITHE' });
      expect(await post('confirmation', grace.secret, same)).toEqual({ status: 200, body: SUCCESS });
      expect(await post('confirmation', grace.secret, same)).toEqual({ status: 200, body: SUCCESS });
      expect(await stored(same.TransID)).toEqual([expect.objectContaining({ check_reason: null, account_id: tithe, allocated_by: 'rule' })]);
      expect((await inbox(same.TransID)).map((row) => [row.outcome, row.detail])).toEqual([
        ['accepted', `allocated by rule to account ${tithe}`],
        ['duplicate', 'this TransID is stored already'],
      ]);

      // Stored before a rule could allocate it, then repeated with another amount: the repeat does not allocate it,
      // nor does an identical repeat after that.
      const waiting = payment('600100', { BillRefNumber: 'BUILDING' });
      expect(await post('confirmation', grace.secret, waiting)).toEqual({ status: 200, body: SUCCESS });
      await t.db.insertInto('bill_ref_rules').values({ tenant_id: grace.id, bill_ref: 'BUILDING', bill_ref_key: 'BUILDING', account_id: tithe }).execute();
      expect(await post('confirmation', grace.secret, { ...waiting, TransAmount: '75.00' })).toEqual({ status: 200, body: SUCCESS });
      expect(await post('confirmation', grace.secret, waiting)).toEqual({ status: 200, body: SUCCESS });
      expect(await stored(waiting.TransID)).toEqual([expect.objectContaining({ check_reason: CHECK_REASONS.differingRepeat, account_id: null })]);

      // An allocated payment is flagged too (the reason added once to what it had), and stays allocated.
      const repeatedTwice = { ...same, TransAmount: '10.00' };
      await post('confirmation', grace.secret, repeatedTwice);
      await post('confirmation', grace.secret, repeatedTwice);
      expect(await stored(same.TransID)).toEqual([expect.objectContaining({ check_reason: CHECK_REASONS.differingRepeat, account_id: tithe })]);
    });
  });

  it('migration 0020 moves each partner’s short code to partner_mpesa_short_codes (the older partner keeps a shared one)', async () => {
    const handle = await database.open();
    try {
      const names = Object.keys(await migrationProvider.getMigrations()).sort();
      const previous = names[names.indexOf('0020_mpesa_short_codes') - 1]!;
      expect((await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo(previous)).error).toBeUndefined();
      const partner = async (shortCode: string | null) =>
        (await sql<{ id: number }>`insert into partners (name, product, mpesa_short_code) values ('Old', 'general', ${shortCode}) returning id`.execute(handle.db))
          .rows[0]!.id;
      const first = await partner('600100');
      const second = await partner('600200');
      const sharing = await partner('600100');
      await partner(null);
      expect(await migrateToLatest(handle.db)).toContain('0020_mpesa_short_codes');
      const codes = await sql<{ tenant_id: number; short_code: string }>`select tenant_id, short_code from partner_mpesa_short_codes order by short_code`.execute(
        handle.db,
      );
      expect(codes.rows).toEqual([
        { tenant_id: first, short_code: '600100' },
        { tenant_id: second, short_code: '600200' },
      ]);
      expect(sharing).toBeGreaterThan(first);
    } finally {
      await handle.close();
    }
  });

  it('serves the callbacks at the default prefix and at the former default path; a set prefix alone', async () => {
    const body = payment('600100');
    expect(await post('confirmation', grace.secret, body, '/api/v2/mpesa/c2b')).toEqual({ status: 200, body: SUCCESS });
    expect(await post('confirmation', grace.secret, payment('600100'))).toEqual({ status: 200, body: SUCCESS });
    const app = await buildApp({
      db: t.db,
      config: { jwtSecret: 'prefix-test', tokenTtlSeconds: 600, webRoot: undefined, mpesaCallbackPrefix: '/hooks/pay' },
      logger: false,
    });
    try {
      const at = (url: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payment('600100')) });
      expect((await at(`/hooks/pay/${grace.secret}/confirmation`)).statusCode).toBe(200);
      expect((await at(`/api/v2/mpesa/c2b/${grace.secret}/confirmation`)).statusCode).toBe(404);
      expect((await at(`/api/v2/c2b/${grace.secret}/confirmation`)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
