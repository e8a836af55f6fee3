import { expect, test } from '@playwright/test';
import { createContact, e164, randomMobile } from '../support/contacts';
import { acknowledge, apiAs, chooseOption, dialog, fillDate, signIn, unique } from '../support/demo';
import { confirmPayment, createAccount, daysAgo, nowEat, todayEat } from '../support/finance';

/*
 * A harambee end to end (issue 30): the treasurer makes a campaign with the M-Pesa code JENGO, two contacts
 * pledge, one pays by paybill typing 'jengo ' (lower case, a trailing space) from their own phone and the other
 * in cash; the campaign's progress shows the exact figures, and a reminder previews each person's own text and
 * queues one SMS per person with a balance.
 */

test('a campaign: pledges, an M-Pesa payment by its code and a cash gift counted, then a personalised reminder', async ({ page, request }) => {
  test.slow();
  const tag = unique();
  const account = `Jengo ${tag}`;
  const jane = await apiAs(request, 'jane');
  await createAccount(request, account, 'CR');

  // The code JENGO is one rule per partner: an earlier run's campaign gives it up (the rule goes, its campaign stays).
  const rules = (await (await jane.get('mpesarules', { page: 1, pagesize: 100, searchKey: 'JENGO' })).json()) as { rules: Array<{ id: number; billRef: string }> };
  for (const rule of rules.rules.filter((row) => row.billRef.replace(/\s+/g, '').toUpperCase() === 'JENGO')) {
    expect((await request.delete(`/api/v2/mpesarules/${rule.id}`, { headers: { Authorization: `Bearer ${jane.token}` } })).status()).toBe(200);
  }

  const [aminaMobile, barakaMobile] = [randomMobile(), randomMobile()];
  const amina = await createContact(jane, { firstName: 'Amina', lastName: `Pledger ${tag}`, gender: 'F', mobile: aminaMobile, residence: 'Kawangware' });
  const baraka = await createContact(jane, { firstName: 'Baraka', lastName: `Pledger ${tag}`, gender: 'M', mobile: barakaMobile, residence: 'Kibera' });

  await signIn(page, 'treasurer');
  await page.goto('/finance/campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  await page.getByLabel('Name').fill(`Sanctuary ${tag}`);
  await page.getByLabel('Target').fill('500000');
  await fillDate(page.getByLabel('Start date'), daysAgo(7));
  await fillDate(page.getByLabel('End date'), daysAgo(-90));
  await chooseOption(page, 'Account', account);
  await page.getByLabel('M-Pesa code').fill('JENGO');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'Campaign saved successfully!');
  await page.getByRole('link', { name: `Sanctuary ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Sanctuary ${tag}` })).toBeVisible();
  const campaignId = Number(/\/finance\/campaigns\/(\d+)/.exec(page.url())?.[1]);
  expect(campaignId).toBeGreaterThan(0);

  // Two pledges from the campaign's screen.
  for (const [name, amount] of [
    [`Amina Pledger ${tag}`, '10000'],
    [`Baraka Pledger ${tag}`, '5000'],
  ] as const) {
    await page.getByRole('button', { name: 'Add pledge' }).click();
    const pledge = dialog(page, 'Pledge');
    // Typed as a person would: the contacts search finds them by name.
    await pledge.getByRole('combobox', { name: 'Contact' }).click();
    await page.keyboard.type(name);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(new RegExp(`^${name} \\(`))
      .click();
    await pledge.getByLabel('Amount').fill(amount);
    await pledge.getByRole('button', { name: 'Save' }).click();
    await acknowledge(page, 'Awesome!', 'Pledge saved successfully!');
  }

  // Amina pays 4,000 by paybill from her own phone, typing the code as people do; Baraka 2,500 in cash.
  await confirmPayment(request, {
    transId: `JG${tag}`.toUpperCase().slice(0, 10),
    amount: '4000.00',
    billRef: 'jengo ',
    firstName: 'AMINA',
    lastName: '',
    msisdn: e164(aminaMobile).slice(1),
    transTime: nowEat(),
  });
  const cash = await jane.post('income', {
    memberId: baraka,
    firstname: 'Baraka',
    lastname: `Pledger ${tag}`,
    amount: '2500',
    phone: barakaMobile,
    account: await accountId(jane, account),
    mode: 'CASH',
    dateOfTransaction: todayEat(),
    paymentFor: 'Jengo pledge',
    reference: `CASH${tag}`,
    sendMessage: false,
  });
  expect(cash.status()).toBe(201);

  await page.reload();
  const figure = (label: string) => page.getByTestId(`campaign-${label}`);
  await expect(figure('target')).toContainText('KES 500,000.00');
  await expect(figure('pledged')).toContainText('KES 15,000.00');
  await expect(figure('paid')).toContainText('KES 6,500.00');
  await expect(figure('balance')).toContainText('KES 8,500.00');
  const aminaRow = page.getByRole('row').filter({ hasText: `Amina Pledger ${tag}` });
  await expect(aminaRow).toContainText('KES 10,000.00');
  await expect(aminaRow).toContainText('KES 4,000.00');
  await expect(aminaRow).toContainText('KES 6,000.00');
  const barakaRow = page.getByRole('row').filter({ hasText: `Baraka Pledger ${tag}` });
  await expect(barakaRow).toContainText('KES 2,500.00');

  // The reminder: each person's own figures in the preview, then one SMS per person with a balance.
  await page.getByRole('button', { name: 'Send reminder' }).click();
  const reminder = dialog(page, 'Send reminder');
  await reminder.getByRole('button', { name: 'Preview' }).click();
  await expect(reminder.getByText(`Dear Amina, you pledged KES 10,000 to Sanctuary ${tag} and have paid KES 4,000. Your balance is KES 6,000. Thank you.`)).toBeVisible();
  await expect(reminder.getByText(`Dear Baraka, you pledged KES 5,000 to Sanctuary ${tag} and have paid KES 2,500. Your balance is KES 2,500. Thank you.`)).toBeVisible();
  await reminder.getByRole('button', { name: 'Send' }).click();
  await expect(reminder.getByText(/Reminders queued: 2\./)).toBeVisible();

  for (const mobile of [aminaMobile, barakaMobile]) {
    const sent = (await (await jane.get('notification', { page: 1, pagesize: 10, searchKey: e164(mobile) })).json()) as { notifications: Array<{ message: string }> };
    expect(sent.notifications.filter((row) => row.message.includes(`Sanctuary ${tag}`))).toHaveLength(1);
  }
  expect(amina).toBeGreaterThan(0);
});

async function accountId(api: Awaited<ReturnType<typeof apiAs>>, name: string): Promise<number> {
  const found = (await (await api.get('account', { page: 1, pagesize: 10, searchKey: name })).json()) as { accounts: Array<{ id: number; name: string }> };
  return found.accounts.find((row) => row.name === name)!.id;
}
