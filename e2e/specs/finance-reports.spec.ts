import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { acknowledge, apiAs, chooseOption, dialog, signIn } from '../support/demo';

/*
 * Statements and budgets (issue 9) on the demo books: Grace Community Church's half year of giving and
 * expenses (Building Fund sits under Offering), Upendo Traders' client accounts (etracker).
 */

/** YYYY-MM-DD of the day `days` before today, in the browser's (and this runner's) calendar. */
function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An amount as the page shows it ('KES 12,500.00', '-KES 300.50') as exact whole cents. */
function centsOf(shown: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(shown.replace(/[^\d.-]/g, ''));
  if (!match) throw new Error(`Not an amount: ${shown}`);
  const cents = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -cents : cents;
}

/** 1234550n -> '12345.50': how the CSV writes an amount. */
const decimalOf = (cents: bigint) => `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;

const figure = async (page: Page, testId: string) => centsOf(await page.getByTestId(testId).innerText());

/** The four figures of the statement shown, read from the page. */
async function statementFigures(page: Page) {
  return {
    opening: await figure(page, 'statement-opening'),
    moneyIn: await figure(page, 'statement-in'),
    moneyOut: await figure(page, 'statement-out'),
    closing: await figure(page, 'statement-closing'),
  };
}

/** Shows the statement of `account` (its select label) from `start` to today. */
async function showStatement(page: Page, account: string, start: string) {
  await chooseOption(page, 'Account', account);
  await page.getByLabel('From').fill(start);
  await page.getByLabel('To').fill(daysAgo(0));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('statement-closing')).toBeVisible();
}

test('an account statement balances, downloads as CSV and prints; a giving statement is shown and sent', async ({ page, request }) => {
  await signIn(page, 'jane');
  await page.goto('/finance/statements');
  await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();

  // Offering with its sub-account Building Fund, over the last 90 days: there was giving before, so an opening balance.
  await showStatement(page, 'Offering · Income', daysAgo(90));
  const { opening, moneyIn, moneyOut, closing } = await statementFigures(page);
  expect(opening).toBeGreaterThan(0n);
  expect(moneyIn).toBeGreaterThan(0n);
  expect(closing).toBe(opening + moneyIn - moneyOut);
  await expect(page.getByRole('cell', { name: 'Building Fund' }).first()).toBeVisible();
  await expect(page).toHaveURL(/kind=account/);

  // The CSV holds the same statement, ending with its closing balance.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^statement-offering-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('Opening balance');
  expect(csv).toMatch(new RegExp(`Totals and closing balance,+${decimalOf(moneyIn)},${decimalOf(moneyOut)},${decimalOf(closing)}\\r\\n$`));

  // The print view: the partner's name over the same statement; printed without the menus or the buttons.
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page).toHaveURL(/\/finance\/statements\/print\?kind=account&account=\d+/);
  await expect(page.getByRole('heading', { name: 'Grace Community Church' })).toBeVisible();
  expect(await figure(page, 'statement-closing')).toBe(closing);
  const printButton = page.getByRole('button', { name: 'Print' });
  await expect(printButton).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(printButton).toBeHidden();
  await expect(page.locator('.ant-layout-sider')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Grace Community Church' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('statement-closing')).toBeVisible();

  // A giving statement: a demo member's gifts, found by the phone number on one of them.
  const jane = await apiAs(request, 'jane');
  const answer = await jane.get('income', { action: 'display', page: 1, pagesize: 15, startdate: '2020-01-01', enddate: daysAgo(0) });
  expect(answer.status()).toBe(200);
  const { incomes } = (await answer.json()) as { incomes: { phone: string; dateOfTransaction: string; receiptNumber: number }[] };
  const gift = incomes.find((income) => income.phone.startsWith('+'));
  expect(gift).toBeDefined();
  await page.getByRole('tab', { name: 'Giving statement' }).click();
  await page.getByLabel('Phone').fill(gift!.phone);
  await page.getByLabel('From').fill(gift!.dateOfTransaction);
  await page.getByLabel('To').fill(daysAgo(0));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('giving-total')).toBeVisible();
  await expect(page.getByRole('cell', { name: String(gift!.receiptNumber), exact: true })).toBeVisible();
  expect(await figure(page, 'giving-total')).toBeGreaterThan(0n);
  await page.getByRole('button', { name: 'Send by SMS' }).click();
  // Its text, parts and units first (issue 28.5).
  await dialog(page, 'Send this SMS?').getByRole('button', { name: 'Confirm and send' }).click();
  await acknowledge(page, 'Awesome!', 'Giving statement sent');
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page).toHaveURL(/\/finance\/statements\/print\?kind=giving/);
  await expect(page.getByRole('heading', { name: 'Giving statement' })).toBeVisible();
});

test('a budget is entered, saved and shown again after a reload, with the chart of budget against actual', async ({ page }) => {
  const amount = `${1000 + Math.floor(Math.random() * 9000)}.45`;
  await signIn(page, 'jane');
  await page.goto('/finance/budgets');
  await expect(page.getByRole('heading', { name: 'Budget' })).toBeVisible();
  const january = page.getByLabel('Thanksgiving, January');
  await january.fill(amount);
  await page.getByRole('button', { name: 'Save' }).click();
  await acknowledge(page, 'Awesome!', 'Budget saved');
  await expect(page.getByTestId('budget-chart').locator('canvas').first()).toBeVisible();

  await page.reload();
  await expect(january).toHaveValue(amount);
  await expect(page.getByTestId('budget-chart').locator('canvas').first()).toBeVisible();
});

test('the etracker menu opens the same statements screen, for a client account', async ({ page }) => {
  await signIn(page, 'peter');
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Statements', { exact: true }).click();
  await expect(page).toHaveURL(/\/finance\/statements$/);
  await showStatement(page, 'Juma Hardware · Client Account', daysAgo(60));
  const { opening, moneyIn, moneyOut, closing } = await statementFigures(page);
  expect(moneyIn).toBeGreaterThan(0n);
  expect(closing).toBe(opening + moneyIn - moneyOut);
});
