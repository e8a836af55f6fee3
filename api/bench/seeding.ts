/**
 * Bulk rows for `pnpm bench`, made by the database (INSERT ... SELECT over generate_series), never a
 * round trip per row: meetings, incomes and sent messages. Contacts come from src/contacts/generate.ts,
 * which `pnpm seed --contacts N` shares.
 */
import { sql, type Kysely } from 'kysely';
import { generatedPhone } from '../src/contacts/generate';
import type { Database } from '../src/db/schema';

/** One INSERT ... SELECT over generate_series: seconds instead of minutes for 50,000 rows. */
export async function insertMeetings(db: Kysely<Database>, tenantId: number, count: number, typeNames: string[]): Promise<void> {
  const types = await db
    .insertInto('meeting_types')
    .values(typeNames.map((name) => ({ tenant_id: tenantId, name, description: `${name} of the week` })))
    .returning('id')
    .execute();
  const typeIds = sql.raw(`array[${types.map((type) => type.id).join(',')}]`);
  await sql`
    insert into meetings (tenant_id, meeting_type_id, date_of_meeting, start_time, end_time, actual_attendance,
      expected_attendance, subject, facilitator, speaker, total_offering, notes)
    select ${tenantId}, (${typeIds})[1 + i % ${types.length}], current_date - (i / 20), time '09:00', time '11:00',
      40 + i % 260, 300,
      (array['Walking in Faith','The Good Samaritan','Harvest Thanksgiving','Grace Upon Grace','Light of the World'])[1 + i % 5] || ' #' || i,
      (array['Rev. John Kamau','Pastor Grace Njeri','Elder Samuel Odhiambo','Deacon Mary Wambui','Elder Joseph Mutua'])[1 + (i * 7) % 5],
      (array['Bishop David Kiprotich','Pastor Esther Achieng','Rev. Daniel Mwangi','Evangelist Ruth Chebet','Pastor Peter Njoroge','Rev. John Kamau'])[1 + (i * 13) % 6],
      ((i * 7919) % 9000000) / 100.0, ''
    from generate_series(1, ${count}) as i
  `.execute(db);
}

/** The phone of generated income `i` (a permutation spreads them over the range), as stored or as typed. */
export function phoneOf(i: number, typed = false): string {
  const national = `7${String((i * 7919) % 100_000_000).padStart(8, '0')}`;
  return typed ? `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}` : `+254${national}`;
}

/**
 * `count` incomes of `tenantId` over five years up to today, ids rising with the date, on four accounts;
 * one in 15 surnames is Wanjiru, one in 50,000 Lemaiyan; a third paid by M-Pesa with a TransID reference.
 */
export async function insertIncomes(db: Kysely<Database>, tenantId: number, count: number): Promise<void> {
  const accounts = await db
    .insertInto('accounts')
    .values(['Tithe', 'Offering', 'Building Fund', 'Thanksgiving'].map((name) => ({ tenant_id: tenantId, name, type: 'CR' as const, parent_id: null })))
    .returning('id')
    .execute();
  const accountIds = sql.raw(`array[${accounts.map((account) => account.id).join(',')}]`);
  const CHUNK = 100_000;
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await sql`
      insert into incomes (tenant_id, receipt_number, first_name, last_name, phone, amount, payment_for, account_id,
        date_of_transaction, mode, reference)
      select ${tenantId}, i,
        (array['John','Mary','Peter','Grace','James','Faith','Joseph','Mercy','David','Esther','Samuel','Lucy','Daniel','Ann','Brian'])[1 + i % 15],
        case when i % 50000 = 7 then 'Lemaiyan'
          else (array['Kamau','Wanjiru','Otieno','Mwangi','Ochieng','Njoroge','Kariuki','Mutua','Kiprotich','Onyango','Kimani','Odhiambo','Maina','Omondi','Koech'])[1 + (i * 7) % 15] end,
        '+2547' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
        ((i::bigint * 7919) % 2000000) / 100.0 + 1,
        (array['Tithe','Offering','Building Fund','Thanksgiving'])[1 + i % 4],
        (${accountIds})[1 + i % 4],
        current_date - ((${count} - i)::bigint * 1825 / ${count})::int,
        (array['M-PESA','CASH','CHEQUE'])[1 + i % 3],
        case i % 3 when 0 then 'TK' || lpad(i::text, 8, '0') when 1 then 'Sunday collection' else 'CHQ ' || i end
      from generate_series(${from}::int, ${to}::int) as i`.execute(db);
  }
  await db.updateTable('partners').set({ last_receipt_number: count }).where('id', '=', tenantId).execute();
}

/** The recipients of one generated send: messages 1 to 1,000 are the first send's, and so on. */
const MESSAGE_SEND_SIZE = 1_000;
/** Of every ten sends, the last is to typed numbers (no contact); the other nine to contacts (a group). */
const TYPED_SEND_EVERY = 10;
/** One send in 50 announces a funeral: the rare word of the message-text search. */
const RARE_TEXT_SEND_EVERY = 50;

/** Whether generated message `i` (from 1) went to a contact, given the partner's generated contacts. */
const toContact = (i: number, contacts: number) => contacts > 0 && Math.floor((i - 1) / MESSAGE_SEND_SIZE) % TYPED_SEND_EVERY !== TYPED_SEND_EVERY - 1;

/**
 * The number generated message `i` (from 1) went to, as stored: the phone of generated contact
 * 1 + (i * 7919) mod `contacts` (src/contacts/generate.ts) for a send to contacts, else phoneOf(i).
 */
export function messageRecipientOf(i: number, contacts: number): string {
  return toContact(i, contacts) ? generatedPhone(1 + ((i * 7919) % contacts)) : phoneOf(i);
}

/**
 * `count` sent messages of `tenantId`, in sends of MESSAGE_SEND_SIZE, newest last, 10 a minute back from now,
 * shaped like a church's: nine sends in ten go to contacts (a group send: `member_id` set, the contact's number,
 * spread over the partner's `contacts` generated contacts by a permutation), the tenth to typed +2547… numbers with
 * no contact. Each send has one text as written (`message_sends.message`), half of them personalised
 * ({firstName}, {lastName}: the recipient's text has the contact's names, as sends.ts fills them); one send in
 * 50 announces a funeral (the rare word of the message-text search; the rare surname, Lemaiyan, is only
 * in contacts' names). Nine in ten sent, the rest failed. The contacts must exist first.
 */
export async function insertMessages(db: Kysely<Database>, tenantId: number, count: number, contacts: number): Promise<void> {
  if (count <= 0) return;
  const sendCount = Math.ceil(count / MESSAGE_SEND_SIZE);
  await sql`
    insert into message_sends (tenant_id, recipient_type, message, recipients, units, created_at)
    select ${tenantId}, case when ${contacts}::int > 0 and s % ${TYPED_SEND_EVERY} <> ${TYPED_SEND_EVERY - 1} then 'Group' else 'Typed' end,
      case when s % ${RARE_TEXT_SEND_EVERY} = 7 then 'Condolences to the Otieno family. The funeral service is on Saturday at 10am.'
        else (array['Dear {firstName}, Sunday service starts at 9am. Be blessed.', 'Reminder: youth fellowship this Friday at 5pm.',
                    'Dear {firstName} {lastName}, thank you for your tithe. God bless you.', 'Harvest Thanksgiving is on the 30th. All are welcome.'])[1 + s % 4] end,
      ${MESSAGE_SEND_SIZE}, ${MESSAGE_SEND_SIZE}, now() - ((${count} - s * ${MESSAGE_SEND_SIZE}) * interval '6 seconds')
    from generate_series(0, ${sendCount - 1}) as s`.execute(db);
  const sends = await db.selectFrom('message_sends').select('id').where('tenant_id', '=', tenantId).orderBy('id').execute();
  const sendIds = sql.raw(`array[${sends.map((send) => send.id).join(',')}]`);
  const CHUNK = 100_000;
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    // A contact's number found on the (tenant_id, phone) key, as a group send reads its members.
    await sql`
      insert into notifications (tenant_id, send_id, member_id, recipient, message, state, units, sent_at, failure_reason, created_at)
      select ${tenantId}, s.id, m.id, coalesce(m.phone, '+2547' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0')),
        replace(replace(s.message, '{firstName}', coalesce(m.first_name, '')), '{lastName}', coalesce(m.last_name, '')),
        case when i % 10 = 0 then 'failed' else 'sent' end, 1,
        now() - ((${count} - i) * interval '6 seconds'),
        case when i % 10 = 0 then 'Invalid phone number' end,
        now() - ((${count} - i) * interval '6 seconds')
      from generate_series(${from}::int, ${to}::int) as i
      join message_sends s on s.tenant_id = ${tenantId} and s.id = (${sendIds})[1 + (i - 1) / ${MESSAGE_SEND_SIZE}]
      left join members m on m.tenant_id = ${tenantId} and s.recipient_type = 'Group'
        and m.phone = '+25411' || lpad(((1 + (i::bigint * 7919) % greatest(${contacts}::int, 1)) * 7919 % 10000000)::text, 7, '0')
      `.execute(db);
  }
}
