import { sql, type Kysely } from 'kysely';

/**
 * Accounts and login throttling (issue 10):
 *
 * - `users.token_generation` ends sessions before their tokens expire. Every access token carries the
 *   generation it was issued in (claim `gen`; tokens issued before this migration have none, read as 0);
 *   the token guard refuses a token whose generation is not the user's current one. Changing the password
 *   or "log out everywhere" adds one, so every token issued before is refused at once. A counter rather
 *   than a "valid after" time: JWT `iat` has whole seconds and the servers' and the database's clocks may
 *   differ, and neither can then tell a token issued in the same second from an older one.
 * - `rate_limit_hits` holds the rate limits' counters when several API processes share one PostgreSQL
 *   (api/src/auth/rate-limit-store.ts): one row per key and window. UNLOGGED: counters are written on
 *   every request and are worth nothing after a crash, so they skip the write-ahead log. No index but the key:
 *   the table holds one row per active user and address, and the sweep of expired rows reads it whole once a minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column token_generation integer not null default 0 check (token_generation >= 0)`.execute(db);
  await sql`
    create unlogged table rate_limit_hits (
      key text primary key,
      hits integer not null check (hits >= 0),
      expires_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_limit_hits`.execute(db);
  await sql`alter table users drop column if exists token_generation`.execute(db);
}
