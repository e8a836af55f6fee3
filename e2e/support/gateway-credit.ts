import { expect, type APIRequestContext } from '@playwright/test';

/** Where the e2e run's fake gateway takes orders (support/fake-sms-gateway.ts, wired in playwright.config.ts). */
export const gatewayControlUrl = () => `http://127.0.0.1:${process.env.E2E_GATEWAY_CONTROL_PORT ?? 8185}`;

/** Runs the gateway account out of credit (every number answered 405 InsufficientBalance), or tops it up again. */
export async function setGatewayCredit(request: APIRequestContext, credit: 'exhausted' | 'ok'): Promise<void> {
  expect((await request.put(`${gatewayControlUrl()}/credit/${credit}`)).status()).toBe(204);
}
