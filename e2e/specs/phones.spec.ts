import { expect, test } from '@playwright/test';
import { signIn } from '../support/demo';
import { SCREENS } from '../support/screens';
import { sessionFor, signedInContext } from '../support/weight';

/**
 * Phones (issue 13): at 360 px every screen fits without sideways scrolling of the page, the menu is a drawer,
 * and a list shows each row as a card (issue 28.6). Runs in the `phone` project
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

test('on a phone the menu is a drawer, and a list shows its rows as cards, no table @phone', async ({ page }) => {
  await signIn(page, 'jane');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Contacts', { exact: true }).click();
  await menu.getByText('All Contacts', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Contacts' })).toBeVisible();
  // Choosing a link gives the screen back.
  await expect(menu).toBeHidden();

  // Issue 28.6: each contact is a card (office-day.spec.ts shows its name and number), not a table scrolled sideways.
  await expect(page.getByRole('list', { name: 'Records' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
});
