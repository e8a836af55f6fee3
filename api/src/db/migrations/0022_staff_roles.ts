import { sql, type Kysely } from 'kysely';

/**
 * Staff and roles (issue 25; api/src/auth, api/src/staff, shared/src/contract/permissions.ts):
 *
 * - `users.roles`: the fixed roles a staff member holds (the permission table is in the shared contract).
 *   Every user before this migration ran the whole partner alone: each becomes an `owner`.
 * - `users.active`: a deactivated staff member cannot sign in; their tokens are refused at once (the
 *   deactivation also starts a new token generation).
 * - `users.phone` (E.164): staff sign in with their email or their mobile number, so both are unique across
 *   partners (a login names no partner). `users.email` becomes optional; `users.password_hash` is null while
 *   an invitation waits to be accepted.
 * - The invitation: only the SHA-256 of its one-time link is kept, with the instant it expires.
 * - Two-step sign-in: the TOTP secret (null until enrolled; `totp_pending_secret` between the QR code and the
 *   first code; `totp_last_step`, the time step of the last code accepted, so a code is never taken twice),
 *   `user_recovery_codes` (hashed, each used once), and `partners.require_two_step`, which the
 *   partner's owners control. Off for partners that exist today (a new production partner turns it on).
 * - `user_sessions`: one row per sign-in, named by the token's `sid` claim: 'Where you are signed in' lists
 *   them, ending one refuses its token. `last_seen_at` is written at most every few minutes per session.
 * - `password_resets`: a forgotten password's 6-digit code, hashed, 10 minutes, 5 tries.
 * - `message_sends.recipient_type` 'Staff': the invitation and reset-code texts go through the outbox like
 *   every SMS, but are the product's own (never listed with the partner's messages, never charged). Their
 *   notifications have category 'STAFF' (api/src/messaging/staff-messages.ts), which the day totals' trigger
 *   (migration 0010) now reads: they are not counted as the partner's messages.
 */

/** Migration 0010's messages trigger function, counting the rows `counted` keeps. */
const messagesFunction = (counted: string) => {
  const rows = (table: string, sign: string) => `
    select r.tenant_id, (r.created_at at time zone p.time_zone)::date as day, '' as channel, ${sign}(1) as amount
    from ${table} r join partners p on p.id = r.tenant_id where ${counted}`;
  const addedUp = (parts: string[]) => `
    insert into day_totals as m (tenant_id, day, source, channel, amount)
    select tenant_id, day, 'message', channel, sum(amount)
    from (${parts.join(' union all ')}) c
    group by tenant_id, day, channel
    having sum(amount) <> 0
    order by tenant_id, day, channel
    on conflict (tenant_id, day, source, channel) do update set amount = m.amount + excluded.amount`;
  return `
    create or replace function notifications_day_totals() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${addedUp([rows('new_rows', '')])};
      elsif TG_OP = 'DELETE' then
        ${addedUp([rows('old_rows', '-')])};
      else
        ${addedUp([rows('new_rows', ''), rows('old_rows', '-')])};
      end if;
      return null;
    end $$`;
};
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column roles text[] not null default '{owner}'`.execute(db);
  await sql`alter table users alter column roles drop default`.execute(db);
  await sql`
    alter table users
      add constraint users_roles_known check (
        cardinality(roles) between 1 and 7
        and roles <@ array['owner', 'administrator', 'treasurer', 'finance_clerk', 'secretary', 'messaging', 'viewer']::text[]
      ),
      add column active boolean not null default true,
      add column phone text check (phone ~ '^\\+[1-9][0-9]{6,14}$'),
      add column invitation_hash text,
      add column invitation_expires_at timestamptz,
      add column totp_secret text,
      add column totp_pending_secret text,
      add column totp_enabled_at timestamptz,
      add column totp_last_step integer,
      alter column email drop not null,
      alter column password_hash drop not null,
      add constraint users_email_or_phone check (email is not null or phone is not null)`.execute(db);
  await sql`create unique index users_phone_key on users (phone)`.execute(db);
  await sql`create unique index users_invitation_key on users (invitation_hash)`.execute(db);
  await sql`alter table partners add column require_two_step boolean not null default false`.execute(db);
  await sql`
    create table user_sessions (
      id uuid primary key,
      user_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      ended_at timestamptz,
      user_agent text not null default '' check (length(user_agent) <= 300),
      address text not null default '' check (length(address) <= 64)
    )`.execute(db);
  await sql`create index user_sessions_user_idx on user_sessions (user_id, last_seen_at desc)`.execute(db);
  await sql`
    create table user_recovery_codes (
      user_id integer not null references users (id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      primary key (user_id, code_hash)
    )`.execute(db);
  await sql`
    create table password_resets (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      code_hash text not null,
      expires_at timestamptz not null,
      tries integer not null default 0 check (tries >= 0),
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index password_resets_user_idx on password_resets (user_id, created_at desc)`.execute(db);
  await sql`
    alter table message_sends
      drop constraint message_sends_recipient_type_check,
      add constraint message_sends_recipient_type_check check (recipient_type in ('Typed', 'Group', 'Upload', 'Receipt', 'Staff'))`.execute(db);
  await sql.raw(messagesFunction(`r.category <> 'STAFF'`)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Deleted while the trigger still leaves them out (they were never counted), then it counts every row again.
  await sql`delete from notifications where category = 'STAFF'`.execute(db);
  await sql`delete from message_sends where recipient_type = 'Staff'`.execute(db);
  await sql.raw(messagesFunction('true')).execute(db);
  await sql`
    alter table message_sends
      drop constraint message_sends_recipient_type_check,
      add constraint message_sends_recipient_type_check check (recipient_type in ('Typed', 'Group', 'Upload', 'Receipt'))`.execute(db);
  await sql`drop table if exists password_resets, user_recovery_codes, user_sessions`.execute(db);
  await sql`alter table partners drop column if exists require_two_step`.execute(db);
  await sql`delete from users where email is null or password_hash is null`.execute(db);
  await sql`
    alter table users
      drop constraint if exists users_email_or_phone,
      alter column email set not null,
      alter column password_hash set not null,
      drop column if exists totp_last_step,
      drop column if exists totp_enabled_at,
      drop column if exists totp_pending_secret,
      drop column if exists totp_secret,
      drop column if exists invitation_expires_at,
      drop column if exists invitation_hash,
      drop column if exists phone,
      drop column if exists active,
      drop column if exists roles`.execute(db);
}
