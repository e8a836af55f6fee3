import { sql } from 'kysely';
import type { StaleSave } from '@ushirika/shared/contract';
import { HttpError } from '../http/errors';
import { VERSIONED_TABLES_0015 } from './migrations/0015_record_versions';
import type { TenantScope } from './tenant-scope';

/**
 * Saves over a record's version (issue 24, "Lost updates"; migration 0015). An edit screen reads the record
 * with its version and sends that version with the save; the save is refused when the record has changed
 * since, so neither a second person's save nor a stale form (Back, a reload) silently writes old values over
 * newer ones.
 */

/** The tables whose records carry a version: migration 0015's, and households (migration 0026). */
export type VersionedTable = (typeof VERSIONED_TABLES_0015)[number] | 'households' | 'campaigns';

/** Who saves, and the version their form was read at (undefined: the legacy client, which sends none). */
export interface VersionedSave {
  userId: number;
  version?: number | undefined;
}

/** A save over a newer version, answered 409: nothing was changed; the answer says who changed the record, and when. */
export class StaleSaveError extends HttpError {
  constructor(readonly answer: StaleSave) {
    const { status_msg, ...details } = answer;
    super(409, status_msg, details);
  }
}

/** The 409's text for callers that show `status_msg` as it is (the screens show their own, from the fields). */
export const staleSaveText = (changedBy: string | null) =>
  `${changedBy ?? 'Someone else'} changed this record after you opened it, so your changes were not saved. Reload it to see the changes, then make yours again.`;

/**
 * Runs `save` (the resource's own update, on the transaction's scope) as one change of record `id` of `table`:
 * in one transaction, the record's version goes up by one (and its `updated_by` / `updated_at` are set) only
 * if it is still `version`, which also locks it until the commit, so two saves of one record run one after
 * the other and the second finds the first's version. Answers what `save` answers, or false when the partner has no such record;
 * throws `StaleSaveError` when it is at another version (nothing changed).
 */
export async function savingVersion<Saved = boolean>(
  scope: TenantScope,
  table: VersionedTable,
  id: number,
  { userId, version }: VersionedSave,
  save: (trx: TenantScope) => Promise<Saved | false>,
): Promise<Saved | false> {
  // Kysely types an update on a concrete table; every versioned table has these columns (schema.ts `Versioned`).
  const records = table as 'groups';
  return scope.transaction(async (trx) => {
    const bumped = await trx
      .updateTable(records)
      .set({ version: sql<number>`version + 1`, updated_by: userId, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .$if(version !== undefined, (query) => query.where('version', '=', version!))
      .returning('version')
      .executeTakeFirst();
    if (!bumped) {
      const stale = await staleAnswer(trx, records, id);
      if (stale) throw new StaleSaveError(stale);
      return false;
    }
    return save(trx);
  });
}

/** The record's version now, who made it and when; undefined when the partner has no such record. */
async function staleAnswer(scope: TenantScope, table: 'groups', id: number): Promise<StaleSave | undefined> {
  const row = await scope
    .selectFrom(`${table} as r`)
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.updated_by').onRef('u.partner_id', '=', 'r.tenant_id'))
    .select(['r.version', 'r.updated_at', sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('changed_by')])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { status_msg: staleSaveText(row.changed_by), changedBy: row.changed_by, changedAt: row.updated_at.toISOString(), version: row.version };
}
