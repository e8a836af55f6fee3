import { sql, type Kysely } from 'kysely';
import { billRefKey, type AccountType } from '@ushirika/shared/contract';
import type { Database, MpesaCallbackOutcome } from '../../db/schema';
import { mpesaPaymentsAllocated } from '../../metrics/registry';
import { TenantScope } from '../../db/tenant-scope';
import { accountTypesFor } from '../ledger-records';
import { allocatePayments } from './allocation';
import { ACCEPTED, isPositiveAmount, paymentRefusal, readPayment, rejected, REJECT, SUCCESS, type C2bPayment, type CallbackKind, type DarajaReply } from './daraja';

/*
 * The C2B inbox (migration 0007, `mpesa_callbacks`): every callback's raw body is stored first, in its own
 * committed statement, then processed; the row's `outcome` says what became of it. Processing works from
 * the stored row, so a callback that failed can be processed again later (`pnpm ops replay-mpesa-callbacks`).
 */

/** A stored callback, with the partner its path's secret found (none: null) and that partner's short code. */
export interface StoredCallback {
  id: string;
  kind: CallbackKind;
  tenantId: number | null;
  shortCode: string | null;
  body: string;
}

/** What became of a callback, and what Safaricom is answered. */
export interface Processed {
  outcome: Exclude<MpesaCallbackOutcome, 'received'>;
  /** Why it was refused, or what it led to; never a phone number or a name. */
  detail: string | null;
  status: 200 | 400;
  reply: DarajaReply;
  /** The payment's id in online_transactions, when this confirmation stored it. */
  transactionId?: number;
  /** Set when a BillRefNumber rule allocated the payment as it arrived. */
  allocatedTo?: number;
}

/** Unreadable or not ours: refused with Daraja's 'other' code and HTTP 400. */
const refused = (outcome: Processed['outcome'], detail: string): Processed => ({ outcome, detail, status: 400, reply: rejected(REJECT.other) });

/**
 * Stores the raw body (NUL, which text cannot hold, replaced) with the partner whose secret it is, in one
 * statement of its own: committed before anything is read from the body. `refused` stores it settled at once
 * (a callback from an address MPESA_CALLBACK_SOURCES does not list), so it is never 'received', which the
 * replay would take for a callback whose processing stopped.
 */
export async function storeCallback(
  db: Kysely<Database>,
  kind: CallbackKind,
  secret: string,
  body: string,
  refused?: { outcome: 'forbidden-source'; detail: string },
): Promise<StoredCallback> {
  const outcome = refused?.outcome ?? 'received';
  const detail = refused?.detail.slice(0, 500) ?? null;
  const { rows } = await sql<{ id: string; tenant_id: number | null; short_code: string | null }>`
    with partner as (select id, mpesa_short_code from partners where mpesa_callback_secret = ${secret})
    insert into mpesa_callbacks (kind, body, tenant_id, outcome, detail)
    values (${kind}, ${body.replaceAll('\u0000', '\ufffd')}, (select id from partner), ${outcome}, ${detail})
    returning id::text as id, tenant_id, (select mpesa_short_code from partner) as short_code`.execute(db);
  const row = rows[0]!;
  return { id: row.id, kind, tenantId: row.tenant_id, shortCode: row.short_code, body };
}

/** Records what became of a stored callback (on `db`, or inside a caller's transaction). */
export async function settleCallback(
  db: Kysely<Database>,
  id: string,
  outcome: MpesaCallbackOutcome,
  detail: string | null,
  transId: string | null = null,
): Promise<void> {
  await db
    .updateTable('mpesa_callbacks')
    .set({ outcome, detail: detail && detail.slice(0, 500), ...(transId === null ? {} : { trans_id: transId }) })
    .where('id', '=', id)
    .execute();
}

/**
 * Processes a stored callback and records its outcome: refused (HTTP 400) when no partner has the secret,
 * the body cannot be read or is for another short code; a validation is accepted or rejected with Daraja's
 * code; a confirmation stores the payment once per TransID (a repeat is 'duplicate' and answered Success
 * again) and, when a BillRefNumber rule matches, allocates it right after (`confirm`).
 * Throws only when the database fails: the caller marks the callback 'failed'.
 */
export async function processCallback(db: Kysely<Database>, stored: StoredCallback): Promise<Processed> {
  const { processed, transId, settled } = await judge(db, stored);
  if (!settled) await settleCallback(db, stored.id, processed.outcome, processed.detail, transId);
  return processed;
}

/** What a callback comes to; `settled` when its inbox row was updated already (inside the confirmation's transaction). */
interface Judgement {
  processed: Processed;
  transId: string | null;
  settled: boolean;
}

async function judge(db: Kysely<Database>, stored: StoredCallback): Promise<Judgement> {
  const unread = (processed: Processed): Judgement => ({ processed, transId: null, settled: false });
  if (stored.tenantId === null) return unread(refused('unknown-partner', 'no partner has this callback secret'));
  let json: unknown;
  try {
    json = JSON.parse(stored.body);
  } catch {
    return unread(refused('malformed', 'the body is not JSON'));
  }
  const reading = readPayment(json);
  if (!reading.ok) return unread(refused('malformed', reading.reason));
  const { payment } = reading;
  const read = (processed: Processed): Judgement => ({ processed, transId: payment.transId, settled: false });
  if (stored.shortCode === null) return read(refused('rejected', 'the partner has no M-Pesa short code'));
  if (payment.shortCode !== stored.shortCode) return read(refused('rejected', `BusinessShortCode ${payment.shortCode} is not the partner's (${stored.shortCode})`));

  if (stored.kind === 'validation') {
    const refusal = paymentRefusal(payment);
    return read(
      refusal
        ? { outcome: 'rejected', detail: refusal.reason, status: 200, reply: rejected(refusal.code) }
        : { outcome: 'accepted', detail: null, status: 200, reply: ACCEPTED },
    );
  }
  if (!isPositiveAmount(payment.amount)) return read(refused('malformed', 'TransAmount is not an amount above 0 with at most two decimals'));
  const processed = await confirm(db, stored.tenantId, stored.id, payment);
  return { processed, transId: payment.transId, settled: true };
}

/**
 * The payment stored once per TransID and the callback settled, in one statement (the hot path: two
 * statements in all with the inbox's, no transaction); then, when its BillRefNumber has a rule whose account
 * takes income, the allocation in a transaction of its own. Should that fail, the payment is kept and waits
 * for a person, as one without a rule does. A repeat of a payment its rule never allocated (the server died
 * between the two steps) allocates it now: Safaricom's retry finishes the work, and `allocatePayments` locks
 * the payment, so two repeats at once still make one income.
 */
async function confirm(db: Kysely<Database>, tenantId: number, callbackId: string, payment: C2bPayment): Promise<Processed> {
  const scope = new TenantScope(db, tenantId);
  const { rows } = await sql<{ inserted: boolean; id: number | null; account_id: number | null; account_type: AccountType | null }>`
      with inserted as (
        insert into online_transactions (tenant_id, trans_id, transaction_type, trans_time, amount, short_code, bill_ref, invoice_number,
          org_account_balance, third_party_trans_id, msisdn, first_name, middle_name, last_name, callback_id)
        values (${tenantId}, ${payment.transId}, ${payment.transactionType}, ${payment.transTime}, ${payment.amount}, ${payment.shortCode},
          ${payment.billRef}, ${payment.invoiceNumber}, ${payment.orgAccountBalance}, ${payment.thirdPartyTransId}, ${payment.msisdn},
          ${payment.firstName}, ${payment.middleName}, ${payment.lastName}, ${callbackId})
        on conflict on constraint online_transactions_trans_id_key do nothing
        returning id, bill_ref
      ), settled as (
        update mpesa_callbacks
        set trans_id = ${payment.transId},
          outcome = case when exists (select from inserted) then 'accepted' else 'duplicate' end,
          detail = case when exists (select from inserted) then null else ${DUPLICATE} end
        where id = ${callbackId}
      ), payment as (
        select id, bill_ref, true as inserted from inserted
        union all
        select id, bill_ref, false from online_transactions
        where tenant_id = ${tenantId} and trans_id = ${payment.transId} and income_id is null and not exists (select from inserted)
      )
      select coalesce(p.inserted, false) as inserted, p.id, r.account_id, a.type as account_type
      from (values (1)) as one
      left join payment p on true
      left join bill_ref_rules r on p.id is not null and r.tenant_id = ${tenantId} and r.bill_ref_key = ${billRefKey(payment.billRef)}
      left join accounts a on a.tenant_id = r.tenant_id and a.id = r.account_id`.execute(db);
  const stored = rows[0]!;
  const duplicate: Processed = { outcome: 'duplicate', detail: DUPLICATE, status: 200, reply: SUCCESS };
  const accepted: Processed = { outcome: 'accepted', detail: null, status: 200, reply: SUCCESS, transactionId: stored.id ?? undefined };
  const answer = stored.inserted ? accepted : duplicate;
  if (stored.id === null || stored.account_id === null || !(await accountTypesFor(scope, 'income')).includes(stored.account_type!)) return answer;
  const accountId = stored.account_id;
  try {
    const detail = stored.inserted ? `allocated by rule to account ${accountId}` : `${DUPLICATE}; allocated by rule to account ${accountId} now`;
    await scope.transaction(async (trx) => {
      // Settled first: the allocation's receipt number locks the partner's row until the commit.
      await trx.raw((trxDb) => settleCallback(trxDb, callbackId, answer.outcome, detail));
      await allocatePayments(trx, accountId, [stored.id!], 'rule', null);
    });
    // Counted once committed (GET /metrics).
    mpesaPaymentsAllocated.inc({ by: 'rule' });
    return { ...answer, detail, allocatedTo: accountId };
  } catch (error) {
    // A repeat that lost the race to another repeat finds the payment allocated already: nothing to record.
    if (!stored.inserted) return duplicate;
    const detail = `stored; its rule could not allocate it (${failureDetail(error)})`;
    await settleCallback(db, callbackId, 'accepted', detail);
    return { ...accepted, detail };
  }
}

const DUPLICATE = 'this TransID is stored already';

/** Why processing failed, for the inbox row (the log gets the error code only). */
export const failureDetail = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * `pnpm ops replay-mpesa-callbacks`: processes again the callbacks whose processing failed (or stopped:
 * 'received' for more than `staleAfterMs`), oldest first, or the one callback `id`. Repeats are harmless:
 * a payment is stored once per TransID. Answers each callback's id and new outcome.
 */
export async function replayCallbacks(
  db: Kysely<Database>,
  options: { id?: string; staleAfterMs?: number; limit?: number } = {},
): Promise<Array<{ id: string; kind: CallbackKind; outcome: MpesaCallbackOutcome; detail: string | null }>> {
  const staleBefore = new Date(Date.now() - (options.staleAfterMs ?? 60_000));
  const rows = await db
    .selectFrom('mpesa_callbacks as c')
    .leftJoin('partners as p', 'p.id', 'c.tenant_id')
    .select([sql<string>`c.id::text`.as('id'), 'c.kind', 'c.tenant_id', 'p.mpesa_short_code', 'c.body'])
    .$if(options.id !== undefined, (q) => q.where('c.id', '=', options.id!))
    .$if(options.id === undefined, (q) =>
      q.where((eb) => eb.or([eb('c.outcome', '=', 'failed'), eb.and([eb('c.outcome', '=', 'received'), eb('c.received_at', '<', staleBefore)])])),
    )
    .orderBy('c.received_at')
    .limit(options.limit ?? 1000)
    .execute();
  const results = [];
  for (const row of rows) {
    const stored: StoredCallback = { id: row.id, kind: row.kind, tenantId: row.tenant_id, shortCode: row.mpesa_short_code, body: row.body };
    try {
      const processed = await processCallback(db, stored);
      results.push({ id: row.id, kind: row.kind, outcome: processed.outcome, detail: processed.detail });
    } catch (error) {
      await settleCallback(db, row.id, 'failed', failureDetail(error));
      results.push({ id: row.id, kind: row.kind, outcome: 'failed' as const, detail: failureDetail(error) });
    }
  }
  return results;
}
