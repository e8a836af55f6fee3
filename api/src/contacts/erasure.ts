import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ERASED_CONTACT_NAME } from '@ushirika/shared/contract';
import { recordActivity } from '../activity/record';
import type { Database } from '../db/schema';
import type { TenantScope } from '../db/tenant-scope';
import { conflict } from '../http/errors';
import { refundUnits } from '../messaging/units';

/**
 * A person's right to erasure (issue 26.5; Kenya's Data Protection Act, 2019, s. 40): an owner erases a contact's
 * personal data on their request. In ONE transaction, with one `erase` event that repeats none of it:
 *
 * - the contact: names become ERASED_CONTACT_NAME, the phone `erased:<id>` (no number: migration 0025), email,
 *   residence and gender empty, no date of birth, membership or marital status, nor external id (migration 0026's
 *   members_erased_unknown holds it); archived for good (erased_at), out of every group and out of their household
 *   (the household and its other members stay; its version goes up);
 * - the imports' record of them (contact_import_changes: the values an import wrote and found): an undo no longer
 *   reaches them, and nothing of theirs is kept for one;
 * - the incomes they gave (linked to them, or with their number in any form M-Pesa or a person wrote it): the
 *   payer's names become the same label and the phone empty. Amounts, accounts, dates, receipt numbers and the
 *   link to the (now anonymous) contact stay: the books do not change, their money stays under the label;
 * - the M-Pesa payments behind those incomes, and payments from their number (plain or hashed) not allocated:
 *   MSISDN and names emptied; the raw callbacks of those payments lose the same four fields;
 * - the messages to them: number and text replaced (the text may hold their name: {firstName}); messages still
 *   waiting in the outbox are cancelled and their units given back;
 * - the activity log: the personal values (activity_personal_values) of every event of the contact and of those
 *   incomes are deleted. The events stay, so the log still says who changed which field when, never from what
 *   to what (recordHistory tells such a field as `erased: true`).
 *
 * Kept on purpose: their SMS opt-out (the number alone, no name): deleting it would let a later typed or uploaded
 * send message a person who said STOP; a suppression list is what honouring the objection needs
 * (docs/security.md). The dates a record was made are kept: without a name or number they point at nobody. Uploaded recipient files are kept as the partner uploaded them (a send's evidence; they hold numbers
 * only, no names).
 */

export const CONTACT_ERASED = "The contact's personal data was erased.";
export const ALREADY_ERASED = "This contact's personal data was erased already.";

/** What an erased contact's phone becomes: unique (the id), and no phone number can be written like it. */
export const erasedPhone = (id: number) => `erased:${id}`;

/** The fields of a Daraja callback body that name the payer. */
const PAYER_FIELDS = ['MSISDN', 'FirstName', 'MiddleName', 'LastName'] as const;

/**
 * The ways the person's number (E.164) may be stored outside the contacts: as typed (E.164), as M-Pesa sends it
 * (2547XXXXXXXX), nationally for a Kenyan number (07XXXXXXXX).
 */
function numberForms(phone: string): string[] {
  const international = phone.slice(1);
  return phone.startsWith('+254') ? [phone, international, `0${phone.slice(4)}`] : [phone, international];
}

/** SHA-256 digests (hex) of the forms Safaricom hashes an MSISDN in (payer-match.ts): international, and national for Kenya. */
const hashedForms = (phone: string) =>
  numberForms(phone)
    .slice(1)
    .map((form) => createHash('sha256').update(form).digest('hex'));

/**
 * Erases contact `id`'s personal data as the module comment says, by `userId`, for `reason` (kept in the event).
 * Answers false when the partner has no such contact; 409 when it was erased already.
 */
export async function eraseContact(scope: TenantScope, id: number, reason: string, userId: number): Promise<boolean> {
  return scope.transaction(async (trx) => {
    // Locked: no save of the contact runs between reading its number and replacing it.
    const member = await trx.selectFrom('members').select(['id', 'phone', 'erased_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!member) return false;
    if (member.erased_at !== null) throw conflict(ALREADY_ERASED);

    await trx.raw(async (db, tenantId) => {
      const incomeIds = await eraseIncomes(db, tenantId, id, member.phone, userId);
      await erasePayments(db, tenantId, incomeIds, member.phone);
      await eraseMessages(trx, db, tenantId, id, member.phone);
      await eraseLoggedValues(db, tenantId, id, incomeIds);
      await sql`
        update members set
          first_name = ${ERASED_CONTACT_NAME.firstName}, last_name = ${ERASED_CONTACT_NAME.lastName},
          phone = ${erasedPhone(id)}, email = '', residence = '', gender = '',
          date_of_birth = null, membership_status = '', marital_status = '', external_id = null,
          erased_at = now(), archived_at = coalesce(archived_at, now()), archived_by = coalesce(archived_by, ${userId}::int),
          version = version + 1, updated_by = ${userId}::int, updated_at = now()
        where tenant_id = ${tenantId}::int and id = ${id}::int`.execute(db);
    });
    await trx.deleteFrom('group_members').where('member_id', '=', id).execute();
    await leaveHousehold(trx, id, userId);
    await trx.deleteFrom('contact_import_changes').where('member_id', '=', id).execute();
    await recordActivity(trx, { action: 'erase', entity: 'contact', entityId: id, details: { reason } });
    return true;
  });
}

/**
 * Takes the person out of their household, a change of the household: its version goes up, so a household screen
 * opened before cannot save them back in.
 */
async function leaveHousehold(scope: TenantScope, memberId: number, userId: number): Promise<void> {
  const left = await scope.deleteFrom('household_members').where('member_id', '=', memberId).returning('household_id').executeTakeFirst();
  if (!left) return;
  await scope
    .updateTable('households')
    .set({ version: sql<number>`version + 1`, updated_by: userId, updated_at: sql<Date>`now()` })
    .where('id', '=', left.household_id)
    .execute();
}

/**
 * The incomes the person gave get the label and no phone; their money is untouched. A change of each record:
 * its version goes up, so an edit screen opened before cannot write the names back. Answers their ids.
 */
async function eraseIncomes(db: Kysely<Database>, tenantId: number, memberId: number, phone: string, userId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    update incomes set
      first_name = ${ERASED_CONTACT_NAME.firstName}, last_name = ${ERASED_CONTACT_NAME.lastName}, phone = '',
      version = version + 1, updated_by = ${userId}::int, updated_at = now()
    where tenant_id = ${tenantId}::int and (member_id = ${memberId}::int or phone = any(${numberForms(phone)}::text[]))
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

/** The M-Pesa payments behind their incomes and from their number: payer fields emptied, in the payment and its raw callbacks. */
async function erasePayments(db: Kysely<Database>, tenantId: number, incomeIds: readonly number[], phone: string): Promise<void> {
  const { rows } = await sql<{ trans_id: string }>`
    update online_transactions set msisdn = '', first_name = '', middle_name = '', last_name = ''
    where tenant_id = ${tenantId}::int
      and (id in (select online_transaction_id from incomes where tenant_id = ${tenantId}::int and id = any(${incomeIds}::int[]))
           or income_id = any(${incomeIds}::int[])
           or msisdn = any(${numberForms(phone)}::text[])
           or lower(msisdn) = any(${hashedForms(phone)}::text[]))
    returning trans_id`.execute(db);
  if (rows.length === 0) return;
  const callbacks = await db
    .selectFrom('mpesa_callbacks')
    .select(['id', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('trans_id', '=', sql<string>`any(${rows.map((row) => row.trans_id)}::text[])`)
    .execute();
  for (const callback of callbacks) {
    await db
      .updateTable('mpesa_callbacks')
      .set({ body: withoutPayer(callback.body) })
      .where('id', '=', callback.id)
      .execute();
  }
}

/** A callback body with the payer's fields emptied; a body that is no JSON object (it named their payment) is dropped. */
function withoutPayer(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return '{}';
    const payment = parsed as Record<string, unknown>;
    for (const field of PAYER_FIELDS) if (field in payment) payment[field] = '';
    return JSON.stringify(payment);
  } catch {
    return '{}';
  }
}

/**
 * The messages to them (linked, or to their number): those still waiting in the outbox are cancelled and their
 * units refunded to the partner; every one's number and text are replaced. Sent ones keep their state and cost.
 */
async function eraseMessages(scope: TenantScope, db: Kysely<Database>, tenantId: number, memberId: number, phone: string): Promise<void> {
  const theirs = sql`tenant_id = ${tenantId}::int and (member_id = ${memberId}::int or recipient = ${phone})`;
  const { rows: cancelled } = await sql<{ send_id: number; units: number }>`
    update notifications set state = 'cancelled' where ${theirs} and state = 'queued' returning send_id, units`.execute(db);
  const refunds = new Map<number, { units: number; messages: number }>();
  for (const { send_id: sendId, units } of cancelled) {
    const refund = refunds.get(sendId) ?? { units: 0, messages: 0 };
    refunds.set(sendId, { units: refund.units + units, messages: refund.messages + 1 });
  }
  for (const [sendId, { units, messages }] of refunds) {
    await refundUnits(scope, units, sendId, `${messages} message(s) to an erased contact cancelled`);
  }
  await sql`update notifications set recipient = ${erasedPhone(memberId)}, message = '' where ${theirs}`.execute(db);
}

/** The personal values of the events of the contact and of their incomes (activity_events_record_idx finds them). */
async function eraseLoggedValues(db: Kysely<Database>, tenantId: number, memberId: number, incomeIds: readonly number[]): Promise<void> {
  await sql`
    delete from activity_personal_values pv
    using activity_events e
    where pv.tenant_id = ${tenantId}::int and e.tenant_id = pv.tenant_id and e.id = pv.event_id
      and ((e.entity = 'contact' and e.entity_id = ${String(memberId)})
           or (e.entity = 'income' and e.entity_id = any(${incomeIds.map(String)}::text[])))`.execute(db);
}
