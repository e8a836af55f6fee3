import { sql } from 'kysely';
import { smsSegments } from '@ushirika/shared/validation';
import type { TenantScope } from '../db/tenant-scope';
import { enqueueSendWithin } from '../messaging/sends';

/*
 * The payer's SMS receipt of an income (issue 9): its text, and its send through the messaging outbox inside
 * the transaction that saves the income, charged in SMS units like any message.
 */

/** The currency a partner's money is counted in, by its country (partners.country); Kenya's by default. */
const CURRENCY_BY_COUNTRY: Readonly<Record<string, string>> = { KE: 'KES', UG: 'UGX', TZ: 'TZS', RW: 'RWF' };
export const DEFAULT_CURRENCY = 'KES';

export const currencyOf = (country: string): string => CURRENCY_BY_COUNTRY[country] ?? DEFAULT_CURRENCY;

/** An exact decimal string with thousands separators, '1234567.50' → '1,234,567.50', by text alone (no float). */
export function formatAmount(decimal: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(decimal.trim());
  if (!match) return decimal;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as a date is read in East Africa. */
export const dayMonthYear = (isoDate: string): string => isoDate.split('-').reverse().join('/');

export interface ReceiptDetails {
  /** Exact decimal text */
  amount: string;
  paymentFor: string;
  account: string;
  /** YYYY-MM-DD */
  date: string;
  receiptNumber: number;
  partnerName: string;
  /** The partner's country: its currency */
  country: string;
}

/** What is cut from a long 'payment for' is marked with this (GSM-7: '…' would make the whole text UCS-2). */
const CUT = '...';
/** A 'payment for' is never cut shorter than this. */
const SHORTEST_PAYMENT_FOR = 12;

/**
 * `compose(paymentFor)` with the 'payment for' shortened (down to a few words) when the whole text would take
 * more than one SMS; names that still do not fit are sent whole, in more parts.
 */
function fittedText(paymentFor: string, compose: (paymentFor: string) => string): string {
  const whole = compose(paymentFor);
  if (smsSegments(whole) <= 1) return whole;
  for (let length = paymentFor.length - CUT.length - 1; length >= SHORTEST_PAYMENT_FOR; length -= 1) {
    const text = compose(`${paymentFor.slice(0, length).trimEnd()}${CUT}`);
    if (smsSegments(text) <= 1) return text;
  }
  return whole;
}

/** "KES 1,250.00 for Tithe (Tithes) on 01/03/2026": what a receipt says about the money. */
const moneyLine = (details: ReceiptDetails, paymentFor: string) =>
  `${currencyOf(details.country)} ${formatAmount(details.amount)} for ${paymentFor} (${details.account}) on ${dayMonthYear(details.date)}`;

/**
 * "Received with thanks KES 1,250.00 for Tithe (Tithes) on 01/03/2026. Receipt No. 17. Grace Church".
 * When the text would take more than one SMS, the 'payment for' is shortened (down to a few words) to fit
 * one; names that still do not fit are sent whole, in more parts.
 */
export function receiptText(details: ReceiptDetails): string {
  return fittedText(
    details.paymentFor,
    (paymentFor) => `Received with thanks ${moneyLine(details, paymentFor)}. Receipt No. ${details.receiptNumber}. ${details.partnerName}`,
  );
}

/**
 * The correction SMS of a corrected income (issue 26.3), to the new entry's payer: "Receipt No. 17 is corrected:
 * now KES 1,000.00 for Tithe (Tithes) on 01/03/2026, Receipt No. 19. Grace Church". English, like the receipt,
 * and shortened the same way.
 */
export function correctionText(details: ReceiptDetails & { correctedReceiptNumber: number }): string {
  return fittedText(
    details.paymentFor,
    (paymentFor) =>
      `Receipt No. ${details.correctedReceiptNumber} is corrected: now ${moneyLine(details, paymentFor)}, Receipt No. ${details.receiptNumber}. ${details.partnerName}`,
  );
}

/** An income as its receipt and correction SMS read it. */
async function receiptDetails(trx: TenantScope, incomeId: number) {
  const income = await trx
    .selectFrom('incomes as i')
    .innerJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 'i.tenant_id').onRef('a.id', '=', 'i.account_id'))
    .innerJoin('partners as p', 'p.id', 'i.tenant_id')
    .select([
      'i.phone',
      sql<string>`i.amount::text`.as('amount'),
      'i.payment_for',
      'a.name as account',
      sql<string>`to_char(i.date_of_transaction, 'YYYY-MM-DD')`.as('date'),
      'i.receipt_number',
      'p.name as partner_name',
      'p.country',
    ])
    .where('i.id', '=', incomeId)
    .executeTakeFirstOrThrow();
  const details: ReceiptDetails = {
    amount: income.amount,
    paymentFor: income.payment_for,
    account: income.account,
    date: income.date,
    receiptNumber: income.receipt_number,
    partnerName: income.partner_name,
    country: income.country,
  };
  return { phone: income.phone, details };
}

/**
 * Queues `text` to the income's payer inside `trx` and records the send on the income (its receipt_send_id: the
 * payer has had an SMS about it). A balance too short throws the messaging 400 (not enough units), which rolls
 * the whole save back. Answers how many messages were queued (0 when the number opted out).
 */
async function queueToPayer(trx: TenantScope, incomeId: number, phone: string, text: string, userId: number | null): Promise<number> {
  const send = await enqueueSendWithin(trx, { recipientType: 'Receipt', audience: { kind: 'numbers', numbers: [phone] }, text, sendAt: null, userId });
  await trx.updateTable('incomes').set({ receipt_send_id: send.id }).where('id', '=', incomeId).execute();
  return send.queued;
}

/**
 * Queues the SMS receipt of the partner's income `incomeId` to its payer's phone, inside the caller's
 * transaction `trx` (the one that saved the income), and records the send on the income. A balance too
 * short for it throws the messaging 400 (not enough units), which rolls the income back too. Answers how
 * many messages were queued (0 when the number opted out): the caller wakes the outbox after its commit.
 */
export async function sendReceipt(trx: TenantScope, incomeId: number, userId: number | null): Promise<number> {
  const { phone, details } = await receiptDetails(trx, incomeId);
  return queueToPayer(trx, incomeId, phone, receiptText(details), userId);
}

/**
 * Queues the correction SMS of the new entry `incomeId` of a correction of receipt `correctedReceiptNumber`, to
 * its payer (issue 26.3; when the partner turned correction SMS on), as sendReceipt does. None for an income with
 * no phone (an M-Pesa payer's hidden number): answers 0.
 */
export async function sendCorrection(trx: TenantScope, incomeId: number, correctedReceiptNumber: number, userId: number | null): Promise<number> {
  const { phone, details } = await receiptDetails(trx, incomeId);
  if (phone === '') return 0;
  return queueToPayer(trx, incomeId, phone, correctionText({ ...details, correctedReceiptNumber }), userId);
}
