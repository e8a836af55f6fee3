import { sql, type Kysely } from 'kysely';

/**
 * The activity log (issue 26; api/src/activity): one event per change, written in the transaction of the change
 * (api/src/activity/record.ts), so a crash leaves both or neither.
 *
 * - `activity_events` is append-only: a trigger refuses every UPDATE and DELETE, on PGlite and PostgreSQL alike,
 *   whoever asks (the table's owner included). Where the application connects as its own PostgreSQL role, that
 *   role is granted only SELECT and INSERT on it (docs/deploy.md), so TRUNCATE is refused to it as well; the
 *   demo reset (`pnpm seed --reset`, the owner's) truncates it with every partner.
 * - `activity_personal_values` holds an event's personal values (names, phone, email, residence) apart from it.
 *   A person's erasure deletes theirs and leaves the event: the log says what changed, no longer from what to
 *   what. Its rows are never updated (the trigger), only deleted by an erasure.
 * - Events are listed newest first per partner, by record (a record's history), and by person.
 */
const APPEND_ONLY = `
  create function activity_events_append_only() returns trigger language plpgsql as $$
  begin
    raise exception 'The activity log cannot be changed: % on % refused', TG_OP, TG_TABLE_NAME
      using errcode = 'insufficient_privilege';
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table activity_events (
      tenant_id integer not null references partners (id),
      id bigint generated always as identity,
      at timestamptz not null default now(),
      actor_type text not null check (actor_type in ('staff', 'mpesa', 'sms_gateway', 'system', 'ops')),
      user_id integer,
      address text check (char_length(address) <= 64),
      action text not null check (char_length(action) between 1 and 32),
      area text not null check (area in ('contacts', 'groups', 'meetings', 'messaging', 'finance', 'staff', 'settings')),
      entity text not null check (char_length(entity) between 1 and 32),
      entity_id text check (char_length(entity_id) <= 64),
      changes jsonb not null default '[]' check (jsonb_typeof(changes) = 'array'),
      details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
      primary key (tenant_id, id),
      check ((actor_type = 'staff') = (user_id is not null))
    )`.execute(db);
  await sql`create index activity_events_list_idx on activity_events (tenant_id, at desc, id desc)`.execute(db);
  await sql`create index activity_events_record_idx on activity_events (tenant_id, entity, entity_id, id desc)`.execute(db);
  await sql`create index activity_events_user_idx on activity_events (tenant_id, user_id, id desc) where user_id is not null`.execute(db);

  await sql`
    create table activity_personal_values (
      tenant_id integer not null,
      event_id bigint not null,
      changes jsonb not null check (jsonb_typeof(changes) = 'array'),
      primary key (tenant_id, event_id),
      foreign key (tenant_id, event_id) references activity_events (tenant_id, id)
    )`.execute(db);

  await sql.raw(APPEND_ONLY).execute(db);
  await sql`
    create trigger activity_events_append_only before update or delete on activity_events
    for each row execute function activity_events_append_only()`.execute(db);
  await sql`
    create trigger activity_personal_values_no_update before update on activity_personal_values
    for each row execute function activity_events_append_only()`.execute(db);
  await sql`revoke update, delete, truncate on activity_events from public`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table activity_personal_values`.execute(db);
  await sql`drop table activity_events`.execute(db);
  await sql`drop function activity_events_append_only()`.execute(db);
}
