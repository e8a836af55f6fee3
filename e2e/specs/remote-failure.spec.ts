import { expect, test } from '@playwright/test';
import { signIn } from '../support/demo';

test('an area whose remote cannot be loaded shows an error panel while the rest works', async ({ page }) => {
  // Make every file of the contacts remote unavailable, as if its server were down.
  await page.route('**/remotes/contacts/**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await signIn(page, 'jane');

  await page.goto('/contacts/default');
  await expect(page.getByText(/Contacts area could not be loaded/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Meetings', { exact: true }).click();
  await menu.getByText('Meeting types').click();
  await expect(page).toHaveURL(/\/meetings\/meetingtypes$/);
  await expect(page.getByRole('heading', { name: 'Meeting Types' })).toBeVisible();
});
