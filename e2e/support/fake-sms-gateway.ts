/**
 * The SMS gateway of the end-to-end run: the API tests' fake Africa's Talking server
 * (api/test/support/fake-gateway.ts) on a fixed port, so the app under test sends through the real
 * adapter. It refuses every number ending in 0000 (InvalidPhoneNumber), which is how a test makes a
 * message fail. Started by playwright.config.ts before the app.
 *
 * A second port (E2E_GATEWAY_CONTROL_PORT) lets a test run the account out of credit and top it up again
 * (`PUT /credit/exhausted`, `PUT /credit/ok`; gateway-credit.ts): every number then gets 405
 * InsufficientBalance, as the real gateway answers for an account without credit.
 */
import { createServer } from 'node:http';
import { FakeGateway, INSUFFICIENT_BALANCE, INVALID_PHONE_NUMBER, SUCCESS } from '../../api/test/support/fake-gateway';
import { FAILING_SUFFIX } from './sms-gateway-rule';

async function main(): Promise<void> {
  const port = Number(process.env.E2E_GATEWAY_PORT ?? 8182);
  const controlPort = Number(process.env.E2E_GATEWAY_CONTROL_PORT ?? 8185);
  const gateway = await FakeGateway.start({ port });
  let outOfCredit = false;
  gateway.statusOf = (number) => (outOfCredit ? INSUFFICIENT_BALANCE : number.endsWith(FAILING_SUFFIX) ? INVALID_PHONE_NUMBER : SUCCESS);
  const control = createServer((request, response) => {
    const state = request.method === 'PUT' ? /^\/credit\/(exhausted|ok)$/.exec(request.url ?? '')?.[1] : undefined;
    if (state) outOfCredit = state === 'exhausted';
    response.writeHead(state ? 204 : 404).end();
  });
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  console.log(`fake SMS gateway at ${gateway.url}, its control at http://127.0.0.1:${controlPort}`);
  // Playwright ends this helper with a signal when the run is over: both servers close, then the process ends.
  const shutDown = async () => {
    await Promise.all([gateway.close(), new Promise<void>((resolve) => control.close(() => resolve()))]);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutDown());
  process.once('SIGTERM', () => void shutDown());
}

void main();
