import { sql } from 'kysely';
import { MAX_STATEMENT_LINES, type GivingSmsQuote, type GivingStatement } from '@ushirika/shared/contract';
import { plainSmsText, smsCount, type GivingStatementInput } from '@ushirika/shared/validation';
import { recordActivity } from '../../activity/record';
import type { TenantScope } from '../../db/tenant-scope';
import { badRequest } from '../../http/errors';
import { enqueueSend, quoteSend, type Audience, type SendOutcome } from '../../messaging/sends';
import { unitsBalance } from '../../messaging/units';
import { currencyOf, dayMonthYear, formatAmount } from '../receipts';
import { tooManyLines } from './account-statement';
import { reportPartner } from './report-partner';

export const GIVING_STATEMENT_SENT = 'Giving statement sent';
export const NO_GIFTS = 'There are no gifts from this number in this period';

interface GiftRow {
  name: string;
  total: string;
  gift_count: number;
  id: number | null;
  date: string | null;
  receipt_number: number | null;
  account: string | null;
  payment_for: string | null;
  mode: string | null;
  amount: string | null;
}

/**
 * What a contributor gave over a period (contract givingStatement): the partner's incomes whose phone is
 * `phone` (E.164, as the giving schema casts it and the income form stores it), in date order with their
 * receipt numbers, and the total summed in the database. The name is the contact's with that number, else
 * the names on the contributor's latest income (any date), else ''. A gift reversed, and its reversing entry, are
 * left out (issue 26.3): they cancel each other, and a corrected gift is there as its new entry, so the total is
 * the net and the count is of gifts given. One SQL statement; 400 above `maxLines` gifts, like an account statement.
 */
export async function givingStatement(scope: TenantScope, query: GivingStatementInput, maxLines = MAX_STATEMENT_LINES): Promise<GivingStatement> {
  const { phone, startdate: start, enddate: end } = query;
  const rows = await scope.raw(async (db, tenantId) => {
    const { rows } = await sql<GiftRow>`
      with gifts as (
        select i.id, i.date_of_transaction, i.receipt_number, i.account_id, i.payment_for, i.mode, i.amount
        from incomes i
        where i.tenant_id = ${tenantId}::int and i.phone = ${phone}::text and i.date_of_transaction between ${start}::date and ${end}::date
          and i.reversal_of_id is null and i.reversed_by_id is null
      ),
      summary as (
        select count(*)::int as gift_count, round(coalesce(sum(amount), 0), 2)::text as total,
          coalesce(
            (select trim(m.first_name || ' ' || m.last_name) from members m where m.tenant_id = ${tenantId}::int and m.phone = ${phone}::text order by m.id limit 1),
            (select trim(i.first_name || ' ' || i.last_name) from incomes i where i.tenant_id = ${tenantId}::int and i.phone = ${phone}::text
              order by i.date_of_transaction desc, i.id desc limit 1),
            '') as name
        from gifts
      )
      select s.name, s.total, s.gift_count, g.id, to_char(g.date_of_transaction, 'YYYY-MM-DD') as date, g.receipt_number, a.name as account,
        g.payment_for, g.mode, g.amount::text as amount
      from summary s
      left join gifts g on s.gift_count <= ${maxLines}::int
      left join accounts a on a.tenant_id = ${tenantId}::int and a.id = g.account_id
      order by g.date_of_transaction, g.id`.execute(db);
    return rows;
  });
  const summary = rows[0]!;
  if (summary.gift_count > maxLines) throw badRequest(tooManyLines(maxLines));
  return {
    phone,
    name: summary.name,
    startDate: start,
    endDate: end,
    gifts: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        date: row.date!,
        receiptNumber: row.receipt_number!,
        account: row.account!,
        paymentFor: row.payment_for!,
        mode: row.mode!,
        amount: row.amount!,
      })),
    total: summary.total,
    Partner: { name: (await reportPartner(scope)).name },
  };
}

/**
 * The SMS summary of a giving statement (English, like the receipts). Typographic quotes, dashes and spaces that a
 * name carries ('St Mary’s Church', 'O’Brien') are made plain (`plainSmsText`, issue 28.5): one of them would make
 * the whole SMS Unicode, up to three times the parts. A letter GSM-7 lacks ('Zoë') stays as written.
 */
export function givingSummaryText(statement: GivingStatement, currency: string): string {
  const count = statement.gifts.length;
  return plainSmsText(
    `Dear ${statement.name || 'friend'}, thank you for your giving to ${statement.Partner.name} ` +
      `from ${dayMonthYear(statement.startDate)} to ${dayMonthYear(statement.endDate)}: ` +
      `${count} ${count === 1 ? 'gift' : 'gifts'} totalling ${currency} ${formatAmount(statement.total)}.`,
  );
}

/** The giving statement's SMS and whom it goes to: what its quote shows and its send queues. */
async function givingSms(scope: TenantScope, query: GivingStatementInput): Promise<{ statement: GivingStatement; text: string; audience: Audience }> {
  const statement = await givingStatement(scope, query);
  if (statement.gifts.length === 0) throw badRequest(NO_GIFTS);
  const { country } = await reportPartner(scope);
  return { statement, text: givingSummaryText(statement, currencyOf(country)), audience: { kind: 'numbers', numbers: [statement.phone] } };
}

/**
 * The giving statement's SMS before it is sent (issue 28.5): its text, recipient, parts and units, and the balance,
 * read as the send reads them; NO_GIFTS when the period has no gift. Nothing is saved and no event is written.
 */
export async function quoteGivingStatement(scope: TenantScope, query: GivingStatementInput): Promise<GivingSmsQuote> {
  const { statement, text, audience } = await givingSms(scope, query);
  const reach = await quoteSend(scope, audience, text);
  const { encoding, characters, segments } = smsCount(text);
  return {
    text,
    recipient: statement.phone,
    name: statement.name,
    recipients: reach.recipients,
    optedOut: reach.optedOut,
    encoding,
    characters,
    segments,
    units: reach.units,
    balance: await unitsBalance(scope),
  };
}

/**
 * Queues the giving statement's SMS summary to the contributor's number (recipient type 'Receipt'),
 * charged in SMS units like any message: 400 with the messaging texts when units are short (nothing is
 * queued), NO_GIFTS when the period has no gift. The send and its `send giving_statement` event (counts only:
 * the number and the text are personal) commit together. The caller wakes the outbox.
 */
export async function sendGivingStatement(scope: TenantScope, query: GivingStatementInput, userId: number): Promise<SendOutcome> {
  const { text, audience } = await givingSms(scope, query);
  return scope.transaction(async (trx) => {
    const send = await enqueueSend(trx, {
      recipientType: 'Receipt',
      audience,
      text,
      sendAt: null,
      userId,
    });
    await recordActivity(trx, { action: 'send', entity: 'giving_statement', entityId: null, details: { recipients: 1, queued: send.queued, units: send.units } });
    return send;
  });
}
