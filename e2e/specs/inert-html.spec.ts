import { expect, test, type Page } from '@playwright/test';
import { createContact, randomMobile } from '../support/contacts';
import { apiAs, search, signIn, unique } from '../support/demo';

/**
 * Stored HTML is inert (issue 10): markup saved as a name is shown as the text it is, on every screen that
 * shows it, and never runs. The payload would set `window.__pwned` and leave an <img src="x"> in the page
 * if any screen rendered it as HTML.
 */

const PAYLOAD = '<img src=x onerror="window.__pwned=1">';

/** Nothing of the payload became markup or ran. */
async function expectInert(page: Page): Promise<void> {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

test('HTML saved as a contact, a meeting type and a meeting is shown as text in lists, edit screens and selects', async ({ page, request }) => {
  test.slow();
  const tag = unique();
  const jane = await apiAs(request, 'jane');
  const lastName = `Inert${tag}`;
  await createContact(jane, { firstName: PAYLOAD, lastName, gender: 'F', mobile: randomMobile(), residence: PAYLOAD });
  const typeName = `${PAYLOAD} ${tag}`;
  const created = await jane.post('meeting_types', { name: typeName, description: PAYLOAD });
  expect(created.status()).toBe(201);
  const typeId = ((await created.json()) as { meeting_type: { id: number } }).meeting_type.id;
  const subject = `${PAYLOAD} meeting ${tag}`;
  const meeting = await jane.post('meetings', {
    meeting_type: typeId,
    dateOfMeeting: '2026-03-01',
    startTime: '09:00',
    endTime: '11:00',
    actualAttendance: 10,
    expectedAttendance: 12,
    subject,
    facilitator: PAYLOAD,
    speaker: PAYLOAD,
    totalOffering: '100.00',
    notes: PAYLOAD,
  });
  expect(meeting.status()).toBe(201);

  await signIn(page, 'jane');

  // Contacts: the list and the edit form.
  await page.goto('/contacts/default');
  await search(page, lastName);
  const contactRow = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(contactRow).toHaveCount(1);
  await expect(contactRow).toContainText(PAYLOAD);
  await expectInert(page);
  await contactRow.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/contacts\/edit\/\d+$/);
  await expect(page.getByLabel('First Name')).toHaveValue(PAYLOAD);
  await expect(page.getByLabel('Residence')).toHaveValue(PAYLOAD);
  await expectInert(page);

  // Meeting types: the list and the edit form.
  await page.goto('/meetings/meetingtypes');
  await search(page, tag);
  const typeRow = page.getByRole('row', { name: new RegExp(tag) });
  await expect(typeRow).toHaveCount(1);
  await expect(typeRow).toContainText(typeName);
  await expectInert(page);
  await typeRow.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/meetings\/meetingtypes\/edit\/\d+$/);
  await expect(page.getByLabel('Type Name')).toHaveValue(typeName);
  await expect(page.getByLabel('Description')).toHaveValue(PAYLOAD);
  await expectInert(page);

  // Meetings: the list (the type's name beside the subject), the edit form, and the meeting type select.
  await page.goto('/meetings/default');
  await search(page, tag);
  const meetingRow = page.getByRole('row', { name: new RegExp(`meeting ${tag}`) });
  await expect(meetingRow).toHaveCount(1);
  await expect(meetingRow).toContainText(typeName);
  await expectInert(page);
  await meetingRow.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/meetings\/edit\/\d+$/);
  await expect(page.getByLabel('Occasion')).toHaveValue(subject);
  await expect(page.getByLabel('Speaker')).toHaveValue(PAYLOAD);
  // The meeting type's select shows the chosen type's name.
  await expect(page.getByText(typeName, { exact: true })).toBeVisible();
  await expectInert(page);

  await page.goto('/meetings/new');
  await page.getByLabel('Meeting Type', { exact: true }).click();
  await page.keyboard.type(tag);
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle(typeName, { exact: true })).toBeVisible();
  await expectInert(page);
});
