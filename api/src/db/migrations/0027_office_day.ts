import { sql, type Kysely } from 'kysely';

/**
 * The church office's day (issue 28).
 *
 * - `meetings.group_id`: the group whose meeting it is (optional): its members are the names attendance is taken
 *   from, and 'who missed the last N meetings of this group' reads its meetings. A deleted group leaves its
 *   meetings without one. `meetings.visitors`: people counted who are not ticked by name.
 * - `meeting_attendees`: who came, by name. Once names are ticked, the headcount (`actual_attendance`) is the
 *   names plus the visitors. A contact removed for good leaves the meetings they came to.
 * - `incomes.meeting_id`: the meeting whose offering an income records (optional; a deleted meeting unlinks it).
 * - `partners.areas`: the areas an etracker partner (money only) has turned on beyond finance: 'contacts',
 *   'messaging' (`pnpm ops`). A general partner has every area whatever this says.
 * - Existing incomes typed with a phone that exactly one live contact of the partner has are linked to that
 *   contact, once, here; from now on the income form links the contact chosen in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table meetings
      add column group_id integer,
      add column visitors integer not null default 0 check (visitors >= 0 and visitors <= 100000),
      add constraint meetings_group_fkey foreign key (tenant_id, group_id) references groups (tenant_id, id) on delete set null (group_id)`.execute(db);
  await sql`create index meetings_group_idx on meetings (tenant_id, group_id, date_of_meeting desc, id desc) where group_id is not null`.execute(db);

  await sql`
    create table meeting_attendees (
      tenant_id integer not null,
      meeting_id integer not null,
      member_id integer not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, meeting_id, member_id),
      foreign key (tenant_id, meeting_id) references meetings (tenant_id, id) on delete cascade,
      foreign key (tenant_id, member_id) references members (tenant_id, id) on delete cascade
    )`.execute(db);
  await sql`create index meeting_attendees_member_idx on meeting_attendees (tenant_id, member_id, meeting_id)`.execute(db);

  await sql`
    alter table incomes
      add column meeting_id integer,
      add constraint incomes_meeting_fkey foreign key (tenant_id, meeting_id) references meetings (tenant_id, id) on delete set null (meeting_id)`.execute(db);
  await sql`create index incomes_meeting_idx on incomes (tenant_id, meeting_id) where meeting_id is not null`.execute(db);
  // The person's giving, newest first (replaces 0021's index on the contact alone).
  await sql`drop index incomes_member_idx`.execute(db);
  await sql`create index incomes_member_idx on incomes (tenant_id, member_id, date_of_transaction desc, id desc) where member_id is not null`.execute(db);

  // The person's messages, newest first.
  await sql`create index notifications_member_idx on notifications (tenant_id, member_id, created_at desc, id desc) where member_id is not null`.execute(db);

  await sql`alter table partners add column areas text[] not null default '{}' check (areas <@ array['contacts', 'messaging']::text[])`.execute(db);

  // Typed incomes whose phone exactly one live contact of the partner has.
  await sql`
    update incomes i
    set member_id = only_one.member_id, version = i.version + 1, updated_by = null, updated_at = now()
    from (
      select tenant_id, phone, min(id) as member_id
      from members
      where archived_at is null and erased_at is null and phone <> ''
      group by tenant_id, phone
      having count(*) = 1
    ) only_one
    where i.member_id is null and i.phone <> '' and only_one.tenant_id = i.tenant_id and only_one.phone = i.phone`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partners drop column areas`.execute(db);
  await sql`drop index notifications_member_idx`.execute(db);
  await sql`drop index incomes_member_idx`.execute(db);
  await sql`create index incomes_member_idx on incomes (tenant_id, member_id) where member_id is not null`.execute(db);
  await sql`alter table incomes drop column meeting_id`.execute(db);
  await sql`drop table meeting_attendees`.execute(db);
  await sql`alter table meetings drop column group_id, drop column visitors`.execute(db);
}
