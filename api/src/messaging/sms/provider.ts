/**
 * What the outbox needs from an SMS gateway (issue 8): send one text to many numbers and say, per
 * number, what became of it. Adapters: ./africas-talking.ts (the real gateway) and ./dev-provider.ts
 * (a developer machine without one).
 *
 * A request that fails as a whole fails in one of two ways, and the difference is money: either the
 * gateway certainly did not take it (`GatewayUnavailableError`: safe to send again later), or it may have
 * taken it (`GatewayUncertainError`: never sent again by itself, since the recipients may already have it).
 * A refusal of the account itself (`GatewayRefusedError`, or a per-number `paused` result) is not taken either,
 * but sending again is pointless until a person acts: the outbox pauses that account instead (issue 31).
 * Anything else a provider throws is a bug, and the outbox treats it as its own process dying.
 */

export interface SmsRequest {
  /** The sender id (alphanumeric or short code); the gateway's default when absent. */
  from?: string;
  message: string;
  /** Distinct E.164 numbers. */
  to: string[];
}

/** What became of one number of a request. */
export type SmsRecipientResult =
  /** Taken by the gateway. `delivered`: already known to have arrived (the dev provider). */
  | { number: string; outcome: 'sent'; messageId: string | null; cost: string | null; parts: number | null; delivered?: boolean }
  /** Refused for good; `reason` is the gateway's word for it (InvalidPhoneNumber, …). */
  | { number: string; outcome: 'failed'; reason: string }
  /** Refused for now (the gateway's own trouble): try again later. */
  | { number: string; outcome: 'retry'; reason: string }
  /** The number is on the gateway's blacklist: it asked for no more messages. */
  | { number: string; outcome: 'optedOut'; reason: string }
  /**
   * Refused because of the gateway ACCOUNT, not the number (out of credit, held for review): nothing will go
   * out until that changes, so the outbox keeps the message queued and pauses (../outbox/gateway-pause.ts).
   */
  | { number: string; outcome: 'paused'; pause: GatewayPauseReason; reason: string };

/**
 * Why a gateway account cannot send: 'credit' (out of credit), 'held' (the gateway holds the account, e.g. for a
 * risk review) or 'refused' (it refused the API key or the sender id). Each needs a person at the gateway's end.
 */
export type GatewayPauseReason = 'credit' | 'held' | 'refused';

export interface SmsProvider {
  /** For logs and the start-up lines; never a secret. */
  readonly name: string;
  /**
   * The gateway account this provider sends from, e.g. `africastalking:<username>`; never a secret. A pause
   * (out of credit, key refused) is kept per account, in the database, so every process sending from it sees it.
   */
  readonly account: string;
  /**
   * Sends `request.message` to every number of `request.to`: one result per number (in any order; a number
   * without a result counts as possibly sent).
   * Throws GatewayUnavailableError, GatewayUncertainError or GatewayRefusedError when the request fails as a whole.
   */
  send(request: SmsRequest): Promise<SmsRecipientResult[]>;
}

/** The gateway certainly did not take the request (refused connection, HTTP 5xx, …): send it again later. */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
}

/**
 * The gateway refused the request as a whole because of the account (a wrong API key, a sender id the account may
 * not use): it did not take it, and sending again changes nothing until a person fixes the settings or the account.
 * The outbox keeps the messages queued and pauses instead of retrying.
 */
export class GatewayRefusedError extends Error {
  override readonly name = 'GatewayRefusedError';
}

/** The request may have reached the gateway but no answer came (timeout, reset connection, unreadable answer). */
export class GatewayUncertainError extends Error {
  override readonly name = 'GatewayUncertainError';
}
