import { expect, test } from '@playwright/test';
import { demoUsers, signIn } from '../support/demo';

test('a visitor without a session is sent to the login screen', async ({ page }) => {
  await page.goto('/meetings/meetingtypes');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('a wrong password keeps the user on the login screen with a message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demoUsers.jane.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the general partner sees its name, its user and the general menu', async ({ page }) => {
  await signIn(page, 'jane');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByText(demoUsers.jane.name).first()).toBeVisible();
  await expect(page.getByText(demoUsers.jane.partner).first()).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const group of ['Contacts', 'Finance', 'Meetings', 'Messaging']) {
    await expect(menu.getByText(group, { exact: true })).toBeVisible();
  }
  await expect(menu.getByText('Money In', { exact: true })).toHaveCount(0);
});

test('the etracker partner sees the reduced menu and its own dashboard', async ({ page }) => {
  await signIn(page, 'peter');
  await expect(page).toHaveURL(/\/dashboard\/etracker$/);
  await expect(page.getByText(demoUsers.peter.partner).first()).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const item of ['Dashboard', 'Accounts', 'Money In', 'Money Out', 'Statements', 'Budget']) {
    await expect(menu.getByText(item, { exact: true })).toBeVisible();
  }
  // Upendo keeps its customers here (its partner has the contacts area, issue 28.7), and sends no SMS from here.
  await expect(menu.getByText('Contacts', { exact: true })).toBeVisible();
  await expect(menu.getByText('Messaging', { exact: true })).toHaveCount(0);
});

test('the logo leads to the dashboard of the partner product', async ({ page }) => {
  await signIn(page, 'peter');
  await page.goto('/dashboard/default');
  await expect(page).toHaveURL(/\/dashboard\/etracker$/);
});

test('menu search filters nested items and says when nothing matches', async ({ page }) => {
  await signIn(page, 'jane');
  const search = page.getByPlaceholder(/search/i).first();
  await search.fill('MEETING');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('All Meetings')).toBeVisible();
  await expect(menu.getByText('Meeting types')).toBeVisible();
  await expect(menu.getByText('All Contacts')).toHaveCount(0);
  await search.fill('zzzz');
  await expect(page.getByText('Oops! No results found.')).toBeVisible();
});

test('logging out ends the session', async ({ page }) => {
  await signIn(page, 'jane');
  await page.getByText(demoUsers.jane.name).first().click();
  await page.getByText('LogOut').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('the language switch translates the shell', async ({ page }) => {
  await signIn(page, 'jane');
  await page.getByLabel('Language').selectOption('Français');
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByText('Réunions', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByText('Réunions', { exact: true })).toBeVisible();
});
