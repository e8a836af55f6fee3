import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The seeded demo logins (README). */
export const demoUsers = {
  jane: { email: 'jane@grace.test', password: 'Demo@2026', name: 'Jane Wanjiku', partner: 'Grace Community Church' },
  peter: { email: 'peter@upendo.test', password: 'Demo@2026', name: 'Peter Otieno', partner: 'Upendo Traders' },
  /** Grace's viewer (issue 25): reads dashboards and the lists of contacts, groups and meetings, changes nothing. */
  viewer: { email: 'viewer@grace.test', password: 'Demo@2026', name: 'Lucy Chebet', partner: 'Grace Community Church' },
  /** Grace's treasurer (issue 25): all of finance, closes months, reads the finance events of the log (issue 26). */
  treasurer: { email: 'treasurer@grace.test', password: 'Demo@2026', name: 'Ruth Muthoni', partner: 'Grace Community Church' },
} as const;
export type DemoUser = keyof typeof demoUsers;

/** Signs in through the login screen, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, who: DemoUser): Promise<void> {
  const user = demoUsers[who];
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** Logs in through the API, for setting up data a test needs, and returns an authorised caller. */
export async function apiAs(request: APIRequestContext, who: DemoUser) {
  const user = demoUsers[who];
  const response = await request.post('/api/v2/login', { data: { email: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  const { access_token: token, user: sessionUser } = (await response.json()) as {
    access_token: string;
    user: { Partner: { id: number } };
  };
  const headers = { Authorization: `Bearer ${token}` };
  return {
    token,
    tenantId: sessionUser.Partner.id,
    get: (path: string, params?: Record<string, string | number>) => request.get(`/api/v2/${path}`, { headers, params }),
    post: (path: string, data: unknown) => request.post(`/api/v2/${path}`, { headers, data }),
    put: (path: string, data: unknown) => request.put(`/api/v2/${path}`, { headers, data }),
  };
}

/** A short suffix that keeps records made by one test run apart from another's. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * Picks an option of an antd select by the field's label, as a person would: open it, type to narrow a long
 * (virtual, partly rendered) list where the select is searchable, click the option.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** The open antd dialog with the given title ('Awesome!', 'Error!'). */
export const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });

/** Expects the dialog with the given title and text, then closes it with OK. */
export async function acknowledge(page: Page, title: string, text?: string): Promise<void> {
  const box = dialog(page, title);
  await expect(box).toBeVisible();
  if (text) await expect(box).toContainText(text);
  // A click that lands while the dialog is still zooming in can be lost (seen on a loaded CI machine): click OK
  // again until the dialog is gone, never twice once it went.
  await expect(async () => {
    if (await box.isVisible()) await box.getByRole('button', { name: 'OK' }).click({ timeout: 2_000 });
    await expect(box).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Types into the page's list search box and presses Enter. */
export async function search(page: Page, text: string, placeholder = 'type text to search..'): Promise<void> {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(text);
  await box.press('Enter');
}

/** Walks a two-page list (15 + `lastPageRows` rows whose text matches `rowText`) with every pager button. */
export async function walkTwoPages(page: Page, rowText: RegExp, lastPageRows: number): Promise<void> {
  const rows = page.getByRole('row', { name: rowText });
  await expect(page.getByText('showing page 1 of 2')).toBeVisible();
  await expect(rows).toHaveCount(15);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('showing page 2 of 2')).toBeVisible();
  await expect(rows).toHaveCount(lastPageRows);
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(page.getByText('showing page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByText('showing page 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('showing page 1 of 2')).toBeVisible();
  await expect(rows).toHaveCount(15);
}

/** Types a YYYY-MM-DD day into a date box as the demo partner (Kenya) shows it: dd/mm/yyyy, whatever the browser's locale. */
export async function fillDate(box: Locator, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  await box.fill(`${day}/${month}/${year}`);
}
