import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type RawBuilder } from 'kysely';
import { isIsoDate, MESSAGE_PLACEHOLDERS, PLEDGE_PLACEHOLDERS, type SendResult } from '@ushirika/shared/contract';
import { recordActivity } from '../activity/record';
import type { RecipientType } from '../db/schema';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, notFound } from '../http/errors';
import { sendableContact } from './recipients';
import { chargeUnits, refundUnits } from './units';
import { storeUploadedFile, type RecipientsFile } from './uploaded-files';
import { partnerZone } from '../partners/time-zone';

/**
 * Sends (issue 8): what a send would cost (the quote) and the send itself, which only enqueues. One
 * transaction writes the send, one notification per recipient - made in the database by `INSERT … SELECT`,
 * one statement for a group or All Contacts, one per NUMBERS_PER_STATEMENT typed or uploaded numbers - and
 * the units charge (the segments of each recipient's text, `sms_segments()`); a send above the balance rolls
 * all of it back. Opted-out numbers get a row in state opted_out and cost nothing. The outbox worker does
 * the sending (api/src/messaging/outbox). A scheduled send's rows are due at its time; until then it can be
 * cancelled and its units come back.
 */

/** Whom a send goes to. */
export type Audience =
  /** Typed or uploaded numbers: distinct, E.164. */
  | { kind: 'numbers'; numbers: readonly string[] }
  | ({ kind: 'group'; groupId: number } & PerHousehold)
  /** All Contacts (group 0). */
  | ({ kind: 'contacts' } & PerHousehold)
  /**
   * Issue 30's reminders: the contacts with a balance on their pledge to a campaign (optionally only a group's
   * members), each text with the pledge placeholders filled from their own pledge (`pledgeText`).
   */
  | { kind: 'pledgers'; campaignId: number; groupId?: number | undefined; currency: string };

/**
 * A group's or All Contacts' send may reach each household once (issue 27.6, the form's `onePerHousehold`): a
 * chosen contact who is in a household with a head is reached through the head, even when the head is not in the
 * group. A household whose head cannot be reached (archived, or their number opted out) is reached as if it had
 * none: each of its chosen members as themselves. A contact in no household is reached as before. Each contact
 * (so each number) once.
 */
interface PerHousehold {
  onePerHousehold?: boolean;
}

export const SEND_TIME_IN_PAST = 'Send time must be in the future';
export const NOT_CANCELLABLE = 'Only a scheduled message that has not been sent can be cancelled';
export const SEND_NOT_FOUND = 'Message not found';
export const NO_RECIPIENTS = 'There is no one to send this message to';

/** True when the text holds a placeholder filled per recipient ({firstName}, {lastName}). */
export const isPersonalised = (text: string) => MESSAGE_PLACEHOLDERS.some((placeholder) => text.includes(placeholder));

/** `message` (SQL text) with {firstName} and {lastName} filled from the contact `m` when `text` holds them. */
function namesFilled(message: RawBuilder<unknown>, text: string): RawBuilder<unknown> {
  if (!isPersonalised(text)) return message;
  const [firstName, lastName] = MESSAGE_PLACEHOLDERS;
  return sql`replace(replace(${message}, ${firstName}::text, coalesce(m.first_name, '')), ${lastName}::text, coalesce(m.last_name, ''))`;
}

/** An amount as a pledge SMS shows it: the currency, thousands separators, '.00' dropped ("KES 1,500", "KES 1,500.50"). */
const pledgeMoney = (amount: RawBuilder<unknown>, currency: string) =>
  sql`(${currency}::text || ' ' || regexp_replace(to_char(${amount}, 'FM999,999,999,999,990.00'), '[.]00$', ''))`;

/**
 * `text` (a reminder's or a thank-you's) with the pledge placeholders but the names filled, as SQL reading the pledge
 * `p` and its campaign `c` (issue 30; contract PLEDGE_PLACEHOLDERS): {pledged}, {paid}, {balance} in `currency`,
 * {campaign} the campaign's name. The names come after (`namesFilled`, the contact `m`), so a name is never read
 * as a placeholder. Nothing but replacements: a text without placeholders stays as it is.
 */
export function pledgeText(text: string, currency: string): RawBuilder<unknown> {
  const [, , pledged, paid, balance, campaign] = PLEDGE_PLACEHOLDERS;
  let message = sql`${text}::text`;
  for (const [placeholder, value] of [
    [pledged, pledgeMoney(sql`p.pledged`, currency)],
    [paid, pledgeMoney(sql`p.paid`, currency)],
    [balance, pledgeMoney(sql`p.balance`, currency)],
    [campaign, sql`c.name`],
  ] as const)
    if (text.includes(placeholder)) message = sql`replace(${message}, ${placeholder}::text, ${value})`;
  return message;
}

/**
 * `pledgeText` and the names filled: the text one pledge's contact gets, as SQL reading `p`, `c` and `m` (the
 * thank-you of a fulfilled pledge reads it per pledge, then sends it to the contact's number).
 */
export const pledgeMessage = (text: string, currency: string) => namesFilled(pledgeText(text, currency), text);

/** True when the partner's opt-outs hold `phone`. */
const optedOutPhone = (tenantId: number, phone: RawBuilder<unknown>) =>
  sql`exists (select 1 from sms_opt_outs o where o.tenant_id = ${tenantId}::int and o.phone = ${phone})`;

/**
 * The recipients of a send as rows (member_id, recipient, message, opted_out): each number once, the text
 * with its placeholders filled from the contact with that number (empty when there is none). Raw SQL: every
 * tenant table is filtered by `tenantId` here.
 */
function audienceRows(tenantId: number, audience: Audience, text: string): RawBuilder<unknown> {
  const message = namesFilled(sql`${text}::text`, text);
  const optedOut = (phone: RawBuilder<unknown>) => optedOutPhone(tenantId, phone);
  switch (audience.kind) {
    case 'pledgers':
      return sql`
        select m.id as member_id, m.phone as recipient, ${pledgeMessage(text, audience.currency)} as message,
          ${optedOut(sql`m.phone`)} as opted_out
        from pledges p
        join campaigns c on c.tenant_id = p.tenant_id and c.id = p.campaign_id
        join members m on m.tenant_id = p.tenant_id and m.id = p.member_id
        where p.tenant_id = ${tenantId}::int and p.campaign_id = ${audience.campaignId}::int and p.balance > 0 and ${sendableContact('m')}
          ${
            audience.groupId === undefined
              ? sql``
              : sql`and exists (select 1 from group_members gm where gm.tenant_id = p.tenant_id and gm.group_id = ${audience.groupId}::int and gm.member_id = p.member_id)`
          }`;
    case 'numbers':
      return sql`
        select m.id as member_id, r.phone as recipient, ${message} as message, ${optedOut(sql`r.phone`)} as opted_out
        from unnest(${[...audience.numbers]}::text[]) as r (phone)
        left join members m on m.tenant_id = ${tenantId}::int and m.phone = r.phone
        -- A number of an archived contact is not sent to; a number that is nobody's contact is.
        where m.id is null or ${sendableContact('m')}`;
    case 'group':
      if (audience.onePerHousehold)
        return householdRows(
          tenantId,
          sql`select gm.member_id from group_members gm where gm.tenant_id = ${tenantId}::int and gm.group_id = ${audience.groupId}::int`,
          message,
        );
      return sql`
        select m.id as member_id, m.phone as recipient, ${message} as message, ${optedOut(sql`m.phone`)} as opted_out
        from group_members gm
        join members m on m.tenant_id = gm.tenant_id and m.id = gm.member_id
        where gm.tenant_id = ${tenantId}::int and gm.group_id = ${audience.groupId}::int and ${sendableContact('m')}`;
    case 'contacts':
      if (audience.onePerHousehold) return householdRows(tenantId, sql`select c.id as member_id from members c where c.tenant_id = ${tenantId}::int`, message);
      return sql`
        select m.id as member_id, m.phone as recipient, ${message} as message, ${optedOut(sql`m.phone`)} as opted_out
        from members m
        where m.tenant_id = ${tenantId}::int and ${sendableContact('m')}`;
  }
}

/**
 * `audienceRows` of the contacts `chosen` selects (`member_id`: a group's members, or every contact), once per
 * household (`PerHousehold`): each sendable chosen contact becomes the head of their household when the head can
 * be reached (not archived, number not opted out), else stays themselves; each contact then once. `message`
 * reads the reached contact `m`.
 */
function householdRows(tenantId: number, chosen: RawBuilder<unknown>, message: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select m.id as member_id, m.phone as recipient, ${message} as message, ${optedOutPhone(tenantId, sql`m.phone`)} as opted_out
    from (
      select distinct coalesce(head.id, c.member_id) as member_id
      from (${chosen}) as c
      join members cm on cm.tenant_id = ${tenantId}::int and cm.id = c.member_id
      left join household_members hm on hm.tenant_id = ${tenantId}::int and hm.member_id = c.member_id
      left join household_members hh on hh.tenant_id = ${tenantId}::int and hh.household_id = hm.household_id and hh.role = 'head'
      left join members head on head.tenant_id = ${tenantId}::int and head.id = hh.member_id
        and ${sendableContact('head')} and not ${optedOutPhone(tenantId, sql`head.phone`)}
      where ${sendableContact('cm')}
    ) as reached
    join members m on m.tenant_id = ${tenantId}::int and m.id = reached.member_id`;
}

export interface Reach {
  /** Distinct numbers, opted-out ones included. */
  recipients: number;
  optedOut: number;
  /** The segments of every message that would be queued. */
  units: number;
}

/**
 * Typed or uploaded numbers read or inserted by one statement (security review, "one upload stalls every
 * partner"). PGlite runs each statement on the server's own thread: one INSERT of 100,000 notifications
 * (their indexes, the trigram index above all) held it for 3 to 5 s, during which no request was answered.
 * 2,000 take 50 to 150 ms (up to 300 when the trigram index merges its pending entries), and the event loop
 * gets a turn between two. The parts of a send share its one transaction: on PGlite, requests that need the
 * database still wait for its commit (one session). On PostgreSQL the parts cost 50 round trips for the
 * largest file, a few milliseconds.
 */
export const NUMBERS_PER_STATEMENT = 2_000;

/**
 * `audience` in parts of at most NUMBERS_PER_STATEMENT numbers (a group or All Contacts is one part), a
 * turn of the event loop before each part but the first. The numbers are distinct, so the parts' rows are
 * the whole audience's rows, each once.
 */
async function* parts(audience: Audience): AsyncGenerator<Audience> {
  if (audience.kind !== 'numbers') {
    yield audience;
    return;
  }
  for (let start = 0; start < audience.numbers.length; start += NUMBERS_PER_STATEMENT) {
    if (start > 0) await nextTurn();
    yield { kind: 'numbers', numbers: audience.numbers.slice(start, start + NUMBERS_PER_STATEMENT) };
  }
}

const plus = (a: Reach, b: Reach): Reach => ({ recipients: a.recipients + b.recipients, optedOut: a.optedOut + b.optedOut, units: a.units + b.units });
const NOBODY: Reach = { recipients: 0, optedOut: 0, units: 0 };

/** What a send to `audience` would queue and charge, read from the same rows the send would insert. */
export async function quoteSend(scope: TenantScope, audience: Audience, text: string): Promise<Reach> {
  let reach = NOBODY;
  for await (const part of parts(audience)) {
    reach = plus(
      reach,
      await scope.raw(async (db, tenantId) => {
        const { rows } = await sql<Reach>`
          select count(*)::int as recipients,
            count(*) filter (where r.opted_out)::int as "optedOut",
            coalesce(sum(sms_segments(r.message)) filter (where not r.opted_out), 0)::int as units
          from (${audienceRows(tenantId, part, text)}) as r`.execute(db);
        return rows[0]!;
      }),
    );
  }
  return reach;
}

/** One recipient of a quote's sample: the number, the contact's name (null for a number that is nobody's), the text they get. */
export interface QuoteSampleRow {
  recipient: string;
  name: string | null;
  text: string;
}

/** The numbers a sample of a typed or uploaded send reads: enough to find a few that have not opted out. */
const SAMPLE_NUMBERS = 50;

/**
 * The first `limit` recipients a send to `audience` would reach (opted-out ones left out), in number order, each
 * with the text as they get it (placeholders filled): what the preview names before the user confirms (issue 28.5).
 * Read from the same rows the send would insert; nothing is saved.
 */
export async function quoteSample(scope: TenantScope, audience: Audience, text: string, limit: number): Promise<QuoteSampleRow[]> {
  const first: Audience = audience.kind === 'numbers' ? { kind: 'numbers', numbers: audience.numbers.slice(0, SAMPLE_NUMBERS) } : audience;
  return scope.raw(async (db, tenantId) => {
    const { rows } = await sql<QuoteSampleRow>`
      select r.recipient, nullif(trim(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')), '') as name, r.message as text
      from (${audienceRows(tenantId, first, text)}) as r
      left join members m on m.tenant_id = ${tenantId}::int and m.id = r.member_id
      where not r.opted_out
      order by r.recipient
      limit ${limit}::int`.execute(db);
    return rows;
  });
}

export interface NewSend {
  /** The form's recipient type; 'Receipt' for an income's SMS receipt (api/src/finance). */
  recipientType: RecipientType;
  audience: Audience;
  /** The text as written, placeholders included. */
  text: string;
  /** When it is due; null for now. See `scheduledInstant`. */
  sendAt: Date | null;
  /** The Upload send's file, stored with it. */
  file?: RecipientsFile;
  /** Who sent it; null for what the system sends by itself (an M-Pesa Express receipt from the giving page). */
  userId: number | null;
}

export type SendOutcome = SendResult['send'];

/**
 * Enqueues a send: the file (if any), the send, its notifications and its units charge in one
 * transaction. Throws 400 with the not-enough-units text when the balance is short, and NO_RECIPIENTS for
 * a group or a partner without contacts: then nothing is saved.
 * The caller wakes the outbox after it returns (the rows are committed by then).
 */
export async function enqueueSend(scope: TenantScope, send: NewSend): Promise<SendOutcome> {
  return scope.transaction((trx) => enqueueSendWithin(trx, send));
}

/**
 * A staff member's send (POST /notifymany, /notifyuploaded): `enqueueSend` and its ONE activity event, in one
 * transaction. The event carries the counts, never the numbers or the text: one event for 10 recipients or
 * 100,000 (a single insert; the enqueue's budget is unchanged). Other writers that queue a message as part of
 * their own change (an income's SMS receipt, a giving statement) record that change instead.
 */
export async function sendMessages(scope: TenantScope, send: NewSend): Promise<SendOutcome> {
  return scope.transaction(async (trx) => {
    const outcome = await enqueueSendWithin(trx, send);
    await recordActivity(trx, {
      action: 'send',
      entity: 'message_send',
      entityId: outcome.id,
      details: {
        recipients: outcome.queued + outcome.optedOut,
        queued: outcome.queued,
        optedOut: outcome.optedOut,
        units: outcome.units,
        scheduled: send.sendAt !== null,
        uploaded: send.file !== undefined,
        onePerHousehold: (send.audience.kind === 'group' || send.audience.kind === 'contacts') && send.audience.onePerHousehold ? true : undefined,
      },
    });
    return outcome;
  });
}

/**
 * `enqueueSend` inside the caller's transaction `trx` (Kysely cannot nest one), for a save that queues a
 * message with it: an income and its SMS receipt are saved together or not at all. A refusal throws, and
 * the caller's transaction rolls everything back. The caller wakes the outbox after its commit.
 */
export async function enqueueSendWithin(trx: TenantScope, send: NewSend): Promise<SendOutcome> {
  if (send.file && send.userId === null) throw new TypeError("A send with an uploaded file is always a staff member's");
  const uploadId = send.file ? await storeUploadedFile(trx, send.file, send.userId!, recipientCount(send.audience)) : null;
  const { id } = await trx
    .insertInto('message_sends', {
      recipient_type: send.recipientType,
      message: send.text,
      group_id: groupIdOf(send.audience),
      upload_id: uploadId,
      send_at: send.sendAt,
      created_by: send.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await insertNotifications(trx, id, send);
  if (inserted.recipients === 0) throw badRequest(NO_RECIPIENTS);
  const balance = await chargeUnits(trx, inserted.units, 'send', id);
  await trx.updateTable('message_sends').set({ recipients: inserted.recipients, units: inserted.units }).where('id', '=', id).execute();
  const queued = inserted.recipients - inserted.optedOut;
  return { id, queued, optedOut: inserted.optedOut, units: inserted.units, balance, scheduledFor: send.sendAt?.toISOString() ?? null };
}

const recipientCount = (audience: Audience) => (audience.kind === 'numbers' ? audience.numbers.length : 0);

/** A send's group as the form chose it: the group's id, 0 for All Contacts, null for numbers (and pledgers of no one group). */
function groupIdOf(audience: Audience): number | null {
  if (audience.kind === 'group') return audience.groupId;
  if (audience.kind === 'pledgers') return audience.groupId ?? null;
  return audience.kind === 'contacts' ? 0 : null;
}

/**
 * The INSERT … SELECT of a send's notifications, one per part of its audience, all in the caller's
 * transaction (nothing is saved unless all is); answers what they inserted.
 */
async function insertNotifications(scope: TenantScope, sendId: number, send: NewSend): Promise<Reach> {
  let inserted = NOBODY;
  for await (const audience of parts(send.audience)) inserted = plus(inserted, await insertPart(scope, sendId, send, audience));
  return inserted;
}

async function insertPart(scope: TenantScope, sendId: number, send: NewSend, audience: Audience): Promise<Reach> {
  return scope.raw(async (db, tenantId) => {
    const { rows } = await sql<Reach>`
      with inserted as (
        insert into notifications (tenant_id, send_id, member_id, recipient, message, state, units, due_at)
        select ${tenantId}::int, ${sendId}::int, r.member_id, r.recipient, r.message,
          case when r.opted_out then 'opted_out' else 'queued' end,
          case when r.opted_out then 0 else sms_segments(r.message) end,
          coalesce(${send.sendAt}::timestamptz, now())
        from (${audienceRows(tenantId, audience, send.text)}) as r
        returning state, units
      )
      select count(*)::int as recipients, count(*) filter (where state = 'opted_out')::int as "optedOut", coalesce(sum(units), 0)::int as units
      from inserted`.execute(db);
    return rows[0]!;
  });
}

/**
 * The instant of a scheduled send: `local` ('YYYY-MM-DDTHH:mm', the form's value, already checked by the
 * message schema) read in the partner's time zone by the database; null for '' (send now). Throws 400
 * unless it is a real date and in the future.
 */
export async function scheduledInstant(scope: TenantScope, local: string): Promise<Date | null> {
  if (local === '') return null;
  if (!isIsoDate(local.slice(0, 10))) throw badRequest('Send time must be a date and time in the format YYYY-MM-DDTHH:mm');
  return scope.raw(async (db) => {
    const { rows } = await sql<{ at: Date; future: boolean }>`
      select at, at > now() as future from (select ${local}::timestamp at time zone ${partnerZone(scope.tenantId)} as at) as t`.execute(db);
    const { at, future } = rows[0]!;
    if (!future) throw badRequest(SEND_TIME_IN_PAST);
    return at;
  });
}

export interface Cancelled {
  cancelled: number;
  refunded: number;
}

/**
 * Cancels a scheduled send's messages that still wait in the outbox and refunds their units, in one
 * transaction. A message the worker has claimed already is past cancelling: the update re-checks each
 * row's state under its lock. 404 for a send that is not the partner's; 400 when nothing is left to cancel.
 * Writes one `cancel` event with the counts.
 */
export async function cancelScheduledSend(scope: TenantScope, sendId: number): Promise<Cancelled> {
  return scope.transaction(async (trx) => {
    const send = await trx.selectFrom('message_sends').select(['id', 'send_at']).where('id', '=', sendId).forUpdate().executeTakeFirst();
    if (!send) throw notFound(SEND_NOT_FOUND);
    if (send.send_at === null) throw badRequest(NOT_CANCELLABLE);
    const { cancelled, refunded } = await trx.raw(async (db, tenantId) => {
      const { rows } = await sql<Cancelled>`
        with cancelled as (
          update notifications set state = 'cancelled'
          where tenant_id = ${tenantId}::int and send_id = ${sendId}::int and state = 'queued'
          returning units
        )
        select count(*)::int as cancelled, coalesce(sum(units), 0)::int as refunded from cancelled`.execute(db);
      return rows[0]!;
    });
    if (cancelled === 0) throw badRequest(NOT_CANCELLABLE);
    await refundUnits(trx, refunded, sendId, `${cancelled} scheduled messages cancelled`);
    await trx
      .updateTable('message_sends')
      .set({ cancelled_at: sql<Date>`now()` })
      .where('id', '=', sendId)
      .execute();
    await recordActivity(trx, { action: 'cancel', entity: 'message_send', entityId: sendId, details: { cancelled, refunded } });
    return { cancelled, refunded };
  });
}
