/** Issue 32: the messages list finds a send by a word of its own text (migration 0030's index), in the browser. */
import { expect, test } from '@playwright/test';
import { apiAs, search, signIn, unique } from '../support/demo';
import { sendableMobile } from '../support/messaging';

test('a message is found by a word of its text', async ({ page, request }) => {
  const jane = await apiAs(request, 'jane');
  const word = `Fundraiser${unique()}`;
  const response = await jane.post('notifymany', {
    recipient_type: 'Typed',
    recipients: sendableMobile(),
    textmessage: `${word} on Saturday`,
    type: 'SMS',
    category: 'WEBSMS',
    send_at: '',
  });
  expect(response.status()).toBe(201);
  await signIn(page, 'jane');
  await page.goto('/messaging/messages');
  await search(page, word.toLowerCase());
  await expect(page.getByRole('cell', { name: new RegExp(word) })).toBeVisible();
  await search(page, `nothing${unique()}`);
  await expect(page.getByRole('cell', { name: new RegExp(word) })).toHaveCount(0);
});
