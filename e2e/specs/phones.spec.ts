import { expect, test } from '@playwright/test';
import { signIn } from '../support/demo';
import { SCREENS } from '../support/screens';
import { sessionFor, signedInContext } from '../support/weight';

/**
 * Phones (issue 13): at 360 px every screen fits without sideways scrolling of the page, the menu is a drawer,
 * and a list scrolls inside its card with its first column kept in view. Runs in the `phone` project
 * (playwright.config.ts), tagged @phone.
 */
// Phone-only: the desktop project runs the rest of the suite.
test.skip(({ isMobile }) => !isMobile, 'runs in the phone project');

test('every screen fits a 360 px wide phone: nothing scrolls the page sideways @phone', async ({ browser, baseURL, viewport, isMobile, hasTouch }) => {
  test.setTimeout(240_000);
  const wide: string[] = [];
  for (const user of [...new Set(SCREENS.map((screen) => screen.user))]) {
    const session = user ? await sessionFor(baseURL!, user) : undefined;
    const phone = await signedInContext(browser, baseURL!, session, { viewport, isMobile, hasTouch });
    const page = await phone.newPage();
    for (const screen of SCREENS.filter((candidate) => candidate.user === user)) {
      await page.goto(screen.path);
      await expect(page.locator('h1').first(), screen.path).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const { page: pageWidth, viewport } = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      if (pageWidth > viewport) wide.push(`${screen.path}: ${pageWidth} px wide in ${viewport} px`);
    }
    await phone.close();
  }
  expect(wide).toEqual([]);
});

test('on a phone the menu is a drawer, and a list scrolls inside its card with its first column in view @phone', async ({ page }) => {
  await signIn(page, 'jane');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Contacts', { exact: true }).click();
  await menu.getByText('All Contacts', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Contacts' })).toBeVisible();
  // Choosing a link gives the screen back.
  await expect(menu).toBeHidden();

  const table = page.locator('.ant-table-content');
  await expect(page.getByRole('cell').first()).toBeVisible();
  const box = await table.evaluate((element) => ({ scroll: element.scrollWidth, width: element.clientWidth }));
  expect(box.scroll).toBeGreaterThan(box.width);
  const firstCell = page.locator('tbody tr.ant-table-row').first().locator('td').first();
  const before = await firstCell.boundingBox();
  await table.evaluate((element) => element.scrollBy({ left: 300 }));
  await expect.poll(async () => (await firstCell.boundingBox())?.x).toBe(before?.x);
});
