import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { acknowledge, demoUsers, dialog, signIn } from '../support/demo';

/**
 * Changing the password and logging out everywhere end every other session (issue 10, deliver 6).
 *
 * Both end EVERY session of the user, so this spec runs its own server (same build, same code, a fresh
 * embedded database seeded with the demo data): the specs running beside it on the shared server keep
 * signing in as Jane with the demo password, undisturbed.
 */
const port = Number(process.env.E2E_ACCOUNT_PORT ?? 8183);
const baseURL = `http://127.0.0.1:${port}`;
const jane = demoUsers.jane;
const NEW_PASSWORD = 'a brand new passphrase 2026';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

let server: ChildProcess | undefined;
let dataDir = '';
let serverOutput = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'ushirika-e2e-account-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: '1',
    SMS_PROVIDER: 'dev',
    LOG_LEVEL: 'warn',
  };
  // The server directly (as scripts/start.mjs runs it): the front ends were built before the run.
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: resolve(__dirname, '..', '..', 'api'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [server.stdout, server.stderr]) stream?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  const started = Date.now();
  while (Date.now() - started < 150_000) {
    if (server.exitCode !== null) throw new Error(`the account spec's server stopped:\n${serverOutput}`);
    const healthy = await fetch(`${baseURL}/api/v2/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the account spec's server did not start:\n${serverOutput}`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser of its own (its own storage: its own session), signed in as Jane with `password`. */
async function browserSignedIn(browser: Browser, password: string = jane.password): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (password === jane.password) {
    await signIn(page, 'jane');
  } else {
    await logIn(page, password);
    await expect(page).toHaveURL(/\/dashboard\//);
  }
  return page;
}

async function logIn(page: Page, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(jane.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function openUserMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The next call to the API with the ended session is refused, and the app shows the login screen. */
async function expectSentToLogin(page: Page) {
  await page.goto('/meetings/meetingtypes');
  await expect(page).toHaveURL(/\/login$/);
}

test('changing the password keeps this browser signed in and sends the other one to the login screen', async ({ browser }) => {
  const here = await browserSignedIn(browser);
  const elsewhere = await browserSignedIn(browser);

  await openUserMenu(here, 'Change password');
  await expect(here).toHaveURL(/\/account\/password$/);
  await here.getByLabel('Current password').fill(jane.password);
  await here.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await here.getByLabel('Repeat the new password').fill(NEW_PASSWORD + ' typo');
  await here.getByRole('button', { name: /Submit/ }).click();
  await expect(here.getByText('The two new passwords are not the same')).toBeVisible();

  await here.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await here.getByRole('button', { name: /Submit/ }).click();
  await acknowledge(here, 'Awesome!', 'Your password has been changed. You have been logged out everywhere else.');
  await expect(here).toHaveURL(/\/dashboard\//);

  // This browser carries on with the new token; the other one's next call is refused.
  await here.goto('/meetings/meetingtypes');
  await expect(here.getByText('Sunday Service').first()).toBeVisible();
  await expectSentToLogin(elsewhere);

  await logIn(elsewhere, jane.password);
  await expect(elsewhere.getByText('Invalid email or password')).toBeVisible();
  // The new password works, and the login screen returns to where the refused call was made.
  await logIn(elsewhere, NEW_PASSWORD);
  await expect(elsewhere).toHaveURL(/\/meetings\/meetingtypes$/);
  await expect(elsewhere.getByText('Sunday Service').first()).toBeVisible();
});

test('logging out everywhere, after a confirmation, ends the session of every browser', async ({ browser }) => {
  const here = await browserSignedIn(browser, NEW_PASSWORD);
  const elsewhere = await browserSignedIn(browser, NEW_PASSWORD);

  await openUserMenu(here, 'Log out everywhere');
  const question = dialog(here, 'Log out everywhere?');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Log out everywhere' }).click();
  await acknowledge(here, 'Awesome!', 'You have been logged out everywhere.');
  await expect(here).toHaveURL(/\/login$/);

  await expectSentToLogin(elsewhere);
  await logIn(elsewhere, NEW_PASSWORD);
  await expect(elsewhere.getByText('Sunday Service').first()).toBeVisible();
});
