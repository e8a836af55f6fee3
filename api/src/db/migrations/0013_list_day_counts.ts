import { sql, type Kysely } from 'kysely';

/**
 * Exact list totals for the meetings and messages lists without counting their rows (issue 11), from the
 * per-day figures day_totals already keeps (migration 0010):
 * - meetings: a third 'attendance' channel, 'meetings', counts the meetings of each date (1 per row), so the
 *   meetings list's total over any dates is a sum of days;
 * - messages: the 'message' source already counts the messages queued on each day of the partner's zone;
 *   the lists now read dates in that zone too (`withinDates`).
 * An index by (partner, source, channel, day) with the amount makes either sum an index-only range of
 * exactly the days asked for (the primary key leads with the day, so it would read every source's rows).
 *
 * `partner_day_start(day, partner)`: the instant a partner's day begins in its zone, for the lists' dates. A
 * STABLE function, so the planner evaluates it while planning and sees the real bound: written as an inline
 * `at time zone (select time_zone from partners …)`, the bound is a sub-plan it cannot know, it guesses a
 * third of the rows, and a common search rechecks every match instead of walking the list index (13 against
 * 213 req/s for 'wanj' at a million contacts, docs/benchmarks.md).
 */

/** What a meeting adds to its date, per channel: 0010's two, and now one for the meeting itself. */
const ATTENDANCE = [
  ['actual', 'r.actual_attendance'],
  ['expected', 'r.expected_attendance'],
] as const;
const WITH_COUNT = [...ATTENDANCE, ['meetings', '1']] as const;

type Channels = ReadonlyArray<readonly [channel: string, amount: string]>;

const contributions = (channels: Channels, rows: string, sign: '' | '-') =>
  channels
    .map(([channel, amount]) => `select r.tenant_id, r.date_of_meeting as day, '${channel}' as channel, ${sign}(${amount}) as amount from ${rows} r`)
    .join(' union all ');

/** As migration 0010's generated function: in (partner, day, channel) order, nothing written for a net zero. */
const addedUp = (parts: string[]) => `
  insert into day_totals as m (tenant_id, day, source, channel, amount)
  select tenant_id, day, 'attendance', channel, sum(amount)
  from (${parts.join(' union all ')}) c
  group by tenant_id, day, channel
  having sum(amount) <> 0
  order by tenant_id, day, channel
  on conflict (tenant_id, day, source, channel) do update set amount = m.amount + excluded.amount`;

const meetingsFunction = (channels: Channels) => `
  create or replace function meetings_day_totals() returns trigger language plpgsql as $$
  begin
    if TG_OP = 'INSERT' then
      ${addedUp([contributions(channels, 'new_rows', '')])};
    elsif TG_OP = 'DELETE' then
      ${addedUp([contributions(channels, 'old_rows', '-')])};
    else
      ${addedUp([contributions(channels, 'new_rows', ''), contributions(channels, 'old_rows', '-')])};
    end if;
    return null;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function partner_day_start(day date, partner integer) returns timestamptz language sql stable strict as $$
      select (day::timestamp at time zone p.time_zone) from partners p where p.id = partner
    $$`.execute(db);
  await sql.raw(meetingsFunction(WITH_COUNT)).execute(db);
  await sql`
    insert into day_totals (tenant_id, day, source, channel, amount)
    select tenant_id, date_of_meeting, 'attendance', 'meetings', count(*) from meetings group by tenant_id, date_of_meeting
    order by tenant_id, date_of_meeting`.execute(db);
  await sql`create index day_totals_by_source_idx on day_totals (tenant_id, source, channel, day) include (amount)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists partner_day_start(date, integer)`.execute(db);
  await sql`drop index if exists day_totals_by_source_idx`.execute(db);
  await sql.raw(meetingsFunction(ATTENDANCE)).execute(db);
  await sql`delete from day_totals where source = 'attendance' and channel = 'meetings'`.execute(db);
}
