import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createContact, e164, randomMobile } from '../support/contacts';
import { apiAs, dialog, search, signIn, unique } from '../support/demo';

/** A CSV as a spreadsheet would save it: a header row, then one contact a line. */
const csvFile = (rows: string[][]) => Buffer.from(`${rows.map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8');

/** Reads the file in the wizard and goes on to the dry run. */
async function dryRun(page: Page, name: string, file: Buffer): Promise<void> {
  await page.goto('/contacts/import');
  await page.getByLabel('CSV or Excel (.xlsx) file').setInputFiles({ name, mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: 'Read the file' }).click();
  await expect(page.getByRole('heading', { name: 'How the first rows read' })).toBeVisible();
  await page.getByRole('button', { name: 'Check the rows' }).click();
}

/** A count of the dry run, as its filter shows it ('New: 3'). */
const shownCount = (page: Page, text: string) => page.getByRole('radiogroup', { name: 'Rows shown' }).getByText(text, { exact: true });

/** The dry run's row of the file's row `number`. */
const fileRow = (page: Page, number: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(number), exact: true }) });

test('import: a Planning Center file, then a corrected one updates two people and adds one, erasing nothing; undo puts the earlier values back', async ({ page }) => {
  // Two imports, their dry runs, the contacts list and an undo: a long walk.
  test.slow();
  const tag = `Imported${unique()}`;
  const [amina, baraka, chausiku, dalila] = [randomMobile(), randomMobile(), randomMobile(), randomMobile()];
  const [aminaNew, barakaNew] = [randomMobile(), randomMobile()];
  const header = ['Remote ID', 'First Name', 'Last Name', 'Mobile Phone Number', 'Home Email', 'Birthdate', 'Membership'];
  const first = csvFile([
    header,
    [`${tag}-1`, 'Amina', tag, amina, `amina.${tag}@example.com`, '03/11/1990', 'Member'],
    [`${tag}-2`, 'Baraka', tag, baraka, `baraka.${tag}@example.com`, '', 'Visitor'],
    [`${tag}-3`, 'Chausiku', tag, chausiku, `chausiku.${tag}@example.com`, '', ''],
  ]);
  // The corrected file: two new phones, Chausiku's email left blank (it must stay), one new person.
  const second = csvFile([
    header,
    [`${tag}-1`, 'Amina', tag, aminaNew, `amina.${tag}@example.com`, '03/11/1990', 'Member'],
    [`${tag}-2`, 'Baraka', tag, barakaNew, `baraka.${tag}@example.com`, '', 'Visitor'],
    [`${tag}-3`, 'Chausiku', tag, chausiku, '', '', ''],
    [`${tag}-4`, 'Dalila', tag, dalila, '', '', 'Visitor'],
  ]);

  await signIn(page, 'jane');
  await page.goto('/contacts/default');
  await page.getByRole('button', { name: 'Import contacts' }).click();
  await expect(page).toHaveURL(/\/contacts\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Contacts' })).toBeVisible();

  // Refused before anything is sent.
  await page.getByLabel('CSV or Excel (.xlsx) file').setInputFiles({ name: 'contacts.xls', mimeType: 'application/vnd.ms-excel', buffer: first });
  await expect(page.getByText(/Old Excel \(\.xls\) files cannot be imported/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read the file' })).toBeDisabled();

  // Planning Center's headers are matched with no help; the day-first birthdate reads as 3 November.
  await dryRun(page, 'people-1.csv', first);
  await expect(shownCount(page, 'New: 3')).toBeVisible();
  await expect(fileRow(page, 2)).toContainText('Date of Birth: Nov 3, 1990');
  await page.getByRole('button', { name: 'Import 3 new and 0 updated contacts' }).click();
  await expect(page.getByText('Contacts created: 3. Contacts updated: 0.')).toBeVisible();

  // The corrected file: 1 new, 2 updates with their old and new phones, Chausiku unchanged (a blank never erases).
  await dryRun(page, 'people-2.csv', second);
  for (const count of ['New: 1', 'Update: 2', 'Unchanged: 1', 'Conflict: 0', 'Error: 0']) await expect(shownCount(page, count)).toBeVisible();
  await expect(fileRow(page, 2)).toContainText(`Mobile: ${e164(amina)} → ${e164(aminaNew)}`);
  await expect(fileRow(page, 3)).toContainText(`Mobile: ${e164(baraka)} → ${e164(barakaNew)}`);
  await expect(fileRow(page, 4)).toContainText('Nothing to change');
  await expect(fileRow(page, 5)).toContainText('First Name: Dalila');
  await page.getByRole('button', { name: 'Import 1 new and 2 updated contacts' }).click();
  await expect(page.getByText('Contacts created: 1. Contacts updated: 2.')).toBeVisible();

  await page.goto('/contacts/default');
  await search(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(4);
  await expect(page.getByRole('row', { name: /Amina/ })).toContainText(e164(aminaNew));
  await expect(page.getByRole('row', { name: /Chausiku/ })).toContainText(`chausiku.${tag}@example.com`);

  // Undo the second import: Dalila goes, the phones are the first file's again.
  await page.goto('/contacts/imports');
  const batch = page.getByRole('row').filter({ hasText: 'people-2.csv' }).first();
  await batch.getByRole('button', { name: 'Undo' }).click();
  await dialog(page, 'Undo this import?').getByRole('button', { name: 'Undo the import' }).click();
  await expect(page.getByText('Contacts removed: 1. Archived: 0. Put back to their earlier values: 2.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'people-2.csv' }).first()).toContainText('Undone on');

  await page.goto('/contacts/default');
  await search(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(3);
  await expect(page.getByRole('row', { name: /Amina/ })).toContainText(e164(amina));
  await expect(page.getByRole('row', { name: /Baraka/ })).toContainText(e164(baraka));
  await expect(page.getByRole('row', { name: /Dalila/ })).toHaveCount(0);
});

test('export: the CSV of the current search holds a known contact', async ({ page, request }) => {
  const tag = `Exported${unique()}`;
  const mobile = randomMobile();
  const jane = await apiAs(request, 'jane');
  await createContact(jane, { firstName: 'Zawadi', lastName: tag, gender: 'F', mobile, residence: 'Machakos' });

  // Straight from the API, with the token.
  const response = await jane.get('member/export', { searchKey: tag });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/csv');
  const body = await response.text();
  expect(body).toContain('Zawadi');
  expect(body).toContain(tag);
  expect(body.trim().split(/\r?\n/)).toHaveLength(2);

  // From the list's button: the file is named for today and holds what the search shows.
  await signIn(page, 'jane');
  await page.goto('/contacts/default');
  await search(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const saved = await readFile((await download.path())!, 'utf8');
  expect(saved).toContain('Zawadi');
  expect(saved).toContain(tag);
  expect(saved.trim().split(/\r?\n/)).toHaveLength(2);
});
