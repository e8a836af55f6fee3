import type { Kysely } from 'kysely';

/**
 * Runs `work` inside a transaction: the caller's, when `db` is one already (the seed's, a route's), else one of
 * its own. For writes that must be whole whoever calls them.
 */
export function withinTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
