import { sql } from 'kysely';
import { NOTIFICATION_STATUS, type Notification, type NotificationStateName } from '@ushirika/shared/contract';
import { DAY_COUNTED, dayCount } from '../db/day-counts';
import { recordActivity } from '../activity/record';
import { withinDates } from '../db/list-sql';
import { phoneConditions, searchTextMatches } from '../db/search-text';
import { pagedList, pageReach, type AnyQuery, type Page } from '../db/paged-list';
import type { NotificationState } from '../db/schema';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, notFound } from '../http/errors';
import type { ListParams } from '../http/list-query';
import { listPhoneSearch } from '../contacts/member-search';
import { anyOf } from './list-search';
import { STAFF_CATEGORY } from './staff-messages';
import { chargeUnits } from './units';

/**
 * Notifications (spec 2.12 'Recent Messages' and 'Failed Messages', 3, 7): one row per recipient of a send,
 * as the outbox holds it, answered in the contract's shape - the legacy `status` beside our `state` - and
 * Resend, which puts a failed message back in the outbox once and charges it again.
 */

export const MESSAGE_NOT_FOUND = 'Message not found';
export const ONLY_FAILED_RESENT = 'Only a failed message can be resent';
export const RESENT_ONCE = 'This message has already been resent once';

/** The outbox's states as the API names them; a queued row of a scheduled send not yet due is 'scheduled'. */
const STATE_NAMES: Record<NotificationState, NotificationStateName> = {
  queued: 'queued',
  claimed: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  unknown: 'unconfirmed',
  opted_out: 'optedOut',
  cancelled: 'cancelled',
};
/** States Resend takes a message from (once). */
const RESENDABLE: readonly NotificationState[] = ['failed', 'unknown'];

function statusOf(state: NotificationStateName): number {
  if (state === 'sent' || state === 'delivered') return NOTIFICATION_STATUS.sent;
  if (state === 'queued' || state === 'scheduled') return NOTIFICATION_STATUS.waiting;
  return NOTIFICATION_STATUS.failed;
}

/** The partner's messages in the list, before the search: not the staff's, only failed ones for `failedOnly`, within the dates. */
function listed(scope: TenantScope, params: ListParams, failedOnly: boolean) {
  return scope
    .selectFrom('notifications as n')
    .where('n.category', '<>', STAFF_CATEGORY)
    .$if(failedOnly, (q) => q.where('n.state', 'in', RESENDABLE))
    .$call(withinDates('n.created_at', params, scope));
}

/** The list's rows (`matching`) and, for a search that reads only the rows its page needs, what they stand for (`estimated`). */
interface Matching {
  matching: AnyQuery<object>;
  estimated?: AnyQuery<object>;
}

/**
 * The list's rows, with the search (issue 32):
 * - a phone-like text finds the recipient's number however it was typed (`phoneConditions`, on its trigram index);
 * - any other text finds what was written, once: the send's own text (`message_sends.message`, placeholders
 *   included, on migration 0030's trigram index, one row per send), and the recipient as the contacts search
 *   finds them (the contact's name or email, `members.search_text` through `n.member_id`). A name filled into a
 *   personalised text ({firstName}) is found through its recipient; `n.message`, 100,000 copies of one text for
 *   a bulk send, has no index and is not searched.
 * The two parts are a UNION ALL (a message of a matching send is left out of the second), each ordered as the list
 * and cut at the page's reach (`pageReach`), so PostgreSQL plans each on its own (docs/benchmarks.md): a rare name
 * goes from its few contacts to their messages (notifications_member_idx), a common one ('wanj') walks the list
 * index and looks each message's contact up by its key until it has enough; a rare send's text reads its sends'
 * messages, a common one walks the list. (PostgreSQL plans no ordered walk for a part that joins when the union is
 * not cut: for 'wanj' it hashed the 66,668 contacts that match and sorted 11,994 messages to answer 501.)
 */
async function matching(scope: TenantScope, params: ListParams, failedOnly: boolean): Promise<Matching> {
  const { searchPattern } = params;
  if (searchPattern === undefined) return { matching: listed(scope, params, failedOnly) };
  const phone = await listPhoneSearch(scope, params);
  if (phone.phoneLike) return { matching: listed(scope, params, failedOnly).where(anyOf(phoneConditions('n.recipient', phone, 'trigram'))) };
  const sends = scope.selectFrom('message_sends as s').select('s.id').where('s.message', 'ilike', searchPattern);
  const byText = listed(scope, params, failedOnly).where('n.send_id', 'in', sends).select(['n.id', 'n.created_at']);
  const byRecipient = listed(scope, params, failedOnly)
    .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'n.tenant_id').onRef('m.id', '=', 'n.member_id'))
    .where(searchTextMatches('m.search_text', searchPattern))
    .where('n.send_id', 'not in', sends)
    .select(['n.id', 'n.created_at']);
  // Both parts are the partner's own (scope); the selects around them only order, cut and name them.
  return scope.raw(async (db) => {
    const reach = pageReach(params);
    const cut = (part: typeof byText, name: string) =>
      db.selectFrom(part.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(reach).as(name)).select([`${name}.id`, `${name}.created_at`]);
    return {
      matching: db.selectFrom(cut(byText, 'by_text').unionAll(cut(byRecipient, 'by_recipient')).as('n')),
      estimated: db.selectFrom(byText.unionAll(byRecipient).as('n')),
    };
  });
}

/** A message of the partner's, as listed; the product's own SMS to staff (staff-messages.ts) are none: never listed, found or resent. */
function select(scope: TenantScope) {
  return scope
    .selectFrom('notifications as n')
    .innerJoin('message_sends as s', (join) => join.onRef('s.tenant_id', '=', 'n.tenant_id').onRef('s.id', '=', 'n.send_id'))
    .innerJoin('partners as p', 'p.id', 'n.tenant_id')
    .where('n.category', '<>', STAFF_CATEGORY)
    .select([
      'n.id',
      'n.member_id',
      'n.recipient',
      'n.type',
      'n.category',
      'n.message',
      'n.state',
      'n.failure_reason',
      'n.units',
      'n.send_id',
      'n.resent_at',
      'n.sent_at',
      'n.created_at',
      's.send_at',
      'p.name as partner_name',
      sql<boolean>`n.state = 'queued' and s.send_at is not null and n.due_at > now()`.as('scheduled'),
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

function toNotification(row: Selected): Notification {
  const state = row.scheduled ? 'scheduled' : STATE_NAMES[row.state];
  return {
    id: row.id,
    recipient: row.recipient,
    type: row.type,
    category: row.category,
    message: row.message,
    status: statusOf(state),
    // When it went to the gateway; until then when it was resent, is scheduled for, or was queued.
    sentDate: (row.sent_at ?? row.resent_at ?? row.send_at ?? row.created_at).toISOString(),
    Partner: { name: row.partner_name },
    state,
    failureReason: row.failure_reason,
    units: row.units,
    sendId: row.send_id,
    scheduledFor: row.send_at?.toISOString() ?? null,
    resendable: RESENDABLE.includes(row.state) && row.resent_at === null,
    memberId: row.member_id,
  };
}

/**
 * GET /notification (every message) and GET /notification/2 (`failedOnly`): newest first. The total of every
 * message within the dates, with no search, is read from day_totals' messages per day (`dayCount`).
 */
export async function listNotifications(scope: TenantScope, params: ListParams, failedOnly = false): Promise<Page<Notification>> {
  const countable = !failedOnly && params.searchPattern === undefined;
  return pagedList(params, {
    scope,
    ...(await matching(scope, params, failedOnly)),
    id: 'n.id',
    order: [
      ['n.created_at', 'desc'],
      ['n.id', 'desc'],
    ],
    select: select(scope),
    toRow: toNotification,
    counted: countable ? () => scope.raw((db, tenantId) => dayCount(db, tenantId, DAY_COUNTED.messages, params)) : undefined,
  });
}

/** The partner's newest messages (the dashboard's 'Recent Notifications'), on the list's index. */
export async function latestNotifications(scope: TenantScope, limit: number): Promise<Notification[]> {
  const rows = await select(scope).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
  return rows.map(toNotification);
}

export async function findNotification(scope: TenantScope, id: number): Promise<Notification | undefined> {
  const row = await select(scope).where('n.id', '=', id).executeTakeFirst();
  return row && toNotification(row);
}

/**
 * Resend (PUT /notification/{id}): a failed or unconfirmed message that was not resent before goes back
 * to the outbox, due now, and is charged again (its segments), in one transaction. The row is locked first,
 * so a delivery report or a second resend waits and then sees it queued. 404 for another partner's id.
 * Writes one `resend` event on the message's send (its id and units; never the number or the text).
 */
export async function resendNotification(scope: TenantScope, id: number): Promise<void> {
  await scope.transaction(async (trx) => {
    const row = await trx
      .selectFrom('notifications')
      .select(['state', 'resent_at', 'send_id', 'message'])
      .where('id', '=', id)
      .where('category', '<>', STAFF_CATEGORY)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    if (!RESENDABLE.includes(row.state)) throw badRequest(ONLY_FAILED_RESENT);
    if (row.resent_at !== null) throw badRequest(RESENT_ONCE);
    const units = await trx.raw(async (db) => (await sql<{ units: number }>`select sms_segments(${row.message}::text) as units`.execute(db)).rows[0]!.units);
    await chargeUnits(trx, units, 'resend', row.send_id);
    await trx
      .updateTable('notifications')
      .set({
        state: 'queued',
        units,
        due_at: sql<Date>`now()`,
        attempts: 0,
        resent_at: sql<Date>`now()`,
        failure_reason: null,
        claimed_by: null,
        claimed_at: null,
        // A new attempt gets its own gateway id, cost and parts; a late report of the old one finds nothing.
        provider_message_id: null,
        cost: null,
        parts: null,
        sent_at: null,
        delivered_at: null,
      })
      .where('id', '=', id)
      .execute();
    await recordActivity(trx, { action: 'resend', entity: 'message_send', entityId: row.send_id, details: { messages: 1, notification: id, units } });
  });
}

/** The messages list's row query (the staff SMS left out) and mapping, for the other lists of messages (a person's: contacts/person-queries.ts). */
export { select as notificationRowSelect, toNotification };
