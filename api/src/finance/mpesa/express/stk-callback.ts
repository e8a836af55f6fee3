import { sql, type Kysely } from 'kysely';
import { EXPRESS_RESULT_CODES, type ExpressStatus } from '@ushirika/shared/contract';
import { writeActivity, type Actor } from '../../../activity/record';
import type { MsisdnHashForm } from '../../../config';
import type { Database, ExpressRequestStatus } from '../../../db/schema';
import { TenantScope } from '../../../db/tenant-scope';
import { withinTransaction } from '../../../db/within-transaction';
import { HttpError } from '../../../http/errors';
import { sendReceipt } from '../../receipts';
import { allocatePayments } from '../allocation';
import { CHECK_REASON_SEPARATOR, CHECK_REASONS, isMpesaAmount, parseCallbackJson, parseTransTime, rejected, REJECT, type DarajaReply } from '../daraja';
import { failCallback, failureDetail, processCallback, settleCallback, storePartnerCallback, type Processed, type StoredCallback } from '../inbox';

/*
 * An M-Pesa Express prompt's result (issue 29; docs/integrations.md, "M-Pesa Express"), as Daraja posts it to
 * `<prefix>/<secret>/stk` and the inbox stores it first (../inbox.ts): `{ Body: { stkCallback: { MerchantRequestID,
 * CheckoutRequestID, ResultCode, ResultDesc, CallbackMetadata?: { Item: [{ Name, Value }] } } } }`, the items read
 * by Name, never by position.
 *
 * - ResultCode 0: the money has moved. The payment is stored once per receipt number (MpesaReceiptNumber, upper
 *   case: online_transactions' one key, origin 'stk') in a statement of its own, then, in one transaction: the
 *   prompt's fund gets one income (allocatePayments, linked to the prompt's contact or the contact with the prompted
 *   number, the prompted number as its phone), its SMS receipt is queued (skipped, and said in the inbox's detail,
 *   when the partner is short of SMS units: the income stands), the prompt becomes 'paid' with its receipt number,
 *   the inbox row is settled and one `receive` event is written on the prompt.
 * - 1032 cancelled, 1037 timeout, any other failed, with Daraja's words.
 * - A repeat changes nothing (the payment is keyed by its receipt number, the prompt is settled once).
 * - A result that comes after the reconciler's STK Query settled the prompt still records the payment: a query
 *   carries no receipt number, so a prompt it found paid waits for this callback (or the C2B confirmation).
 * - The same payment confirmed also by C2B: whichever comes first stores it; a confirmation after this callback is a
 *   repeat (../inbox.ts `confirm`), and this callback after a confirmation allocates the stored payment to the
 *   prompt's fund when nothing allocated it yet. One income either way.
 * - A paid result whose CheckoutRequestID is none of the partner's prompts (the server stopped before storing it) is
 *   stored flagged for a person: money is never lost.
 *
 * Daraja is answered `{ ResultCode: 0, ResultDesc: 'Accepted' }` once the body is stored, whatever it comes to.
 */

/** What Daraja expects back from a prompt's (or a Transaction Status) result. */
export const RESULT_ACCEPTED: DarajaReply = { ResultCode: 0, ResultDesc: 'Accepted' };

/**
 * Why a prompt's payment waits for a person (online_transactions.check_reason, beside ../daraja.ts CHECK_REASONS):
 * fixed sentences, so the M-Pesa screen can show them in the user's language.
 */
export const STK_CHECK_REASONS = {
  unknownPrompt: 'Paid to an M-Pesa Express prompt the partner has no record of: choose its account',
  otherAmount: 'Paid to an M-Pesa Express prompt with another amount than the one asked',
} as const;

/** A CheckoutRequestID as Daraja writes them (ws_CO_…): bounded, so nothing else is looked up. */
export const CHECKOUT_REQUEST_ID = /^[A-Za-z0-9_-]{1,100}$/;
const RECEIPT_NUMBER = /^[A-Za-z0-9]{1,40}$/;
const MSISDN = /^\d{9,15}$/;

/** What a prompt comes to, by Daraja's ResultCode: 0 paid, 1032 cancelled, 1037 timeout, any other failed. */
export function statusOfResult(resultCode: string): Exclude<ExpressStatus, 'waiting'> {
  if (resultCode === EXPRESS_RESULT_CODES.paid) return 'paid';
  if (resultCode === EXPRESS_RESULT_CODES.cancelled) return 'cancelled';
  return resultCode === EXPRESS_RESULT_CODES.timeout ? 'timeout' : 'failed';
}

/** The paid items of a result (CallbackMetadata), read by Name. */
export interface PaidItems {
  /** MpesaReceiptNumber, upper case. */
  receipt: string;
  /** Amount, as written. */
  amount: string;
  /** PhoneNumber (2547…), '' when absent. */
  phone: string;
  /** TransactionDate as an instant; undefined when absent or not a time. */
  transTime: Date | undefined;
}

export interface StkResult {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** Digits, as written. */
  resultCode: string;
  resultDesc: string;
  /** For ResultCode 0: the items, or why they cannot be used. */
  paid?: { ok: true; items: PaidItems } | { ok: false; reason: string };
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** A text or number field as trimmed text ('' when absent or anything else): `parseCallbackJson` keeps numbers as their digits. */
const textOf = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).replace(CONTROL, '').trim() : '');

/** Reads a stored STK callback's body into a result, or says why it cannot. */
export function readStkCallback(body: string): { ok: true; result: StkResult } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = parseCallbackJson(body);
  } catch {
    return { ok: false, reason: 'the body is not JSON' };
  }
  const stk = isObject(json) && isObject(json.Body) && isObject(json.Body.stkCallback) ? json.Body.stkCallback : undefined;
  if (!stk) return { ok: false, reason: 'the body is not an M-Pesa Express result: Body.stkCallback is missing' };
  const checkoutRequestId = textOf(stk.CheckoutRequestID);
  if (!CHECKOUT_REQUEST_ID.test(checkoutRequestId)) return { ok: false, reason: 'CheckoutRequestID is missing or not 1 to 100 letters, digits, _ and -' };
  const resultCode = textOf(stk.ResultCode);
  if (!/^\d{1,10}$/.test(resultCode)) return { ok: false, reason: 'ResultCode is missing or not a number' };
  const result: StkResult = {
    merchantRequestId: textOf(stk.MerchantRequestID).slice(0, 100),
    checkoutRequestId,
    resultCode: String(Number(resultCode)),
    resultDesc: textOf(stk.ResultDesc).slice(0, 500),
  };
  if (result.resultCode === EXPRESS_RESULT_CODES.paid) result.paid = readPaidItems(stk.CallbackMetadata);
  return { ok: true, result };
}

function readPaidItems(metadata: unknown): NonNullable<StkResult['paid']> {
  const items = new Map<string, string>();
  const list = isObject(metadata) && Array.isArray(metadata.Item) ? metadata.Item : [];
  for (const item of list) if (isObject(item) && typeof item.Name === 'string') items.set(item.Name, textOf(item.Value));
  const receipt = items.get('MpesaReceiptNumber') ?? '';
  if (!RECEIPT_NUMBER.test(receipt)) return { ok: false, reason: 'MpesaReceiptNumber is missing or not 1 to 40 letters and digits' };
  const amount = items.get('Amount') ?? '';
  if (!isMpesaAmount(amount)) return { ok: false, reason: 'Amount is missing or not an amount as M-Pesa writes it' };
  const phone = items.get('PhoneNumber') ?? '';
  return {
    ok: true,
    items: { receipt: receipt.toUpperCase(), amount, phone: MSISDN.test(phone) ? phone : '', transTime: parseTransTime(items.get('TransactionDate') ?? '') ?? undefined },
  };
}

/** Two amounts as exact decimal text, compared by their value ('100' is '100.00'). */
export const sameAmount = (a: string, b: string) => Math.round(Number(a) * 100) === Math.round(Number(b) * 100);

/** A prompt of the partner, as its result reads and writes it. */
interface Prompt {
  id: string;
  account_id: number;
  member_id: number | null;
  amount: string;
  phone: string;
  status: ExpressRequestStatus;
  online_transaction_id: number | null;
  requested_by: number | null;
}

function promptQuery(db: Kysely<Database>, tenantId: number, checkoutRequestId: string) {
  return db
    .selectFrom('mpesa_express_requests')
    .select(['id', 'account_id', 'member_id', sql<string>`amount::text`.as('amount'), 'phone', 'status', 'online_transaction_id', 'requested_by'])
    .where('tenant_id', '=', tenantId)
    .where('checkout_request_id', '=', checkoutRequestId);
}

/** The prompt's columns a result settles: its status and Daraja's words, no more queries. */
export function settledColumns(resultCode: string, resultDesc: string) {
  return {
    status: statusOfResult(resultCode),
    result_code: resultCode.slice(0, 40),
    result_desc: resultDesc.slice(0, 500) || null,
    settled_at: sql<Date>`coalesce(settled_at, now())`,
    next_query_at: null,
  };
}

/** The `receive` event of a prompt's result: on the prompt, what it came to (never the payer). */
export function writePromptResult(trx: Kysely<Database>, tenantId: number, actor: Actor, promptId: string | null, details: Record<string, string>) {
  return writeActivity(trx, tenantId, actor, { action: 'receive', entity: 'payment_request', entityId: promptId, details });
}

const refusedResult = (outcome: Processed['outcome'], detail: string): Processed => ({ outcome, detail, status: 400, reply: rejected(REJECT.other) });
const accepted = (outcome: Processed['outcome'], detail: string | null, more: Partial<Processed> = {}): Processed => ({
  outcome,
  detail: detail && detail.slice(0, 500),
  status: 200,
  reply: RESULT_ACCEPTED,
  ...more,
});

const DUPLICATE = "this prompt's result is recorded already";
const NO_PROMPT = 'no prompt of the partner has this CheckoutRequestID';

/**
 * Processes a stored STK callback of a partner (the inbox's dispatch, ../inbox.ts `processCallback`): settles the
 * inbox row and writes the events itself, in the transaction of what it records. Throws only when the database
 * fails: the caller marks the callback 'failed' for a replay, which finishes the work (nothing twice).
 */
export async function processStkCallback(db: Kysely<Database>, stored: StoredCallback, hashForms: readonly MsisdnHashForm[], actor: Actor): Promise<Processed> {
  const tenantId = stored.tenantId!;
  const reading = readStkCallback(stored.body);
  if (!reading.ok) {
    await settleCallback(db, stored.id, 'malformed', reading.reason);
    return refusedResult('malformed', reading.reason);
  }
  const { result } = reading;
  if (result.paid === undefined) return recordUnpaid(db, stored, tenantId, result, actor);
  if (!result.paid.ok) {
    // Paid, but nothing to store a payment with: kept in the inbox for a person; the prompt stays waiting (its query says paid).
    await settleCallback(db, stored.id, 'held', result.paid.reason);
    return refusedResult('held', result.paid.reason);
  }
  return recordPaid(db, stored, tenantId, result, result.paid.items, hashForms, actor);
}

/** 1032, 1037 or another failure: the prompt settled so, once. */
async function recordUnpaid(db: Kysely<Database>, stored: StoredCallback, tenantId: number, result: StkResult, actor: Actor): Promise<Processed> {
  const status = statusOfResult(result.resultCode);
  return withinTransaction(db, async (trx) => {
    const prompt = await promptQuery(trx, tenantId, result.checkoutRequestId).forUpdate().executeTakeFirst();
    let processed: Processed;
    if (!prompt) processed = accepted('accepted', `${NO_PROMPT}: nothing to record (${status})`);
    else if (prompt.status === 'sending' || prompt.status === 'waiting') {
      await trx
        .updateTable('mpesa_express_requests')
        .set(settledColumns(result.resultCode, result.resultDesc))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', prompt.id)
        .execute();
      processed = accepted('accepted', `the prompt is ${status}`);
    } else processed = accepted('duplicate', `${DUPLICATE} (${prompt.status})`);
    await settleCallback(trx, stored.id, processed.outcome, processed.detail);
    await writePromptResult(trx, tenantId, actor, prompt?.id ?? null, {
      status: prompt && processed.outcome === 'duplicate' ? prompt.status : status,
      outcome: processed.outcome,
    });
    return processed;
  });
}

/** What a prompt's payment is stored with beside the callback's items: the fund's name, the short code, the payer's names. */
async function paymentContext(db: Kysely<Database>, tenantId: number, prompt: Prompt | undefined, phone: string) {
  const fund = prompt
    ? await db.selectFrom('accounts').select('name').where('tenant_id', '=', tenantId).where('id', '=', prompt.account_id).executeTakeFirst()
    : undefined;
  const { short_code } = await db
    .selectFrom('partners as p')
    .leftJoin('partner_daraja as d', 'd.tenant_id', 'p.id')
    .select(
      sql<string>`coalesce(nullif(d.express_short_code, ''), (select min(s.short_code) from partner_mpesa_short_codes s where s.tenant_id = p.id), '')`.as('short_code'),
    )
    .where('p.id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const payer = await contactOf(new TenantScope(db, tenantId), prompt?.member_id ?? null, phone || prompt?.phone || '');
  return { billRef: fund?.name ?? '', shortCode: short_code, firstName: payer?.first_name ?? '', lastName: payer?.last_name ?? '' };
}

/** The prompt's contact, or the partner's contact with the number `digits` (2547…). */
async function contactOf(scope: TenantScope, memberId: number | null, digits: string) {
  const contacts = scope.selectFrom('members').select(['id', 'first_name', 'last_name']);
  if (memberId !== null) return contacts.where('id', '=', memberId).executeTakeFirst();
  return digits === '' ? undefined : contacts.where('phone', '=', `+${digits}`).executeTakeFirst();
}

/**
 * Runs `work` inside a savepoint of `trx`: a refusal it throws (HttpError: SMS units short, a closed month, a payment
 * allocated meanwhile) is rolled back alone and answered, and the transaction goes on. Anything else is thrown.
 */
async function attempt<T>(trx: TenantScope, name: 'allocation' | 'receipt', work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  await trx.raw((db) => sql`savepoint ${sql.raw(name)}`.execute(db));
  try {
    const value = await work();
    await trx.raw((db) => sql`release savepoint ${sql.raw(name)}`.execute(db));
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await trx.raw((db) => sql`rollback to savepoint ${sql.raw(name)}`.execute(db));
    return { ok: false, reason: error.message };
  }
}

/**
 * A paid result: the payment stored once per receipt number (committed on its own: the money is never lost to a
 * later failure), then everything else in one transaction (see the file's comment).
 */
async function recordPaid(
  db: Kysely<Database>,
  stored: StoredCallback,
  tenantId: number,
  result: StkResult,
  items: PaidItems,
  hashForms: readonly MsisdnHashForm[],
  actor: Actor,
): Promise<Processed> {
  const prompt = await promptQuery(db, tenantId, result.checkoutRequestId).executeTakeFirst();
  const context = await paymentContext(db, tenantId, prompt, items.phone);
  const checks = !prompt ? [STK_CHECK_REASONS.unknownPrompt] : sameAmount(items.amount, prompt.amount) ? [] : [STK_CHECK_REASONS.otherAmount];
  const checkReason = checks.length > 0 ? checks.join(CHECK_REASON_SEPARATOR) : null;
  await sql`
    insert into online_transactions (tenant_id, trans_id, transaction_type, trans_time, amount, short_code, bill_ref, msisdn, first_name, last_name,
      callback_id, check_reason, origin)
    values (${tenantId}, ${items.receipt}, ${EXPRESS_TRANSACTION_TYPE}, ${items.transTime ?? stored.receivedAt}, ${items.amount}, ${context.shortCode},
      ${context.billRef}, ${items.phone || prompt?.phone || ''}, ${context.firstName}, ${context.lastName}, ${stored.id}, ${checkReason}::text, 'stk')
    on conflict on constraint online_transactions_trans_id_key do nothing`.execute(db);

  return withinTransaction(db, async (trx) => {
    const scope = new TenantScope(trx, tenantId, actor);
    const locked = prompt && (await promptQuery(trx, tenantId, result.checkoutRequestId).forUpdate().executeTakeFirst());
    const payment = await scope
      .selectFrom('online_transactions')
      .select(['id', sql<string>`amount::text`.as('amount'), 'origin', 'account_id', 'check_reason', sql<string | null>`callback_id::text`.as('callback_id')])
      .where('trans_id', '=', items.receipt)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const mine = payment.callback_id === stored.id;
    let processed: Processed;
    if (!mine && !sameAmount(payment.amount, items.amount)) {
      // The receipt number came before with another amount: both raw bodies are kept, the payment waits for a person.
      const reason = CHECK_REASONS.differingRepeat;
      const flagged =
        payment.check_reason === null
          ? reason
          : payment.check_reason.includes(reason)
            ? payment.check_reason
            : `${payment.check_reason}${CHECK_REASON_SEPARATOR}${reason}`;
      await scope.updateTable('online_transactions').set({ check_reason: flagged }).where('id', '=', payment.id).execute();
      processed = accepted('differing-repeat', 'this receipt number is stored already with another amount: the stored payment is flagged for a person', {
        toCheck: true,
      });
    } else if (!locked) {
      processed = mine
        ? accepted('accepted', `stored for a person to check: ${checkReason}`, { transactionId: payment.id, toCheck: true })
        : accepted('duplicate', 'this receipt number is stored already');
    } else if (locked.online_transaction_id === payment.id) {
      processed = accepted('duplicate', DUPLICATE);
    } else {
      processed = await payPrompt(scope, locked, payment, items, result, hashForms, mine);
    }
    await settleCallback(trx, stored.id, processed.outcome, processed.detail, items.receipt);
    if (locked) await writePromptResult(trx, tenantId, actor, locked.id, { status: 'paid', outcome: processed.outcome });
    else
      await writeActivity(trx, tenantId, actor, {
        action: 'receive',
        entity: 'mpesa_payment',
        entityId: payment.id,
        details: { kind: 'stk', outcome: processed.outcome },
      });
    return processed;
  });
}

/**
 * The prompt's payment recorded: allocated to the prompt's fund with one income when nothing allocated it yet and
 * it waits for no person, linked to the payer, its SMS receipt queued; the prompt paid, with its receipt number.
 */
async function payPrompt(
  trx: TenantScope,
  prompt: Prompt,
  payment: { id: number; origin: string; account_id: number | null; check_reason: string | null },
  items: PaidItems,
  result: StkResult,
  hashForms: readonly MsisdnHashForm[],
  mine: boolean,
): Promise<Processed> {
  const notes: string[] = mine ? [] : [payment.origin === 'c2b' ? 'its C2B confirmation came first' : 'stored already'];
  let allocatedTo: number | undefined;
  if (payment.account_id !== null) notes.push(`allocated already to account ${payment.account_id}`);
  else if (payment.check_reason !== null) notes.push(`stored for a person to check: ${payment.check_reason}`);
  else {
    const allocation = await attempt(trx, 'allocation', () => allocatePayments(trx, prompt.account_id, [payment.id], { by: 'rule', userId: null, hashForms }));
    if (!allocation.ok) notes.push(`stored; it could not be allocated (${allocation.reason})`);
    else {
      const incomeId = allocation.value[0]!;
      allocatedTo = prompt.account_id;
      notes.push(`allocated to account ${prompt.account_id}`);
      await linkPayer(trx, incomeId, prompt);
      const receipt = await attempt(trx, 'receipt', () => sendReceipt(trx, incomeId, prompt.requested_by));
      notes.push(receipt.ok ? 'SMS receipt queued' : `SMS receipt not sent (${receipt.reason})`);
    }
  }
  await trx
    .updateTable('mpesa_express_requests')
    .set({ ...settledColumns(result.resultCode, result.resultDesc), receipt_number: items.receipt, online_transaction_id: payment.id })
    .where('id', '=', prompt.id)
    .execute();
  return accepted('accepted', notes.join('; '), { transactionId: payment.id, ...(allocatedTo === undefined ? {} : { allocatedTo }) });
}

/**
 * The prompt's income is the prompt's contact's (or that of the contact with the prompted number), with the prompted
 * number as its phone: the number that paid, where the receipt goes. A C2B confirmation stored first had a hashed one.
 */
async function linkPayer(trx: TenantScope, incomeId: number, prompt: Prompt): Promise<void> {
  const contact = await contactOf(trx, prompt.member_id, prompt.phone);
  await trx
    .updateTable('incomes')
    .set({ phone: `+${prompt.phone}`, ...(contact ? { member_id: contact.id } : {}) })
    .where('id', '=', incomeId)
    .execute();
}

/** online_transactions.transaction_type of a prompt's payment (a C2B one says 'Pay Bill' or 'Buy Goods'). */
export const EXPRESS_TRANSACTION_TYPE = 'M-Pesa Express';

/**
 * A prompt's result that reaches us without an HTTP request (the development simulator, ./simulator.ts): stored in
 * the inbox for the partner, then processed exactly as the route does it; a processing failure is marked for a replay.
 */
export async function receiveStkCallback(db: Kysely<Database>, tenantId: number, body: string, actor: Actor, hashForms: readonly MsisdnHashForm[]): Promise<Processed> {
  const stored = await storePartnerCallback(db, tenantId, 'stk', body, { source: 'simulator', bodySize: Buffer.byteLength(body) });
  try {
    return await processCallback(db, stored, hashForms, actor);
  } catch (error) {
    await failCallback(db, stored, error, actor);
    return accepted('failed', failureDetail(error));
  }
}
