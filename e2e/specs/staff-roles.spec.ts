import { expect, test, type Browser, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { acknowledge, dialog, signIn, unique } from '../support/demo';

/**
 * Staff and roles (issue 25), as an owner and the people she brings in live them: Jane (owner) invites a
 * secretary, who sets her password from the link, sees Contacts and Meetings but no Finance, and is shown the access
 * message at a finance address; Jane deactivates her and her next click ends at the login screen. A treasurer Jane
 * invites turns on two-step sign-in and signs in with a code from the authenticator app.
 *
 * Each journey invites people of its own (unique names, numbers and emails), so the specs beside it, which sign in
 * as the demo owner, are undisturbed, and a retry starts afresh.
 */

const PASSWORD = 'a staff passphrase 2026';

/** A Kenyan mobile number nobody else in the run has: 07 + 8 digits from the clock and a random part. */
const newMobile = () => `07${String(Date.now() % 1e5).padStart(5, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** Jane adds a staff member with `role` on Settings → Staff and answers the invitation link the screen shows. */
async function invite(owner: Page, name: string, role: string): Promise<string> {
  const menu = owner.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Settings', { exact: true }).click();
  await menu.getByText('Staff', { exact: true }).click();
  await expect(owner).toHaveURL(/\/settings\/staff$/);
  await owner.getByRole('button', { name: 'Add staff' }).click();
  await owner.getByLabel('Name', { exact: true }).fill(name);
  await owner.getByLabel('Mobile number').fill(newMobile());
  await owner.getByLabel('Email', { exact: true }).fill(`${name.replace(/\W+/g, '.').toLowerCase()}@staff.test`);
  await owner.getByRole('checkbox', { name: new RegExp(`^${role}`) }).check();
  await owner.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(owner, 'Awesome!');
  await expect(owner).toHaveURL(/\/settings\/staff$/);
  const link = owner.getByLabel('Invitation link');
  await expect(link).toHaveValue(/\/invitation#[\w-]{40,}$/);
  await expect(owner.getByRole('row', { name: new RegExp(name) })).toContainText('Invited');
  return link.inputValue();
}

/** The invited person, in a browser of their own: sets the password from the link, then signs in with it. */
async function acceptInvitation(browser: Browser, link: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByText(`Hello ${name}!`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set my password' }).click();
  // Back at the login, the email filled in and the server's message shown.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your password is set.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  return page;
}

test('an owner invites a secretary, who sees only her work, and is signed out when deactivated', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `Mary Secretary ${unique()}`;
  await signIn(page, 'jane');
  const link = await invite(page, name, 'Secretary');

  const secretary = await acceptInvitation(browser, link, name);
  await expect(secretary).toHaveURL(/\/dashboard\//);
  const menu = secretary.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Contacts', { exact: true })).toBeVisible();
  await expect(menu.getByText('Meetings', { exact: true })).toBeVisible();
  await expect(menu.getByText('Finance', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('Settings', { exact: true })).toHaveCount(0);
  // Her own work opens.
  await menu.getByText('Contacts', { exact: true }).click();
  await menu.getByText('All Contacts').click();
  await expect(secretary.getByRole('heading', { name: 'All Contacts' })).toBeVisible();
  // A finance address typed in: the access message, not an empty page nor a failed request.
  await secretary.goto('/finance/income');
  await expect(secretary.getByText('You do not have access to this screen')).toBeVisible();

  // Jane deactivates her: every session of hers ends at once.
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await dialog(page, 'Deactivate this staff member?').getByRole('button', { name: 'Deactivate' }).click();
  await acknowledge(page, 'Awesome!', 'deactivated');
  await expect(row).toContainText('Deactivated');

  // Her next click goes to the login screen.
  await menu.getByText('Meetings', { exact: true }).click();
  await menu.getByText('All Meetings').click();
  await expect(secretary).toHaveURL(/\/login$/);
  await secretary.context().close();
});

test('a treasurer turns on two-step sign-in and signs in with a code from the app', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `Tom Treasurer ${unique()}`;
  await signIn(page, 'jane');
  const link = await invite(page, name, 'Treasurer');
  const treasurer = await acceptInvitation(browser, link, name);
  await expect(treasurer).toHaveURL(/\/dashboard\//);

  await treasurer.getByRole('button', { name: 'Profile' }).click();
  await treasurer.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
  await treasurer.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(treasurer.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  // What a person types into the authenticator app when the QR code cannot be scanned.
  const secret = (await treasurer.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
  await treasurer.getByLabel('The 6-digit code the app shows').fill(generateSync({ secret }));
  await treasurer.getByRole('button', { name: 'Turn on' }).click();
  const codes = treasurer.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await treasurer.getByRole('button', { name: 'I have saved them' }).click();

  // Signing in again takes the password and then a code. The code of the next 30-second step: the one just used is
  // never accepted twice, and the server allows a step of clock difference.
  await treasurer.getByRole('button', { name: 'Profile' }).click();
  await treasurer.getByRole('menuitem', { name: 'LogOut' }).click();
  await expect(treasurer).toHaveURL(/\/login/);
  await treasurer.getByLabel('Email').fill(`${name.replace(/\W+/g, '.').toLowerCase()}@staff.test`);
  await treasurer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await treasurer.getByRole('button', { name: 'Login' }).click();
  await treasurer.getByLabel('Code', { exact: true }).fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await treasurer.getByRole('button', { name: 'Verify' }).click();
  // Signed in, back on the screen the log-out left.
  await expect(treasurer).toHaveURL(/\/account\/two-step$/);
  await expect(treasurer.getByText('Two-step sign-in is on for your account.')).toBeVisible();
  // A treasurer's menu: finance, and under Settings the activity log (issue 26) but no staff screen.
  const menu = treasurer.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Finance', { exact: true })).toBeVisible();
  await menu.getByText('Settings', { exact: true }).click();
  await expect(menu.getByText('Activity', { exact: true })).toBeVisible();
  await expect(menu.getByText('Staff', { exact: true })).toHaveCount(0);
  await treasurer.context().close();
});
