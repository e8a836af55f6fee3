import { isIsoDate } from '@ushirika/shared/contract';
import type { AccountStatementQuery, GivingStatementQuery } from '../api';

/**
 * Which statement a screen shows, kept in the address (`?kind=account&account=4&startdate=…&enddate=…`):
 * the print view reads the same address, and Back from it shows the statement again.
 */
export type StatementRequest = ({ kind: 'account' } & AccountStatementQuery) | ({ kind: 'giving' } & GivingStatementQuery);
export type StatementKind = StatementRequest['kind'];

/** The address' search part for `request`. */
export function statementSearch(request: StatementRequest): string {
  const { kind, ...query } = request;
  return new URLSearchParams({ kind, ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])) }).toString();
}

/** The statement named by the address, or null when it names none (or names one badly). */
export function statementRequestOf(search: URLSearchParams): StatementRequest | null {
  const startdate = search.get('startdate') ?? '';
  const enddate = search.get('enddate') ?? '';
  if (!isIsoDate(startdate) || !isIsoDate(enddate)) return null;
  if (search.get('kind') === 'giving') {
    const phone = search.get('phone')?.trim() ?? '';
    return phone ? { kind: 'giving', phone, startdate, enddate } : null;
  }
  const account = Number(search.get('account'));
  return Number.isSafeInteger(account) && account > 0 ? { kind: 'account', account, startdate, enddate } : null;
}

/** The tab an address opens: the statement's kind, else `?kind=`, else the account statement. */
export const kindOf = (search: URLSearchParams): StatementKind => (search.get('kind') === 'giving' ? 'giving' : 'account');
