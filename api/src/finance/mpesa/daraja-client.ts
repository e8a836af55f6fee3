import { createHash } from 'node:crypto';
import type { DarajaEnvironment } from '@ushirika/shared/contract';
import {
  DarajaError,
  type DarajaApi,
  type DarajaCredentials,
  type RegisterUrlsRequest,
  type StkPushAnswer,
  type StkPushRequest,
  type StkQueryAnswer,
  type TransactionStatusAnswer,
  type TransactionStatusRequest,
} from './daraja-api';

/*
 * The HTTP client of Safaricom's Daraja (docs/integrations.md, "Daraja"): one partner's credentials, its
 * environment's host (or DARAJA_BASE_URL, a fake in tests). Nothing is logged here, ever: the credentials, the
 * tokens and the payers' numbers pass through only.
 *
 * OAuth: a token is cached (in this process) per base URL and credentials until 60 s before it expires; callers
 * that need one while it is being fetched wait for that same fetch (one refresh at a time). A call Daraja answers
 * 'Invalid Access Token' (HTTP 401 or errorCode 404.001.03) drops the cached token and is made once more with a new
 * one. That holds for an STK push too: a refused token means Daraja did not take the prompt, so sending it again
 * sends it once. Nothing else is retried here: the caller decides, with `DarajaError.retryable`, and never sends a
 * prompt again after a timeout (code 'timeout': Daraja may have taken it).
 */

export const DARAJA_HOSTS: Record<DarajaEnvironment, string> = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
};
const DEFAULT_TIMEOUT_MS = 20_000;
/** A token is fetched again this long before Daraja says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Daraja's error codes the client reads. */
export const DARAJA_CODES = {
  invalidAuthentication: '400.008.01',
  invalidAccessToken: '404.001.03',
  /** Several meanings, told apart by errorMessage: 'The transaction is being processed', 'Wrong credentials'... */
  processing: '500.001.1001',
  alreadyRegistered: '500.003.1001',
} as const;

export const WORDS = {
  wrongKey: 'The consumer key or secret is wrong',
  unreachable: 'Daraja could not be reached',
  timeout: 'Daraja did not answer in time',
  wrongPasskey: 'The passkey or short code is wrong',
  alreadyRegistered: 'The callback URLs are already registered: Safaricom must change them (write to apisupport@safaricom.co.ke)',
  tokenRefused: 'Daraja refused the access token: check that the Daraja app has this API enabled',
  tooMany: 'Daraja refuses calls for a while (too many requests)',
  unreadable: 'Daraja answered something that cannot be read',
  noInitiator: 'The initiator and security credential are not set',
  notWhole: 'The amount must be whole shillings',
} as const;

interface Token {
  value: string;
  expiresAt: number;
}
/** Tokens by `tokenKey`: shared by every client of the same credentials in this process. */
const tokens = new Map<string, Token>();
const refreshes = new Map<string, Promise<Token>>();

/** Forgets every cached token (tests). */
export function forgetDarajaTokens(): void {
  tokens.clear();
  refreshes.clear();
}

/** The cache key: a hash, so that no secret is kept as a key (a changed secret gets its own token). */
const tokenKey = (baseUrl: string, credentials: DarajaCredentials) =>
  createHash('sha256').update(`${baseUrl}\0${credentials.consumerKey}\0${credentials.consumerSecret}`).digest('base64url');

/** YYYYMMDDHHmmss in East Africa Time (UTC+3, no daylight saving): Daraja's Timestamp. */
export function darajaTimestamp(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);
}

/** M-Pesa Express's Password: base64(ShortCode + Passkey + Timestamp). */
export const expressPassword = (shortCode: string, passkey: string, timestamp: string) => Buffer.from(shortCode + passkey + timestamp, 'utf8').toString('base64');

/** The first `length` characters (never half of a surrogate pair). */
const cut = (text: string, length: number) => Array.from(text).slice(0, length).join('');

interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export interface HttpDarajaOptions {
  /** DARAJA_BASE_URL; otherwise Safaricom's host of the credentials' environment. */
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export function httpDaraja(credentials: DarajaCredentials, options: HttpDarajaOptions = {}): DarajaApi {
  const baseUrl = (options.baseUrl ?? DARAJA_HOSTS[credentials.environment]).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const key = tokenKey(baseUrl, credentials);

  async function send(path: string, init: { method: 'GET' | 'POST'; authorization: string; body?: unknown }): Promise<Answer> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: init.method,
        headers: { authorization: init.authorization, accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // A DOMException (AbortSignal.timeout's reason) is not always an Error of this realm: read its name.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw timedOut ? new DarajaError(WORDS.timeout, true, 'timeout') : new DarajaError(WORDS.unreachable, true, 'unreachable');
    }
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(await response.text());
      body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  async function fetchToken(): Promise<Token> {
    const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`, 'utf8').toString('base64');
    const answer = await send('/oauth/v1/generate?grant_type=client_credentials', { method: 'GET', authorization: `Basic ${basic}` });
    const value = text(answer.body?.access_token);
    if (answer.status === 200 && value) {
      const seconds = Number(text(answer.body?.expires_in)) || 3599;
      return { value, expiresAt: now().getTime() + seconds * 1000 - TOKEN_MARGIN_MS };
    }
    if (answer.status === 400 || answer.status === 401 || text(answer.body?.errorCode) === DARAJA_CODES.invalidAuthentication) {
      throw new DarajaError(WORDS.wrongKey, false, text(answer.body?.errorCode) || String(answer.status));
    }
    throw refusal(answer);
  }

  /** The cached token, or a new one: one fetch at a time for everyone who asks meanwhile. */
  async function token(): Promise<Token> {
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > now().getTime()) return cached;
    let refresh = refreshes.get(key);
    if (!refresh) {
      refresh = fetchToken()
        .then((fresh) => {
          tokens.set(key, fresh);
          return fresh;
        })
        .finally(() => refreshes.delete(key));
      refreshes.set(key, refresh);
    }
    return refresh;
  }

  const tokenRefused = (answer: Answer) => answer.status === 401 || text(answer.body?.errorCode) === DARAJA_CODES.invalidAccessToken;

  /** POSTs with a token; a refused token is dropped and the call made once more with a new one (see above). */
  async function call(path: string, body: Record<string, unknown>): Promise<Answer> {
    const first = await token();
    const answer = await send(path, { method: 'POST', authorization: `Bearer ${first.value}`, body });
    if (!tokenRefused(answer)) return answer;
    // Only the token that was refused: another caller may have put a fresh one there already.
    if (tokens.get(key) === first) tokens.delete(key);
    const again = await send(path, { method: 'POST', authorization: `Bearer ${(await token()).value}`, body });
    if (tokenRefused(again)) throw new DarajaError(WORDS.tokenRefused, false, text(again.body?.errorCode) || '401');
    return again;
  }

  /** What a refused or failed call comes to, in words. */
  function refusal(answer: Answer): DarajaError {
    const code = text(answer.body?.errorCode) || text(answer.body?.ResponseCode) || undefined;
    const message = cut(text(answer.body?.errorMessage) || text(answer.body?.ResponseDescription), 200);
    if (code === DARAJA_CODES.alreadyRegistered) return new DarajaError(WORDS.alreadyRegistered, false, code);
    if (/wrong credentials|merchant does not exist|invalid (businessshortcode|password|shortcode)/i.test(message))
      return new DarajaError(WORDS.wrongPasskey, false, code);
    if (answer.status === 429) return new DarajaError(WORDS.tooMany, true, code ?? '429');
    if (!answer.body) return new DarajaError(`${WORDS.unreadable} (HTTP ${answer.status})`, answer.status >= 500, String(answer.status));
    const retryable = answer.status >= 500;
    return new DarajaError(
      message ? `Daraja refused the request: ${message}` : `Daraja refused the request (HTTP ${answer.status})`,
      retryable,
      code ?? String(answer.status),
    );
  }

  /** The body of a call Daraja accepted (HTTP 200, ResponseCode '0'); DarajaError otherwise. */
  function accepted(answer: Answer): Record<string, unknown> {
    if (answer.status === 200 && answer.body && text(answer.body.ResponseCode) === '0') return answer.body;
    throw refusal(answer);
  }

  function expressFields() {
    const timestamp = darajaTimestamp(now());
    return {
      BusinessShortCode: credentials.expressShortCode,
      Password: expressPassword(credentials.expressShortCode, credentials.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    kind: 'daraja',

    async testConnection(): Promise<void> {
      await token();
    },

    async stkPush(request: StkPushRequest): Promise<StkPushAnswer> {
      if (!/^\d+(\.0+)?$/.test(request.amount)) throw new DarajaError(WORDS.notWhole, false);
      const body = accepted(
        await call('/mpesa/stkpush/v1/processrequest', {
          ...expressFields(),
          TransactionType: credentials.transactionType,
          Amount: Number(request.amount),
          PartyA: request.phone,
          PartyB: credentials.partyB || credentials.expressShortCode,
          PhoneNumber: request.phone,
          CallBackURL: request.callbackUrl,
          AccountReference: cut(request.accountReference, 12),
          TransactionDesc: cut(request.description, 13),
        }),
      );
      const checkoutRequestId = text(body.CheckoutRequestID);
      if (!checkoutRequestId) throw new DarajaError(WORDS.unreadable, false);
      return { checkoutRequestId, merchantRequestId: text(body.MerchantRequestID), customerMessage: text(body.CustomerMessage) };
    },

    async stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer> {
      const answer = await call('/mpesa/stkpushquery/v1/query', { ...expressFields(), CheckoutRequestID: checkoutRequestId });
      if (text(answer.body?.errorCode) === DARAJA_CODES.processing && /being processed/i.test(text(answer.body?.errorMessage))) return { pending: true };
      const body = accepted(answer);
      const resultCode = text(body.ResultCode);
      if (!resultCode) return { pending: true };
      return { pending: false, resultCode, resultDesc: cut(text(body.ResultDesc), 500) };
    },

    async registerUrls(request: RegisterUrlsRequest): Promise<string> {
      const body = accepted(
        await call('/mpesa/c2b/v2/registerurl', {
          ShortCode: request.shortCode,
          ResponseType: request.responseType,
          ConfirmationURL: request.confirmationUrl,
          ValidationURL: request.validationUrl,
        }),
      );
      return cut(text(body.ResponseDescription) || 'Success', 500);
    },

    async transactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusAnswer> {
      if (!credentials.initiator || !credentials.securityCredential) throw new DarajaError(WORDS.noInitiator, false);
      const body = accepted(
        await call('/mpesa/transactionstatus/v1/query', {
          Initiator: credentials.initiator,
          SecurityCredential: credentials.securityCredential,
          CommandID: 'TransactionStatusQuery',
          TransactionID: request.transId,
          PartyA: request.shortCode,
          IdentifierType: '4',
          ResultURL: request.resultUrl,
          QueueTimeOutURL: request.queueTimeOutUrl,
          Remarks: 'Payment look-up',
          Occasion: '',
        }),
      );
      return { conversationId: text(body.ConversationID), originatorConversationId: text(body.OriginatorConversationID) };
    },
  };
}
