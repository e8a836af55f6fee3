import { sql } from 'kysely';
import { MAX_IMPORT_PRESETS, type ContactImportMapping, type ContactImportPreset } from '@ushirika/shared/contract';
import { changesBetween, createdValues, recordActivity } from '../activity/record';
import { pagedList, type Page } from '../db/paged-list';
import type { TenantScope } from '../db/tenant-scope';
import { conflict } from '../http/errors';
import type { ListParams } from '../http/list-query';

/**
 * The partner's saved column matchings of the import (issue 27.1; contact_import_presets): at most
 * MAX_IMPORT_PRESETS, one per name. Each change writes its `contact_import_preset` event in its transaction
 * (the name and the matching: column titles and field names, no person's data).
 */

export const TOO_MANY_PRESETS = `A partner keeps at most ${MAX_IMPORT_PRESETS} saved matchings: delete one you no longer use first.`;

function select(scope: TenantScope) {
  return scope.selectFrom('contact_import_presets as p').select(['p.id', 'p.name', 'p.mapping', 'p.created_at']);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toPreset = (row: Row): ContactImportPreset => ({
  id: row.id,
  name: row.name,
  mapping: row.mapping as ContactImportMapping,
  createdAt: row.created_at.toISOString(),
});

/** GET /member/import/presets: by name. */
export function listImportPresets(scope: TenantScope, params: ListParams): Promise<Page<ContactImportPreset>> {
  return pagedList(params, {
    scope,
    matching: scope.selectFrom('contact_import_presets as p').$if(params.searchPattern !== undefined, (q) => q.where('p.name', 'ilike', params.searchPattern!)),
    id: 'p.id',
    order: [
      ['p.name', 'asc'],
      ['p.id', 'asc'],
    ],
    select: select(scope),
    toRow: toPreset,
  });
}

/**
 * Saves the matching under `name`: replaces the one of that name, else adds it (409 beyond MAX_IMPORT_PRESETS).
 * Answers the preset and whether it is new.
 */
export async function savePreset(scope: TenantScope, name: string, mapping: ContactImportMapping): Promise<{ preset: ContactImportPreset; created: boolean }> {
  return scope.transaction(async (trx) => {
    // One save of the partner's presets at a time: the count below stays true until the commit.
    await trx.raw((db, tenantId) => sql`select pg_advisory_xact_lock(hashtext('contact_import_presets'), ${tenantId}::int)`.execute(db));
    const existing = await select(trx).where('p.name', '=', name).forUpdate().executeTakeFirst();
    if (existing) {
      const row = await trx
        .updateTable('contact_import_presets')
        .set({ mapping: JSON.stringify(mapping) })
        .where('id', '=', existing.id)
        .returning(['id', 'name', 'mapping', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordActivity(trx, {
        action: 'update',
        entity: 'contact_import_preset',
        entityId: row.id,
        changes: changesBetween({ mapping: existing.mapping }, { mapping: row.mapping }),
      });
      return { preset: toPreset(row), created: false };
    }
    const { count } = await trx
      .selectFrom('contact_import_presets as p')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    if (count >= MAX_IMPORT_PRESETS) throw conflict(TOO_MANY_PRESETS);
    const row = await trx
      .insertInto('contact_import_presets', { name, mapping: JSON.stringify(mapping) })
      .returning(['id', 'name', 'mapping', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { action: 'create', entity: 'contact_import_preset', entityId: row.id, changes: createdValues({ name: row.name, mapping: row.mapping }) });
    return { preset: toPreset(row), created: true };
  });
}

/** A preset as its events log it, or undefined when the partner has none of this id. */
export async function findPreset(scope: TenantScope, id: number): Promise<{ name: string; mapping: Record<string, string | null> } | undefined> {
  return scope.selectFrom('contact_import_presets').select(['name', 'mapping']).where('id', '=', id).executeTakeFirst();
}

/** Deletes a preset (DELETE /member/import/presets/{id}, inside its transaction); false when it was gone. */
export async function deletePreset(scope: TenantScope, id: number): Promise<boolean> {
  const result = await scope.deleteFrom('contact_import_presets').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
