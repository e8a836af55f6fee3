import { sql } from 'kysely';
import { MAX_STATEMENT_LINES, type AccountStatement, type AccountType, type StatementLine } from '@ushirika/shared/contract';
import type { AccountStatementInput } from '@ushirika/shared/validation';
import type { TenantScope } from '../../db/tenant-scope';
import { badRequest, notFound } from '../../http/errors';
import { reportPartner } from './report-partner';

export const ACCOUNT_NOT_FOUND = 'Account not found';

/** The refusal of a period with more than `max` lines: 'This statement has more than 20,000 lines: choose a shorter period'. */
export const tooManyLines = (max: number) => `This statement has more than ${max.toLocaleString('en')} lines: choose a shorter period`;

/**
 * The partner's account with every account below it (a recursive walk down parent_id). Raw SQL: every
 * tenant table is filtered by the tenant here. An account can never be its own ancestor (the account
 * routes refuse it), and UNION (not UNION ALL) would stop a cycle anyway.
 */
const accountTree = (tenantId: number, accountId: number) => sql`
  with recursive tree (id) as (
    select id from accounts where tenant_id = ${tenantId}::int and id = ${accountId}::int
    union
    select a.id from accounts a join tree on a.parent_id = tree.id where a.tenant_id = ${tenantId}::int
  )`;

/** One statement row: the summary columns on every row, a line's columns where there is a line (none for an empty period). */
interface StatementRow {
  opening: string;
  total_in: string;
  total_out: string;
  closing: string;
  line_count: number;
  date: string | null;
  kind: 'income' | 'expense' | null;
  id: number | null;
  receipt_number: number | null;
  party: string | null;
  payment_for: string | null;
  reference: string | null;
  mode: string | null;
  account: string | null;
  money_in: string | null;
  money_out: string | null;
  balance: string | null;
}

/**
 * An account's statement over a period (contract accountStatement): the account and its sub-accounts,
 * income adding and expenses taking away. One SQL statement, so one snapshot gives the opening balance
 * (every line before the period), the period's lines in date order (income before expense on a day,
 * then as recorded) with the running balance (a window sum), the totals and the closing balance; every
 * sum is numeric in the database, answered as text. A reversing entry (issue 26.3) is a line of its own with
 * its negative amount in its column (an income's reversal: money in below zero), so the totals are the net and
 * each column adds up to its total. 404 for an account that is not the partner's; 400 when the period has more
 * than `maxLines` lines (their rows are not even read).
 */
export async function accountStatement(scope: TenantScope, query: AccountStatementInput, maxLines = MAX_STATEMENT_LINES): Promise<AccountStatement> {
  const account = await scope.selectFrom('accounts').select(['id', 'name', 'type']).where('id', '=', query.account).executeTakeFirst();
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const { startdate: start, enddate: end } = query;

  const { accounts, rows } = await scope.raw(async (db, tenantId) => {
    const names = await sql<{ name: string }>`
      ${accountTree(tenantId, account.id)}
      select a.name from accounts a join tree on tree.id = a.id where a.tenant_id = ${tenantId}::int
      order by a.id <> ${account.id}::int, lower(a.name), a.id`.execute(db);
    const lines = await sql<StatementRow>`
      ${accountTree(tenantId, account.id)},
      entries as (
        select i.date_of_transaction as date, 0 as rank, 'income' as kind, i.id, i.receipt_number,
          trim(i.first_name || ' ' || i.last_name) as party, i.payment_for, i.reference, i.mode, i.account_id, i.amount as signed
        from incomes i join tree on tree.id = i.account_id
        where i.tenant_id = ${tenantId}::int and i.date_of_transaction <= ${end}::date
        union all
        select e.date_of_transaction, 1, 'expense', e.id, null, e.payee, e.payment_for, e.reference, e.mode, e.account_id, -e.amount
        from expenses e join tree on tree.id = e.account_id
        where e.tenant_id = ${tenantId}::int and e.date_of_transaction <= ${end}::date
      ),
      summary as (
        select coalesce(sum(signed) filter (where date < ${start}::date), 0) as opening,
          coalesce(sum(signed) filter (where date >= ${start}::date and kind = 'income'), 0) as total_in,
          coalesce(-sum(signed) filter (where date >= ${start}::date and kind = 'expense'), 0) as total_out,
          count(*) filter (where date >= ${start}::date)::int as line_count
        from entries
      ),
      period as (
        select e.*, s.opening + sum(e.signed) over (order by e.date, e.rank, e.id rows between unbounded preceding and current row) as balance
        from entries e cross join summary s
        where e.date >= ${start}::date and s.line_count <= ${maxLines}::int
      )
      select round(s.opening, 2)::text as opening, round(s.total_in, 2)::text as total_in, round(s.total_out, 2)::text as total_out,
        round(s.opening + s.total_in - s.total_out, 2)::text as closing, s.line_count,
        to_char(p.date, 'YYYY-MM-DD') as date, p.kind, p.id, p.receipt_number, p.party, p.payment_for, p.reference, p.mode, a.name as account,
        round(case when p.kind = 'income' then p.signed else 0 end, 2)::text as money_in,
        round(case when p.kind = 'expense' then -p.signed else 0 end, 2)::text as money_out, round(p.balance, 2)::text as balance
      from summary s
      left join period p on true
      left join accounts a on a.tenant_id = ${tenantId}::int and a.id = p.account_id
      order by p.date, p.rank, p.id`.execute(db);
    return { accounts: names.rows.map((row) => row.name), rows: lines.rows };
  });

  const summary = rows[0]!;
  if (summary.line_count > maxLines) throw badRequest(tooManyLines(maxLines));
  return {
    account: { id: account.id, name: account.name, type: account.type as AccountType },
    accounts,
    startDate: start,
    endDate: end,
    openingBalance: summary.opening,
    lines: rows.filter((row) => row.id !== null).map(toLine),
    totalIn: summary.total_in,
    totalOut: summary.total_out,
    closingBalance: summary.closing,
    Partner: { name: (await reportPartner(scope)).name },
  };
}

function toLine(row: StatementRow): StatementLine {
  return {
    date: row.date!,
    kind: row.kind!,
    id: row.id!,
    receiptNumber: row.receipt_number,
    party: row.party!,
    paymentFor: row.payment_for!,
    reference: row.reference!,
    mode: row.mode!,
    account: row.account!,
    moneyIn: row.money_in!,
    moneyOut: row.money_out!,
    balance: row.balance!,
  };
}
