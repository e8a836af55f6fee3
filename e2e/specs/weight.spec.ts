import { expect, test } from '@playwright/test';
import { SCREENS } from '../support/screens';
import { KB, WEIGHT_CEILINGS } from '../support/web-budgets';
import { measureScreen, sessionFor, signedInContext, type ScreenWeight } from '../support/weight';

/**
 * The size check CI runs (issue 13): every screen's JavaScript, cold cache, compressed as transferred, within
 * its ceiling (support/web-budgets.ts). Sizes only: the timings are `pnpm bench:web`'s.
 */
test.describe.configure({ mode: 'serial' });

const listing = (weight: ScreenWeight) =>
  weight.scripts
    .slice(0, 8)
    .map((load) => `${load.url} ${(load.transferred / KB).toFixed(1)} KB`)
    .join(', ');

test('every screen downloads at most its ceiling of JavaScript, compressed', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const sessions = new Map<string, string>();
  const over: string[] = [];
  for (const screen of SCREENS) {
    let session: string | undefined;
    if (screen.user) {
      session = sessions.get(screen.user) ?? (await sessionFor(baseURL!, screen.user));
      sessions.set(screen.user, session);
    }
    const weight = await measureScreen(browser, baseURL!, screen, session);
    expect(weight.scripts.length, `${screen.path} downloaded no script`).toBeGreaterThan(0);
    const uncompressed = weight.scripts.filter((load) => load.decoded > 1024 && load.encoding !== 'br' && load.encoding !== 'gzip');
    expect(
      uncompressed.map((load) => load.url),
      `${screen.path}: scripts sent uncompressed`,
    ).toEqual([]);
    const ceiling = WEIGHT_CEILINGS[screen.kind];
    if (weight.transferred > ceiling) {
      over.push(`${screen.path}: ${(weight.transferred / KB).toFixed(0)} KB > ${ceiling / KB} KB (${listing(weight)})`);
    }
  }
  expect(over).toEqual([]);
});

test('the login screen downloads neither antd nor any remote', async ({ browser, baseURL }) => {
  const weight = await measureScreen(browser, baseURL!, { path: '/login', kind: 'login' }, undefined);
  expect(weight.scripts.filter((load) => load.url.startsWith('/remotes/'))).toEqual([]);
  expect(weight.transferred).toBeLessThanOrEqual(WEIGHT_CEILINGS.login);
  const page = await browser.newPage({ baseURL });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.locator('[class*="ant-"]').count()).toBe(0);
  await page.close();
});

test('API answers over a kilobyte arrive compressed', async ({ request, baseURL }) => {
  const session = JSON.parse(await sessionFor(baseURL!, 'jane')) as { state: { access_token: string } };
  const response = await request.get('/api/v2/member', {
    params: { page: 1, pagesize: 50 },
    headers: { Authorization: `Bearer ${session.state.access_token}`, 'Accept-Encoding': 'br, gzip' },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(response.headers().vary).toMatch(/accept-encoding/i);
});

test("signed-in screens wear antd's stylesheet, compressed and cached for a year, in the brand's colours", async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, await sessionFor(baseURL!, 'jane'));
  const page = await context.newPage();
  const stylesheet = page.waitForResponse((response) => /\/antd\.[0-9a-f]{8}\.css$/.test(new URL(response.url()).pathname));
  await page.goto('/contacts/default');
  const response = await stylesheet;
  expect(response.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(response.headers()['cache-control']).toContain('immutable');
  // antd runs without writing its CSS at run time: the theme reaches its rules through CSS variables.
  const newContact = page.getByRole('link', { name: 'New Contact' }).or(page.getByRole('button', { name: 'New Contact' }));
  await expect(newContact).toHaveCSS('background-color', 'rgb(68, 102, 242)');
  await context.close();
});
