import { sql, type Kysely } from 'kysely';

/**
 * Worker heartbeats (operations: readiness):
 *
 * - `worker_heartbeats`: one row per running SMS outbox worker, in the server process or a process of its own
 *   (`pnpm worker`), updated every `beat_interval_ms` (api/src/messaging/outbox/heartbeat.ts). `GET /readyz`
 *   reads it to tell whether some worker is alive: both sides use the database's clock, so servers and workers
 *   with different clocks agree. Not tenant data: one worker serves every partner. UNLOGGED: a beat is written
 *   every few seconds and is worth nothing after a crash (the next beat writes it again), so it skips the
 *   write-ahead log. Rows of workers that stopped are kept for a while (a worker that restarts takes a new
 *   id) and deleted by later beats.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table worker_heartbeats (
      worker_id text primary key,
      beat_interval_ms integer not null check (beat_interval_ms > 0),
      started_at timestamptz not null default now(),
      beat_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists worker_heartbeats`.execute(db);
}
