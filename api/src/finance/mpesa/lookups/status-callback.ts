import { sql, type Kysely } from 'kysely';
import { writeActivity, type Actor } from '../../../activity/record';
import type { Database, LookupRequestStatus, MpesaCallbackOutcome } from '../../../db/schema';
import { withinTransaction } from '../../../db/within-transaction';
import { CHECK_REASON_SEPARATOR, parseCallbackJson, rejected, REJECT } from '../daraja';
import { RESULT_ACCEPTED } from '../express/stk-callback';
import { settleCallback, type Processed, type StoredCallback } from '../inbox';
import { judgeStatusResult, LOOKUP_WORDS, readStatusResult, type StatusPayment, type StatusVerdict } from './status-result';

/*
 * Transaction Status's callbacks (`<prefix>/<secret>/status-result` and `/status-timeout`), processed from the inbox
 * row they were stored in first (./inbox.ts; the inbox's dispatch calls `processStatusCallback`, and so does a replay).
 *
 * The look-up is found by its OriginatorConversationID, and must be the partner's whose secret is in the path: another
 * partner's is refused (HTTP 400), and one no look-up has (yet: a result that overtook the look-up's own answer) is
 * held in the inbox for a replay. A result settles a look-up once: a repeat changes nothing and is answered as the
 * first (`duplicate`). A payment Safaricom found on one of the partner's short codes is stored in online_transactions
 * (origin 'status', once per receipt number: one stored already, by a C2B confirmation or a prompt's callback, is
 * linked instead) and waits for a person to allocate it on the M-Pesa screen, like any C2B payment without a rule.
 *
 * The look-up, the payment, the inbox row and one `receive` event on the look-up ({ kind, outcome, status }, never the
 * payer) are written in one transaction. A refused callback writes no event. Daraja is answered
 * `{ ResultCode: 0, ResultDesc: 'Accepted' }`.
 */

export const NO_LOOKUP = 'no look-up of the partner is waiting for this OriginatorConversationID: replay it once one is';
export const ANOTHER_PARTNERS = "this OriginatorConversationID is another partner's look-up";
const REPEAT = 'the look-up was settled already';

/** Settled at once, refused with Daraja's 'other' code (no event: nothing of the partner changed). */
async function refuse(db: Kysely<Database>, id: string, outcome: 'unknown-partner' | 'malformed' | 'rejected', detail: string): Promise<Processed> {
  await settleCallback(db, id, outcome, detail);
  return { outcome, detail, status: 400, reply: rejected(REJECT.other) };
}

/**
 * Processes a stored `status-result` or `status-timeout` callback and settles its inbox row (see the file's comment).
 * `actor`: M-Pesa from the callback's address, or ops replaying it. Throws only when the database fails: the caller
 * marks the callback 'failed' for a replay (`failCallback`).
 */
export async function processStatusCallback(db: Kysely<Database>, stored: StoredCallback, actor: Actor): Promise<Processed> {
  const { tenantId } = stored;
  if (tenantId === null) return refuse(db, stored.id, 'unknown-partner', 'no partner has this callback secret');
  let json: unknown;
  try {
    json = parseCallbackJson(stored.body);
  } catch {
    return refuse(db, stored.id, 'malformed', 'the body is not JSON');
  }
  const reading = readStatusResult(json);
  if (!reading.ok) return refuse(db, stored.id, 'malformed', reading.reason);
  const { result } = reading;

  return withinTransaction(db, async (trx) => {
    // Locked: a repeat arriving at the same time waits, then finds the look-up settled.
    const lookup = await trx
      .selectFrom('mpesa_lookups')
      .select(['tenant_id', 'id', 'trans_id', 'status', 'result_desc'])
      .where('originator_conversation_id', '=', result.originatorConversationId)
      .forUpdate()
      .executeTakeFirst();
    if (!lookup) {
      await settleCallback(trx, stored.id, 'held', NO_LOOKUP);
      return { outcome: 'held', detail: NO_LOOKUP, status: 200, reply: RESULT_ACCEPTED } satisfies Processed;
    }
    if (lookup.tenant_id !== tenantId) return refuse(trx, stored.id, 'rejected', ANOTHER_PARTNERS);

    const received = (outcome: Exclude<MpesaCallbackOutcome, 'received'>, status: LookupRequestStatus) =>
      writeActivity(trx, tenantId, actor, {
        action: 'receive',
        entity: 'mpesa_lookup',
        entityId: lookup.id,
        details: { kind: stored.kind, outcome, status: status === 'sending' ? 'waiting' : status },
      });

    if (!settles(stored.kind, lookup)) {
      await settleCallback(trx, stored.id, 'duplicate', REPEAT, lookup.trans_id);
      await received('duplicate', lookup.status);
      return { outcome: 'duplicate', detail: REPEAT, status: 200, reply: RESULT_ACCEPTED } satisfies Processed;
    }

    const verdict: StatusVerdict =
      stored.kind === 'status-timeout'
        ? { kind: 'failed', words: LOOKUP_WORDS.timedOut }
        : judgeStatusResult(result, { transId: lookup.trans_id, shortCodes: stored.shortCodes, receivedAt: stored.receivedAt });
    const found = verdict.kind === 'payment' ? await storePayment(trx, tenantId, stored.id, verdict.payment) : undefined;
    const status: LookupRequestStatus = verdict.kind === 'payment' ? 'found' : verdict.kind;
    await trx
      .updateTable('mpesa_lookups')
      .set({
        status,
        result_code: result.resultCode === '' ? null : result.resultCode.slice(0, 40),
        result_desc: verdict.kind === 'payment' ? result.resultDesc || null : verdict.words,
        online_transaction_id: found?.id ?? null,
        settled_at: sql<Date>`now()`,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', lookup.id)
      .execute();
    const outcome = verdict.kind !== 'payment' && verdict.hold ? 'held' : 'accepted';
    const detail =
      verdict.kind === 'payment'
        ? found!.inserted
          ? 'the payment was stored for a person to allocate'
          : 'the payment was stored already: the look-up is linked to it'
        : `the look-up is ${status}: ${verdict.words}`;
    await settleCallback(trx, stored.id, outcome, detail, lookup.trans_id);
    await received(outcome, status);
    return { outcome, detail, status: 200, reply: RESULT_ACCEPTED, ...(found?.inserted ? { transactionId: found.id } : {}) } satisfies Processed;
  });
}

/**
 * Whether a callback settles the look-up: a time-out only one still waiting; a result one waiting, or one a time-out
 * failed (Safaricom's answer came after all: a payment is never missed). Anything else is a repeat.
 */
function settles(kind: StoredCallback['kind'], lookup: { status: LookupRequestStatus; result_desc: string | null }): boolean {
  if (lookup.status === 'sending' || lookup.status === 'waiting') return true;
  return kind === 'status-result' && lookup.status === 'failed' && lookup.result_desc === LOOKUP_WORDS.timedOut;
}

/**
 * The payment stored once per receipt number (the partner's unique TransID): a new one waits for a person to allocate
 * it (no BillRefNumber to match a rule with); one stored already, by whichever callback came first, is only linked.
 */
async function storePayment(trx: Kysely<Database>, tenantId: number, callbackId: string, payment: StatusPayment): Promise<{ id: number; inserted: boolean }> {
  const kind = await trx
    .selectFrom('partner_mpesa_short_codes')
    .select('kind')
    .where('tenant_id', '=', tenantId)
    .where('short_code', '=', payment.shortCode)
    .executeTakeFirst();
  const inserted = await trx
    .insertInto('online_transactions')
    .values({
      tenant_id: tenantId,
      trans_id: payment.transId,
      transaction_type: kind?.kind === 'till' ? 'Buy Goods' : 'Pay Bill',
      trans_time: payment.transTime,
      amount: payment.amount,
      short_code: payment.shortCode,
      bill_ref: '',
      msisdn: payment.msisdn,
      first_name: payment.firstName,
      middle_name: payment.middleName,
      last_name: payment.lastName,
      callback_id: callbackId,
      check_reason: payment.checks.length > 0 ? payment.checks.join(CHECK_REASON_SEPARATOR) : null,
      origin: 'status',
      account_id: null,
      income_id: null,
      allocated_by: null,
      allocated_at: null,
    })
    .onConflict((oc) => oc.constraint('online_transactions_trans_id_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, inserted: true };
  const existing = await trx
    .selectFrom('online_transactions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('trans_id', '=', payment.transId)
    .executeTakeFirstOrThrow();
  return { id: existing.id, inserted: false };
}
