import { sql } from 'kysely';
import { PLEDGE_THANKS_DEFAULT_TEXT, type PledgeThanks } from '@ushirika/shared/contract';
import type { PledgeThanksInput } from '@ushirika/shared/validation';
import { changesBetween, recordActivity } from '../../activity/record';
import { StaleSaveError, staleSaveText } from '../../db/record-versions';
import type { TenantScope } from '../../db/tenant-scope';

/*
 * The partner's thank-you SMS for a fulfilled pledge (issue 30.4; table pledge_thanks): on unless turned off,
 * with the partner's own text or the product's (PLEDGE_THANKS_DEFAULT_TEXT, stored as null so the product's
 * text stays the product's). A partner without a row has the defaults at version 1. The thanks worker
 * (./thanks-worker.ts) sends it.
 */

/** What a partner without a saved set-up has. */
const DEFAULTS = { enabled: true, text: null as string | null, version: 1 };

/** The partner's thank-you set-up (contract pledgeThanks). */
export async function readThanks(scope: TenantScope): Promise<PledgeThanks> {
  const row = (await scope.selectFrom('pledge_thanks').select(['enabled', 'text', 'version']).executeTakeFirst()) ?? DEFAULTS;
  return { enabled: row.enabled, text: row.text ?? PLEDGE_THANKS_DEFAULT_TEXT, isDefault: row.text === null, version: row.version };
}

/**
 * Saves the set-up over `version` when given (409 StaleSaveError over a newer one) and writes its `update
 * pledge_thanks` event, in one transaction; a save that changes nothing changes nothing (no event, same version).
 * The product's own text saved as it is stays the product's (isDefault).
 */
export async function saveThanks(scope: TenantScope, input: PledgeThanksInput & { version?: number | undefined }, userId: number): Promise<PledgeThanks> {
  return scope.transaction(async (trx) => {
    // The first save makes the row at version 1 (what readThanks answers before); a concurrent first save waits here.
    await trx.raw((db, tenantId) =>
      db
        .insertInto('pledge_thanks')
        .values({ tenant_id: tenantId, enabled: true, text: null, updated_by: userId })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute(),
    );
    const stored = await trx.selectFrom('pledge_thanks').select(['enabled', 'text', 'version']).forUpdate().executeTakeFirstOrThrow();
    if (input.version !== undefined && input.version !== stored.version) throw await staleThanks(trx);

    const text = input.text === PLEDGE_THANKS_DEFAULT_TEXT ? null : input.text;
    const changes = changesBetween(
      { enabled: stored.enabled, text: stored.text ?? PLEDGE_THANKS_DEFAULT_TEXT },
      { enabled: input.enabled, text: text ?? PLEDGE_THANKS_DEFAULT_TEXT },
    );
    if (changes.length > 0) {
      await trx
        .updateTable('pledge_thanks')
        .set({ enabled: input.enabled, text, version: sql<number>`version + 1`, updated_by: userId, updated_at: sql<Date>`now()` })
        .execute();
      await recordActivity(trx, { action: 'update', entity: 'pledge_thanks', entityId: null, changes });
    }
    return readThanks(trx);
  });
}

/** The 409 of a save over a newer version: who saved it, and when. */
async function staleThanks(trx: TenantScope): Promise<StaleSaveError> {
  const row = await trx
    .selectFrom('pledge_thanks as t')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 't.updated_by').onRef('u.partner_id', '=', 't.tenant_id'))
    .select(['t.version', 't.updated_at', sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('changed_by')])
    .executeTakeFirstOrThrow();
  return new StaleSaveError({
    status_msg: staleSaveText(row.changed_by),
    changedBy: row.changed_by,
    changedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  });
}
