import { expect, test } from '@playwright/test';
import { acknowledge, search, signIn, unique } from '../support/demo';

test('message configs: create after the validation messages, find, edit, and a duplicate name refused', async ({ page }) => {
  const config = `sender_id_${unique()}`;
  await signIn(page, 'jane');
  await page.goto('/messaging/config');
  await expect(page.getByRole('heading', { name: 'Message Configs' })).toBeVisible();

  await page.getByRole('button', { name: 'New Config' }).click();
  await expect(page).toHaveURL(/\/messaging\/config\/new$/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Config name is required')).toBeVisible();
  await expect(page.getByText('Config Value is required')).toBeVisible();
  await page.getByLabel('Type Name').fill(config);
  await page.getByLabel('Value').fill('G');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Value must be at least 2 characters')).toBeVisible();
  await page.getByLabel('Value').fill('GRACECHURCH');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New Config saved successfully!');
  await expect(page).toHaveURL(/\/messaging\/config$/);

  const row = page.getByRole('row', { name: new RegExp(config) });
  await expect(row).toContainText('GRACECHURCH');
  await expect(row).toContainText('Grace Community Church');
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Config' })).toBeVisible();
  await expect(page.getByLabel('Type Name')).toHaveValue(config);
  await page.getByLabel('Value').fill('GRACE CHURCH');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!');
  await search(page, config);
  await expect(page.getByRole('row', { name: new RegExp(config) })).toContainText('GRACE CHURCH');

  await page.goto('/messaging/config/new');
  await page.getByLabel('Type Name').fill(config.toUpperCase());
  await page.getByLabel('Value').fill('Another value');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Error!', 'A config with this name already exists');
  await expect(page.getByLabel('Value')).toHaveValue('Another value');
});
