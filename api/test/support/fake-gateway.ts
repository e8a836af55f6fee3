import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smsSegments } from '@ushirika/shared/validation';

/**
 * A local HTTP server that speaks Africa's Talking's bulk SMS format (docs/integrations.md):
 * `POST /version1/messaging`, form-encoded, answered 201 with `SMSMessageData.Recipients[]`. Tests and
 * the benchmark point the real adapter at it (AT_BASE_URL) and count what it took.
 *
 * It records every request it read and can misbehave on demand: per-number statuses (`statusOf`: the
 * constants below, as africastalking-node's test/mocks.js and the documentation give them), HTTP errors for the
 * next requests (`failNext`; 401 as the gateway answers a wrong key or a refused sender id), a delay, `hang` (reads the request, never answers)
 * and `reset` (reads the request, then drops the connection).
 */

export interface RecipientStatus {
  statusCode: number;
  status: string;
}

export interface ReceivedRequest {
  path: string;
  apiKey: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  username: string | null;
  to: string[];
  message: string | null;
  from: string | null;
  bulkSMSMode: string | null;
  enqueue: string | null;
  /** The HTTP status it was answered with; undefined when it was not answered (hang, reset). */
  answeredWith: number | undefined;
  /** Numbers the gateway took for sending: all but refused ones; none when the request was refused as a whole. */
  taken: string[];
}

export const SUCCESS: RecipientStatus = { statusCode: 101, status: 'Success' };
export const INVALID_PHONE_NUMBER: RecipientStatus = { statusCode: 403, status: 'InvalidPhoneNumber' };
export const USER_IN_BLACKLIST: RecipientStatus = { statusCode: 406, status: 'UserInBlacklist' };
export const GATEWAY_ERROR: RecipientStatus = { statusCode: 500, status: 'InternalServerError' };
/** The account's state, not the number's (issue 31): every number of the request gets it. */
export const RISK_HOLD: RecipientStatus = { statusCode: 401, status: 'RiskHold' };
export const INSUFFICIENT_BALANCE: RecipientStatus = { statusCode: 405, status: 'InsufficientBalance' };
/** A 5xx that is final: the gateway rejected this message. */
export const REJECTED_BY_GATEWAY: RecipientStatus = { statusCode: 502, status: 'RejectedByGateway' };
/** The plain-text body of a whole-request HTTP 401 (a wrong API key, or a sender id the account may not use). */
export const UNAUTHORIZED_TEXT = 'The supplied authentication is invalid';

/** KES 0.80 per part, as ten-thousandths of a shilling (the gateway prints four decimals). */
const PRICE_PER_PART = 8000;
const kes = (tenThousandths: number) => `KES ${Math.floor(tenThousandths / 10000)}.${String(tenThousandths % 10000).padStart(4, '0')}`;

export class FakeGateway {
  readonly requests: ReceivedRequest[] = [];
  /** Each number's status; Success unless it says otherwise. */
  statusOf: (number: string) => RecipientStatus = () => SUCCESS;
  /** Milliseconds to wait before answering. */
  delayMs = 0;
  /** answer: as the gateway does; hang: never answer; reset: drop the connection after reading the request. */
  mode: 'answer' | 'hang' | 'reset' = 'answer';
  private failures: number[] = [];

  private readonly server: Server = createServer((request, response) => void this.handle(request, response));
  /** Where it listens, e.g. http://127.0.0.1:40123: the adapter's base URL. */
  url = '';

  private constructor(
    /** The API key it accepts (401 otherwise); any when undefined. */
    readonly apiKey: string | undefined,
  ) {}

  /** `port` 0 (the default) takes a free one. */
  static async start(options: { apiKey?: string; port?: number } = {}): Promise<FakeGateway> {
    const gateway = new FakeGateway(options.apiKey);
    await new Promise<void>((resolve) => gateway.server.listen(options.port ?? 0, '127.0.0.1', resolve));
    gateway.url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
    return gateway;
  }

  /** The next `count` requests are refused as a whole with HTTP `status` (the messages are not taken). */
  failNext(count: number, status = 503): void {
    for (let i = 0; i < count; i += 1) this.failures.push(status);
  }

  /** Every number the gateway took for sending, once per time it took it, in order. */
  taken(): string[] {
    return this.requests.flatMap((request) => request.taken);
  }

  /** Forgets the requests and the misbehaviour. */
  reset(): void {
    this.requests.length = 0;
    this.failures = [];
    this.statusOf = () => SUCCESS;
    this.delayMs = 0;
    this.mode = 'answer';
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const header = (name: string) => [request.headers[name]].flat()[0];
    const received: ReceivedRequest = {
      path: request.url ?? '',
      apiKey: header('apikey'),
      accept: header('accept'),
      contentType: header('content-type'),
      username: form.get('username'),
      to: (form.get('to') ?? '').split(',').filter(Boolean),
      message: form.get('message'),
      from: form.get('from'),
      bulkSMSMode: form.get('bulkSMSMode'),
      enqueue: form.get('enqueue'),
      answeredWith: undefined,
      taken: [],
    };
    this.requests.push(received);

    const refuse = (status: number, text: string) => {
      received.answeredWith = status;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    };
    if (request.method !== 'POST' || received.path !== '/version1/messaging') return refuse(404, 'Not found');
    if (this.apiKey !== undefined && received.apiKey !== this.apiKey) return refuse(401, UNAUTHORIZED_TEXT);
    const failure = this.failures.shift();
    if (failure !== undefined) return refuse(failure, failure === 401 ? UNAUTHORIZED_TEXT : 'Service unavailable');

    // From here on the gateway has the messages, whatever happens to its answer.
    const recipients = received.to.map((number) => {
      const { statusCode, status } = this.statusOf(number);
      if (statusCode < 100 || statusCode > 102) return { statusCode, number, status, cost: '0', messageId: 'None' };
      received.taken.push(number);
      const parts = smsSegments(received.message ?? '');
      return { statusCode, number, status, cost: kes(parts * PRICE_PER_PART), messageId: `ATXid_${randomUUID()}`, messageParts: parts };
    });
    if (this.mode === 'hang') return;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.mode === 'reset') {
      request.socket.destroy();
      return;
    }
    const total = received.taken.length * smsSegments(received.message ?? '') * PRICE_PER_PART;
    const body = { SMSMessageData: { Message: `Sent to ${received.taken.length}/${received.to.length} Total Cost: ${kes(total)}`, Recipients: recipients } };
    received.answeredWith = 201;
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
