import type { DarajaEnvironment, ExpressTransactionType, ResponseType } from '@ushirika/shared/contract';

/*
 * What the product asks of Safaricom's Daraja (docs/integrations.md, "Daraja"), one interface for the real HTTP
 * client (./daraja-client.ts) and the development simulator (./express/simulator.ts). Nothing here talks to
 * the network or the database. Every call is made outside any database transaction: the caller stores what it
 * is about to do first, and what came of it after.
 */

/** A partner's Daraja set-up, secrets decrypted (partners/secrets.ts): held in memory only while calls are made. */
export interface DarajaCredentials {
  tenantId: number;
  environment: DarajaEnvironment;
  consumerKey: string;
  consumerSecret: string;
  /** M-Pesa Express's passkey: Password = base64(ShortCode + Passkey + Timestamp). */
  passkey: string;
  /** BusinessShortCode of prompts. */
  expressShortCode: string;
  transactionType: ExpressTransactionType;
  /** PartyB: the till for CustomerBuyGoodsOnline; '' means the short code. */
  partyB: string;
  /** Transaction Status: the portal user and its encrypted password (SecurityCredential). */
  initiator: string;
  securityCredential: string;
}

export interface StkPushRequest {
  /** Whole shillings. */
  amount: string;
  /** 2547…, the payer. */
  phone: string;
  callbackUrl: string;
  /** ≤ 12 characters: what the payer sees as the account. */
  accountReference: string;
  /** ≤ 13 characters. */
  description: string;
}

export interface StkPushAnswer {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

/**
 * STK Query's answer: `pending` while Daraja says 'The transaction is being processed'; otherwise the prompt's
 * ResultCode (0 paid, 1032 cancelled, 1037 timed out, others failed) and its words. A query never carries the
 * receipt number: a paid prompt without its callback is recorded when the callback or a C2B confirmation comes,
 * or looked up by its code.
 */
export type StkQueryAnswer = { pending: true } | { pending: false; resultCode: string; resultDesc: string };

export interface RegisterUrlsRequest {
  shortCode: string;
  responseType: ResponseType;
  confirmationUrl: string;
  validationUrl: string;
}

export interface TransactionStatusRequest {
  transId: string;
  /** The partner's short code asked about (PartyA). */
  shortCode: string;
  resultUrl: string;
  queueTimeOutUrl: string;
}

/** Transaction Status only acknowledges; the result comes to `resultUrl`. */
export interface TransactionStatusAnswer {
  conversationId: string;
  originatorConversationId: string;
}

/**
 * A call Daraja refused or that could not be made. `words`: what failed, for a person ('The consumer key or
 * secret is wrong', 'Daraja could not be reached'); `retryable`: a network failure or a 5xx (an STK push is
 * never retried all the same: a prompt is never sent twice). `code`: Daraja's errorCode or ResponseCode, when it said one.
 */
export class DarajaError extends Error {
  constructor(
    readonly words: string,
    readonly retryable: boolean,
    readonly code?: string,
  ) {
    super(words);
    this.name = 'DarajaError';
  }
}

export interface DarajaApi {
  /** 'daraja' (Safaricom, sandbox or production) or 'simulator' (development, no credentials). */
  readonly kind: 'daraja' | 'simulator';
  /** Fetches (or reuses) an OAuth token: 'Test connection'. */
  testConnection(): Promise<void>;
  stkPush(request: StkPushRequest): Promise<StkPushAnswer>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer>;
  /** Daraja's ResponseDescription on success; DarajaError (code '500.003.1001' when already registered) otherwise. */
  registerUrls(request: RegisterUrlsRequest): Promise<string>;
  transactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusAnswer>;
}

/** What every Daraja caller needs from the server's configuration (config.ts): built once in app.ts (`darajaDepsFrom`). */
export interface DarajaDeps {
  /** SECRETS_KEY: opens the partners' sealed secrets (partners/secrets.ts). */
  secretsKey: Buffer;
  /** DARAJA_BASE_URL: every call to this address; otherwise Safaricom's host for the partner's environment. */
  baseUrl: string | undefined;
  /** NODE_ENV=production: no development simulator, ever. */
  production: boolean;
  /** PUBLIC_URL: where Safaricom's callbacks reach us; undefined when the server does not know (no registration, no live prompts). */
  publicUrl: string | undefined;
  /** MPESA_CALLBACK_PREFIX: `<publicUrl><prefix>/<secret>/stk` and the others. */
  callbackPrefix: string;
  /** MPESA_QUERY_AFTER: how long a prompt waits for its callback before STK Query is asked; EXPRESS_QUERY_AFTER_MS when absent. */
  queryAfterMs?: number;
}
