import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createContact, e164, randomMobile } from '../support/contacts';
import { apiAs, search, signIn, unique } from '../support/demo';

/** A CSV as a spreadsheet would save it: a header row, then one contact a line. */
const csvFile = (rows: string[][]) => Buffer.from(`${rows.map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8');

test('import: preview a CSV with good and bad rows, import the good ones, then find them', async ({ page }) => {
  // A long walk through several screens: about 30 s on a loaded 2-core machine.
  test.slow();
  const tag = `Imported${unique()}`;
  const first = randomMobile();
  const second = randomMobile();
  const file = csvFile([
    ['First Name', 'Last Name', 'Gender', 'Mobile', 'Residence', 'Email'],
    ['Amina', tag, 'Female', first, 'Mombasa', 'amina@example.com'], // line 2: ready
    ['Baraka', tag, 'M', second, 'Malindi', ''], // line 3: ready
    ['J', tag, 'X', randomMobile(), 'Kilifi', ''], // line 4: invalid
    ['Amina', `${tag}Again`, 'F', e164(first), 'Mombasa', ''], // line 5: same mobile as line 2
  ]);

  await signIn(page, 'jane');
  await page.goto('/contacts/default');
  await page.getByRole('button', { name: 'Import contacts' }).click();
  await expect(page).toHaveURL(/\/contacts\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Contacts' })).toBeVisible();

  // Refused before anything is sent.
  await page.getByLabel('CSV or Excel (.xlsx) file').setInputFiles({ name: 'contacts.xls', mimeType: 'application/vnd.ms-excel', buffer: file });
  await expect(page.getByText(/Old Excel \(\.xls\) files cannot be imported/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();

  await page.getByLabel('CSV or Excel (.xlsx) file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('4 rows: 2 ready, 1 duplicates, 1 with errors')).toBeVisible();

  const problems = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Rows that will not be imported' }) });
  const invalid = problems.getByRole('row').filter({ has: page.getByRole('cell', { name: '4', exact: true }) });
  await expect(invalid).toContainText('Gender must be Male (M), Female (F) or Other (O)');
  await expect(invalid).toContainText('Name must be at least 2 characters');
  const duplicate = problems.getByRole('row').filter({ has: page.getByRole('cell', { name: '5', exact: true }) });
  await expect(duplicate).toContainText('Duplicate of line 2 (same mobile number)');

  const sample = page.locator('section').filter({ has: page.getByRole('heading', { name: 'First contacts to import' }) });
  await expect(sample.getByRole('row', { name: /Amina/ })).toContainText(e164(first));
  await expect(sample.getByRole('row', { name: /Baraka/ })).toContainText('Male');

  await page.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(page.getByText('Imported: 2. Duplicates skipped: 1. Rows with errors left out: 1.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to All Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts\/default$/);

  await search(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Amina/ })).toContainText('amina@example.com');
  await expect(page.getByRole('row', { name: /Baraka/ })).toContainText(e164(second));

  // Importing the same file again creates nobody: every good row is now a known contact.
  await page.goto('/contacts/import');
  await page.getByLabel('CSV or Excel (.xlsx) file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('4 rows: 0 ready, 3 duplicates, 1 with errors')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 0 contacts' })).toBeDisabled();
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
