import { expect, test } from '@playwright/test';
import { demoUsers } from '../support/demo';

test('Kiswahili is chosen on the login screen, used everywhere, remembered, and English comes back', async ({ page }) => {
  const jane = demoUsers.jane;
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('Kiswahili');
  await expect(page.getByRole('heading', { name: 'Ingia' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');

  await page.getByLabel('Barua pepe').fill(jane.email);
  await page.getByLabel('Nenosiri').fill(jane.password);
  await page.getByRole('button', { name: 'Ingia' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashibodi' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menyu kuu' });
  await expect(menu.getByText('Mawasiliano', { exact: true })).toBeVisible();
  // Money in Kenyan shillings, the Swahili way (sw-KE).
  await expect(page.getByText(/^KES\s[\d,]+\.\d\d$/).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashibodi' })).toBeVisible();
  await menu.getByText('Mawasiliano', { exact: true }).click();
  await menu.getByText('Mawasiliano Yote', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mawasiliano Yote' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Jina la Kwanza' })).toBeVisible();

  await page.getByLabel('Lugha').selectOption('English');
  await expect(page.getByRole('heading', { level: 1, name: 'All Contacts' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
