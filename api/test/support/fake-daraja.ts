import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks Safaricom Daraja (docs/integrations.md, "Daraja"): OAuth, C2B RegisterURL (v1 and
 * v2), M-Pesa Express (STK push and STK Query) and Transaction Status, each with its documented success and error
 * answers. Tests point the real client at it (DARAJA_BASE_URL / `httpDaraja(..., { baseUrl })`).
 *
 * It never calls anyone back by itself: Daraja's callbacks (a prompt's result, a Transaction Status result) are
 * built with `stkCallbackBody` / `statusResultBody` and sent by the test, when it chooses (late, twice or never),
 * with `postCallback` (a real URL) or the app's `inject`. `settle` decides what STK Query answers.
 */

export type DarajaEndpoint = 'oauth' | 'registerurl' | 'stkpush' | 'stkquery' | 'transactionstatus';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The JSON body as parsed (undefined for OAuth or unreadable JSON). */
  body: Record<string, unknown> | undefined;
  /** The HTTP status it was answered with; undefined when the connection was dropped ('network'). */
  answeredWith: number | undefined;
}

/** What `failNext` makes an endpoint do once: an HTTP status (with Daraja's error body), a dropped connection, or a given error. */
export type Failure = number | 'network' | { status: number; errorCode: string; errorMessage: string };

export interface Checkout {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** The STK push body as Daraja received it (BusinessShortCode, Amount, PhoneNumber, CallBackURL, AccountReference...). */
  push: Record<string, unknown>;
  /** Set by `settle`: what STK Query then answers and what `stkCallbackBody` defaults to. */
  result?: { resultCode: number; resultDesc: string; receipt: string; amount: number; phone: string };
}

/** Daraja's documented ResultDesc for the result codes tests use. */
export const RESULT_DESCS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

/** Safaricom's public sandbox passkey (short code 174379): the fake's default. */
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
export const FAKE_CONSUMER_KEY = 'fake-consumer-key';
export const FAKE_CONSUMER_SECRET = 'fake-consumer-secret';

const errorBody = (errorCode: string, errorMessage: string) => ({ requestId: randomUUID(), errorCode, errorMessage });
/** Daraja's error for each status `failNext` is given as a bare number. */
const STATUS_ERRORS: Record<number, [string, string]> = {
  400: ['400.002.02', 'Bad Request'],
  401: ['404.001.03', 'Invalid Access Token'],
  403: ['403.001.01', 'Forbidden'],
  429: ['429.001.01', 'Too many requests'],
  500: ['500.001.1001', 'Internal Server Error'],
  503: ['503.001.01', 'Service Unavailable'],
};

/** A receipt number like M-Pesa's: 10 upper-case letters and digits. */
export const receiptNumber = () => `T${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;
/** YYYYMMDDHHmmss in East Africa Time (UTC+3). */
export const eatTimestamp = (at = new Date()) => new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export class FakeDaraja {
  /** Where it listens, e.g. http://127.0.0.1:40123: the client's base URL. */
  url = '';
  readonly requests: Record<DarajaEndpoint, RecordedRequest[]> = { oauth: [], registerurl: [], stkpush: [], stkquery: [], transactionstatus: [] };
  /** consumer key -> consumer secret of the apps it knows. */
  readonly apps = new Map<string, string>([[FAKE_CONSUMER_KEY, FAKE_CONSUMER_SECRET]]);
  /** short code -> passkey; a short code not listed takes `defaultPasskey`. */
  readonly passkeys = new Map<string, string>();
  defaultPasskey = SANDBOX_PASSKEY;
  /** The `expires_in` of the tokens it issues (Daraja: '3599'). */
  expiresIn = 3599;
  /** Short codes whose URLs are registered already: RegisterURL answers 500.003.1001 for them. */
  readonly alreadyRegistered = new Set<string>();
  /** When true, a short code registered once is registered for good (production's rule); the sandbox lets you register again. */
  registerOnce = false;
  readonly checkouts = new Map<string, Checkout>();
  private tokens = new Set<string>();
  /** TransactionID -> the ids the last Transaction Status query about it was acknowledged with. */
  private statusQueries = new Map<string, { OriginatorConversationID: string; ConversationID: string; partyA: string }>();
  private failures: Record<DarajaEndpoint, Failure[]> = { oauth: [], registerurl: [], stkpush: [], stkquery: [], transactionstatus: [] };
  private readonly server = createServer((request, response) => void this.handle(request, response));

  /** Starts on a free port of 127.0.0.1 (or `port`). */
  static async start(options: { port?: number } = {}): Promise<FakeDaraja> {
    const fake = new FakeDaraja();
    await new Promise<void>((resolve) => fake.server.listen(options.port ?? 0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The next request to `endpoint` fails so (call again to queue more). */
  failNext(endpoint: DarajaEndpoint, failure: Failure): void {
    this.failures[endpoint].push(failure);
  }

  /** Every token issued so far stops working (Daraja's 401 'Invalid Access Token'): the client must fetch a new one. */
  expireTokens(): void {
    this.tokens.clear();
  }

  /** What STK Query answers for the prompt from now on (until then: 'The transaction is being processed'). */
  settle(checkoutRequestId: string, resultCode: number, options: { receipt?: string; amount?: number; phone?: string; resultDesc?: string } = {}): Checkout {
    const checkout = this.checkout(checkoutRequestId);
    checkout.result = {
      resultCode,
      resultDesc: options.resultDesc ?? RESULT_DESCS[resultCode] ?? 'The transaction failed',
      receipt: options.receipt ?? checkout.result?.receipt ?? receiptNumber(),
      amount: options.amount ?? Number(checkout.push.Amount),
      phone: options.phone ?? String(checkout.push.PhoneNumber),
    };
    return checkout;
  }

  /**
   * The prompt's callback as Daraja posts it to CallBackURL: settles the prompt (with `resultCode`, 0 when not given
   * and not settled yet; an earlier `settle` is kept when no code is given) and builds
   * `{ Body: { stkCallback } }`; CallbackMetadata only when paid (ResultCode 0).
   */
  stkCallbackBody(checkoutRequestId: string, resultCode?: number, options: { receipt?: string; amount?: number; phone?: string } = {}) {
    const checkout = this.checkout(checkoutRequestId);
    const result = resultCode === undefined && checkout.result ? checkout.result : this.settle(checkoutRequestId, resultCode ?? 0, options).result!;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: checkout.merchantRequestId,
      CheckoutRequestID: checkout.checkoutRequestId,
      ResultCode: result.resultCode,
      ResultDesc: result.resultDesc,
    };
    if (result.resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: result.amount },
          { Name: 'MpesaReceiptNumber', Value: result.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(eatTimestamp()) },
          { Name: 'PhoneNumber', Value: Number(result.phone) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  /** The CallBackURL the prompt was sent with. */
  callbackUrlOf(checkoutRequestId: string): string {
    return String(this.checkout(checkoutRequestId).push.CallBackURL);
  }

  /** POSTs a callback body to a URL, as Safaricom would: the test chooses when, and how often. */
  async postCallback(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed };
  }

  /**
   * A Transaction Status result as Daraja posts it to ResultURL. The conversation ids are those of the last query
   * for `transId` when there was one. ResultCode 0 carries the payment's ResultParameters; any other carries none.
   */
  statusResultBody(
    transId: string,
    options: {
      resultCode?: number;
      resultDesc?: string;
      amount?: number;
      debitPartyName?: string;
      creditPartyName?: string;
      initiatedTime?: string;
      transactionStatus?: string;
      reasonType?: string;
    } = {},
  ) {
    const ids = this.statusQueries.get(transId);
    const resultCode = options.resultCode ?? 0;
    const parameters: Array<[string, string | number]> = [
      ['DebitPartyName', options.debitPartyName ?? '254712345678 - Amina W Wanjiru'],
      ['CreditPartyName', options.creditPartyName ?? `${ids?.partyA ?? '600000'} - Grace Community Church`],
      ['OriginatorConversationID', ids?.OriginatorConversationID ?? randomUUID()],
      ['InitiatedTime', options.initiatedTime ?? eatTimestamp()],
      ['DebitAccountType', 'MMF Account For Customer'],
      ['DebitPartyCharges', ''],
      ['TransactionReason', ''],
      ['ReasonType', options.reasonType ?? 'Pay Bill Online'],
      ['TransactionStatus', options.transactionStatus ?? 'Completed'],
      ['FinalisedTime', options.initiatedTime ?? eatTimestamp()],
      ['Amount', options.amount ?? 750],
      ['ConversationID', ids?.ConversationID ?? randomUUID()],
      ['ReceiptNo', transId],
    ];
    return {
      Result: {
        ResultType: 0,
        ResultCode: resultCode,
        ResultDesc: options.resultDesc ?? RESULT_DESCS[resultCode] ?? 'The transaction could not be found',
        OriginatorConversationID: ids?.OriginatorConversationID ?? randomUUID(),
        ConversationID: ids?.ConversationID ?? randomUUID(),
        TransactionID: transId,
        ...(resultCode === 0 ? { ResultParameters: { ResultParameter: parameters.map(([Key, Value]) => ({ Key, Value })) } } : {}),
        ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
      },
    };
  }

  /** Forgets requests, prompts, tokens and misbehaviour (the known apps and passkeys stay). */
  reset(): void {
    for (const list of Object.values(this.requests)) list.length = 0;
    for (const list of Object.values(this.failures)) list.length = 0;
    this.tokens.clear();
    this.checkouts.clear();
    this.statusQueries.clear();
    this.alreadyRegistered.clear();
    this.registerOnce = false;
    this.expiresIn = 3599;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private checkout(checkoutRequestId: string): Checkout {
    const checkout = this.checkouts.get(checkoutRequestId);
    if (!checkout) throw new Error(`The fake Daraja sent no prompt ${checkoutRequestId}`);
    return checkout;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const endpoint = endpointOf(request.method ?? '', url.pathname);
    let body: Record<string, unknown> | undefined;
    try {
      body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
      body,
      answeredWith: undefined,
    };
    const send = (status: number, answer: unknown) => {
      recorded.answeredWith = status;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    };
    if (!endpoint) return send(404, errorBody('404.001.01', 'Resource not found'));
    this.requests[endpoint].push(recorded);

    const failure = this.failures[endpoint].shift();
    if (failure === 'network') return void request.socket.destroy();
    if (typeof failure === 'number') return send(failure, errorBody(...(STATUS_ERRORS[failure] ?? ['500.001.1001', 'Internal Server Error'])));
    if (failure) return send(failure.status, errorBody(failure.errorCode, failure.errorMessage));

    if (endpoint === 'oauth') {
      // Basic base64(key:secret); Daraja answers 400 for a missing or unreadable header, 401... also 400 for a wrong pair.
      const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
      const [key, secret] = Buffer.from(encoded ?? '', 'base64')
        .toString('utf8')
        .split(':');
      if (url.searchParams.get('grant_type') !== 'client_credentials') return send(400, errorBody('400.008.02', 'Invalid grant type passed'));
      if (scheme !== 'Basic' || !key || this.apps.get(key) !== secret) return send(400, errorBody('400.008.01', 'Invalid Authentication passed'));
      const token = randomBytes(21).toString('base64url');
      this.tokens.add(token);
      return send(200, { access_token: token, expires_in: String(this.expiresIn) });
    }

    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token || !this.tokens.has(token)) return send(401, errorBody('404.001.03', 'Invalid Access Token'));
    if (!body) return send(400, errorBody('400.002.05', 'Invalid Request Payload'));

    if (endpoint === 'registerurl') {
      const shortCode = String(body.ShortCode ?? '');
      if (this.alreadyRegistered.has(shortCode)) return send(500, errorBody('500.003.1001', 'Urls are already registered'));
      if (!/^https?:\/\//.test(String(body.ConfirmationURL ?? ''))) return send(400, errorBody('400.003.02', 'Bad Request - Invalid ConfirmationURL'));
      if (!/^https?:\/\//.test(String(body.ValidationURL ?? ''))) return send(400, errorBody('400.003.02', 'Bad Request - Invalid ValidationURL'));
      if (this.registerOnce) this.alreadyRegistered.add(shortCode);
      return send(200, { OriginatorCoversationID: randomUUID(), ResponseCode: '0', ResponseDescription: 'Success' });
    }

    if (endpoint === 'stkpush' || endpoint === 'stkquery') {
      const shortCode = String(body.BusinessShortCode ?? '');
      const timestamp = String(body.Timestamp ?? '');
      if (!/^\d{14}$/.test(timestamp)) return send(400, errorBody('400.002.02', 'Bad Request - Invalid Timestamp'));
      const expected = b64(shortCode + (this.passkeys.get(shortCode) ?? this.defaultPasskey) + timestamp);
      if (body.Password !== expected) return send(500, errorBody('500.001.1001', 'Wrong credentials'));
      if (endpoint === 'stkquery') {
        const checkout = this.checkouts.get(String(body.CheckoutRequestID ?? ''));
        if (!checkout) return send(500, errorBody('500.001.1001', 'The transaction does not exist'));
        if (!checkout.result) return send(500, errorBody('500.001.1001', 'The transaction is being processed'));
        const { resultCode, resultDesc } = checkout.result;
        return send(200, {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: checkout.merchantRequestId,
          CheckoutRequestID: checkout.checkoutRequestId,
          ResultCode: String(resultCode),
          ResultDesc: resultDesc,
        });
      }
      if (!/^\d+$/.test(String(body.Amount ?? ''))) return send(400, errorBody('400.002.02', 'Bad Request - Invalid Amount'));
      if (!/^2547\d{8}$|^2541\d{8}$/.test(String(body.PhoneNumber ?? ''))) return send(400, errorBody('400.002.02', 'Bad Request - Invalid PhoneNumber'));
      if (!/^https?:\/\//.test(String(body.CallBackURL ?? ''))) return send(400, errorBody('400.002.02', 'Bad Request - Invalid CallBackURL'));
      const merchantRequestId = `${randomBytes(4).toString('hex')}-${Date.now()}-1`;
      const checkoutRequestId = `ws_CO_${eatTimestamp()}${randomBytes(6).toString('hex')}`;
      this.checkouts.set(checkoutRequestId, { merchantRequestId, checkoutRequestId, push: body });
      return send(200, {
        MerchantRequestID: merchantRequestId,
        CheckoutRequestID: checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      });
    }

    // Transaction Status: acknowledged; the result goes to ResultURL when the test sends it (statusResultBody).
    const ids = {
      OriginatorConversationID: `${randomBytes(4).toString('hex')}-${Date.now()}-1`,
      ConversationID: `AG_${eatTimestamp()}_${randomBytes(8).toString('hex')}`,
    };
    this.statusQueries.set(String(body.TransactionID ?? ''), { ...ids, partyA: String(body.PartyA ?? '') });
    return send(200, { ...ids, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
  }
}

function endpointOf(method: string, path: string): DarajaEndpoint | undefined {
  if (method === 'GET' && path === '/oauth/v1/generate') return 'oauth';
  if (method !== 'POST') return undefined;
  if (path === '/mpesa/c2b/v1/registerurl' || path === '/mpesa/c2b/v2/registerurl') return 'registerurl';
  if (path === '/mpesa/stkpush/v1/processrequest') return 'stkpush';
  if (path === '/mpesa/stkpushquery/v1/query') return 'stkquery';
  if (path === '/mpesa/transactionstatus/v1/query') return 'transactionstatus';
  return undefined;
}

/** Starts a fake Daraja on 127.0.0.1 and a free port. */
export const startFakeDaraja = (options: { port?: number } = {}): Promise<FakeDaraja> => FakeDaraja.start(options);
