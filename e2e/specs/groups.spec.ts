import { expect, test, type Page } from '@playwright/test';
import { createContact, randomMobile, type ApiCaller } from '../support/contacts';
import { acknowledge, apiAs, chooseOption, search, signIn, unique } from '../support/demo';

interface GroupTypeRow {
  id: number;
  name: string;
  description: string;
}

async function createGroupType(api: ApiCaller, name: string): Promise<GroupTypeRow> {
  const response = await api.post('group_types', { name, description: 'Made by the groups e2e test' });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { group_type: GroupTypeRow }).group_type;
}

async function findGroupType(api: ApiCaller, name: string): Promise<GroupTypeRow | undefined> {
  const response = await api.get('group_types', { searchKey: name, page: 1, pagesize: 15 });
  return ((await response.json()) as { group_types: GroupTypeRow[] }).group_types.find((type) => type.name === name);
}

/** The row of the list whose text matches `text`, after searching for it. */
async function rowOf(page: Page, text: string) {
  await search(page, text);
  const row = page.getByRole('row', { name: new RegExp(text) });
  await expect(row).toHaveCount(1);
  return row;
}

test('group types: create with validation, find by search, edit', async ({ page }) => {
  // A long walk through several screens: about 30 s on a loaded 2-core machine.
  test.slow();
  const name = `Ministry ${unique()}`;
  await signIn(page, 'jane');
  await page.goto('/contacts/grouptypes');
  await expect(page.getByRole('heading', { name: 'Group Types' })).toBeVisible();

  await page.getByRole('button', { name: 'New Group Type' }).click();
  await expect(page).toHaveURL(/\/contacts\/grouptypes\/new$/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Description is required', { exact: true })).toBeVisible();
  await page.getByLabel('Type Name').fill(name);
  await page.getByLabel('Description').fill('x');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Description must be at least 2 characters')).toBeVisible();
  await page.getByLabel('Description').fill('Serving teams of the church');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New group type saved successfully!');
  await expect(page).toHaveURL(/\/contacts\/grouptypes$/);

  const row = await rowOf(page, name);
  await expect(row).toContainText('Grace Community Church');
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/contacts\/grouptypes\/edit\/\d+$/);
  await expect(page.getByLabel('Type Name')).toHaveValue(name);
  await page.getByLabel('Description').fill('Ushers, choir and media');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New group type saved successfully!');
  await expect(await rowOf(page, name)).toContainText('Ushers, choir and media');
});

test('groups: create with validation, edit at both edit paths, and the group type stays untouched', async ({ page, request }) => {
  // A long walk through several screens: about 30 s on a loaded 2-core machine.
  test.slow();
  const jane = await apiAs(request, 'jane');
  const type = await createGroupType(jane, `Fellowship ${unique()}`);
  const name = `Men of Grace ${unique()}`;
  await signIn(page, 'jane');
  await page.goto('/contacts/groups');
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();

  await page.getByRole('button', { name: 'New Group' }).click();
  await expect(page).toHaveURL(/\/contacts\/groups\/new$/);
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['Group type is required', 'Name is required', 'Description is required', 'Brand name is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await chooseOption(page, 'Group Type', type.name);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Monthly breakfast');
  await page.getByLabel('Brand Name').fill('MOG');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New group saved successfully!');
  await expect(page).toHaveURL(/\/contacts\/groups$/);

  const row = await rowOf(page, name);
  await expect(row).toContainText('Monthly breakfast');
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/contacts\/groups\/edit\/\d+$/);
  const editUrl = page.url();
  await expect(page.getByLabel('Brand Name')).toHaveValue('MOG');
  await page.getByLabel('Description').fill('Breakfast on the first Saturday');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New group saved successfully!');
  await expect(await rowOf(page, name)).toContainText('Breakfast on the first Saturday');

  // The legacy list's path to the same screen, with the group's id.
  await page.goto(`/contacts/sgroups/edit/${editUrl.split('/').pop()!}`);
  await expect(page.getByRole('heading', { name: 'Edit Group' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByLabel('Description').fill('Breakfast and prayer');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New group saved successfully!');
  await expect(page).toHaveURL(/\/contacts\/groups$/);
  await expect(await rowOf(page, name)).toContainText('Breakfast and prayer');

  // Saving a group went to PUT /groups/{id}, not the legacy PUT /group_types/{id}.
  expect(await findGroupType(jane, type.name)).toEqual(expect.objectContaining({ id: type.id, description: type.description }));
});

test('group members: add without duplicates, remove after the confirmation, save, then the list shows them', async ({ page, request }) => {
  const tag = `Choir${unique()}`;
  const jane = await apiAs(request, 'jane');
  const type = await createGroupType(jane, `Choirs ${unique()}`);
  const created = await jane.post('groups', { groupType: type.id, name: `Youth ${tag}`, description: 'Sings at the second service', brandName: 'Voices' });
  expect(created.status()).toBe(201);
  for (const firstName of ['Achieng', 'Njeri', 'Wambui']) {
    await createContact(jane, { firstName, lastName: tag, gender: 'F', mobile: randomMobile(), residence: 'Eldoret' });
  }

  await signIn(page, 'jane');
  await page.goto('/contacts/groups');
  const row = await rowOf(page, `Youth ${tag}`);
  await row.getByRole('button', { name: 'View Members' }).click();
  await expect(page).toHaveURL(/\/contacts\/groups\/members\/\d+$/);
  await expect(page.getByRole('heading', { name: `Youth ${tag} Members` })).toBeVisible();
  await expect(page.getByText('No records found')).toBeVisible();

  await page.getByRole('button', { name: 'Edit this group' }).click();
  await expect(page).toHaveURL(/\/contacts\/groupmembers\/edit\/\d+$/);
  const members = page.getByRole('list', { name: 'Group Members' });
  const all = page.getByRole('list', { name: 'All Contacts' });
  await search(page, tag, 'Search All Contacts');
  await expect(all.getByRole('button')).toHaveCount(3);

  await all.getByRole('button', { name: /Achieng/ }).click();
  await all.getByRole('button', { name: /Njeri/ }).click();
  await all.getByRole('button', { name: /Achieng/ }).click();
  await all.getByRole('button', { name: /Wambui/ }).click();
  await expect(members.getByRole('button')).toHaveCount(3);

  const question = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to discard a member from this group?' });
  await members.getByRole('button', { name: /Achieng/ }).click();
  await expect(question).toContainText('Member will be removed');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(members.getByRole('button')).toHaveCount(3);
  await members.getByRole('button', { name: /Achieng/ }).click();
  await question.getByRole('button', { name: 'Yes!' }).click();
  await expect(members.getByRole('button')).toHaveCount(2);
  await expect(members.getByRole('button', { name: /Achieng/ })).toHaveCount(0);

  // Nothing is saved before 'Save group changes'.
  const groupId = ((await created.json()) as { group: { id: number } }).group.id;
  const before = (await (await jane.get(`groupmembers/${groupId}`, { page: 1, pagesize: 15 })).json()) as { total: number };
  expect(before.total).toBe(0);

  await page.getByRole('button', { name: 'Save group changes' }).click();
  await acknowledge(page, 'Awesome!', 'Group members saved successfully!');
  await expect(page).toHaveURL(/\/contacts\/groups\/members\/\d+$/);
  await expect(page.getByRole('heading', { name: `Youth ${tag} Members` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Njeri/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Wambui/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Achieng/ })).toHaveCount(0);
});
