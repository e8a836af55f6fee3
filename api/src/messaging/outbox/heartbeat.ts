import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The outbox worker's heartbeat (migration 0011, `worker_heartbeats`). A worker may run in the server or as
 * a process of its own (`pnpm worker`), so `GET /readyz` cannot ask it in memory: each running worker
 * writes its row every beat, and readiness asks the database whether some worker beat recently. Every time
 * is the database's `now()`, so servers and workers with different clocks agree.
 */

/** A worker is stale after this many beats missed. */
export const STALE_AFTER_BEATS = 3;
/** A worker beats every poll interval, but at least this often, so readiness notices a dead worker soon. */
export const MAX_BEAT_INTERVAL_MS = 30_000;
/** Rows of workers that stopped beating this long ago are deleted by the next beat of any worker. */
const FORGET_AFTER_SECONDS = 24 * 3600;

/** How often a worker that polls every `pollIntervalMs` beats. */
export const beatIntervalFor = (pollIntervalMs: number) => Math.max(1, Math.min(pollIntervalMs, MAX_BEAT_INTERVAL_MS));

/** Writes `workerId`'s beat now; forgets workers long gone. */
export async function beat(db: Kysely<Database>, workerId: string, beatIntervalMs: number): Promise<void> {
  await sql`
    insert into worker_heartbeats (worker_id, beat_interval_ms) values (${workerId}, ${beatIntervalMs})
    on conflict (worker_id) do update set beat_at = now(), beat_interval_ms = excluded.beat_interval_ms`.execute(db);
  await sql`delete from worker_heartbeats where beat_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`.execute(db);
}

/** What readiness and the metrics read: 'ok' when some worker beat within STALE_AFTER_BEATS of its interval. */
export type WorkerLiveness = 'ok' | 'stale' | 'none';

export interface WorkerHeartbeats {
  liveness: WorkerLiveness;
  /** Seconds since the most recent beat of any worker; null when none is known. */
  newestBeatAgeSeconds: number | null;
}

export async function readHeartbeats(db: Kysely<Database>): Promise<WorkerHeartbeats> {
  const { rows } = await sql<{ fresh: boolean; known: boolean; age: number | string | null }>`
    select
      coalesce(bool_or(beat_at > now() - beat_interval_ms * ${STALE_AFTER_BEATS}::int * interval '1 millisecond'), false) as fresh,
      count(*) > 0 as known,
      extract(epoch from now() - max(beat_at))::float8 as age
    from worker_heartbeats`.execute(db);
  const row = rows[0]!;
  return { liveness: row.fresh ? 'ok' : row.known ? 'stale' : 'none', newestBeatAgeSeconds: row.age === null ? null : Number(row.age) };
}
