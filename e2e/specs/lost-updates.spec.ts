import { expect, test, type Page } from '@playwright/test';
import { createContact, randomMobile } from '../support/contacts';
import { acknowledge, apiAs, dialog, signIn, unique } from '../support/demo';
import { daysAgo, findRow } from '../support/finance';

/*
 * Issue 24, "Lost updates": edit screens name their record in their address and read it from the server, and a
 * save made over a newer version of the record is refused, saying who changed it, never written over it.
 */

/** What the browser keeps in its storage: nothing of a record once an edit screen has been used. */
const handOffs = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('ushirika.edit:')));

test('an income whose purpose is changed, then Back and Submit, keeps it (the edit screen shows the server, not a copy from before the save)', async ({
  page,
  request,
}) => {
  const tag = unique();
  const jane = await apiAs(request, 'jane');
  const account = `Tithe ${tag}`;
  const created = await jane.post('account', { accountName: account, accountType: 'CR', parentId: 0 });
  expect(created.status()).toBe(201);
  const accountId = ((await created.json()) as { account: { id: number } }).account.id;
  const income = await jane.post('income', {
    firstname: 'Amina',
    lastname: `Back ${tag}`,
    phone: randomMobile(),
    amount: '150',
    account: accountId,
    mode: 'CASH',
    dateOfTransaction: daysAgo(1),
    paymentFor: 'Tithe',
    reference: `RB${tag}`,
    sendMessage: false,
  });
  expect(income.status()).toBe(201);
  const id = ((await income.json()) as { income: { id: number } }).income.id;

  await signIn(page, 'jane');
  await page.goto('/finance/income');
  await (await findRow(page, tag)).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/finance/income/edit/${id}$`));
  await expect(page.getByLabel('Payment For')).toHaveValue('Tithe');
  // Text, not money: changed in place (a new amount would be a correction, a new entry: issue 26).
  await page.getByLabel('Payment For').fill('Building');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New income saved successfully!');
  await expect(page).toHaveURL(/\/finance\/income$/);

  // Back to the edit screen: it shows the new text, and submitting it keeps it.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/finance/income/edit/${id}$`));
  await expect(page.getByLabel('Payment For')).toHaveValue('Building');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New income saved successfully!');
  // A reload of the address opens the same record, as it is now.
  await page.goto(`/finance/income/edit/${id}`);
  await page.reload();
  await expect(page.getByLabel('Payment For')).toHaveValue('Building');

  const stored = (await (await jane.get(`income/${id}`)).json()) as { income: { paymentFor: string; version: number } };
  expect(stored.income).toEqual(expect.objectContaining({ paymentFor: 'Building', version: 3 }));
  expect(await handOffs(page)).toEqual([]);
});

test('two browsers editing one contact: the second save is refused with who changed it, and Reload shows their change', async ({ browser, request }) => {
  const lastName = `Twice${unique()}`;
  const jane = await apiAs(request, 'jane');
  const id = await createContact(jane, { firstName: 'Wanjiru', lastName, gender: 'F', mobile: randomMobile(), residence: 'Thika' });

  const [office, phone] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [first, second] = await Promise.all([office.newPage(), phone.newPage()]);
  await Promise.all([signIn(first, 'jane'), signIn(second, 'jane')]);
  // Both open the same contact, by its address.
  for (const page of [first, second]) {
    await page.goto(`/contacts/edit/${id}`);
    await expect(page.getByLabel('Residence')).toHaveValue('Thika');
  }

  await first.getByLabel('Residence').fill('Naivasha');
  await first.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(first, 'Awesome!', 'New contact saved successfully!');

  await second.getByLabel('Residence').fill('Eldoret');
  await second.getByRole('button', { name: 'Submit' }).click();
  const stale = dialog(second, 'Changed by someone else');
  await expect(stale).toBeVisible();
  await expect(stale).toContainText('Jane Wanjiku changed this record at');
  await expect(stale).toContainText('Your changes were not saved.');
  // Nothing was written over the first save.
  expect(((await (await jane.get(`member/${id}`)).json()) as { member: { residence: string } }).member.residence).toBe('Naivasha');

  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(second.getByLabel('Residence')).toHaveValue('Naivasha');
  await second.getByLabel('Residence').fill('Eldoret');
  await second.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(second, 'Awesome!', 'New contact saved successfully!');

  const stored = (await (await jane.get(`member/${id}`)).json()) as { member: { residence: string; version: number } };
  expect(stored.member).toEqual(expect.objectContaining({ residence: 'Eldoret', version: 3 }));
  expect(await handOffs(first)).toEqual([]);
  await Promise.all([office.close(), phone.close()]);
});
