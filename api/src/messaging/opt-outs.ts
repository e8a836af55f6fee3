import type { SmsOptOut } from '@ushirika/shared/contract';
import type { OptOutInput } from '@ushirika/shared/validation';
import { recordActivity } from '../activity/record';
import { withinDates } from '../db/list-sql';
import { recordQueries } from '../db/record-queries';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';
import { phoneListSearch } from './list-search';

/**
 * Opted-out numbers (issue 8, ours): a number here gets no messages from the partner - a send gives it a
 * row in state opted_out and charges nothing. Staff add and remove numbers (`/smsoptouts`); the gateway's
 * incoming STOP replies and blacklist answers add them too (source 'reply' / 'gateway').
 */

export const ALREADY_OPTED_OUT = 'This number has already opted out';
export const OPT_OUT_NOT_FOUND = 'Opted-out number not found';
export const OPT_OUT_REMOVED = 'The number will get messages again';

/** Search: the number (`phoneListSearch`) or the name of the contact who has it. */
async function matching(scope: TenantScope, params: ListParams) {
  const search = await phoneListSearch(scope, params, 'o.phone', ['m.first_name', 'm.last_name']);
  return scope
    .selectFrom('sms_opt_outs as o')
    .leftJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'o.tenant_id').onRef('m.phone', '=', 'o.phone'))
    .$if(search !== undefined, (q) => q.where(search!))
    .$call(withinDates('o.created_at', params, scope));
}

function select(scope: TenantScope) {
  return scope
    .selectFrom('sms_opt_outs as o')
    .innerJoin('partners as p', 'p.id', 'o.tenant_id')
    .leftJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'o.tenant_id').onRef('m.phone', '=', 'o.phone'))
    .select(['o.id', 'o.phone', 'o.source', 'o.created_at', 'm.first_name', 'm.last_name', 'p.name as partner_name']);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toOptOut = (row: Selected): SmsOptOut => ({
  id: row.id,
  phone: row.phone,
  source: row.source,
  contact: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
});

/** Newest first; a number the partner has already is refused by the unique key (409). */
export const optOutQueries = recordQueries({
  table: 'sms_opt_outs',
  id: 'o.id',
  order: [
    ['o.created_at', 'desc'],
    ['o.id', 'desc'],
  ],
  matching,
  select,
  toRow: toOptOut,
  columns: (input: OptOutInput) => ({ phone: input.phone, source: 'staff' }),
});

/**
 * POST /smsoptouts: the number opted out by a staff member, with its `opt_out` event, in one transaction; answers
 * the entry's id. The event names the entry, not the number (a person's data stays out of the log).
 */
export async function addOptOut(scope: TenantScope, input: OptOutInput): Promise<number> {
  return scope.transaction(async (trx) => {
    const id = await optOutQueries.insert(trx, input);
    await recordActivity(trx, { action: 'opt_out', entity: 'opt_out', entityId: id, details: { source: 'staff' } });
    return id;
  });
}

/** DELETE /smsoptouts/{id}: the number gets messages again (an `opt_in` event); false when the partner has no such entry. */
export async function removeOptOut(scope: TenantScope, id: number): Promise<boolean> {
  return scope.transaction(async (trx) => {
    const result = await trx.deleteFrom('sms_opt_outs').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await recordActivity(trx, { action: 'opt_in', entity: 'opt_out', entityId: id });
    return true;
  });
}
