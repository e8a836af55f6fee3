import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { withinTransaction } from '../db/within-transaction';

/**
 * The product's own SMS to a partner's staff (issue 25): the invitation link, the forgotten password's code.
 * They go through the outbox like every SMS (durable: a crash after the commit loses nothing, the worker sends
 * it once), from the partner's sender id, but they are not the partner's messages: a send with recipient_type
 * 'Staff' and a notification in category STAFF_CATEGORY, 0 units and no charge. The partner's message lists,
 * counts and dashboards leave them out (notifications.ts, migration 0022's day_totals trigger), and an opt-out
 * from the partner's messages does not stop them (outbox/queries.ts claimDue): the person asked for this one.
 */

/** The notifications' category of staff messages: what the lists, the day totals and the outbox read without a join. */
export const STAFF_CATEGORY = 'STAFF';

export interface StaffMessage {
  tenantId: number;
  /** E.164 */
  phone: string;
  text: string;
  /** Who caused it (the inviting owner), null for the person themself (a reset code). */
  userId: number | null;
}

/**
 * Queues one staff SMS: its send and its notification, in the caller's transaction when `db` is one, else in
 * one of its own. The caller wakes the outbox (`OutboxNudge.wake()`) after the commit.
 */
export async function queueStaffSms(db: Kysely<Database>, message: StaffMessage): Promise<void> {
  await withinTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('message_sends')
      .values({
        tenant_id: message.tenantId,
        recipient_type: 'Staff',
        message: message.text,
        group_id: null,
        upload_id: null,
        send_at: null,
        created_by: message.userId,
        recipients: 1,
        units: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('notifications')
      .values({ tenant_id: message.tenantId, send_id: id, member_id: null, recipient: message.phone, message: message.text, category: STAFF_CATEGORY, units: 0 })
      .execute();
  });
}
