import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/demo';

/**
 * The content security policy (api/src/http/security-headers.ts) must not break what it guards: every
 * area's screens, loaded as remotes, with charts and dialogs, run under it without a single violation.
 */
const SCREENS = [
  '/dashboard/default',
  '/contacts/default',
  '/contacts/new',
  '/finance/accounts',
  '/finance/income/new',
  '/finance/budgets',
  '/finance/statements',
  '/messaging/messages',
  '/messaging/config',
  '/meetings/default',
  '/meetings/meetingtypes',
];

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`));
  });
  return violations;
}

test('every area runs under the content security policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  await signIn(page, 'jane');
  for (const screen of SCREENS) {
    await page.goto(screen);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('the API documentation page works under its own policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Ushirika', { exact: false }).first()).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(violations).toEqual([]);
});
