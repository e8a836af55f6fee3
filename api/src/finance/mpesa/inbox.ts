import { sql, type Kysely, type RawBuilder } from 'kysely';
import { activityInsert, OPS_ACTOR, writeActivity, type Actor } from '../../activity/record';
import { DEFAULT_MSISDN_HASH_FORMS, type MsisdnHashForm } from '../../config';
import { billRefKey, type AccountType } from '@ushirika/shared/contract';
import type { Database, MpesaCallbackKind, MpesaCallbackOutcome, MpesaPaymentOrigin } from '../../db/schema';
import { mpesaPaymentsAllocated } from '../../metrics/registry';
import { TenantScope } from '../../db/tenant-scope';
import { withinTransaction } from '../../db/within-transaction';
import { accountTypesFor } from '../ledger-records';
import { allocatePayments } from './allocation';
import {
  ACCEPTED,
  CHECK_REASON_SEPARATOR,
  CHECK_REASONS,
  paymentRefusal,
  parseCallbackJson,
  readConfirmation,
  readPayment,
  rejected,
  REJECT,
  SUCCESS,
  type C2bPayment,
  type DarajaReply,
} from './daraja';
import { processStkCallback } from './express/stk-callback';
import { processStatusCallback } from './lookups/status-callback';

/*
 * The C2B inbox (migration 0007, `mpesa_callbacks`): every callback's raw body is stored first, in its own
 * committed statement, then processed; the row's `outcome` says what became of it. Processing works from
 * the stored row, so a callback that failed can be processed again later (`pnpm ops replay-mpesa-callbacks`).
 *
 * Only a callback whose path holds a partner's secret keeps its body (migration 0016): one with an unknown
 * secret is anyone's, and keeps only when it came, from where and how large it was (`storeUnknownCallback`).
 *
 * The activity log (issue 26): a partner's callback that is answered (HTTP 200: accepted, rejected, a repeat,
 * failed and kept for a replay) writes one `receive` event on its payment (`{ kind, outcome }`, never the payer)
 * in the transaction that records its outcome, as `actor`: M-Pesa from the callback's address, or ops for a
 * replay. A callback refused (400: unreadable, not the partner's, from an address not allowed) writes none.
 * A rule's allocation writes its own `allocate` event (./allocation.ts).
 *
 * Issue 29: the inbox keeps Daraja's other callbacks the same way (stored first, then processed, replayed alike):
 * an M-Pesa Express prompt's result (`stk`, ./express/stk-callback.ts) and Transaction Status's (`status-result`,
 * `status-timeout`, ./lookups/status-callback.ts). Their modules settle the row and write their events themselves.
 */

/** A stored callback, with the partner its path's secret found (none: null) and that partner's short codes. */
export interface StoredCallback {
  id: string;
  kind: MpesaCallbackKind;
  tenantId: number | null;
  shortCodes: readonly string[];
  body: string;
  /** When it arrived: a payment whose TransTime cannot be used is dated by it. */
  receivedAt: Date;
}

/** Where a callback came from (Fastify's `request.ip`) and its body's size in bytes, kept for every callback. */
export interface Arrival {
  source: string;
  bodySize: number | null;
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
  /** Set when the payment was stored flagged for a person (online_transactions.check_reason). */
  toCheck?: boolean;
}

/** Unreadable or not ours: refused with Daraja's 'other' code and HTTP 400. */
const refused = (outcome: Processed['outcome'], detail: string): Processed => ({ outcome, detail, status: 400, reply: rejected(REJECT.other) });

/**
 * Stores the raw body (NUL, which text cannot hold, replaced) with the partner whose secret it is, in one
 * statement of its own: committed before anything is read from the body. The partner's previous secret finds
 * it too while Safaricom registers the new one's URLs (`setPartnerMpesa`), and notes that it was used.
 * `refused` stores it settled at once
 * (a callback from an address MPESA_CALLBACK_SOURCES does not list, or a body that could not be read), so it
 * is never 'received', which the replay would take for a callback whose processing stopped.
 * Undefined, with nothing stored, when no partner has the secret: see `storeUnknownCallback`.
 */
export async function storeCallback(
  db: Kysely<Database>,
  kind: MpesaCallbackKind,
  secret: string,
  body: string,
  arrival: Arrival,
  refused?: { outcome: 'forbidden-source' | 'malformed'; detail: string },
): Promise<StoredCallback | undefined> {
  const outcome = refused?.outcome ?? 'received';
  const detail = refused?.detail.slice(0, 500) ?? null;
  const { rows } = await sql<{ id: string; tenant_id: number; short_codes: string[]; received_at: Date }>`
    with partner as (
      select id, mpesa_callback_secret = ${secret} as current from partners
      where mpesa_callback_secret = ${secret} or mpesa_previous_callback_secret = ${secret}
      order by current desc limit 1
    ), used as (
      update partners set mpesa_previous_secret_used_at = now() where id = (select id from partner where not current)
    ), inserted as (
      insert into mpesa_callbacks (kind, body, tenant_id, outcome, detail, source, body_size)
      select ${kind}, ${body.replaceAll('\u0000', '\ufffd')}, partner.id, ${outcome}, ${detail}::text, ${arrival.source}, ${arrival.bodySize}::int from partner
      returning id, tenant_id, received_at
    )
    select id::text as id, tenant_id, received_at, ${shortCodesOf(sql.ref('inserted.tenant_id'))} as short_codes from inserted`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return { id: row.id, kind, tenantId: row.tenant_id, shortCodes: row.short_codes, body, receivedAt: new Date(row.received_at) };
}

/** The partner's short codes (partner_mpesa_short_codes) as a text array, empty when it has none. */
const shortCodesOf = (tenantId: RawBuilder<unknown>) =>
  sql`(select coalesce(array_agg(s.short_code order by s.short_code), '{}')::text[] from partner_mpesa_short_codes s where s.tenant_id = ${tenantId})`;

/**
 * Stores a callback for the partner `tenantId` itself, in one committed statement, as `storeCallback` does for one
 * that came with the partner's secret: the development M-Pesa simulator's (./express/simulator.ts), which reaches
 * the inbox without an HTTP request and may serve a partner that has no callback secret.
 */
export async function storePartnerCallback(db: Kysely<Database>, tenantId: number, kind: MpesaCallbackKind, body: string, arrival: Arrival): Promise<StoredCallback> {
  const { rows } = await sql<{ id: string; received_at: Date; short_codes: string[] }>`
    with inserted as (
      insert into mpesa_callbacks (kind, body, tenant_id, outcome, source, body_size)
      values (${kind}, ${body.replaceAll('\u0000', '\ufffd')}, ${tenantId}, 'received', ${arrival.source.slice(0, 100)}, ${arrival.bodySize}::int)
      returning id, received_at
    )
    select id::text as id, received_at, ${shortCodesOf(sql`${tenantId}::int`)} as short_codes from inserted`.execute(db);
  const row = rows[0]!;
  return { id: row.id, kind, tenantId, shortCodes: row.short_codes, body, receivedAt: new Date(row.received_at) };
}

export const UNKNOWN_SECRET = 'no partner has this callback secret: its body was not kept';

/**
 * A callback whose path holds no partner's secret: anyone's. Kept without its body, settled at once
 * ('unknown-partner'), with when, from where and how large: `note` says more (its source is not allowed,
 * its body could not be read). Answers its id.
 */
export async function storeUnknownCallback(db: Kysely<Database>, kind: MpesaCallbackKind, arrival: Arrival, note?: string): Promise<string> {
  const { id } = await db
    .insertInto('mpesa_callbacks')
    .values({
      kind,
      body: '',
      tenant_id: null,
      outcome: 'unknown-partner',
      detail: (note ? `${UNKNOWN_SECRET}; ${note}` : UNKNOWN_SECRET).slice(0, 500),
      source: arrival.source.slice(0, 100),
      body_size: arrival.bodySize,
    })
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirstOrThrow();
  return id;
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
 * A confirmation's `receive` event as a statement of its own (a data-modifying CTE of the confirmation's one
 * statement, `confirm`): the hot path stays one statement, committed with the payment or not at all. `paymentId`
 * and `outcome` are the statement's own.
 */
const receivedEvent = (tenantId: number, actor: Actor, paymentId: RawBuilder<unknown>, outcome: RawBuilder<unknown>) =>
  activityInsert(tenantId, actor, {
    action: 'receive',
    entity: 'mpesa_payment',
    entityId: paymentId,
    details: sql`jsonb_build_object('kind', 'confirmation'::text, 'outcome', ${outcome}::text)`,
  });

/** The `receive` event of a partner's callback: what it came to, on the payment it stored or found (none for a validation). */
function writeReceived(trx: Kysely<Database>, tenantId: number, actor: Actor, kind: MpesaCallbackKind, outcome: MpesaCallbackOutcome, paymentId: number | null = null) {
  return writeActivity(trx, tenantId, actor, { action: 'receive', entity: 'mpesa_payment', entityId: paymentId, details: { kind, outcome } });
}

/**
 * A callback whose processing threw (the database failed mid-way): marked 'failed' for `pnpm ops
 * replay-mpesa-callbacks`, with its `receive` event when it is a partner's (it is answered, and kept).
 */
export async function failCallback(db: Kysely<Database>, stored: StoredCallback, error: unknown, actor: Actor): Promise<void> {
  const { tenantId } = stored;
  await withinTransaction(db, async (trx) => {
    await settleCallback(trx, stored.id, 'failed', failureDetail(error));
    if (tenantId !== null) await writeReceived(trx, tenantId, actor, stored.kind, 'failed');
  });
}

/**
 * Processes a stored callback and records its outcome: refused (HTTP 400) when no partner has the secret,
 * the body cannot be read, or a validation is for a short code not the partner's; a validation is accepted
 * or rejected with Daraja's code; a confirmation stores the payment once per TransID (a repeat is
 * 'duplicate' and answered Success again; one with other details 'differing-repeat', the payment flagged)
 * and, when a BillRefNumber rule matches, allocates it right after (`confirm`). The money of a confirmation
 * has moved: one for a short code the partner has not registered is stored flagged for a person.
 * `actor` (M-Pesa, or ops replaying) writes the activity events. Throws only when the database fails: the
 * caller marks the callback 'failed' (`failCallback`).
 */
export async function processCallback(db: Kysely<Database>, stored: StoredCallback, hashForms: readonly MsisdnHashForm[], actor: Actor): Promise<Processed> {
  const { processed, transId, settled } = await judge(db, stored, hashForms, actor);
  if (settled) return processed;
  const { tenantId } = stored;
  if (tenantId === null || processed.status !== 200) await settleCallback(db, stored.id, processed.outcome, processed.detail, transId);
  else {
    await withinTransaction(db, async (trx) => {
      await settleCallback(trx, stored.id, processed.outcome, processed.detail, transId);
      await writeReceived(trx, tenantId, actor, stored.kind, processed.outcome);
    });
  }
  return processed;
}

/** What a callback comes to; `settled` when its inbox row was updated already (inside the confirmation's transaction). */
interface Judgement {
  processed: Processed;
  transId: string | null;
  settled: boolean;
}

async function judge(db: Kysely<Database>, stored: StoredCallback, hashForms: readonly MsisdnHashForm[], actor: Actor): Promise<Judgement> {
  const unread = (processed: Processed): Judgement => ({ processed, transId: null, settled: false });
  if (stored.tenantId === null) return unread(refused('unknown-partner', 'no partner has this callback secret'));
  let json: unknown;
  try {
    json = parseCallbackJson(stored.body);
  } catch {
    return unread(refused('malformed', 'the body is not JSON'));
  }
  const notTheirs = (shortCode: string) =>
    stored.shortCodes.length === 0
      ? 'the partner has no M-Pesa short code'
      : !stored.shortCodes.includes(shortCode)
        ? `BusinessShortCode ${shortCode} is not one of the partner's (${stored.shortCodes.join(', ')})`
        : undefined;

  // M-Pesa Express's result and Transaction Status's (issue 29) are processed by their own modules, which settle
  // the inbox row and write their events in their own transactions.
  if (stored.kind === 'stk') return { processed: await processStkCallback(db, stored, hashForms, actor), transId: null, settled: true };
  if (stored.kind === 'status-result' || stored.kind === 'status-timeout') {
    return { processed: await processStatusCallback(db, stored, actor), transId: null, settled: true };
  }
  if (stored.kind === 'validation') {
    const reading = readPayment(json);
    if (!reading.ok) return unread(refused('malformed', reading.reason));
    const { payment } = reading;
    const read = (processed: Processed): Judgement => ({ processed, transId: payment.transId, settled: false });
    const other = notTheirs(payment.shortCode);
    if (other) return read(refused('rejected', other));
    const refusal = paymentRefusal(payment);
    return read(
      refusal
        ? { outcome: 'rejected', detail: refusal.reason, status: 200, reply: rejected(refusal.code) }
        : { outcome: 'accepted', detail: null, status: 200, reply: ACCEPTED },
    );
  }

  const confirmation = readConfirmation(json, stored.receivedAt);
  if (confirmation.kind === 'malformed') return unread(refused('malformed', confirmation.reason));
  // Nothing to store a payment with: kept in the inbox for a person (pnpm ops list-mpesa-callbacks).
  if (confirmation.kind === 'held') return { processed: refused('held', confirmation.reason), transId: confirmation.transId, settled: false };
  // Paid on the partner's secret to a short code it has not registered (a new till, a code set wrongly): the
  // money has moved, so it is kept for a person rather than refused.
  const checks = notTheirs(confirmation.shortCode) ? [...confirmation.checks, CHECK_REASONS.otherShortCode] : confirmation.checks;
  const processed = await confirm(db, stored.tenantId, stored.id, confirmation.payment, checks, hashForms, actor);
  return { processed, transId: confirmation.payment.transId, settled: true };
}

/**
 * The payment stored once per TransID (upper case), the callback settled and its `receive` event written, in one
 * statement (the hot path: two statements in all with the inbox's, no transaction; `receivedEvent`); then,
 * when its BillRefNumber has a rule whose account takes income, the allocation in a transaction of its own. Should that fail, the payment is kept and
 * waits for a person, as one without a rule does. A repeat of a payment its rule never allocated (the server
 * died between the two steps) allocates it now: Safaricom's retry finishes the work, and `allocatePayments`
 * locks the payment, so two repeats at once still make one income.
 *
 * A payment with `checks` is stored flagged (check_reason) and never allocated by a rule, now or on a repeat:
 * it waits for a person, who may still allocate it. So does one whose TransID comes again with another amount,
 * MSISDN, payer names or short code (CHECK_REASONS.differingRepeat, even when allocated already): the repeat
 * is answered Success as Safaricom expects, settled 'differing-repeat' naming the fields (not their values),
 * and its raw body stays in the inbox beside the first one's.
 *
 * The same payment may reach us twice by different roads (issue 29): a prompt's callback stores it first (origin
 * 'stk', ./express/stk-callback.ts), and Safaricom also confirms it by C2B. Such a confirmation is compared by its
 * amount only (its MSISDN is hashed and its names are M-Pesa's, where the prompt's are the prompted number and the
 * contact's), answered Success as a repeat, and never allocated by a rule: the prompt's fund has its one income.
 * A confirmation that comes first is stored as any other; the prompt's callback then allocates it to its fund.
 */
async function confirm(
  db: Kysely<Database>,
  tenantId: number,
  callbackId: string,
  payment: C2bPayment,
  checks: readonly string[],
  hashForms: readonly MsisdnHashForm[],
  actor: Actor,
): Promise<Processed> {
  const scope = new TenantScope(db, tenantId, actor);
  const checkReason = checks.length > 0 ? checks.join(CHECK_REASON_SEPARATOR) : null;
  const storedDetail = checkReason === null ? null : `${TO_CHECK}: ${checkReason}`.slice(0, 500);
  const differingReason = CHECK_REASONS.differingRepeat;
  const { rows } = await sql<{
    inserted: boolean;
    id: number | null;
    account_id: number | null;
    account_type: AccountType | null;
    to_check: boolean;
    differing: string | null;
    origin: MpesaPaymentOrigin | null;
  }>`
      with inserted as (
        insert into online_transactions (tenant_id, trans_id, transaction_type, trans_time, amount, short_code, bill_ref, invoice_number,
          org_account_balance, third_party_trans_id, msisdn, first_name, middle_name, last_name, callback_id, check_reason)
        values (${tenantId}, ${payment.transId}, ${payment.transactionType}, ${payment.transTime}, ${payment.amount}, ${payment.shortCode},
          ${payment.billRef}, ${payment.invoiceNumber}, ${payment.orgAccountBalance}, ${payment.thirdPartyTransId}, ${payment.msisdn},
          ${payment.firstName}, ${payment.middleName}, ${payment.lastName}, ${callbackId}, ${checkReason}::text)
        on conflict on constraint online_transactions_trans_id_key do nothing
        returning id, bill_ref, check_reason
      ), existing as (
        -- A payment a prompt's callback (or a look-up) stored first is compared by its amount only: its payer is the
        -- prompted number and the contact's names, where the confirmation has a hashed MSISDN and M-Pesa's names.
        select id, bill_ref, check_reason, income_id, origin, nullif(concat_ws(', ',
            case when amount <> ${payment.amount}::numeric then 'TransAmount' end,
            case when origin = 'c2b' and msisdn <> ${payment.msisdn} then 'MSISDN' end,
            case when origin = 'c2b' and (first_name, middle_name, last_name) <> (${payment.firstName}::text, ${payment.middleName}::text, ${payment.lastName}::text)
              then 'the payer''s names' end,
            case when origin = 'c2b' and short_code <> ${payment.shortCode} then 'BusinessShortCode' end), '') as differing
        from online_transactions
        where tenant_id = ${tenantId} and trans_id = ${payment.transId} and not exists (select from inserted)
      ), flagged as (
        update online_transactions o
        set check_reason = case
          when o.check_reason is null then ${differingReason}::text
          when strpos(o.check_reason, ${differingReason}::text) > 0 then o.check_reason
          else o.check_reason || ${CHECK_REASON_SEPARATOR}::text || ${differingReason}::text end
        from existing e
        where e.differing is not null and o.tenant_id = ${tenantId} and o.id = e.id
      ), judged as (
        select case when exists (select from inserted) then 'accepted'
          when exists (select from existing where differing is not null) then 'differing-repeat' else 'duplicate' end as outcome
      ), settled as (
        update mpesa_callbacks
        set trans_id = ${payment.transId},
          outcome = (select outcome from judged),
          detail = case when exists (select from inserted) then ${storedDetail}::text
            else coalesce((select ${DUPLICATE}::text || ' with another ' || differing || ': ' || ${FLAGGED}::text from existing where differing is not null),
              (select ${DUPLICATE_OF_PROMPT}::text from existing where origin = 'stk'), ${DUPLICATE}::text) end
        where id = ${callbackId}
      ), payment as (
        select id, bill_ref, check_reason, null::integer as income_id, 'c2b'::text as origin, true as inserted, null::text as differing from inserted
        union all
        select id, bill_ref, check_reason, income_id, origin, false, differing from existing
      ), event as (
        ${receivedEvent(tenantId, actor, sql`(select id from payment limit 1)`, sql`(select outcome from judged)`)}
      )
      select coalesce(p.inserted, false) as inserted, p.id, r.account_id, a.type as account_type,
        (p.check_reason is not null or p.differing is not null) as to_check, p.differing, p.origin
      from (values (1)) as one
      left join payment p on true
      -- A prompt's payment goes to the prompt's fund (./express/stk-callback.ts), never to a rule's account.
      left join bill_ref_rules r on p.id is not null and p.income_id is null and p.check_reason is null and p.differing is null and p.origin = 'c2b'
        and r.tenant_id = ${tenantId} and r.bill_ref_key = ${billRefKey(payment.billRef)}
      left join accounts a on a.tenant_id = r.tenant_id and a.id = r.account_id`.execute(db);
  const stored = rows[0]!;
  const duplicate: Processed = { outcome: 'duplicate', detail: stored.origin === 'stk' ? DUPLICATE_OF_PROMPT : DUPLICATE, status: 200, reply: SUCCESS };
  if (stored.differing !== null) {
    return { outcome: 'differing-repeat', detail: `${DUPLICATE} with another ${stored.differing}: ${FLAGGED}`, status: 200, reply: SUCCESS, toCheck: true };
  }
  const accepted: Processed = {
    outcome: 'accepted',
    detail: storedDetail,
    status: 200,
    reply: SUCCESS,
    transactionId: stored.id ?? undefined,
    ...(stored.to_check ? { toCheck: true } : {}),
  };
  const answer = stored.inserted ? accepted : duplicate;
  if (stored.id === null || stored.account_id === null || !(await accountTypesFor(scope, 'income')).includes(stored.account_type!)) return answer;
  const accountId = stored.account_id;
  try {
    const detail = stored.inserted ? `allocated by rule to account ${accountId}` : `${DUPLICATE}; allocated by rule to account ${accountId} now`;
    await scope.transaction(async (trx) => {
      // Settled first: the allocation's receipt number locks the partner's row until the commit.
      await trx.raw((trxDb) => settleCallback(trxDb, callbackId, answer.outcome, detail));
      await allocatePayments(trx, accountId, [stored.id!], { by: 'rule', userId: null, hashForms });
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
/** The same payment's M-Pesa Express callback came first: one payment, one income (./express/stk-callback.ts). */
const DUPLICATE_OF_PROMPT = 'this TransID is stored already, from its M-Pesa Express callback';
const TO_CHECK = 'stored for a person to check';
const FLAGGED = 'the stored payment is flagged for a person; both raw callbacks are kept';

/** Why processing failed, for the inbox row (the log gets the error code only). */
export const failureDetail = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * `pnpm ops replay-mpesa-callbacks`: processes again the callbacks whose processing failed (or stopped:
 * 'received' for more than `staleAfterMs`), and the confirmations refused before a confirmation was never
 * refused for its short code ('rejected': now stored flagged), oldest first; or the one callback `id`.
 * Repeats are harmless: a payment is stored once per TransID. Answers each callback's id and new outcome.
 */
export async function replayCallbacks(
  db: Kysely<Database>,
  options: { id?: string; staleAfterMs?: number; limit?: number; hashForms?: readonly MsisdnHashForm[]; actor?: Actor } = {},
): Promise<Array<{ id: string; kind: MpesaCallbackKind; outcome: MpesaCallbackOutcome; detail: string | null }>> {
  // Ops replays: the changes are theirs, made now (docs: the activity log's actors).
  const actor = options.actor ?? OPS_ACTOR;
  const staleBefore = new Date(Date.now() - (options.staleAfterMs ?? 60_000));
  const rows = await db
    .selectFrom('mpesa_callbacks as c')
    .select([
      sql<string>`c.id::text`.as('id'),
      'c.kind',
      'c.tenant_id',
      sql<string[]>`${shortCodesOf(sql.ref('c.tenant_id'))}`.as('short_codes'),
      'c.body',
      'c.received_at',
    ])
    .$if(options.id !== undefined, (q) => q.where('c.id', '=', options.id!))
    .$if(options.id === undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('c.outcome', '=', 'failed'),
          eb.and([eb('c.outcome', '=', 'received'), eb('c.received_at', '<', staleBefore)]),
          eb.and([eb('c.kind', '=', 'confirmation'), eb('c.outcome', '=', 'rejected')]),
        ]),
      ),
    )
    .orderBy('c.received_at')
    .limit(options.limit ?? 1000)
    .execute();
  const results = [];
  for (const row of rows) {
    const stored: StoredCallback = {
      id: row.id,
      kind: row.kind,
      tenantId: row.tenant_id,
      shortCodes: row.short_codes,
      body: row.body,
      receivedAt: new Date(row.received_at),
    };
    try {
      const processed = await processCallback(db, stored, options.hashForms ?? DEFAULT_MSISDN_HASH_FORMS, actor);
      results.push({ id: row.id, kind: row.kind, outcome: processed.outcome, detail: processed.detail });
    } catch (error) {
      await failCallback(db, stored, error, actor);
      results.push({ id: row.id, kind: row.kind, outcome: 'failed' as const, detail: failureDetail(error) });
    }
  }
  return results;
}

/** The outcomes a person has to look at: `pnpm ops list-mpesa-callbacks` shows them unless asked for another. */
export const NEEDS_A_PERSON: readonly MpesaCallbackOutcome[] = ['held', 'failed', 'forbidden-source', 'differing-repeat'];

export interface ListedCallback {
  id: string;
  receivedAt: Date;
  kind: MpesaCallbackKind;
  tenantId: number | null;
  outcome: MpesaCallbackOutcome;
  transId: string | null;
  source: string | null;
  bodySize: number | null;
  detail: string | null;
  /** Only when one callback is asked for (`id`): the raw body, which holds the payer's number and names. */
  body?: string;
}

/**
 * `pnpm ops list-mpesa-callbacks`: the inbox's callbacks, newest first: those with `outcomes` (NEEDS_A_PERSON
 * unless given), of one partner when `tenantId` is given; or the one callback `id`, with its raw body.
 */
export async function listCallbacks(
  db: Kysely<Database>,
  options: { id?: string; outcomes?: readonly MpesaCallbackOutcome[]; tenantId?: number; limit?: number } = {},
): Promise<ListedCallback[]> {
  const rows = await db
    .selectFrom('mpesa_callbacks')
    .select([
      sql<string>`id::text`.as('id'),
      'received_at',
      'kind',
      'tenant_id',
      'outcome',
      'trans_id',
      'source',
      'body_size',
      'detail',
      ...(options.id === undefined ? [] : (['body'] as const)),
    ])
    .$if(options.id !== undefined, (q) => q.where('id', '=', options.id!))
    .$if(options.id === undefined, (q) => q.where('outcome', 'in', [...(options.outcomes ?? NEEDS_A_PERSON)]))
    .$if(options.tenantId !== undefined, (q) => q.where('tenant_id', '=', options.tenantId!))
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    receivedAt: new Date(row.received_at),
    kind: row.kind,
    tenantId: row.tenant_id,
    outcome: row.outcome,
    transId: row.trans_id,
    source: row.source,
    bodySize: row.body_size,
    detail: row.detail,
    ...('body' in row ? { body: row.body as string } : {}),
  }));
}
