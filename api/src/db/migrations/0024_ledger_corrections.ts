import type { Kysely } from 'kysely';

/** Ledger corrections and closed months (issue 26): filled in by the ledger work. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
