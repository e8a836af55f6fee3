import type { DarajaCredentials } from '../src/finance/mpesa/daraja-api';
import { DarajaError } from '../src/finance/mpesa/daraja-api';
import { darajaTimestamp, forgetDarajaTokens, httpDaraja, WORDS } from '../src/finance/mpesa/daraja-client';
import { FAKE_CONSUMER_KEY, FAKE_CONSUMER_SECRET, SANDBOX_PASSKEY, startFakeDaraja, type FakeDaraja } from './support/fake-daraja';

/** The real Daraja client against the fake Daraja server (api/test/support/fake-daraja.ts). */

const credentials: DarajaCredentials = {
  tenantId: 1,
  environment: 'sandbox',
  consumerKey: FAKE_CONSUMER_KEY,
  consumerSecret: FAKE_CONSUMER_SECRET,
  passkey: SANDBOX_PASSKEY,
  expressShortCode: '174379',
  transactionType: 'CustomerPayBillOnline',
  partyB: '',
  initiator: 'testapi',
  securityCredential: 'c2VjdXJpdHk=',
};
const push = {
  amount: '500',
  phone: '254712345678',
  callbackUrl: 'https://church.example/api/v2/c2b/s3cr3t/stk',
  accountReference: 'Tithe and Offering',
  description: 'Giving to Grace Church',
};

let fake: FakeDaraja;
beforeAll(async () => {
  fake = await startFakeDaraja();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  forgetDarajaTokens();
});

const client = (overrides: Partial<DarajaCredentials> = {}, options: Parameters<typeof httpDaraja>[1] = {}) =>
  httpDaraja({ ...credentials, ...overrides }, { baseUrl: fake.url, ...options });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a DarajaError');
    },
    (error: unknown) => error as DarajaError,
  );

describe('Daraja OAuth', () => {
  it('fetches one token and reuses it for the next calls', async () => {
    const daraja = client();
    await daraja.testConnection();
    await daraja.stkPush(push);
    await client().stkPush(push);
    expect(fake.requests.oauth).toHaveLength(1);
    expect(fake.requests.stkpush.map((request) => request.answeredWith)).toEqual([200, 200]);
  });

  it('fetches one token for callers that ask at the same time', async () => {
    await Promise.all([
      client().testConnection(),
      client().testConnection(),
      client()
        .stkQuery('ws_CO_none')
        .catch(() => undefined),
      client().testConnection(),
    ]);
    expect(fake.requests.oauth).toHaveLength(1);
  });

  it('fetches a new token 60 seconds before the old one expires', async () => {
    let at = new Date('2026-03-01T10:00:00Z');
    const daraja = client({}, { now: () => at });
    await daraja.testConnection();
    at = new Date(at.getTime() + 3538_000);
    await daraja.testConnection();
    expect(fake.requests.oauth).toHaveLength(1);
    at = new Date(at.getTime() + 2_000);
    await daraja.testConnection();
    expect(fake.requests.oauth).toHaveLength(2);
  });

  it('keeps a token per set of credentials', async () => {
    fake.apps.set('other-key', 'other-secret');
    await client().testConnection();
    await client({ consumerKey: 'other-key', consumerSecret: 'other-secret' }).testConnection();
    expect(fake.requests.oauth).toHaveLength(2);
  });

  it('drops a token Daraja refuses and sends the call once more with a new one (a refused prompt was not taken)', async () => {
    const daraja = client();
    await daraja.testConnection();
    fake.expireTokens();
    const answer = await daraja.stkPush(push);
    expect(fake.requests.oauth).toHaveLength(2);
    expect(fake.requests.stkpush.map((request) => request.answeredWith)).toEqual([401, 200]);
    expect(fake.checkouts.size).toBe(1);
    expect(fake.checkouts.has(answer.checkoutRequestId)).toBe(true);
  });

  it('says a wrong key or secret in words, without the secret', async () => {
    const error = await failure(client({ consumerSecret: 'wrong-secret' }).testConnection());
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ words: 'The consumer key or secret is wrong', retryable: false, code: '400.008.01' });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('wrong-secret');
  });

  it('says Daraja could not be reached: no server, a dropped connection, no answer in time', async () => {
    const closed = await startFakeDaraja();
    await closed.close();
    expect(await failure(httpDaraja(credentials, { baseUrl: closed.url }).testConnection())).toMatchObject({ words: 'Daraja could not be reached', retryable: true });
    fake.failNext('oauth', 'network');
    expect(await failure(client().testConnection())).toMatchObject({ words: 'Daraja could not be reached', retryable: true });
    const hanging: typeof fetch = (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    expect(await failure(client({}, { fetch: hanging, timeoutMs: 50 }).testConnection())).toMatchObject({ words: WORDS.timeout, code: 'timeout', retryable: true });
  });

  it('calls Safaricom’s host of the environment when no base URL is given', async () => {
    const urls: string[] = [];
    const spy: typeof fetch = async (url) => {
      urls.push(String(url));
      return new Response(JSON.stringify({ access_token: 't', expires_in: '3599' }), { status: 200 });
    };
    await httpDaraja(credentials, { fetch: spy }).testConnection();
    await httpDaraja({ ...credentials, environment: 'production' }, { fetch: spy }).testConnection();
    expect(urls).toEqual([
      'https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials',
      'https://api.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials',
    ]);
  });
});

describe('M-Pesa Express', () => {
  it('sends the documented prompt: EAT timestamp, password, whole amount, cut references', async () => {
    const at = new Date('2026-03-01T21:30:05Z');
    const answer = await client({}, { now: () => at }).stkPush(push);
    expect(answer.customerMessage).toBe('Success. Request accepted for processing');
    const body = fake.requests.stkpush[0]!.body!;
    expect(darajaTimestamp(at)).toBe('20260302003005');
    expect(body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${SANDBOX_PASSKEY}20260302003005`).toString('base64'),
      Timestamp: '20260302003005',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 500,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: push.callbackUrl,
      AccountReference: 'Tithe and Of',
      TransactionDesc: 'Giving to Gra',
    });
  });

  it('sends a till as PartyB for Buy Goods', async () => {
    await client({ transactionType: 'CustomerBuyGoodsOnline', partyB: '5544332' }).stkPush(push);
    expect(fake.requests.stkpush[0]!.body).toMatchObject({ TransactionType: 'CustomerBuyGoodsOnline', PartyB: '5544332' });
  });

  it('says a wrong passkey in words', async () => {
    expect(await failure(client({ passkey: 'not-the-passkey' }).stkPush(push))).toMatchObject({ words: 'The passkey or short code is wrong', retryable: false });
  });

  it('refuses an amount that is not whole shillings before calling', async () => {
    expect(await failure(client().stkPush({ ...push, amount: '10.50' }))).toMatchObject({ words: WORDS.notWhole });
    expect(fake.requests.stkpush).toHaveLength(0);
  });

  it('passes on a refusal, retryable only when Daraja failed', async () => {
    fake.failNext('stkpush', { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' });
    expect(await failure(client().stkPush(push))).toMatchObject({
      words: 'Daraja refused the request: Bad Request - Invalid PhoneNumber',
      retryable: false,
      code: '400.002.02',
    });
    fake.failNext('stkpush', 503);
    expect(await failure(client().stkPush(push))).toMatchObject({ retryable: true });
    expect(fake.checkouts.size).toBe(0);
  });

  it('queries a prompt: pending while it is being processed, then its result', async () => {
    const daraja = client();
    const { checkoutRequestId } = await daraja.stkPush(push);
    expect(await daraja.stkQuery(checkoutRequestId)).toEqual({ pending: true });
    fake.settle(checkoutRequestId, 1032);
    expect(await daraja.stkQuery(checkoutRequestId)).toEqual({ pending: false, resultCode: '1032', resultDesc: 'Request cancelled by user' });
  });
});

describe('C2B RegisterURL and Transaction Status', () => {
  const urls = {
    shortCode: '600984',
    responseType: 'Completed' as const,
    confirmationUrl: 'https://church.example/api/v2/c2b/s/confirmation',
    validationUrl: 'https://church.example/api/v2/c2b/s/validation',
  };

  it('registers the URLs and answers Daraja’s words', async () => {
    expect(await client().registerUrls(urls)).toBe('Success');
    expect(fake.requests.registerurl[0]).toMatchObject({
      path: '/mpesa/c2b/v2/registerurl',
      body: { ShortCode: '600984', ResponseType: 'Completed', ConfirmationURL: urls.confirmationUrl, ValidationURL: urls.validationUrl },
    });
  });

  it('explains URLs already registered', async () => {
    fake.alreadyRegistered.add('600984');
    expect(await failure(client().registerUrls(urls))).toMatchObject({ words: WORDS.alreadyRegistered, code: '500.003.1001', retryable: false });
  });

  it('asks for a transaction’s status (only acknowledged) with the initiator', async () => {
    const answer = await client().transactionStatus({
      transId: 'TK60708BHZ',
      shortCode: '600984',
      resultUrl: 'https://x.example/r',
      queueTimeOutUrl: 'https://x.example/t',
    });
    expect(answer.conversationId).toMatch(/^AG_/);
    expect(fake.requests.transactionstatus[0]!.body).toMatchObject({
      Initiator: 'testapi',
      CommandID: 'TransactionStatusQuery',
      TransactionID: 'TK60708BHZ',
      PartyA: '600984',
      IdentifierType: '4',
    });
    expect(fake.statusResultBody('TK60708BHZ').Result).toMatchObject({
      ConversationID: answer.conversationId,
      OriginatorConversationID: answer.originatorConversationId,
      ResultCode: 0,
    });
    expect(
      await failure(client({ initiator: '' }).transactionStatus({ transId: 'X', shortCode: '600984', resultUrl: 'https://x', queueTimeOutUrl: 'https://x' })),
    ).toMatchObject({ words: WORDS.noInitiator });
  });
});
