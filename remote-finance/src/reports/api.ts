import { api } from '@ushirika/shared/api';
import {
  ACCOUNT_STATEMENT_PATH,
  BUDGETS_PATH,
  GIVING_STATEMENT_PATH,
  GIVING_STATEMENT_SEND_PATH,
  type AccountStatement,
  type BudgetSaved,
  type BudgetYear,
  type GivingStatement,
} from '@ushirika/shared/contract';
import type { BudgetInput } from '@ushirika/shared/validation';

/** The reports' calls (issue 9), through the shared `api` client (token and tenant id on every call). */

export interface AccountStatementQuery {
  account: number;
  startdate: string;
  enddate: string;
}

export interface GivingStatementQuery {
  phone: string;
  startdate: string;
  enddate: string;
}

/** GET /statements/account: the account with its sub-accounts over the period. */
export const loadAccountStatement = (query: AccountStatementQuery, signal?: AbortSignal) =>
  api.get(ACCOUNT_STATEMENT_PATH, { searchParams: { ...query }, signal }).json<AccountStatement>();

export type StatementFileFormat = 'csv' | 'xlsx';

/** The file name the server gave (Content-Disposition), if any. */
function attachmentName(disposition: string | null): string | undefined {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** GET /statements/account.csv or .xlsx: the same statement as a file, read with the token (a plain link could not send it). */
export async function downloadAccountStatement(query: AccountStatementQuery, format: StatementFileFormat): Promise<{ blob: Blob; fileName: string }> {
  const { account, startdate, enddate } = query;
  const response = await api.get(`${ACCOUNT_STATEMENT_PATH}.${format}`, { searchParams: { account, startdate, enddate } });
  const fileName = attachmentName(response.headers.get('content-disposition')) ?? `statement-${query.account}-${query.startdate}-${query.enddate}.${format}`;
  return { blob: await response.blob(), fileName };
}

/** GET /statements/giving: one contributor's gifts over the period, matched by phone number. */
export const loadGivingStatement = (query: GivingStatementQuery, signal?: AbortSignal) =>
  api.get(GIVING_STATEMENT_PATH, { searchParams: { ...query }, signal }).json<GivingStatement>();

/** POST /statements/giving/send: queues the SMS summary to the contributor (charged in SMS units). */
export const sendGivingStatement = (query: GivingStatementQuery) => api.post(GIVING_STATEMENT_SEND_PATH, { json: query }).json<{ status_msg: string; send?: unknown }>();

/** GET /budgets?year=: every income and expense account with its monthly budget and actuals. */
export const loadBudget = (year: number, signal?: AbortSignal) => api.get(BUDGETS_PATH, { searchParams: { year }, signal }).json<BudgetYear>();

/** PUT /budgets/{year}: replaces the given accounts' 12 months. */
export const saveBudget = (year: number, input: BudgetInput) => api.put(`${BUDGETS_PATH}/${year}`, { json: input }).json<BudgetSaved>();
