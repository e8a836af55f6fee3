import { sql } from 'kysely';
import type { AccountType, BudgetLine, BudgetYear } from '@ushirika/shared/contract';
import type { BudgetInput } from '@ushirika/shared/validation';
import { recordActivity } from '../../activity/record';
import type { TenantScope } from '../../db/tenant-scope';
import { badRequest } from '../../http/errors';
import { partnerZone } from '../../partners/time-zone';
import { reportPartner } from './report-partner';

export const BUDGET_SAVED = 'Budget saved';
export const BUDGET_ACCOUNT_REFUSED = 'Choose an income or expense account';
export const BUDGET_ACCOUNT_TWICE = 'Each account can have only one budget line';
/** The years a budget can be kept for (the budgets table's check). */
export const BUDGET_YEARS = { min: 2000, max: 2100 } as const;

/** The account types that have a budget: income (CR) and expense (DR) accounts. */
const BUDGET_TYPES = ['CR', 'DR'] as const;

/** This year in the partner's time zone: the budget screen's default. */
export async function currentYear(scope: TenantScope): Promise<number> {
  return scope.raw(async (db) => {
    const { rows } = await sql<{ year: number }>`select extract(year from now() at time zone ${partnerZone(scope.tenantId)})::int as year`.execute(db);
    return rows[0]!.year;
  });
}

interface BudgetRow {
  id: number;
  name: string;
  type: AccountType;
  budget: string[];
  actual: string[];
  budget_total: string;
  actual_total: string;
  variance: string;
  variance_percent: string | null;
}

/**
 * The partner's year of budgets (contract budgetYear): every CR and DR account, by type then name, with its
 * 12 monthly budgets (0.00 where none is set) and actuals - its own income (CR) or expenses (DR) in each
 * calendar month - the totals, the variance (actual − budget) and the variance in percent of the budget to
 * one decimal (null for a budget of 0). All arithmetic is numeric in the database, answered as text.
 */
export async function budgetYear(scope: TenantScope, year: number): Promise<BudgetYear> {
  const rows = await scope.raw(async (db, tenantId) => {
    const first = `${year}-01-01`;
    const next = `${year + 1}-01-01`;
    const { rows } = await sql<BudgetRow>`
      with months (month) as (select generate_series(1, 12)),
      actuals as (
        select 'CR' as type, account_id, extract(month from date_of_transaction)::int as month, sum(amount) as amount
        from incomes where tenant_id = ${tenantId}::int and date_of_transaction >= ${first}::date and date_of_transaction < ${next}::date
        group by account_id, 3
        union all
        select 'DR', account_id, extract(month from date_of_transaction)::int, sum(amount)
        from expenses where tenant_id = ${tenantId}::int and date_of_transaction >= ${first}::date and date_of_transaction < ${next}::date
        group by account_id, 3
      ),
      lines as (
        select a.id, a.name, a.type,
          array_agg(round(coalesce(b.amount, 0), 2)::text order by m.month) as budget,
          array_agg(round(coalesce(x.amount, 0), 2)::text order by m.month) as actual,
          coalesce(sum(b.amount), 0) as budget_total,
          coalesce(sum(x.amount), 0) as actual_total
        from accounts a
        cross join months m
        left join budgets b on b.tenant_id = a.tenant_id and b.account_id = a.id and b.year = ${year}::int and b.month = m.month
        left join actuals x on x.account_id = a.id and x.type = a.type and x.month = m.month
        where a.tenant_id = ${tenantId}::int and a.type in ('CR', 'DR')
        group by a.id, a.name, a.type
      )
      select id, name, type, budget, actual, round(budget_total, 2)::text as budget_total, round(actual_total, 2)::text as actual_total,
        round(actual_total - budget_total, 2)::text as variance,
        case when budget_total = 0 then null else round((actual_total - budget_total) * 100 / budget_total, 1)::text end as variance_percent
      from lines
      order by type, lower(name), id`.execute(db);
    return rows;
  });
  return { year, lines: rows.map(toLine), Partner: { name: (await reportPartner(scope)).name } };
}

function toLine(row: BudgetRow): BudgetLine {
  return {
    AccountId: row.id,
    account: row.name,
    type: row.type,
    budget: row.budget,
    actual: row.actual,
    budgetTotal: row.budget_total,
    actualTotal: row.actual_total,
    variance: row.variance,
    variancePercent: row.variance_percent,
  };
}

/**
 * Replaces the named accounts' 12 months of `year`, in one transaction: every account must be one of the
 * partner's CR or DR accounts (400 BUDGET_ACCOUNT_REFUSED otherwise, for another partner's id too) and
 * appear once; then nothing or everything is saved. Other accounts' budgets are left as they are. The save
 * writes one `update budget` event for the year: how many accounts and months changed, and each monthly amount
 * that changed (`<account id>.<month>`, old and new) when there are few.
 */
export async function saveBudget(scope: TenantScope, year: number, { lines }: BudgetInput): Promise<void> {
  const accountIds = lines.map((line) => line.account);
  if (new Set(accountIds).size !== accountIds.length) throw badRequest(BUDGET_ACCOUNT_TWICE);
  if (accountIds.length === 0) return;
  await scope.transaction(async (trx) => {
    // Locked, so an account cannot change type or go away between the check and the insert.
    const found = await trx.selectFrom('accounts').select('id').where('id', 'in', accountIds).where('type', 'in', BUDGET_TYPES).forShare().execute();
    if (found.length !== accountIds.length) throw badRequest(BUDGET_ACCOUNT_REFUSED);
    const before = await trx
      .selectFrom('budgets')
      .select(['account_id', 'month', sql<string>`amount::text`.as('amount')])
      .where('year', '=', year)
      .where('account_id', 'in', accountIds)
      .execute();
    await trx.deleteFrom('budgets').where('year', '=', year).where('account_id', 'in', accountIds).execute();
    const accounts = lines.flatMap((line) => line.months.map(() => line.account));
    const months = lines.flatMap((line) => line.months.map((_, index) => index + 1));
    const amounts = lines.flatMap((line) => line.months);
    await trx.raw((db, tenantId) =>
      sql`
        insert into budgets (tenant_id, account_id, year, month, amount)
        select ${tenantId}::int, r.account_id, ${year}::int, r.month, r.amount
        from unnest(${accounts}::int[], ${months}::int[], ${amounts}::numeric[]) as r (account_id, month, amount)`.execute(db),
    );
    const changes = budgetChanges(before, lines);
    // A large save (a whole chart of accounts) is told by its counts: the event stays small.
    const listed = changes.length <= MAX_LISTED_CHANGES;
    await recordActivity(trx, {
      action: 'update',
      entity: 'budget',
      entityId: year,
      changes: listed ? changes : [],
      details: { accounts: lines.length, months: changes.length },
    });
  });
}

/** The most changed months a budget event lists one by one (five accounts' year). */
const MAX_LISTED_CHANGES = 60;

/** A month's budget as exact text with two decimals ('0' and '0.00' alike). */
const asMoney = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
};

/** The monthly amounts a budget save changes, `<account id>.<month>` old -> new (a month with no budget was 0.00). */
function budgetChanges(before: Array<{ account_id: number; month: number; amount: string }>, lines: BudgetInput['lines']) {
  const old = new Map(before.map((row) => [`${row.account_id}.${row.month}`, asMoney(row.amount)]));
  return lines.flatMap((line) =>
    line.months.flatMap((amount, index) => {
      const field = `${line.account}.${index + 1}`;
      const was = old.get(field) ?? '0.00';
      const is = asMoney(amount);
      return was === is ? [] : [{ field, old: was, new: is }];
    }),
  );
}
