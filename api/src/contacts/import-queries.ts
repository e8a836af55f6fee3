import { sql, type Kysely } from 'kysely';
import type { ContactImportContact } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { withinTransaction } from '../db/within-transaction';

type Db = Kysely<Database>;

/** Rows per INSERT: 7 parameters each stays far below PostgreSQL's 65,535 parameters per statement. */
export const IMPORT_BATCH_ROWS = 1_000;

/** Which of `phones` (E.164) already belong to one of the tenant's contacts: one query on the unique index. */
export async function existingPhones(db: Db, tenantId: number, phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db
    .selectFrom('members')
    .select('phone')
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', sql<string>`any(${[...phones]}::text[])`)
    .execute();
  return new Set(rows.map((row) => row.phone));
}

/**
 * Creates the contacts in batches inside one transaction (all or nothing: the caller's, with the import's
 * activity event, when `db` is one) and returns how many were created. A phone the tenant already has - saved
 * by someone else since the preview's lookup, or an archived contact's - is skipped by ON CONFLICT rather than
 * failing the file.
 */
export async function insertImportedMembers(db: Db, tenantId: number, contacts: readonly ContactImportContact[]): Promise<number> {
  if (contacts.length === 0) return 0;
  return withinTransaction(db, async (trx) => {
    let created = 0;
    for (let start = 0; start < contacts.length; start += IMPORT_BATCH_ROWS) {
      const batch = contacts.slice(start, start + IMPORT_BATCH_ROWS);
      const rows = await trx
        .insertInto('members')
        .values(
          batch.map((contact) => ({
            tenant_id: tenantId,
            first_name: contact.firstName,
            last_name: contact.lastName,
            gender: contact.gender,
            phone: contact.mobile,
            email: contact.email,
            residence: contact.residence,
          })),
        )
        .onConflict((oc) => oc.columns(['tenant_id', 'phone']).doNothing())
        .returning('id')
        .execute();
      created += rows.length;
    }
    return created;
  });
}
