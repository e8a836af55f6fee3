import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ExportedContact } from './import';
import { MEMBER_FIELDS, membersMatching, searchCountry, toMemberFields, type MemberFilter } from './member-queries';

type Db = Kysely<Database>;

/** Contacts per query while exporting: bounded memory whatever the size of the contact book. */
export const EXPORT_BATCH_ROWS = 5_000;

/**
 * The tenant's contacts matching `filter`, newest first like the list, in batches. Keyset paging on
 * (created_at, id) walks the list index without OFFSET. The cursor carries created_at as text:
 * a JavaScript Date keeps only milliseconds of the microseconds PostgreSQL stores.
 */
export async function* exportedMemberBatches(db: Db, tenantId: number, filter: MemberFilter): AsyncGenerator<ExportedContact[]> {
  const country = await searchCountry(db, tenantId, filter);
  let cursor: { createdAt: string; id: number } | undefined;
  for (;;) {
    const after = cursor;
    const rows = await membersMatching(db, tenantId, filter, country)
      .select(['m.id', ...MEMBER_FIELDS])
      .select(sql<string>`m.created_at::text`.as('cursor'))
      .$if(after !== undefined, (q) => q.where(sql<boolean>`(m.created_at, m.id) < (${after!.createdAt}::timestamptz, ${after!.id})`))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(EXPORT_BATCH_ROWS)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(toMemberFields);
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.cursor, id: last.id };
  }
}
