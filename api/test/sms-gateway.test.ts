import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { africasTalkingProvider, type AfricasTalkingOptions } from '../src/messaging/sms/africas-talking';
import { GatewayRefusedError, GatewayUncertainError, GatewayUnavailableError } from '../src/messaging/sms/provider';
import {
  FakeGateway,
  GATEWAY_ERROR,
  INSUFFICIENT_BALANCE,
  INVALID_PHONE_NUMBER,
  REJECTED_BY_GATEWAY,
  RISK_HOLD,
  SUCCESS,
  USER_IN_BLACKLIST,
} from './support/fake-gateway';

/** The Africa's Talking adapter against a local server speaking the gateway's format. */

const API_KEY = 'atsk_test_key';
const NUMBERS = ['+254712000001', '+254712000002', '+254712000003'];
const LONG_TEXT = 'Harambee for the new roof this Sunday after the second service. '.repeat(3);

/** A port nothing listens on: one a server had a moment ago. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the Africa's Talking adapter", () => {
  let gateway: FakeGateway;
  const adapter = (options: Partial<AfricasTalkingOptions> = {}) =>
    africasTalkingProvider({ baseUrl: gateway.url, username: 'gracechurch', apiKey: API_KEY, timeoutMs: 5_000, ...options });

  beforeAll(async () => {
    gateway = await FakeGateway.start({ apiKey: API_KEY });
  });
  afterAll(() => gateway.close());
  beforeEach(() => gateway.reset());

  it('posts one form-encoded request with the key in the header and every number comma-joined', async () => {
    await adapter().send({ from: 'GRACECHURCH', message: 'Service at 10am', to: NUMBERS });
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]).toMatchObject({
      path: '/version1/messaging',
      apiKey: API_KEY,
      accept: 'application/json',
      contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
      username: 'gracechurch',
      to: NUMBERS,
      message: 'Service at 10am',
      from: 'GRACECHURCH',
      bulkSMSMode: '1',
      enqueue: '1',
    });
  });

  it('sends the configured default sender id when the request names none, and no `from` when there is neither', async () => {
    await adapter({ senderId: 'USHIRIKA' }).send({ message: 'a', to: [NUMBERS[0]!] });
    await adapter().send({ message: 'b', to: [NUMBERS[0]!] });
    await adapter({ senderId: 'USHIRIKA' }).send({ from: 'GRACECHURCH', message: 'c', to: [NUMBERS[0]!] });
    expect(gateway.requests.map((request) => request.from)).toEqual(['USHIRIKA', null, 'GRACECHURCH']);
  });

  it("reads each recipient's message id, cost and parts", async () => {
    const results = await adapter().send({ message: LONG_TEXT, to: NUMBERS.slice(0, 2) });
    expect(results).toEqual(
      NUMBERS.slice(0, 2).map((number) => ({ number, outcome: 'sent', messageId: expect.stringMatching(/^ATXid_/), cost: 'KES 1.6000', parts: 2 })),
    );
    expect(new Set(results.map((result) => result.outcome === 'sent' && result.messageId)).size).toBe(2);
  });

  it('reports per-recipient refusals: 4xx failed with the status as reason, 406 opted out, 5xx retry', async () => {
    const statuses = { [NUMBERS[0]!]: INVALID_PHONE_NUMBER, [NUMBERS[1]!]: USER_IN_BLACKLIST, [NUMBERS[2]!]: GATEWAY_ERROR };
    gateway.statusOf = (number) => statuses[number]!;
    const results = await adapter().send({ message: 'Hello', to: NUMBERS });
    expect(results).toEqual([
      { number: NUMBERS[0], outcome: 'failed', reason: 'InvalidPhoneNumber' },
      { number: NUMBERS[1], outcome: 'optedOut', reason: 'UserInBlacklist' },
      { number: NUMBERS[2], outcome: 'retry', reason: 'InternalServerError' },
    ]);
  });

  it("reads 405 InsufficientBalance and 401 RiskHold as the account's state (paused), and 502 RejectedByGateway as final", async () => {
    const statuses = { [NUMBERS[0]!]: INSUFFICIENT_BALANCE, [NUMBERS[1]!]: RISK_HOLD, [NUMBERS[2]!]: REJECTED_BY_GATEWAY };
    gateway.statusOf = (number) => statuses[number]!;
    expect(await adapter().send({ message: 'Hello', to: NUMBERS })).toEqual([
      { number: NUMBERS[0], outcome: 'paused', pause: 'credit', reason: 'InsufficientBalance' },
      { number: NUMBERS[1], outcome: 'paused', pause: 'held', reason: 'RiskHold' },
      { number: NUMBERS[2], outcome: 'failed', reason: 'RejectedByGateway' },
    ]);
    gateway.statusOf = (number) => (number === NUMBERS[0] ? { statusCode: 501, status: 'GatewayError' } : SUCCESS);
    expect((await adapter().send({ message: 'Hello', to: NUMBERS })).map((result) => result.outcome)).toEqual(['retry', 'sent', 'sent']);
  });

  it('names the account it sends from, never the key', () => {
    expect(adapter().account).toBe('africastalking:gracechurch');
  });

  it.each([500, 502, 503])('reads HTTP %i as "not taken, try again"', async (status) => {
    gateway.failNext(1, status);
    const sending = adapter().send({ message: 'Hello', to: NUMBERS });
    await expect(sending).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(sending).rejects.toThrow(`HTTP ${status}`);
    expect(gateway.taken()).toEqual([]);
  });

  it('reads a refused API key or sender id (HTTP 401) as "not taken, refused": not a retry', async () => {
    const wrongKey = adapter({ apiKey: 'wrong' }).send({ message: 'Hello', to: NUMBERS });
    await expect(wrongKey).rejects.toBeInstanceOf(GatewayRefusedError);
    await expect(wrongKey).rejects.toThrow('Gateway refused the API key or sender id (HTTP 401: The supplied authentication is invalid)');
    gateway.failNext(1, 401);
    await expect(adapter().send({ from: 'NOTOURS', message: 'Hello', to: NUMBERS })).rejects.toBeInstanceOf(GatewayRefusedError);
    expect(gateway.taken()).toEqual([]);
  });

  it('reads a refused connection as "not taken, try again"', async () => {
    const sending = adapter({ baseUrl: `http://127.0.0.1:${await closedPort()}` }).send({ message: 'Hello', to: NUMBERS });
    await expect(sending).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(sending).rejects.toThrow('ECONNREFUSED');
  });

  it('reads no answer within the timeout as "may have been taken", though the gateway has it', async () => {
    gateway.mode = 'hang';
    const started = Date.now();
    await expect(adapter({ timeoutMs: 300 }).send({ message: 'Hello', to: NUMBERS })).rejects.toBeInstanceOf(GatewayUncertainError);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(gateway.taken()).toEqual(NUMBERS);
  });

  it('reads a connection dropped after the request as "may have been taken"', async () => {
    gateway.mode = 'reset';
    await expect(adapter().send({ message: 'Hello', to: NUMBERS })).rejects.toBeInstanceOf(GatewayUncertainError);
    expect(gateway.taken()).toEqual(NUMBERS);
  });

  it('reads an unreadable 201 answer as "may have been taken"', async () => {
    const server = createServer((_request, response) => response.writeHead(201, { 'content-type': 'application/json' }).end('{"SMSMessageData":'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await expect(adapter({ baseUrl }).send({ message: 'Hello', to: NUMBERS })).rejects.toBeInstanceOf(GatewayUncertainError);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
