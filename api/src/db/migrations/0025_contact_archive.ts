import { sql, type Kysely } from 'kysely';

/**
 * Archived and erased contacts (issue 26.5; api/src/contacts/archive.ts and erasure.ts).
 *
 * - `archived_at` / `archived_by`: a contact is archived rather than deleted: out of the lists, the pickers and
 *   the sends, their giving and group memberships kept; restoring puts them back. Null while active.
 * - `erased_at`: their personal data erased on request (Kenya's Data Protection Act, 2019, right to erasure).
 *   An erased contact is archived too, for good (the checks below). The row stays, anonymous, so the money they
 *   gave keeps a (nameless) contact and the activity log's events about them keep their record id.
 *
 * `members.phone` is unique per partner and E.164-checked (migration 0002). An erased contact's phone becomes
 * `erased:<id>`: no phone number can be written like that (the form and the import only store numbers that
 * libphonenumber reads), so it can never be a real person's number that a send or an M-Pesa match would find,
 * and it is unique because the id is. The phone check takes it on an erased row only, and an erased row must
 * hold no name, phone, email or residence of the person's (the label and the marker, nothing else).
 *
 * The contacts list shows active contacts newest first, and ?archived=only the archived ones:
 * - `members_list_idx` becomes partial (active contacts): the list pages, its date range's first and last
 *   contact and the dashboard's newest contacts walk it as before, without stepping over archived rows;
 *   `members_archived_list_idx` serves the archived list (few rows).
 * - `member_counts.total` (migration 0002, the unfiltered list's total and the dashboard's count) counts active
 *   contacts only: inserts and deletes count the active rows among theirs, and an UPDATE trigger adds what
 *   archiving and restoring change. It writes nothing when an update changes no contact's archived state (a
 *   contact edit), so edits of one partner's contacts do not queue on its counter row.
 * - The list's dates are still read in the partner's zone (`partner_day_start`, migration 0013); only the date
 *   range's probes for the first and last contact now read active contacts (member-queries.ts).
 * - `search_text` (migration 0009) is generated from the names and the email: an erasure's new values replace
 *   it in the same UPDATE; the archive columns are not searched.
 */

/** What an erased row holds instead of the person's data (api/src/contacts/erasure.ts writes the same). */
const ERASED_FIRST_NAME = 'Erased';
const ERASED_LAST_NAME = 'contact';

const E164 = `phone ~ '^\\+[1-9][0-9]{7,14}$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table members
      add column archived_at timestamptz,
      add column archived_by integer,
      add column erased_at timestamptz`.execute(db);
  await sql`alter table members add constraint members_erased_archived check (erased_at is null or archived_at is not null)`.execute(db);
  await sql`
    alter table members add constraint members_erased_anonymous check (
      erased_at is null
      or (first_name = ${sql.lit(ERASED_FIRST_NAME)} and last_name = ${sql.lit(ERASED_LAST_NAME)}
          and phone = 'erased:' || id and email = '' and residence = ''))`.execute(db);
  await sql`alter table members drop constraint members_phone_check`.execute(db);
  await sql.raw(`alter table members add constraint members_phone_check check (${E164} or (erased_at is not null and phone = 'erased:' || id))`).execute(db);

  await sql`drop index members_list_idx`.execute(db);
  await sql`create index members_list_idx on members (tenant_id, created_at desc, id desc) where archived_at is null`.execute(db);
  await sql`create index members_archived_list_idx on members (tenant_id, created_at desc, id desc) where archived_at is not null`.execute(db);

  // Every row counted so far is active (no contact was archived before this migration): the totals stand.
  // An insert of archived rows only still creates the partner's counter row (at 0), which restoring one updates.
  await sql`
    create or replace function member_counts_add() returns trigger language plpgsql as $$
    begin
      insert into member_counts as c (tenant_id, total)
      select tenant_id, count(*) filter (where archived_at is null) from inserted group by tenant_id
      on conflict (tenant_id) do update set total = c.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function member_counts_remove() returns trigger language plpgsql as $$
    begin
      update member_counts c set total = c.total - d.removed
      from (select tenant_id, count(*) as removed from deleted where archived_at is null group by tenant_id) d
      where c.tenant_id = d.tenant_id and d.removed <> 0;
      return null;
    end $$`.execute(db);
  await sql`
    create function member_counts_change() returns trigger language plpgsql as $$
    begin
      update member_counts c set total = c.total + d.change
      from (
        select tenant_id, sum(change) as change
        from (select tenant_id, 1 as change from changed_to where archived_at is null
              union all
              select tenant_id, -1 from changed_from where archived_at is null) r
        group by tenant_id
        having sum(change) <> 0
      ) d
      where c.tenant_id = d.tenant_id;
      return null;
    end $$`.execute(db);
  // No column list: PostgreSQL refuses transition tables on a trigger with one.
  await sql`
    create trigger members_counted_update after update on members
    referencing new table as changed_to old table as changed_from for each statement execute function member_counts_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists members_counted_update on members`.execute(db);
  await sql`drop function if exists member_counts_change()`.execute(db);
  // Archived contacts count again, as every contact did.
  await sql`
    update member_counts c set total = c.total + a.archived
    from (select tenant_id, count(*) as archived from members where archived_at is not null group by tenant_id) a
    where c.tenant_id = a.tenant_id`.execute(db);
  await sql`
    create or replace function member_counts_add() returns trigger language plpgsql as $$
    begin
      insert into member_counts as c (tenant_id, total)
      select tenant_id, count(*) from inserted group by tenant_id
      on conflict (tenant_id) do update set total = c.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function member_counts_remove() returns trigger language plpgsql as $$
    begin
      update member_counts c set total = c.total - d.removed
      from (select tenant_id, count(*) as removed from deleted group by tenant_id) d
      where c.tenant_id = d.tenant_id;
      return null;
    end $$`.execute(db);
  await sql`drop index if exists members_archived_list_idx`.execute(db);
  await sql`drop index if exists members_list_idx`.execute(db);
  await sql`create index members_list_idx on members (tenant_id, created_at desc, id desc)`.execute(db);
  // An erased contact's marker is no phone number: the old check cannot hold while one is kept.
  await sql`alter table members drop constraint members_phone_check`.execute(db);
  await sql.raw(`alter table members add constraint members_phone_check check (${E164}) not valid`).execute(db);
  await sql`alter table members drop constraint members_erased_anonymous, drop constraint members_erased_archived`.execute(db);
  await sql`alter table members drop column erased_at, drop column archived_by, drop column archived_at`.execute(db);
}
