import { expect, test, type Page } from '@playwright/test';
import { createContact, e164, type ApiCaller } from '../support/contacts';
import { acknowledge, apiAs, chooseOption, dialog, signIn, unique } from '../support/demo';
import { expectRowEventually, FAILING_MOBILE, previewFigure, sendableMobile, smsBalance } from '../support/messaging';

/*
 * Messaging end to end (issue 8): the new-message form with its cost preview, sends to typed numbers, a group
 * and an uploaded file, the lists, a failure resent, a scheduled send cancelled, and opted-out numbers. The app
 * runs against a local fake of the Africa's Talking gateway that sends every number but those ending in 0000.
 */

const SENT = /Sent|Delivered/;

async function openNewMessage(page: Page) {
  await page.goto('/messaging/messages');
  await expect(page.getByRole('heading', { name: 'Recent Messages' })).toBeVisible();
  await page.getByRole('button', { name: 'New Message' }).click();
  await expect(page).toHaveURL(/\/messaging\/messages\/new$/);
  await expect(page.getByRole('heading', { name: 'New Message' })).toBeVisible();
}

/**
 * The preview shows the partner's balance: at most what it was when the test began and at least what it is now
 * (the other workers' tests, finance's receipts among them, spend the same demo partner's units meanwhile).
 */
async function expectBalanceShown(page: Page, api: ApiCaller, before: number) {
  await expect(previewFigure(page, 'Balance')).toContainText(/\d/);
  const shown = Number((await previewFigure(page, 'Balance').textContent())!.replace(/\D/g, ''));
  expect(shown).toBeLessThanOrEqual(before);
  expect(shown).toBeGreaterThanOrEqual(await smsBalance(api));
}

async function submitAndReturn(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  // Nothing is spent by surprise (issue 28.5): the SMS's preview asks first.
  await dialog(page, 'Send this SMS?').getByRole('button', { name: 'Confirm and send' }).click();
  await acknowledge(page, 'Awesome!', 'Message sent successfully!');
  await expect(page).toHaveURL(/\/messaging\/messages$/);
}

test('typed numbers: the cost preview, the send, and the messages listed as sent', async ({ page, request }) => {
  test.slow();
  const tag = `E2E${unique()}`;
  const [first, second] = [sendableMobile(), sendableMobile()];
  const jane = await apiAs(request, 'jane');
  const balance = await smsBalance(jane);

  await signIn(page, 'jane');
  await openNewMessage(page);
  // Before the recipients are known: characters and parts counted as typed, and the balance.
  await expectBalanceShown(page, jane, balance);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Recipient Type is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await page.getByRole('radio', { name: 'Type recipients' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Type at least one recipient')).toBeVisible();

  const text = `${tag} Harambee on Saturday at 10 am`;
  await page.getByLabel('Message', { exact: true }).fill(text);
  await expect(previewFigure(page, 'Characters')).toContainText(`${text.length} (GSM-7)`);
  await expect(previewFigure(page, 'SMS parts')).toContainText('1');
  await expect(previewFigure(page, 'Recipients')).toContainText('—');

  // A repeated number is sent once; the server's quote says how many and what it costs.
  await page.getByLabel('Recipients', { exact: true }).fill(`${first}, ${second}\n${e164(first)}`);
  await expect(previewFigure(page, 'Recipients')).toContainText('2');
  await expect(previewFigure(page, 'Recipients')).toContainText('1 repeated numbers: sent once');
  await expect(previewFigure(page, 'Units to be charged')).toContainText('2');
  await expectBalanceShown(page, jane, balance);

  await submitAndReturn(page);
  for (const mobile of [first, second]) {
    await expectRowEventually(page, '/messaging/messages', tag, e164(mobile), async (row) => {
      await expect(row).toContainText(SENT, { timeout: 2_000 });
      await expect(row).toContainText('SMS');
      await expect(row).toContainText('WEBSMS');
    });
  }
  expect(await smsBalance(jane)).toBeLessThanOrEqual(balance - 2);
});

test('a group: every member of it gets the message', async ({ page, request }) => {
  test.slow();
  const tag = `E2E${unique()}`;
  const jane = await apiAs(request, 'jane');
  const type = await jane.post('group_types', { name: `Messaging ${tag}`, description: 'Made by the messaging e2e test' });
  expect(type.status()).toBe(201);
  const groupName = `Ushers ${tag}`;
  const group = await jane.post('groups', {
    groupType: ((await type.json()) as { group_type: { id: number } }).group_type.id,
    name: groupName,
    description: 'Welcome the congregation',
    brandName: 'Ushers',
  });
  expect(group.status()).toBe(201);
  const groupId = ((await group.json()) as { group: { id: number } }).group.id;
  const mobile = sendableMobile();
  const memberId = await createContact(jane, { firstName: 'Wanjiru', lastName: tag, gender: 'F', mobile, residence: 'Thika' });
  expect((await jane.post('groupmembers', { group: groupId, selectedRecords: String(memberId) })).status()).toBe(200);

  await signIn(page, 'jane');
  await openNewMessage(page);
  await page.getByRole('radio', { name: 'Send to group' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Choose a group', { exact: true })).toBeVisible();
  await chooseOption(page, 'Group', groupName);
  await page.getByLabel('Message', { exact: true }).fill(`${tag} Dear {firstName}, ushers meet at 8 am`);
  await expect(previewFigure(page, 'Recipients')).toContainText('1');
  await expect(previewFigure(page, 'Units to be charged')).toContainText('1');
  await expect(previewFigure(page, 'Units to be charged')).toContainText('units are counted per recipient');

  await submitAndReturn(page);
  await expectRowEventually(page, '/messaging/messages', tag, e164(mobile), async (row) => {
    // The placeholder is filled with the contact's name.
    await expect(row).toContainText(`${tag} Dear Wanjiru`, { timeout: 2_000 });
    await expect(row).toContainText(SENT, { timeout: 2_000 });
  });
});

test('an uploaded file: sent to its numbers, listed in Uploaded Files, and downloaded as it was', async ({ page }) => {
  test.slow();
  const tag = `E2E${unique()}`;
  const [first, second] = [sendableMobile(), sendableMobile()];
  const fileName = `recipients-${tag}.csv`;
  const csv = `Name,Phone\r\nAchieng,${first}\r\nBaraka,${second}\r\n`;

  await signIn(page, 'jane');
  await openNewMessage(page);
  await page.getByRole('radio', { name: 'Upload recipients' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Choose a file of recipients')).toBeVisible();
  await page.getByLabel('Recipients file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByText(fileName)).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill(`${tag} Fundraising dinner on Friday`);
  await expect(previewFigure(page, 'Recipients')).toContainText('2');
  await expect(previewFigure(page, 'Units to be charged')).toContainText('2');

  await submitAndReturn(page);
  for (const mobile of [first, second]) {
    await expectRowEventually(page, '/messaging/messages', tag, e164(mobile), (row) => expect(row).toContainText(SENT, { timeout: 2_000 }));
  }

  await expectRowEventually(page, '/messaging/uploaded_files', fileName, fileName, async (row) => {
    await expect(row).toContainText('Processed', { timeout: 2_000 });
    await expect(row).toContainText('csv');
    await expect(row).toContainText('Jane Wanjiku');
  });
  await expect(page.getByRole('heading', { name: 'Recent Files' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('row').filter({ hasText: fileName }).getByRole('button', { name: 'DownloadFile' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toBe(csv);
});

test('a failure: listed in Failed Messages with the reason, resent once', async ({ page }) => {
  test.slow();
  const tag = `E2E${unique()}`;
  const failing = e164(FAILING_MOBILE);

  await signIn(page, 'jane');
  await openNewMessage(page);
  await page.getByRole('radio', { name: 'Type recipients' }).check();
  await page.getByLabel('Recipients', { exact: true }).fill(FAILING_MOBILE);
  await page.getByLabel('Message', { exact: true }).fill(`${tag} This number is refused by the gateway`);
  await expect(previewFigure(page, 'Units to be charged')).toContainText('1');
  await submitAndReturn(page);

  await expectRowEventually(page, '/messaging/failed_messages', tag, failing, async (row) => {
    await expect(row).toContainText('Failed', { timeout: 2_000 });
    await expect(row).toContainText('InvalidPhoneNumber');
    await expect(row.getByRole('button', { name: 'Resend' })).toBeVisible();
  });
  await expect(page.getByRole('heading', { name: 'Failed Messages' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: failing }).getByRole('button', { name: 'Resend' }).click();
  await dialog(page, 'Send this SMS?').getByRole('button', { name: 'Confirm and send' }).click();
  await acknowledge(page, 'Awesome!', 'Message initiated successfully!');

  // The gateway refuses it again; a message is resent once only, so it comes back without Resend.
  await expectRowEventually(page, '/messaging/failed_messages', tag, failing, async (row) => {
    await expect(row).toContainText('Failed', { timeout: 2_000 });
    await expect(row.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  });
  await expectRowEventually(page, '/messaging/messages', tag, failing, (row) => expect(row).toContainText('InvalidPhoneNumber', { timeout: 2_000 }));
});

test('a scheduled send: listed with its time, then cancelled and its units refunded', async ({ page, request }) => {
  test.slow();
  const tag = `E2E${unique()}`;
  const mobile = sendableMobile();
  const jane = await apiAs(request, 'jane');

  await signIn(page, 'jane');
  await openNewMessage(page);
  await page.getByRole('radio', { name: 'Type recipients' }).check();
  await page.getByLabel('Recipients', { exact: true }).fill(mobile);
  await page.getByLabel('Message', { exact: true }).fill(`${tag} Annual general meeting next year`);
  const nextYear = new Date().getFullYear() + 1;
  await page.getByLabel('Send later').fill(`${nextYear}-06-01T09:00`);
  await expect(previewFigure(page, 'Units to be charged')).toContainText('1');
  const balance = await smsBalance(jane);
  await submitAndReturn(page);
  expect(await smsBalance(jane)).toBe(balance - 1);

  await expectRowEventually(page, '/messaging/messages', tag, e164(mobile), (row) =>
    expect(row).toContainText(new RegExp(`Scheduled for Jun 1, ${nextYear},? 9:00\\sAM`), { timeout: 2_000 }),
  );
  const row = page.getByRole('row').filter({ hasText: e164(mobile) });
  await row.getByRole('button', { name: 'Cancel' }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'Cancel this scheduled message?' });
  await question.getByRole('button', { name: 'Yes, cancel it' }).click();
  await acknowledge(page, 'Awesome!', 'Scheduled message cancelled');
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect(await smsBalance(jane)).toBe(balance);
});

test('an opted-out number: skipped and not charged, then removed from the list', async ({ page }) => {
  test.slow();
  const tag = `E2E${unique()}`;
  const [optedOut, other] = [sendableMobile(), sendableMobile()];

  await signIn(page, 'jane');
  await page.goto('/messaging/optouts');
  await expect(page.getByRole('heading', { name: 'Opted-out Numbers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Number' }).click();
  await page.getByLabel('Phone number').fill(optedOut);
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Awesome!', 'The number will get no more messages');
  await expect(page).toHaveURL(/\/messaging\/optouts$/);

  await openNewMessage(page);
  await page.getByRole('radio', { name: 'Type recipients' }).check();
  await page.getByLabel('Recipients', { exact: true }).fill(`${optedOut}, ${other}`);
  await page.getByLabel('Message', { exact: true }).fill(`${tag} Youth camp registration closes Sunday`);
  await expect(previewFigure(page, 'Recipients')).toContainText('1 opted out: not sent, not charged');
  await expect(previewFigure(page, 'Units to be charged')).toContainText('1');
  await submitAndReturn(page);
  await expectRowEventually(page, '/messaging/messages', tag, e164(optedOut), (row) => expect(row).toContainText('Opted out', { timeout: 2_000 }));
  await expectRowEventually(page, '/messaging/messages', tag, e164(other), (row) => expect(row).toContainText(SENT, { timeout: 2_000 }));

  await expectRowEventually(page, '/messaging/optouts', e164(optedOut), e164(optedOut), (row) => expect(row).toContainText('Staff', { timeout: 2_000 }));
  await page
    .getByRole('row')
    .filter({ hasText: e164(optedOut) })
    .getByRole('button', { name: 'Remove' })
    .click();
  await page.getByRole('dialog').filter({ hasText: 'Remove this number from the opted-out list?' }).getByRole('button', { name: 'Yes!' }).click();
  await acknowledge(page, 'Awesome!', 'The number will get messages again');
  await expect(page.getByRole('row').filter({ hasText: e164(optedOut) })).toHaveCount(0);
});
