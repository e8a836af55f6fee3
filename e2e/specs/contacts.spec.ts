import { expect, test } from '@playwright/test';
import { createContact, e164, randomMobile } from '../support/contacts';
import { acknowledge, apiAs, chooseOption, search, signIn, unique, walkTwoPages } from '../support/demo';

const list = '/contacts/default';

test('contacts: create after every validation message, find by search, edit with an email @phone', async ({ page, isMobile }) => {
  // A long walk through several screens: about 30 s on a loaded 2-core machine.
  test.slow();
  const lastName = `Kamau${unique()}`;
  const mobile = randomMobile();
  await signIn(page, 'jane');
  await page.goto(list);
  await expect(page.getByRole('heading', { name: 'All Contacts' })).toBeVisible();

  await page.getByRole('button', { name: 'New Contact' }).click();
  await expect(page).toHaveURL(/\/contacts\/new$/);
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['First Name is required', 'Last name is required', 'Mobile is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Gender and residence are optional since issue 27 (an import may not have them).
  await expect(page.getByText('Gender is required', { exact: true })).toHaveCount(0);

  await page.getByLabel('First Name').fill('J');
  await page.getByLabel('Last Name').fill(lastName);
  await chooseOption(page, 'Gender', 'Male');
  await page.getByLabel('Mobile').fill('12ab');
  await page.getByLabel('Residence').fill('Nakuru');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name must be at least 2 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678')).toBeVisible();

  await page.getByLabel('First Name').fill('John');
  await page.getByLabel('Mobile').fill(mobile);
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New contact saved successfully!');
  await expect(page).toHaveURL(new RegExp(`${list}$`));

  await search(page, lastName);
  // A table row on a desktop; on a phone a card of the name and number (issue 28.6).
  const contact = (text: string) =>
    isMobile ? page.getByRole('list', { name: 'Records' }).getByRole('listitem').filter({ hasText: text }) : page.getByRole('row', { name: new RegExp(text) });
  const row = contact(lastName);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('John');
  if (!isMobile) await expect(row).toContainText('Male');
  await expect(row).toContainText(e164(mobile));

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/contacts\/edit\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Contact' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('John');
  await expect(page.getByLabel('Mobile')).toHaveValue(e164(mobile));
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Email must be a valid email address, e.g. name@example.com')).toBeVisible();

  const email = `${lastName.toLowerCase()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Residence').fill('Naivasha');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'New contact saved successfully!');
  await expect(page).toHaveURL(new RegExp(`${list}$`));
  await search(page, email);
  // Found by the email; the desktop's row shows it (a phone's card keeps to the name and number).
  await expect(contact(lastName)).toHaveCount(1);
  if (!isMobile) await expect(contact(lastName)).toContainText(email);
});

test('contacts: a second contact with the same mobile is refused and what was typed stays', async ({ page, request }) => {
  const mobile = randomMobile();
  await createContact(await apiAs(request, 'jane'), { firstName: 'Grace', lastName: `First${unique()}`, gender: 'F', mobile, residence: 'Thika' });

  await signIn(page, 'jane');
  await page.goto('/contacts/new');
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill(`Second${unique()}`);
  await chooseOption(page, 'Gender', 'Female');
  // The same number written another way is the same number.
  await page.getByLabel('Mobile').fill(e164(mobile));
  await page.getByLabel('Residence').fill('Thika');
  await page.getByRole('button', { name: 'Submit' }).click();
  const error = page.getByRole('dialog').filter({ hasText: 'Error!' });
  await expect(error).toContainText('A contact with this mobile number already exists');
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/contacts\/new$/);
  await expect(page.getByLabel('Residence')).toHaveValue('Thika');
});

test('contacts: pages of 15 with first, previous, next and last', async ({ page, request }) => {
  const tag = `Paged${unique()}`;
  const jane = await apiAs(request, 'jane');
  for (let i = 1; i <= 17; i += 1) {
    await createContact(jane, { firstName: `Member${String(i).padStart(2, '0')}`, lastName: tag, gender: 'O', mobile: randomMobile(), residence: 'Nyeri' });
  }
  await signIn(page, 'jane');
  await page.goto(list);
  await search(page, tag);
  await walkTwoPages(page, new RegExp(tag), 2);
});

test('contacts: Cancel returns to the list without saving', async ({ page }) => {
  const lastName = `Never${unique()}`;
  await signIn(page, 'jane');
  await page.goto('/contacts/new');
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${list}$`));
  await search(page, lastName);
  await expect(page.getByRole('row', { name: new RegExp(lastName) })).toHaveCount(0);
});
