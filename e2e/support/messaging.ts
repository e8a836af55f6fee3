import { expect, type Locator, type Page } from '@playwright/test';
import { randomMobile, type ApiCaller } from './contacts';
import { search } from './demo';
import { FAILING_SUFFIX } from './sms-gateway-rule';

/**
 * The e2e run's gateway (a local fake of Africa's Talking, wired in playwright.config.ts) refuses every
 * number ending in 0000 with InvalidPhoneNumber (status 403), and sends every other. This one fails.
 */
export const FAILING_MOBILE = '0711 110 000';

/** A random Kenyan mobile the fake gateway sends to (not ending in FAILING_SUFFIX). */
export function sendableMobile(): string {
  for (;;) {
    const mobile = randomMobile();
    if (!mobile.replace(/\s/g, '').endsWith(FAILING_SUFFIX)) return mobile;
  }
}

/** The partner's SMS units balance, GET /smsunits. */
export async function smsBalance(api: ApiCaller): Promise<number> {
  const response = await api.get('smsunits');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { balance: number }).balance;
}

/** One figure of the new-message form's cost preview, by its label ('Characters', 'Recipients', …). */
export const previewFigure = (page: Page, label: string): Locator =>
  page
    .getByRole('region', { name: 'Cost preview' })
    .getByRole('row')
    .filter({ has: page.getByText(label, { exact: true }) });

/**
 * Waits until the list at `path`, searched for `text`, has a row containing `rowText` that passes `check`.
 * Messages are sent by the outbox worker a moment after they are queued, and lists show what the server had
 * when they were read: the page is read again until the row is as expected.
 */
export async function expectRowEventually(page: Page, path: string, text: string, rowText: string, check: (row: Locator) => Promise<void>, timeout = 30_000) {
  await expect(async () => {
    await page.goto(path);
    await search(page, text);
    const row = page.getByRole('row').filter({ hasText: rowText });
    await expect(row).toHaveCount(1, { timeout: 3_000 });
    await check(row);
  }).toPass({ timeout, intervals: [500, 1_000, 2_000] });
}
