import type { Kysely } from 'kysely';

/** Archived and erased contacts (issue 26): filled in by the contacts work. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
