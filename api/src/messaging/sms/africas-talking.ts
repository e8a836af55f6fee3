import {
  GatewayRefusedError,
  GatewayUncertainError,
  GatewayUnavailableError,
  type GatewayPauseReason,
  type SmsProvider,
  type SmsRecipientResult,
  type SmsRequest,
} from './provider';

/**
 * Africa's Talking bulk SMS over plain HTTP (`fetch`), so tests and the benchmark point it at a local
 * server that speaks the same format (../../../test/support/fake-gateway.ts). Formats:
 * docs/integrations.md. One request: `POST {baseUrl}/version1/messaging`, form-encoded `username`,
 * `to` (comma-joined), `message`, `from`, `bulkSMSMode=1`, `enqueue=1`; headers `apiKey` and
 * `Accept: application/json`; 201 with `SMSMessageData.Recipients[]` on success.
 *
 * How a failure is read decides whether a message may be sent twice, so it is conservative:
 * - no connection made (refused, unknown host, connect timeout) or an HTTP error status: the gateway did
 *   not take the request -> GatewayUnavailableError (the outbox retries it later);
 * - HTTP 401: the gateway refused the API key or the sender id (docs/integrations.md, "Africa's Talking") ->
 *   GatewayRefusedError: not taken, and retrying is pointless until a person fixes it (the outbox pauses);
 * - the request went out but no readable answer came back (timeout, reset, garbage) -> GatewayUncertainError
 *   (the outbox marks the messages unconfirmed and never resends them by itself).
 * Per recipient (statusCode, from Africa's Talking's documentation and africastalking-node's test/mocks.js):
 * 100/101/102 sent; 405 InsufficientBalance and 401 RiskHold describe the account, not the number -> paused
 * (kept queued); 406 UserInBlacklist opted out; 502 RejectedByGateway and other 4xx failed for good with the
 * gateway's status as the reason; 500 InternalServerError and 501 GatewayError retry.
 */

export interface AfricasTalkingOptions {
  /** https://api.africastalking.com, the sandbox's, or a test server's. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The `from` of a request that names none (AT_SENDER_ID); the gateway's default when absent. */
  senderId?: string | undefined;
  /** How long one request may take before its outcome counts as unknown. */
  timeoutMs: number;
}

export const AFRICAS_TALKING_HOST = 'https://api.africastalking.com';
export const AFRICAS_TALKING_SANDBOX_HOST = 'https://api.sandbox.africastalking.com';

const SENT = new Set([100, 101, 102]);
const BLACKLISTED = 406;
/** Per-number statuses that are the account's state: every other number of the account gets the same. */
const ACCOUNT_STATES: ReadonlyMap<number, GatewayPauseReason> = new Map([
  [405, 'credit'], // InsufficientBalance
  [401, 'held'], // RiskHold
]);
/** RejectedByGateway: a 5xx, but the gateway's final word on this message; sending it again gets the same. */
const REJECTED_BY_GATEWAY = 502;
/** The whole request refused for the account's key or sender id. */
const UNAUTHORIZED = 401;
/** How much of a refusal's body goes into the reason: the gateway's words, short. */
const REFUSAL_TEXT_LENGTH = 120;
/** Connection errors that mean the request never reached the gateway. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

interface AtRecipient {
  number?: unknown;
  status?: unknown;
  statusCode?: unknown;
  cost?: unknown;
  messageId?: unknown;
  messageParts?: unknown;
}

export function africasTalkingProvider(options: AfricasTalkingOptions): SmsProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/version1/messaging`;

  async function post(request: SmsRequest): Promise<Response> {
    const body = new URLSearchParams({ username: options.username, to: request.to.join(','), message: request.message });
    const from = request.from ?? options.senderId;
    if (from) body.set('from', from);
    body.set('bulkSMSMode', '1');
    body.set('enqueue', '1');
    try {
      return await fetch(endpoint, {
        method: 'POST',
        headers: { apiKey: options.apiKey, Accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw connectionFailure(error);
    }
  }

  return {
    name: "Africa's Talking",
    account: `africastalking:${options.username}`,
    async send(request) {
      const response = await post(request);
      if (response.status === UNAUTHORIZED) {
        const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, REFUSAL_TEXT_LENGTH);
        throw new GatewayRefusedError(`Gateway refused the API key or sender id (HTTP 401${text ? `: ${text}` : ''})`);
      }
      if (response.status >= 300) {
        // Not taken: whatever it says, the request was refused as a whole (bad key, overload, …).
        await response.body?.cancel().catch(() => undefined);
        throw new GatewayUnavailableError(`Gateway refused the request (HTTP ${response.status})`);
      }
      let answer: unknown;
      try {
        answer = await response.json();
      } catch (error) {
        throw new GatewayUncertainError(`Gateway answer unreadable: ${(error as Error).message}`);
      }
      const recipients = (answer as { SMSMessageData?: { Recipients?: unknown } } | null)?.SMSMessageData?.Recipients;
      if (!Array.isArray(recipients)) throw new GatewayUncertainError('Gateway answer without SMSMessageData.Recipients');
      return (recipients as AtRecipient[]).flatMap(recipientResult);
    },
  };
}

/** One entry of `Recipients`; nothing when it names no number or an unreadable status (the outbox then treats that number as unconfirmed). */
function recipientResult(recipient: AtRecipient): SmsRecipientResult[] {
  if (typeof recipient.number !== 'string') return [];
  const number = recipient.number;
  const code = Number(recipient.statusCode);
  const reason = typeof recipient.status === 'string' && recipient.status ? recipient.status : `Gateway status ${String(recipient.statusCode)}`;
  if (SENT.has(code)) {
    const parts = Number(recipient.messageParts);
    return [
      {
        number,
        outcome: 'sent',
        messageId: typeof recipient.messageId === 'string' && recipient.messageId ? recipient.messageId : null,
        cost: typeof recipient.cost === 'string' ? recipient.cost : null,
        parts: Number.isInteger(parts) && parts > 0 ? parts : null,
      },
    ];
  }
  const pause = ACCOUNT_STATES.get(code);
  if (pause) return [{ number, outcome: 'paused', pause, reason }];
  if (code === BLACKLISTED) return [{ number, outcome: 'optedOut', reason }];
  if ((code >= 400 && code < 500) || code === REJECTED_BY_GATEWAY) return [{ number, outcome: 'failed', reason }];
  if (code >= 500 && code < 600) return [{ number, outcome: 'retry', reason }];
  // A status we cannot read: it may have been taken, so it is not tried again.
  return [];
}

/** A `fetch` that threw: before the connection (safe to retry) or after the request went out (unknown). */
function connectionFailure(error: unknown): Error {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new GatewayUncertainError('Gateway did not answer in time');
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === 'string' && NOT_CONNECTED.has(code)) return new GatewayUnavailableError(`Gateway unreachable (${code})`);
  return new GatewayUncertainError(`Gateway connection failed${typeof code === 'string' ? ` (${code})` : ''}`);
}
