import { sql } from 'kysely';
import type { TenantScope } from '../db/tenant-scope';
import type { ExportedContact } from './import/export-csv';
import { toFileValues, withFileValues } from './import-queries';
import { membersMatching, searchCountry, type MemberFilter } from './member-queries';

/** Contacts per query while exporting: bounded memory whatever the size of the contact book. */
export const EXPORT_BATCH_ROWS = 5_000;

/**
 * The partner's contacts matching `filter` (the list's search, dates and filters), newest first like the list,
 * in batches, with every field a file row has (import-queries.ts `withFileValues`: the import compares a file
 * with the same values). Keyset paging on (created_at, id) walks the list index without OFFSET. The cursor
 * carries created_at as text: a JavaScript Date keeps only milliseconds of the microseconds PostgreSQL stores.
 */
export async function* exportedMemberBatches(scope: TenantScope, filter: MemberFilter): AsyncGenerator<ExportedContact[]> {
  const country = await searchCountry(scope, filter);
  let cursor: { createdAt: string; id: number } | undefined;
  for (;;) {
    const after = cursor;
    const rows = await withFileValues(membersMatching(scope, filter, country))
      .select(['m.id', sql<string>`m.created_at::text`.as('cursor')])
      .$if(after !== undefined, (q) => q.where(sql<boolean>`(m.created_at, m.id) < (${after!.createdAt}::timestamptz, ${after!.id})`))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(EXPORT_BATCH_ROWS)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(toFileValues);
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.cursor, id: last.id };
  }
}
