import { sql, type Kysely, type RawBuilder } from 'kysely';
import { writeActivity, type Actor } from '../../activity/record';
import type { Database } from '../../db/schema';
import { withinTransaction } from '../../db/within-transaction';

/**
 * What the gateway tells us after a message left (../callbacks.ts takes its HTTP side): delivery reports
 * move a message forward - unknown -> sent -> delivered or failed - and never back, so a report that comes
 * twice or late changes nothing; a blacklist report, a STOP reply or the gateway's opt-out notice opts the
 * number out.
 *
 * Each change is written with its activity event (issue 26), in one transaction, as the gateway (`actor`:
 * `gatewayActor('sms_gateway', address)`): a report that moved a message, one `report` event on its send; an
 * opt-out, one `opt_out` event per partner it opted the number out for. A report or notice that changed
 * nothing (a repeat, not ours) writes none. Events carry states and ids, never the number.
 */

/** Where a delivery report takes a message. */
export type ReportedState = 'sent' | 'delivered' | 'failed';

/**
 * Africa's Talking delivery statuses (docs/integrations.md): interim ones mean sent, final ones delivered or
 * failed. AbsentSubscriber (the phone was off or out of coverage) and Expired (the network discarded the
 * message) are final too: no later report comes for them, so a message left 'sent' would stay so forever.
 */
const REPORTED: Record<string, ReportedState> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Rejected: 'failed',
  Failed: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
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
  /** The gateway's reason, for a failure (its status when it gives none). */
  reason: string;
}

/**
 * A failure because the subscriber blacklisted the sender (failureReason UserInBlackList; the send answer's
 * 406 spells it UserInBlacklist): the partner may not message the number again, so it is opted out.
 */
export const isBlacklisted = (report: Pick<DeliveryReport, 'state' | 'reason'>) => report.state === 'failed' && report.reason.toLowerCase() === 'userinblacklist';

export type ReportEffect = 'updated' | 'confirmed' | 'unchanged' | 'unmatched';

/**
 * Applies one report. 'updated': the message moved forward. 'confirmed': no message had the id, but
 * exactly one unconfirmed message to that number had none either (its worker stopped before it could
 * record the id): the report confirms it. 'unchanged': a repeated or late report. 'unmatched': not ours.
 */
export async function applyDeliveryReport(db: Kysely<Database>, report: DeliveryReport, actor: Actor): Promise<ReportEffect> {
  return withinTransaction(db, async (trx) => {
    const moved = await sql<MovedSend>`
      with moved as (
        update notifications set ${changes(report)}
        where provider_message_id = ${report.messageId} and state = any(${MOVES_FROM[report.state]}::text[])
        returning tenant_id, send_id, recipient
      ), ${optedOut(report)}
      ${movedSends}`.execute(trx);
    if (moved.rows.length > 0) {
      await recordReports(trx, moved.rows, report, actor);
      return 'updated';
    }

    const known = await trx.selectFrom('notifications').select('id').where('provider_message_id', '=', report.messageId).executeTakeFirst();
    if (known) return 'unchanged';
    if (!report.phone) return 'unmatched';

    // At most two candidates are read: one is a match, two are ambiguous and left for a person.
    const confirmed = await sql<MovedSend>`
      with candidates as (
        select tenant_id, id from notifications
        where recipient = ${report.phone} and state = 'unknown' and provider_message_id is null
        limit 2
      ), moved as (
        update notifications n set provider_message_id = ${report.messageId}, ${changes(report)}
        from candidates c
        where n.tenant_id = c.tenant_id and n.id = c.id and (select count(*) from candidates) = 1
        returning n.tenant_id, n.send_id, n.recipient
      ), ${optedOut(report)}
      ${movedSends}`.execute(trx);
    if (confirmed.rows.length === 0) return 'unmatched';
    await recordReports(trx, confirmed.rows, report, actor);
    return 'confirmed';
  });
}

/** The sends a report moved messages of (one, as a rule), and whether it opted their number out. */
interface MovedSend {
  tenant_id: number;
  send_id: number;
  opted_out: boolean;
}

const movedSends = sql`
  select m.tenant_id, m.send_id, exists (select from opted_out o where o.tenant_id = m.tenant_id) as opted_out
  from moved m group by m.tenant_id, m.send_id order by 1, 2`;

/** One `report` event per send the report moved: the state it reported, and whether the number was opted out. */
async function recordReports(trx: Kysely<Database>, sends: MovedSend[], report: DeliveryReport, actor: Actor): Promise<void> {
  for (const send of sends) {
    await writeActivity(trx, send.tenant_id, actor, {
      action: 'report',
      entity: 'message_send',
      entityId: send.send_id,
      details: { status: report.state, ...(send.opted_out ? { optedOut: true } : {}) },
    });
  }
}

/**
 * With a blacklist report, the partner whose message it `moved` opts the number out (source 'gateway') in the
 * same statement, so the report and the opt-out are applied together or not at all. Only when the report
 * moved the message: a repeat changes nothing, not even an opt-out a person has since removed.
 */
function optedOut(report: DeliveryReport) {
  return sql`opted_out as (
      insert into sms_opt_outs (tenant_id, phone, source)
      select distinct tenant_id, recipient, 'gateway' from moved
      where ${isBlacklisted(report)}::boolean and recipient ~ '^\\+[1-9][0-9]{7,14}$'
      on conflict (tenant_id, phone) do nothing
      returning tenant_id
    )`;
}

function changes(report: DeliveryReport) {
  return sql`
    state = ${report.state},
    sent_at = coalesce(sent_at, claimed_at, now()),
    delivered_at = case when ${report.state} = 'delivered' then now() else delivered_at end,
    failure_reason = case when ${report.state} = 'failed' then ${report.reason}::text end`;
}

/** Words that ask for no more messages (Swahili: ACHA, "stop"). */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'ACHA'];
/**
 * Words a short STOP reply may carry besides its stop word: politeness and what is to stop
 * (English and Swahili: TAFADHALI "please", ASANTE "thanks", SASA "now", UJUMBE "messages", KUTUMA "sending").
 * Never a negation, so "please don't stop" stays a message.
 */
export const STOP_COURTESIES =
  'PLEASE PLS PLZ KINDLY ALL ME NOW THANKS THANK YOU THE THIS THESE MESSAGES MESSAGE SMS TEXTS SENDING TAFADHALI ASANTE SASA UJUMBE KUTUMA'.split(' ');
/** Longer replies are conversation, whatever words they use. */
const STOP_REPLY_MAX_WORDS = 6;

const STOP = new Set(STOP_WORDS);
const COURTESY = new Set(STOP_COURTESIES);

/**
 * A reply that asks for no more messages: at most six words, at least one of them a stop word and every
 * other one a courtesy ('Stop please', 'STOP ALL', 'stop.', 'Acha tafadhali', 'unsubscribe me'), in any
 * case and punctuation. A sentence that merely contains 'stop' ('I will not stop coming', 'Please don't stop
 * the messages', 'Stop by the office') is not one; a person can still opt such a number out by hand.
 */
export function isStopReply(text: string): boolean {
  const words = text
    .slice(0, 200)
    .toUpperCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length <= STOP_REPLY_MAX_WORDS && words.some((word) => STOP.has(word)) && words.every((word) => STOP.has(word) || COURTESY.has(word));
}

/** Opts `phone` out (source 'reply') for every partner that has sent to it; returns how many partners that is. */
export async function optOutByReply(db: Kysely<Database>, phone: string, actor: Actor): Promise<number> {
  return recordedOptOuts(
    db,
    actor,
    'reply',
    sql<NewOptOut>`
    insert into sms_opt_outs (tenant_id, phone, source)
    select distinct tenant_id, ${phone}, 'reply' from notifications where recipient = ${phone}
    on conflict (tenant_id, phone) do nothing
    returning tenant_id, id`,
  );
}

/**
 * Africa's Talking's 'Bulk SMS Opt Out' notice: the subscriber opted out of messages from `senderId` (an
 * alphanumeric sender id, whose messages get no replies). Opts `phone` out (source 'gateway') for the
 * partners that have sent to it under that sender id - their `sender_id` message config, in any case - or,
 * when none of them has it (the gateway's default sender id, shared by every partner without their own, or
 * one since changed), for every partner that has sent to it: a person who said stop is never messaged on a
 * guess, and staff can take the number back. Returns how many partners were added.
 */
export async function optOutBySender(db: Kysely<Database>, phone: string, senderId: string, actor: Actor): Promise<number> {
  return recordedOptOuts(
    db,
    actor,
    'gateway',
    sql<NewOptOut>`
    with senders as (
      select distinct tenant_id from notifications where recipient = ${phone}
    ), named as (
      select s.tenant_id from senders s
      join message_configs c on c.tenant_id = s.tenant_id and lower(c.config) = 'sender_id' and lower(trim(c.value)) = lower(${senderId})
    )
    insert into sms_opt_outs (tenant_id, phone, source)
    select tenant_id, ${phone}, 'gateway' from senders
    where not exists (select from named) or tenant_id in (select tenant_id from named)
    on conflict (tenant_id, phone) do nothing
    returning tenant_id, id`,
  );
}

/** An opt-out entry an insert made: its partner and id. */
interface NewOptOut {
  tenant_id: number;
  id: number;
}

/** Runs an opt-out insert and writes one `opt_out` event per entry it made, in one transaction; answers how many. */
async function recordedOptOuts(db: Kysely<Database>, actor: Actor, source: 'reply' | 'gateway', insert: RawBuilder<NewOptOut>): Promise<number> {
  return withinTransaction(db, async (trx) => {
    const { rows } = await insert.execute(trx);
    for (const row of rows) await writeActivity(trx, row.tenant_id, actor, { action: 'opt_out', entity: 'opt_out', entityId: row.id, details: { source } });
    return rows.length;
  });
}
