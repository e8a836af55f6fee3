import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the gateway tells us after a message left (../callbacks.ts takes its HTTP side): delivery reports
 * move a message forward - unknown -> sent -> delivered or failed - and never back, so a report that comes
 * twice or late changes nothing; a STOP reply opts the number out.
 */

/** Where a delivery report takes a message. */
export type ReportedState = 'sent' | 'delivered' | 'failed';

/** Africa's Talking delivery statuses: interim ones mean sent, final ones delivered or failed. */
const REPORTED: Record<string, ReportedState> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Rejected: 'failed',
  Failed: 'failed',
};

/** The states a report may move a message out of, per state it moves it to. */
const MOVES_FROM: Record<ReportedState, string[]> = {
  sent: ['unknown'],
  delivered: ['unknown', 'sent'],
  failed: ['unknown', 'sent'],
};

export const reportedState = (status: string): ReportedState | undefined => (Object.hasOwn(REPORTED, status) ? REPORTED[status] : undefined);

export interface DeliveryReport {
  /** The gateway's message id. */
  messageId: string;
  state: ReportedState;
  /** E.164, when the report names a readable number. */
  phone: string | undefined;
  /** The gateway's reason, for a failure. */
  reason: string;
}

export type ReportEffect = 'updated' | 'confirmed' | 'unchanged' | 'unmatched';

/**
 * Applies one report. 'updated': the message moved forward. 'confirmed': no message had the id, but
 * exactly one unconfirmed message to that number had none either (its worker stopped before it could
 * record the id): the report confirms it. 'unchanged': a repeated or late report. 'unmatched': not ours.
 */
export async function applyDeliveryReport(db: Kysely<Database>, report: DeliveryReport): Promise<ReportEffect> {
  const moved = await sql`
    update notifications set ${changes(report)}
    where provider_message_id = ${report.messageId} and state = any(${MOVES_FROM[report.state]}::text[])`.execute(db);
  if (Number(moved.numAffectedRows ?? 0n) > 0) return 'updated';

  const known = await db.selectFrom('notifications').select('id').where('provider_message_id', '=', report.messageId).executeTakeFirst();
  if (known) return 'unchanged';
  if (!report.phone) return 'unmatched';

  // At most two candidates are read: one is a match, two are ambiguous and left for a person.
  const confirmed = await sql`
    with candidates as (
      select tenant_id, id from notifications
      where recipient = ${report.phone} and state = 'unknown' and provider_message_id is null
      limit 2
    )
    update notifications n set provider_message_id = ${report.messageId}, ${changes(report)}
    from candidates c
    where n.tenant_id = c.tenant_id and n.id = c.id and (select count(*) from candidates) = 1`.execute(db);
  return Number(confirmed.numAffectedRows ?? 0n) > 0 ? 'confirmed' : 'unmatched';
}

function changes(report: DeliveryReport) {
  return sql`
    state = ${report.state},
    sent_at = coalesce(sent_at, claimed_at, now()),
    delivered_at = case when ${report.state} = 'delivered' then now() else delivered_at end,
    failure_reason = case when ${report.state} = 'failed' then ${report.reason}::text end`;
}

/** Replies that ask for no more messages (Swahili: ACHA, "stop"), matched as the whole text in any case. */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'ACHA'];

export const isStopReply = (text: string) =>
  STOP_WORDS.includes(
    text
      .trim()
      .replace(/[.!]+$/, '')
      .toUpperCase(),
  );

/** Opts `phone` out (source 'reply') for every partner that has sent to it; returns how many partners that is. */
export async function optOutByReply(db: Kysely<Database>, phone: string): Promise<number> {
  const result = await sql`
    insert into sms_opt_outs (tenant_id, phone, source)
    select distinct tenant_id, ${phone}, 'reply' from notifications where recipient = ${phone}
    on conflict (tenant_id, phone) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
