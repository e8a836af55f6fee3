import { expect, test } from '@playwright/test';
import { acknowledge, apiAs, search, signIn, unique, walkTwoPages } from '../support/demo';

const list = '/meetings/meetingtypes';

test('meeting types: create with validation, find by search, edit', async ({ page }) => {
  const name = `Choir Practice ${unique()}`;
  await signIn(page, 'jane');
  await page.goto(list);
  await expect(page.getByRole('heading', { name: 'Meeting Types' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sunday Service' })).toBeVisible();

  await page.getByRole('button', { name: 'New Meeting Type' }).click();
  await expect(page).toHaveURL(/\/meetings\/meetingtypes\/new$/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();

  await page.getByLabel('Type Name').fill(name);
  await page.getByLabel('Description').fill('x');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Description must be at least 2 characters')).toBeVisible();

  await page.getByLabel('Description').fill('Thursday evening choir rehearsal');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New meeting type saved successfully!');
  await expect(page).toHaveURL(new RegExp(`${list}$`));

  await search(page, name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Grace Community Church');

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/meetings\/meetingtypes\/edit\/\d+$/);
  await expect(page.getByLabel('Type Name')).toHaveValue(name);
  await page.getByLabel('Description').fill('Rehearsal moved to Friday');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!');
  await search(page, name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Rehearsal moved to Friday');
});

test('meeting types: a server refusal shows Error! and keeps what was typed', async ({ page }) => {
  await signIn(page, 'jane');
  await page.goto(`${list}/new`);
  await page.getByLabel('Type Name').fill('Sunday Service');
  await page.getByLabel('Description').fill('A second one with the same name');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Error!', 'A meeting type with this name already exists');
  await expect(page.getByLabel('Description')).toHaveValue('A second one with the same name');
});

test('meeting types: pages of 15 with first, previous, next and last', async ({ page, request }) => {
  const tag = `Paged ${unique()}`;
  const jane = await apiAs(request, 'jane');
  for (let i = 1; i <= 17; i += 1) {
    const response = await jane.post('meeting_types', { name: `${tag} ${String(i).padStart(2, '0')}`, description: 'For paging' });
    expect(response.status()).toBe(201);
  }
  await signIn(page, 'jane');
  await page.goto(list);
  await search(page, tag);
  await walkTwoPages(page, new RegExp(tag), 2);
});

test('meeting types: Cancel returns to the list without saving', async ({ page }) => {
  const name = `Never saved ${unique()}`;
  await signIn(page, 'jane');
  await page.goto(`${list}/new`);
  await page.getByLabel('Type Name').fill(name);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${list}$`));
  await search(page, name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
