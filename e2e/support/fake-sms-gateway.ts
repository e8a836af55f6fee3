/**
 * The SMS gateway of the end-to-end run: the API tests' fake Africa's Talking server
 * (api/test/support/fake-gateway.ts) on a fixed port, so the app under test sends through the real
 * adapter. It refuses every number ending in 0000 (InvalidPhoneNumber), which is how a test makes a
 * message fail. Started by playwright.config.ts before the app.
 */
import { FakeGateway, INVALID_PHONE_NUMBER, SUCCESS } from '../../api/test/support/fake-gateway';
import { FAILING_SUFFIX } from './sms-gateway-rule';

async function main(): Promise<void> {
  const port = Number(process.env.E2E_GATEWAY_PORT ?? 8182);
  const gateway = await FakeGateway.start({ port });
  gateway.statusOf = (number) => (number.endsWith(FAILING_SUFFIX) ? INVALID_PHONE_NUMBER : SUCCESS);
  console.log(`fake SMS gateway at ${gateway.url}`);
  const stop = () => void gateway.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
