import { expect, test } from '@playwright/test';
import { e164 } from '../support/contacts';
import { apiAs, signIn, unique } from '../support/demo';
import { setGatewayCredit } from '../support/gateway-credit';
import { expectRowEventually, sendableMobile, smsBalance } from '../support/messaging';

/*
 * The gateway account out of credit (issue 31.1): a send keeps its messages queued, charged once, and staff see
 * why; once the account is topped up the outbox's probe resumes sending and every message goes out once.
 * Runs alone, after every other spec (playwright.config.ts, project 'alone'): while the one shared gateway
 * has no credit, nobody's messages leave.
 */

const PAUSED = 'Sending is paused: the SMS gateway account has run out of credit. Your messages are kept and will go out when it is topped up.';

test.afterEach(async ({ request }) => {
  await setGatewayCredit(request, 'ok');
});

test('out of credit: messages wait, charged once, staff are told; topped up, they go out', async ({ page, request }) => {
  test.slow();
  const tag = `CREDIT${unique()}`;
  const numbers = [sendableMobile(), sendableMobile()];
  const jane = await apiAs(request, 'jane');
  const balance = await smsBalance(jane);

  await setGatewayCredit(request, 'exhausted');
  const sent = await jane.post('notifymany', {
    recipient_type: 'Typed',
    recipients: numbers.join(', '),
    textmessage: `${tag} Harambee on Saturday`,
    type: 'SMS',
    category: 'WEBSMS',
    send_at: '',
  });
  expect(sent.status()).toBe(201);
  // The worker tries once, hears 405 InsufficientBalance for the account, and pauses.
  await expect(async () => {
    expect(((await (await jane.get('smsgateway')).json()) as { paused: boolean }).paused).toBe(true);
  }).toPass({ timeout: 30_000 });

  await signIn(page, 'jane');
  await page.goto('/messaging/messages');
  const notice = page.getByRole('alert').filter({ hasText: PAUSED });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Messages waiting: \d/);
  for (const number of numbers) {
    await expectRowEventually(page, '/messaging/messages', tag, e164(number), (row) => expect(row).toContainText('Queued', { timeout: 2_000 }));
  }
  // One part to each of two numbers, charged when queued; the refused attempt charged nothing more.
  expect(await smsBalance(jane)).toBe(balance - 2);

  await page
    .getByRole('link', { name: 'New Message' })
    .or(page.getByRole('button', { name: 'New Message' }))
    .first()
    .click();
  await expect(page.getByRole('alert').filter({ hasText: PAUSED })).toBeVisible();

  // Topped up: the next probe (SMS_PAUSE_PROBE, 2 s here) is taken, and everything waiting goes out.
  await setGatewayCredit(request, 'ok');
  for (const number of numbers) {
    await expectRowEventually(page, '/messaging/messages', tag, e164(number), (row) => expect(row).toContainText(/Sent|Delivered/, { timeout: 2_000 }), 60_000);
  }
  await expect(page.getByRole('alert').filter({ hasText: PAUSED })).toHaveCount(0);
  expect(await smsBalance(jane)).toBe(balance - 2);
});
