import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** How often the embedded database's planner statistics are refreshed. */
export const STATISTICS_INTERVAL_MS = 10 * 60_000;

/**
 * PGlite runs PostgreSQL in single-user mode, without autovacuum, so it gathers no planner statistics on
 * its own: the lists' estimated totals (db/paged-list.ts) and the planner's choice of index both need them.
 * This runs ANALYZE at once and then every STATISTICS_INTERVAL_MS. ANALYZE reads a sample of each table
 * (30,000 rows at most), a few hundred milliseconds at a million contacts, during which PGlite answers
 * nothing else. PostgreSQL's autovacuum does the same by itself: there this is not started.
 */
export function refreshStatistics(db: Kysely<Database>, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const analyze = () => {
    running = sql`analyze`
      .execute(db)
      .then(() => undefined)
      .catch(onError);
  };
  analyze();
  const timer = setInterval(analyze, STATISTICS_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
