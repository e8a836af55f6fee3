import { api } from '@ushirika/shared/api';
import {
  LEDGER_SETTINGS_PATH,
  periodClosePath,
  periodReopenPath,
  PERIODS_PATH,
  reversePath,
  type LedgerPeriods,
  type LedgerSettings,
  type LedgerSettingsSaved,
  type PeriodSaved,
} from '@ushirika/shared/contract';

/** The ledger's own calls (issue 26.3, 26.4), through the shared `api` client (token and tenant id on every call). */

/** What names an entry's calls: the resource's path and answer key ('income' / 'expense'). */
export interface LedgerPath {
  path: 'income' | 'expense';
  singular: 'income' | 'expense';
}

/** A save's answer: the success text and the entry to show (a correction's new entry). */
export interface LedgerSaved<Row> {
  status_msg: string;
  record: Row;
}

const saved = <Row>({ singular }: LedgerPath, answer: Record<string, unknown>): LedgerSaved<Row> => ({
  status_msg: answer.status_msg as string,
  record: answer[singular] as Row,
});

/** PUT /<path>/{id} with the form, the version it was read at and a reason: text in place, or a correction (the new entry). */
export async function saveLedgerEntry<Row>(ledger: LedgerPath, id: number, body: object): Promise<LedgerSaved<Row>> {
  return saved<Row>(ledger, await api.put(`${ledger.path}/${id}`, { json: body }).json<Record<string, unknown>>());
}

/** POST /<path>/{id}/reverse { reason, version }: the reversing entry. */
export async function reverseLedgerEntry<Row>(ledger: LedgerPath, entry: { id: number; version: number }, reason: string): Promise<LedgerSaved<Row>> {
  const answer = await api.post(reversePath(ledger.path, entry.id), { json: { reason, version: entry.version } }).json<Record<string, unknown>>();
  return saved<Row>(ledger, answer);
}

/** GET /periods: the partner's months, newest first. */
export const loadPeriods = (signal?: AbortSignal) => api.get(PERIODS_PATH, { signal }).json<LedgerPeriods>();

/** POST /periods/{YYYY-MM}/close. */
export const closePeriod = (month: string) => api.post(periodClosePath(month)).json<PeriodSaved>();

/** POST /periods/{YYYY-MM}/reopen { reason }. */
export const reopenPeriod = (month: string, reason: string) => api.post(periodReopenPath(month), { json: { reason } }).json<PeriodSaved>();

/** GET /ledger-settings. */
export const loadLedgerSettings = (signal?: AbortSignal) => api.get(LEDGER_SETTINGS_PATH, { signal }).json<LedgerSettings>();

/** PUT /ledger-settings { correctionSms }. */
export const saveLedgerSettings = (settings: LedgerSettings) => api.put(LEDGER_SETTINGS_PATH, { json: settings }).json<LedgerSettingsSaved>();
