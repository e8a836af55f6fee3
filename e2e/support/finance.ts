import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from './demo';

/**
 * The demo partner's M-Pesa paybill (README): Grace Community Church, short code 600100, callback secret
 * 'grace-demo-c2b'. Payments reach the app the way Safaricom sends them: a Daraja C2B confirmation posted
 * to the callback URL, without a token.
 */
export const DEMO_SHORT_CODE = '600100';
export const CONFIRMATION_PATH = '/api/v2/c2b/grace-demo-c2b/confirmation';

const EAT_OFFSET_MS = 3 * 3_600_000;

/** A calendar day `days` before today, YYYY-MM-DD on this machine's clock (the browser's). */
export function daysAgo(days: number): string {
  const day = new Date(Date.now() - days * 86_400_000);
  const local = new Date(day.getTime() - day.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** Yesterday at noon in East Africa Time, as Daraja's TransTime (YYYYMMDDHHmmss): inside every list's date range. */
function yesterdayNoonEat(): string {
  const eatNow = new Date(Date.now() + EAT_OFFSET_MS);
  const yesterday = new Date(eatNow.getTime() - 86_400_000).toISOString().slice(0, 10);
  return `${yesterday.replace(/-/g, '')}120000`;
}

export interface Payment {
  /** M-Pesa's TransID: letters and digits, unique per run. */
  transId: string;
  amount: string;
  /** What the payer typed as 'account'. */
  billRef: string;
  firstName: string;
  lastName: string;
  msisdn?: string;
  /** When it was paid (Daraja's TransTime, YYYYMMDDHHmmss in East Africa Time): yesterday at noon unless given. */
  transTime?: string;
}

/** This instant as Daraja's TransTime (YYYYMMDDHHmmss, East Africa Time). */
export function nowEat(): string {
  return new Date(Date.now() + EAT_OFFSET_MS).toISOString().slice(0, 19).replace(/\D/g, '');
}

/** Today in East Africa Time (YYYY-MM-DD): the demo partner's today, in its week. */
export function todayEat(): string {
  return new Date(Date.now() + EAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** Posts a C2B confirmation for `payment` as Daraja would, and expects Daraja's success reply. */
export async function confirmPayment(request: APIRequestContext, payment: Payment): Promise<void> {
  const response = await request.post(CONFIRMATION_PATH, {
    data: {
      TransactionType: 'Pay Bill',
      TransID: payment.transId,
      TransTime: payment.transTime ?? yesterdayNoonEat(),
      TransAmount: payment.amount,
      BusinessShortCode: DEMO_SHORT_CODE,
      BillRefNumber: payment.billRef,
      InvoiceNumber: '',
      OrgAccountBalance: '100000.00',
      ThirdPartyTransID: '',
      MSISDN: payment.msisdn ?? '254712000111',
      FirstName: payment.firstName,
      MiddleName: '',
      LastName: payment.lastName,
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
}

/** Submits the form empty (or as filled) and expects each message under its field. */
export async function expectMessagesOnSubmit(page: Page, messages: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of messages) await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

/** The list row whose text contains `text`, after searching the list for `search`. */
export async function findRow(page: Page, search: string, text = search) {
  const box = page.getByPlaceholder('type text to search..');
  await box.fill(search);
  await box.press('Enter');
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}

/** Creates one of Jane's (Grace's) accounts at the root through POST /account, for a test that needs one. */
export async function createAccount(request: APIRequestContext, name: string, type: 'CR' | 'DR'): Promise<void> {
  const jane = await apiAs(request, 'jane');
  const response = await jane.post('account', { accountName: name, accountType: type, parentId: 0 });
  expect(response.status()).toBe(201);
}
