import { sql, type Kysely } from 'kysely';

/**
 * Ledger corrections and closed months (issue 26.3, 26.4; api/src/finance/corrections.ts, periods.ts).
 *
 * - Posted money is never rewritten. A correction inserts a reversing entry (the amount negated, same account and
 *   date; `reversal_of_id` = the entry) and a new entry (`correction_of_id` = the entry), and marks the entry
 *   `reversed_by_id`; all three keep their own receipt numbers. Checks: a negative amount only on a reversing
 *   entry, which is never itself reversed, and an entry is reversed once (the unique reversal key). Reasons are
 *   bounded text. Every link is a composite foreign key within the partner.
 * - An M-Pesa payment's income, when corrected, leaves the reversed entry and its reversing entry with the
 *   payment's id as well as the new one: the unique key on `online_transaction_id` now holds for live entries
 *   only (neither reversed nor reversing), so a payment still has one standing income.
 * - `partners.correction_sms`: a corrected income's payer gets one correction SMS (the partner's choice, off).
 * - `ledger_periods`: a month of a partner's books, closed (and when, by whom) or reopened (when, by whom, why).
 * - A trigger on incomes and expenses refuses a row dated in a closed month from being inserted, deleted, or
 *   changed in its date, amount, account or reversal (the backstop behind the application's own checks, so no
 *   writer - the form, an M-Pesa allocation, the seed, plain SQL - can change a closed month). It raises SQLSTATE
 *   CLOSED_PERIOD_SQLSTATE with the month (YYYY-MM) as the error's detail, which the application answers 409.
 *
 * The counters of 0006 (income_counts: rows), 0010 (day_totals: signed sums, nothing written for a net zero) and
 * 0013 (meetings only) need no change: a reversing entry counts as a row and adds its negative amount, so a day's
 * total is the net; marking an entry reversed changes no amount, so it adds nothing.
 */

/** The SQLSTATE of a change refused in a closed month ('UL' for Ushirika Ledger: no PostgreSQL class uses it). */
export const CLOSED_PERIOD_SQLSTATE = 'UL409';

const LEDGER_TABLES = ['incomes', 'expenses'] as const;

const GUARD = `
  create function ledger_closed_month_guard() returns trigger language plpgsql as $$
  declare
    closed_month date;
  begin
    if TG_OP in ('INSERT', 'UPDATE') and (TG_OP = 'INSERT'
        or new.date_of_transaction is distinct from old.date_of_transaction
        or new.amount is distinct from old.amount
        or new.account_id is distinct from old.account_id
        or new.reversed_by_id is distinct from old.reversed_by_id) then
      select p.month into closed_month from ledger_periods p
      where p.tenant_id = new.tenant_id and p.month = date_trunc('month', new.date_of_transaction)::date and p.closed;
    end if;
    if closed_month is null and (TG_OP = 'DELETE' or (TG_OP = 'UPDATE' and (
        new.date_of_transaction is distinct from old.date_of_transaction
        or new.amount is distinct from old.amount
        or new.account_id is distinct from old.account_id
        or new.reversed_by_id is distinct from old.reversed_by_id))) then
      select p.month into closed_month from ledger_periods p
      where p.tenant_id = old.tenant_id and p.month = date_trunc('month', old.date_of_transaction)::date and p.closed;
    end if;
    if closed_month is not null then
      raise exception 'The month % is closed: nothing dated in it can be recorded, corrected or reversed', to_char(closed_month, 'YYYY-MM')
        using errcode = '${CLOSED_PERIOD_SQLSTATE}', detail = to_char(closed_month, 'YYYY-MM');
    end if;
    return case when TG_OP = 'DELETE' then old else new end;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partners add column correction_sms boolean not null default false`.execute(db);

  for (const table of LEDGER_TABLES) {
    const t = sql.table(table);
    const name = (suffix: string) => sql.raw(`${table}_${suffix}`);
    await sql`
      alter table ${t}
        add column reversal_of_id integer,
        add column reversed_by_id integer,
        add column correction_of_id integer,
        add column reason text,
        drop constraint ${name('amount_check')},
        add constraint ${name('reversal_of_fkey')} foreign key (tenant_id, reversal_of_id) references ${t} (tenant_id, id),
        add constraint ${name('reversed_by_fkey')} foreign key (tenant_id, reversed_by_id) references ${t} (tenant_id, id),
        add constraint ${name('correction_of_fkey')} foreign key (tenant_id, correction_of_id) references ${t} (tenant_id, id),
        add constraint ${name('amount_check')} check (case when reversal_of_id is null then amount > 0 else amount < 0 end),
        add constraint ${name('reversal_check')} check (reversal_of_id is null or (reversed_by_id is null and correction_of_id is null and reason is not null)),
        add constraint ${name('correction_check')} check (correction_of_id is null or reason is not null),
        add constraint ${name('reason_check')} check (char_length(reason) between 1 and 500)`.execute(db);
    // An entry is reversed once; the index also counts a partner's reversing entries (the list without them).
    await sql`create unique index ${name('reversal_of_key')} on ${t} (tenant_id, reversal_of_id) where reversal_of_id is not null`.execute(db);
  }

  await sql`alter table incomes drop constraint incomes_online_transaction_key`.execute(db);
  await sql`
    create unique index incomes_online_transaction_key on incomes (tenant_id, online_transaction_id)
    where online_transaction_id is not null and reversal_of_id is null and reversed_by_id is null`.execute(db);
  // The payment's every income (the reversed ones too), and the foreign key's check when a payment goes.
  await sql`create index incomes_online_transaction_idx on incomes (tenant_id, online_transaction_id) where online_transaction_id is not null`.execute(db);

  await sql`
    create table ledger_periods (
      tenant_id integer not null references partners (id),
      month date not null check (extract(day from month) = 1),
      closed boolean not null default false,
      closed_at timestamptz,
      closed_by integer,
      reopened_at timestamptz,
      reopened_by integer,
      reopen_reason text check (char_length(reopen_reason) between 1 and 500),
      primary key (tenant_id, month),
      check (not closed or closed_at is not null),
      check ((reopened_at is null) = (reopen_reason is null))
    )`.execute(db);

  await sql.raw(GUARD).execute(db);
  for (const table of LEDGER_TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_closed_month_guard`)} before insert or update or delete on ${sql.table(table)}
      for each row execute function ledger_closed_month_guard()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of LEDGER_TABLES) await sql`drop trigger if exists ${sql.raw(`${table}_closed_month_guard`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists ledger_closed_month_guard()`.execute(db);
  await sql`drop table if exists ledger_periods`.execute(db);
  await sql`drop index if exists incomes_online_transaction_idx`.execute(db);
  await sql`drop index if exists incomes_online_transaction_key`.execute(db);
  // Reversing entries cannot be kept under 0006's checks: down is for a database that has none.
  for (const table of LEDGER_TABLES) {
    const t = sql.table(table);
    const name = (suffix: string) => sql.raw(`${table}_${suffix}`);
    await sql`drop index if exists ${name('reversal_of_key')}`.execute(db);
    await sql`
      alter table ${t}
        drop constraint if exists ${name('amount_check')},
        drop column if exists reversal_of_id,
        drop column if exists reversed_by_id,
        drop column if exists correction_of_id,
        drop column if exists reason,
        add constraint ${name('amount_check')} check (amount > 0)`.execute(db);
  }
  await sql`alter table incomes add constraint incomes_online_transaction_key unique (tenant_id, online_transaction_id)`.execute(db);
  await sql`alter table partners drop column if exists correction_sms`.execute(db);
}
