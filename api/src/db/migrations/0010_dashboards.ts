import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The dashboards (issue 12).
 *
 * - `partners.time_zone`: the IANA zone a partner's weeks (Monday to Sunday), months and days are in;
 *   'Africa/Nairobi' for every partner so far. That the name is a zone PostgreSQL knows is checked where it
 *   is set (`pnpm ops set-time-zone`), as the country is.
 * - `day_totals`: each partner's figures per day, kept by statement triggers in the same transaction as
 *   the rows (as member_counts). 'This week' is 7 days of it and a 12-month chart a year, instead of
 *   summing 500,000 incomes, counting this week's 70,000 messages or 7,000 meetings on every visit (each
 *   10-25 ms at the benchmark's sizes). Sources:
 *   - 'income' / 'expense': every income and expense, on its date of transaction, amount by mode;
 *   - 'payment': the M-Pesa payments still waiting for an account, on their day in the partner's zone.
 *     Allocating one takes it out and puts its income in (the income's date is that same day), so money
 *     in is counted once whether or not a payment has been allocated yet;
 *   - 'message': messages queued, one each, on their day in the partner's zone. Only inserts and deletes
 *     are counted: the outbox updates messages all day long, but never their partner or created_at, and
 *     an update trigger would cost it on every state change;
 *   - 'attendance': each meeting's actual and expected attendance (channels), on its date.
 *   The zone's days ('payment', 'message') follow the zone: changing it recomputes them (setPartnerTimeZone).
 *   TRUNCATE fires no trigger: truncating a source table must truncate day_totals too (partners cascades).
 */

interface DaySource {
  table: 'incomes' | 'expenses' | 'online_transactions' | 'notifications' | 'meetings';
  source: 'income' | 'expense' | 'payment' | 'message' | 'attendance';
  /** The row's day, from `r` (the row) and `p` (its partner) */
  day: RawBuilder<unknown>;
  /** What a row adds, per channel */
  adds: Array<{ channel: RawBuilder<unknown>; amount: RawBuilder<unknown> }>;
  /** Which rows count */
  counted: RawBuilder<unknown>;
  /** Whether an update can change what a row adds */
  updated: boolean;
}

const inZone = (column: string) => sql`(${sql.raw(`r.${column}`)} at time zone p.time_zone)::date`;
const money = (table: 'incomes' | 'expenses', source: 'income' | 'expense'): DaySource => ({
  table,
  source,
  day: sql`r.date_of_transaction`,
  adds: [{ channel: sql`r.mode`, amount: sql`r.amount` }],
  counted: sql`true`,
  updated: true,
});

const SOURCES: DaySource[] = [
  money('incomes', 'income'),
  money('expenses', 'expense'),
  {
    table: 'online_transactions',
    source: 'payment',
    day: inZone('trans_time'),
    adds: [{ channel: sql`'M-PESA'`, amount: sql`r.amount` }],
    counted: sql`r.account_id is null`,
    updated: true,
  },
  { table: 'notifications', source: 'message', day: inZone('created_at'), adds: [{ channel: sql`''`, amount: sql`1` }], counted: sql`true`, updated: false },
  {
    table: 'meetings',
    source: 'attendance',
    day: sql`r.date_of_meeting`,
    adds: [
      { channel: sql`'actual'`, amount: sql`r.actual_attendance` },
      { channel: sql`'expected'`, amount: sql`r.expected_attendance` },
    ],
    counted: sql`true`,
    updated: true,
  },
];

/** The signed amounts `rows` (a table or transition table) add to each (partner, day, channel). */
const contributions = ({ day, adds, counted }: DaySource, rows: string, sign: 1 | -1) =>
  sql.join(
    adds.map(
      ({ channel, amount }) => sql`
        select r.tenant_id, ${day} as day, ${channel} as channel, ${sql.raw(sign < 0 ? '-' : '')}(${amount}) as amount
        from ${sql.raw(rows)} r join partners p on p.id = r.tenant_id
        where ${counted}`,
    ),
    sql` union all `,
  );

/**
 * Adds the contributions to day_totals. In (partner, day, channel) order, so two statements that touch the
 * same days lock them in the same order and wait for each other instead of deadlocking; groups that add
 * nothing (an edit of a name, say) write nothing.
 */
const addedUp = (source: DaySource, parts: RawBuilder<unknown>[]) => sql`
  insert into day_totals as m (tenant_id, day, source, channel, amount)
  select tenant_id, day, ${sql.lit(source.source)}, channel, sum(amount)
  from (${sql.join(parts, sql` union all `)}) c
  group by tenant_id, day, channel
  having sum(amount) <> 0
  order by tenant_id, day, channel
  on conflict (tenant_id, day, source, channel) do update set amount = m.amount + excluded.amount`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partners add column time_zone text not null default 'Africa/Nairobi'`.execute(db);
  await sql`
    create table day_totals (
      tenant_id integer not null references partners (id),
      day date not null,
      source text not null check (source in ('income', 'expense', 'payment', 'message', 'attendance')),
      channel text not null,
      amount numeric(16, 2) not null,
      primary key (tenant_id, day, source, channel)
    )`.execute(db);

  for (const source of SOURCES) {
    const fn = sql.raw(`${source.table}_day_totals`);
    await sql`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then
          ${addedUp(source, [contributions(source, 'new_rows', 1)])};
        elsif TG_OP = 'DELETE' then
          ${addedUp(source, [contributions(source, 'old_rows', -1)])};
        else
          ${addedUp(source, [contributions(source, 'new_rows', 1), contributions(source, 'old_rows', -1)])};
        end if;
        return null;
      end $$`.execute(db);
    const table = sql.table(source.table);
    await sql`create trigger ${sql.raw(`${source.table}_totalled_insert`)} after insert on ${table}
      referencing new table as new_rows for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${sql.raw(`${source.table}_totalled_delete`)} after delete on ${table}
      referencing old table as old_rows for each statement execute function ${fn}()`.execute(db);
    if (source.updated) {
      await sql`create trigger ${sql.raw(`${source.table}_totalled_update`)} after update on ${table}
        referencing new table as new_rows old table as old_rows for each statement execute function ${fn}()`.execute(db);
    }
    await sql`${addedUp(source, [contributions(source, source.table, 1)])}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of SOURCES) {
    for (const event of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.raw(`${table}_totalled_${event}`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists ${sql.raw(`${table}_day_totals`)}()`.execute(db);
  }
  await sql`drop table if exists day_totals`.execute(db);
  await sql`alter table partners drop column if exists time_zone`.execute(db);
}
