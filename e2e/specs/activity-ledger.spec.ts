import { expect, test, type Page } from '@playwright/test';
import { acknowledge, apiAs, dialog, signIn, unique } from '../support/demo';
import { createAccount, findRow } from '../support/finance';

/*
 * Who changed what, and money corrected by reversal (issue 26), as Grace's treasurer lives it: Ruth corrects an
 * income's amount with a reason; the list shows the reversed entry, its reversal and the new one, and hides the first
 * two on request; the account's statement counts the net; the income's history and Settings -> Activity show that
 * Ruth changed the amount from what to what; then she closes the month, and a correction dated in it is refused.
 *
 * The income is dated in a month two to three years back, which no other spec writes in, so closing it disturbs
 * nobody; a retry finds the month closed by the attempt before and has Jane (an owner) reopen it first.
 */

const TREASURER = 'Ruth Muthoni';

/** A past month, YYYY-MM, 24 to 35 months before this one. */
function pastMonth(): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - 24 - Math.floor(Math.random() * 12));
  return date.toISOString().slice(0, 7);
}

/** 'March 2024': how the English screens name a month. */
const monthName = (month: string) => new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** Opens the edit screen of the one income row whose text has `text` among the rows the search for `tag` lists. */
async function editIncome(page: Page, tag: string, text: string) {
  await page.goto('/finance/income');
  const rows = page.getByRole('row').filter({ hasText: tag });
  const search = page.getByPlaceholder('type text to search..');
  await search.fill(tag);
  await search.press('Enter');
  await rows.filter({ hasText: text }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Income' })).toBeVisible();
}

test('a treasurer corrects an income by reversal with a reason, sees who changed what, and a closed month refuses a correction', async ({ page, request }) => {
  test.slow();
  const tag = unique();
  const month = pastMonth();
  const accountName = `Building appeal ${tag}`;
  const payer = `Njeri${tag}`;

  // Jane (an owner) sets the scene: an income account and a gift of 1,000.00 recorded in that month.
  const jane = await apiAs(request, 'jane');
  await jane.post(`periods/${month}/reopen`, { reason: 'An earlier attempt of this test closed it' });
  await createAccount(request, accountName, 'CR');
  const accounts = (await (await jane.get('account', { searchKey: accountName, page: 1, pagesize: 5 })).json()) as { accounts: Array<{ id: number }> };
  const recorded = await jane.post('income', {
    firstname: payer,
    lastname: 'Wambui',
    phone: '0712 345 678',
    amount: '1000.00',
    account: accounts.accounts[0]!.id,
    mode: 'CASH',
    dateOfTransaction: `${month}-15`,
    paymentFor: 'Harambee',
    reference: `Envelope ${tag}`,
    sendMessage: false,
  });
  expect(recorded.status()).toBe(201);

  // Ruth corrects the amount: without a reason the form refuses, with one the income is reversed and recorded again.
  await signIn(page, 'treasurer');
  await editIncome(page, tag, 'KES 1,000.00');
  await page.getByLabel('Amount').fill('1200.00');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Give a reason/).first()).toBeVisible();
  await page.getByLabel('Reason for the change').fill('The envelope held 1,200, typed as 1,000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'The income was corrected');

  // The list: the reversed entry, its reversal and the new entry; 'Hide reversals' leaves the new one.
  await page.goto('/finance/income');
  const rows = page.getByRole('row').filter({ hasText: tag });
  await findRow(page, tag, 'KES 1,200.00');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Reversed' })).toContainText('KES 1,000.00');
  await expect(rows.filter({ hasText: 'Reversal' })).toContainText('-KES 1,000.00');
  await expect(rows.filter({ hasText: 'Correction' })).toContainText('KES 1,200.00');
  await page.getByRole('checkbox', { name: 'Hide reversals' }).check();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('KES 1,200.00');

  // The account's statement over that month counts the net: 1,000 in, 1,000 back, 1,200 in.
  await page.goto('/finance/statements');
  await page.getByLabel('Account', { exact: true }).click();
  await page.keyboard.type(accountName);
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${accountName} · Income`, { exact: true }).click();
  await page.getByLabel('From').fill(`${month}-01`);
  await page.getByLabel('To').fill(`${month}-28`);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('statement-in')).toHaveText(/1,200\.00/);
  await expect(page.getByTestId('statement-closing')).toHaveText(/1,200\.00/);

  // The reversed income's own history: Ruth corrected it, the amount from 1,000.00 to 1,200.00, with her reason.
  await editIncome(page, tag, 'Reversed');
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('listitem').filter({ hasText: 'Corrected' }).first();
  await expect(history).toContainText(TREASURER);
  await expect(history).toContainText('KES 1,000.00');
  await expect(history).toContainText('KES 1,200.00');

  // Settings -> Activity: the same correction among the finance events, newest first.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Settings', { exact: true }).click();
  await menu.getByText('Activity', { exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/activity$/);
  const event = page.getByRole('row').filter({ hasText: 'Corrected' }).first();
  await expect(event).toContainText(TREASURER);
  await expect(event).toContainText('KES 1,200.00');

  // Ruth closes the month; a correction of the new entry, dated in it, is refused and names the month.
  await page.goto('/finance/periods');
  const period = page.getByRole('row').filter({ hasText: monthName(month) });
  await period.getByRole('button', { name: 'Close' }).click();
  await dialog(page, `Close ${monthName(month)}?`)
    .getByRole('button', { name: 'Close' })
    .click();
  await acknowledge(page, 'Awesome!');
  await expect(period).toContainText('Closed');

  await editIncome(page, tag, 'Correction');
  await page.getByLabel('Amount').fill('1300.00');
  await page.getByLabel('Reason for the change').fill('Another envelope found');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Error!', `${monthName(month)} is closed`);
});
