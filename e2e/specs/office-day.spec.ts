import { expect, test } from '@playwright/test';
import { createContact, e164, randomMobile, type ApiCaller } from '../support/contacts';
import { acknowledge, apiAs, chooseOption, dialog, search, signIn, unique } from '../support/demo';
import { createAccount, findRow, todayEat } from '../support/finance';
import { sendableMobile } from '../support/messaging';

/**
 * A day in the church office (issue 28): a plate offering with no name, a meeting planned ahead, attendance by
 * name, the person's page reached from the income list, an SMS's Unicode caught before it is paid for, and the
 * contacts list on a phone.
 */

/** YYYY-MM-DD as the demo partner (Kenya) shows it: dd/mm/yyyy. */
const shown = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** The day `days` after `isoDate`. */
function addDays(isoDate: string, days: number): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

async function firstMeetingType(api: ApiCaller): Promise<number> {
  const response = await api.get('meeting_types', { page: 1, pagesize: 25 });
  return ((await response.json()) as { meeting_types: Array<{ id: number }> }).meeting_types[0]!.id;
}

async function createMeeting(api: ApiCaller, fields: { subject: string; dateOfMeeting: string; groupId?: number }): Promise<number> {
  const response = await api.post('meetings', {
    meeting_type: await firstMeetingType(api),
    startTime: '09:00',
    endTime: '11:00',
    actualAttendance: 0,
    expectedAttendance: 40,
    facilitator: 'Elder Wekesa',
    speaker: 'Pastor Achieng',
    totalOffering: '0',
    notes: '',
    ...fields,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { meeting: { id: number } }).meeting.id;
}

test.describe('the office day', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone project runs the @phone test below');

  test('a plate offering is recorded with no name and 1,500, dated today in dd/mm/yyyy, and the list totals it', async ({ page, request }) => {
    const tag = unique();
    const account = `Plate ${tag}`;
    await createAccount(request, account, 'CR');
    await signIn(page, 'jane');
    await page.goto('/finance/income/new');

    // The date starts at today, shown the Kenyan way whatever the browser's locale.
    await expect(page.getByLabel('Date of Transaction')).toHaveValue(shown(todayEat()));
    await page.getByLabel('No contributor (loose or plate offering)').check();
    await expect(page.getByLabel('First Name')).toBeHidden();
    await page.getByLabel('Amount').fill('1,500');
    await chooseOption(page, 'Account', account);
    await chooseOption(page, 'Channel', 'CASH');
    await page.getByLabel('Payment For').fill(`Plate offering ${tag}`);
    // The amount shows grouped once the box is left.
    await expect(page.getByLabel('Amount')).toHaveValue('1,500');
    await page.getByRole('button', { name: 'Submit' }).click();
    await acknowledge(page, 'Awesome!', 'New income saved successfully!');

    const row = await findRow(page, tag);
    await expect(row).toContainText('Loose offering');
    await expect(row).toContainText('KES 1,500.00');
    // The total of what the search found.
    await expect(page.getByText('Total (all pages): KES 1,500.00')).toBeVisible();
  });

  test("next Sunday's meeting is listed and found: lists reach the future", async ({ page, request }) => {
    const jane = await apiAs(request, 'jane');
    const subject = `Harvest ${unique()}`;
    const today = todayEat();
    const daysToSunday = 7 - new Date(`${today}T00:00:00Z`).getUTCDay();
    const nextSunday = addDays(today, daysToSunday);
    await createMeeting(jane, { subject, dateOfMeeting: nextSunday });

    await signIn(page, 'jane');
    await page.goto('/meetings/default');
    await search(page, subject);
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toBeVisible();

    // A range that ends today leaves it out; clearing the range finds it again.
    await page.getByLabel('To').fill(shown(today));
    await page.getByLabel('To').blur();
    await expect(page.getByText('No records found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear dates' }).click();
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toBeVisible();
  });

  test("attendance by name: 30 of a group's members ticked make the headcount, with visitors", async ({ page, request }) => {
    test.slow();
    const jane = await apiAs(request, 'jane');
    const tag = `Cell${unique()}`;
    const type = await jane.post('group_types', { name: `Cells ${tag}`, description: 'Home cell groups' });
    expect(type.status()).toBe(201);
    const typeId = ((await type.json()) as { group_type: { id: number } }).group_type.id;
    const group = await jane.post('groups', { groupType: typeId, name: `Cell ${tag}`, description: 'Meets on Wednesdays', brandName: 'Cell' });
    expect(group.status()).toBe(201);
    const groupId = ((await group.json()) as { group: { id: number } }).group.id;
    const members: number[] = [];
    for (let n = 1; n <= 32; n += 1) {
      members.push(await createContact(jane, { firstName: `Member${n}`, lastName: tag, gender: n % 2 ? 'F' : 'M', mobile: randomMobile(), residence: 'Kasarani' }));
    }
    expect((await jane.post('groupmembers', { group: groupId, selectedRecords: members.join(',') })).status()).toBe(200);
    const meeting = await createMeeting(jane, { subject: `Cell night ${tag}`, dateOfMeeting: todayEat(), groupId });

    await signIn(page, 'jane');
    await page.goto('/meetings/default');
    await search(page, tag);
    await page
      .getByRole('row', { name: new RegExp(tag) })
      .getByRole('link', { name: 'Attendance' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/meetings/attendance/${meeting}$`));

    // Thirty of the group's 32 came.
    const names = page.getByRole('list', { name: 'Names' });
    await expect(names.getByRole('listitem')).toHaveCount(32);
    for (let n = 1; n <= 30; n += 1) await page.getByRole('checkbox', { name: new RegExp(`^Member${n} ${tag}`) }).check();
    const figure = (title: string) => page.locator('.ant-statistic').filter({ hasText: title });
    await expect(figure('Names ticked')).toContainText('30');
    await page.getByLabel('Visitors').fill('3');
    await expect(figure('Headcount')).toContainText('33');
    await page.getByRole('button', { name: 'Save attendance' }).click();
    await acknowledge(page, 'Awesome!', 'Attendance saved');

    // The meeting's headcount is the names and the visitors.
    const saved = await (await jane.get(`meetings/${meeting}`)).json();
    expect(saved).toMatchObject({ meeting: { actualAttendance: 33, attendees: 30, visitors: 3 } });
  });

  test('a person opened from the income list shows that income on their page', async ({ page, request }) => {
    const jane = await apiAs(request, 'jane');
    const tag = unique();
    const account = `Tithe ${tag}`;
    await createAccount(request, account, 'CR');
    const accounts = (await (await jane.get('account', { searchKey: account, page: 1, pagesize: 15 })).json()) as { accounts: Array<{ id: number; name: string }> };
    const accountId = accounts.accounts.find((row) => row.name === account)!.id;
    const mobile = randomMobile();
    const contact = await createContact(jane, { firstName: 'Wairimu', lastName: `Giver${tag}`, gender: 'F', mobile, residence: 'Thika' });
    const income = await jane.post('income', {
      firstname: 'Wairimu',
      lastname: `Giver${tag}`,
      phone: mobile,
      memberId: contact,
      amount: '2750.00',
      account: accountId,
      mode: 'CASH',
      dateOfTransaction: todayEat(),
      paymentFor: `Tithe ${tag}`,
      reference: `R${tag}`,
      sendMessage: false,
    });
    expect(income.status()).toBe(201);

    await signIn(page, 'jane');
    await page.goto('/finance/income');
    const row = await findRow(page, tag);
    await row.getByRole('link', { name: `Wairimu Giver${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/contacts/people/${contact}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Wairimu Giver${tag}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Income' }).getByRole('row', { name: new RegExp(`Tithe ${tag}`) })).toContainText('KES 2,750.00');
  });

  test('an SMS with a curly apostrophe is caught before sending: Unicode marked, replaced, one part', async ({ page }) => {
    const text = `God’s blessings on the harvest Sunday: come with your family at 10 am, and bring a friend ${unique()}`;
    await signIn(page, 'jane');
    await page.goto('/messaging/messages/new');
    await page.getByRole('radio', { name: 'Type recipients' }).check();
    await page.getByLabel('Recipients', { exact: true }).fill(sendableMobile());
    await page.getByLabel('Message', { exact: true }).fill(text);

    await expect(page.getByText('Unicode characters make this message cost more')).toBeVisible();
    await page.getByRole('button', { name: 'Replace with plain characters' }).click();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(text.replace('’', "'"));
    await expect(page.getByText('Unicode characters make this message cost more')).toBeHidden();

    await page.getByRole('button', { name: 'Submit' }).click();
    const preview = dialog(page, 'Send this SMS?');
    await expect(preview).toContainText('1 part per message (GSM-7)');
    await preview.getByRole('button', { name: 'Confirm and send' }).click();
    await acknowledge(page, 'Awesome!', 'Message sent successfully!');
  });
});

test('at 360 px the contacts list shows each contact as a card with their name and number, nothing scrolls sideways @phone', async ({ page, request, isMobile }) => {
  test.skip(!isMobile, 'runs in the phone project');
  const jane = await apiAs(request, 'jane');
  const tag = `Card${unique()}`;
  const mobile = randomMobile();
  await createContact(jane, { firstName: 'Nafula', lastName: tag, gender: 'F', mobile, residence: 'Bungoma' });

  await signIn(page, 'jane');
  await page.goto('/contacts/default');
  await search(page, tag);
  const card = page.getByRole('list', { name: 'Records' }).getByRole('listitem').filter({ hasText: tag });
  await expect(card).toContainText(`Nafula ${tag}`);
  await expect(card).toContainText(e164(mobile));
  await expect(card.getByRole('button', { name: 'Edit' })).toBeInViewport();
  await expect(page.locator('table')).toHaveCount(0);
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(width.page).toBeLessThanOrEqual(width.viewport);
});
