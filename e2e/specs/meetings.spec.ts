import { expect, test } from '@playwright/test';
import { acknowledge, chooseOption, signIn, unique } from '../support/demo';

test('register a meeting after seeing every validation message, find it, edit it', async ({ page }) => {
  const subject = `Harvest thanksgiving ${unique()}`;
  await signIn(page, 'jane');
  await page.goto('/meetings/default');
  await expect(page.getByRole('heading', { name: 'All Meetings' })).toBeVisible();
  await page.getByRole('button', { name: 'Register Meeting' }).click();
  await expect(page).toHaveURL(/\/meetings\/new$/);

  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of [
    'Meeting type is required',
    'Start time is required',
    'End time is required',
    'Attendance is required',
    'Expected Attendance is required',
    'Occasion is required',
    'Facilitator is required',
    'Speaker is required',
    'Total Offering is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await chooseOption(page, 'Meeting Type', 'Sunday Service');
  await page.getByLabel('Date of meeting').fill('2026-11-15');
  await page.getByLabel('Start time').fill('11:00');
  await page.getByLabel('End time').fill('10:00');
  await page.getByLabel('Attendance', { exact: true }).fill('180');
  await page.getByLabel('Expected attendance').fill('200');
  await page.getByLabel('Occasion').fill(subject);
  await page.getByLabel('Facilitator').fill('Mary Achieng');
  await page.getByLabel('Speaker').fill('Rev. John Kamau');
  await page.getByLabel('Total offering').fill('12500.50');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('End time must be after the start time')).toBeVisible();

  await page.getByLabel('End time').fill('13:00');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New meeting saved successfully!');
  await expect(page).toHaveURL(/\/meetings\/default$/);

  const box = page.getByPlaceholder('type text to search..');
  await box.fill(subject);
  await box.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(subject) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Sunday Service');
  await expect(row).toContainText('Nov 15, 2026');
  await expect(row).toContainText('180');

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/meetings\/edit\/\d+$/);
  await expect(page.getByLabel('Occasion')).toHaveValue(subject);
  await page.getByLabel('Attendance', { exact: true }).fill('195');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!');
  await box.fill(subject);
  await box.press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText('195');
});
