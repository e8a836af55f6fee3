import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createContact, e164, randomMobile } from '../support/contacts';
import { acknowledge, apiAs, signIn, unique } from '../support/demo';
import { confirmPayment, daysAgo } from '../support/finance';

/*
 * M-Pesa payers whose number is hidden (issue 31.3): Safaricom sends the payer's number hashed or masked, with the
 * first name only. A hashed number that is a contact's links the gift to that contact as it is allocated; one
 * nobody fits is linked by a treasurer on Edit Income. Either way the gift is on the giver's statement.
 */

/** The giving statement of `phone` from the day before yesterday to today: the total shown. */
async function givingTotal(page: Page, phone: string): Promise<string> {
  await page.goto('/finance/statements');
  await page.getByRole('tab', { name: 'Giving statement' }).click();
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('From').fill(daysAgo(2));
  await page.getByLabel('To').fill(daysAgo(0));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('giving-total')).toBeVisible();
  return page.getByTestId('giving-total').innerText();
}

test('a gift from a hidden number reaches the giver: a hashed number at once, a masked one linked by hand', async ({ page, request }) => {
  test.slow();
  const tag = unique().toUpperCase();
  const jane = await apiAs(request, 'jane');
  const [hashedMobile, maskedMobile] = [randomMobile(), randomMobile()];
  await createContact(jane, { firstName: `Hashed${tag}`, lastName: 'Giver', gender: 'F', mobile: hashedMobile, residence: 'Nairobi' });
  await createContact(jane, { firstName: `Masked${tag}`, lastName: 'Giver', gender: 'M', mobile: maskedMobile, residence: 'Nairobi' });

  // C2B v1: the SHA-256 of 2547XXXXXXXX, first name only; the TITHE rule allocates it as it arrives.
  const digest = createHash('sha256').update(e164(hashedMobile).slice(1)).digest('hex');
  await confirmPayment(request, { transId: `H${tag}`, amount: '321.00', billRef: 'TITHE', firstName: `Hashed${tag}`, lastName: '', msisdn: digest });
  // C2B v2: masked, and a first name no contact has: nobody fits, so nobody is guessed.
  const international = e164(maskedMobile).slice(1);
  const masked = `${international.slice(0, 4)} ***** ${international.slice(-3)}`;
  await confirmPayment(request, { transId: `M${tag}`, amount: '654.00', billRef: 'TITHE', firstName: `Payer${tag}`, lastName: '', msisdn: masked });

  await signIn(page, 'jane');
  expect(await givingTotal(page, e164(hashedMobile))).toContain('321.00');

  // The masked gift: on Edit Income, linked to the contact who paid.
  const listed = await jane.get('income', { action: 'display', page: 1, pagesize: 15, searchKey: `M${tag}`, startdate: daysAgo(30), enddate: daysAgo(0) });
  const { incomes } = (await listed.json()) as { incomes: { id: number; firstName: string; lastName: string; MemberId: number | null }[] };
  expect(incomes).toEqual([expect.objectContaining({ firstName: `Payer${tag}`, lastName: '', MemberId: null })]);
  await page.goto(`/finance/income/edit/${incomes[0]!.id}`);
  await expect(page.getByText('Not linked to a contact.', { exact: false })).toBeVisible();
  // Typed as a person would: the contacts search finds them by name.
  await page.getByRole('combobox', { name: 'Choose a contact' }).click();
  await page.keyboard.type(`Masked${tag}`);
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle(`Masked${tag} Giver (${e164(maskedMobile)})`, { exact: true })
    .click();
  await page.getByRole('button', { name: 'Link' }).click();
  await acknowledge(page, 'Awesome!', 'The income is linked to the contact');
  await expect(page.getByText(`Linked to Masked${tag} Giver (${e164(maskedMobile)})`, { exact: false })).toBeVisible();
  // Its payer's name stays as M-Pesa gave it, and the income saves without a last name.
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!');

  expect(await givingTotal(page, e164(maskedMobile))).toContain('654.00');
});
