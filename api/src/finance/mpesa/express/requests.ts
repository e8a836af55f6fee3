import type { FastifyReply } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { EXPRESS_QUERY_AFTER_MS, MPESA_MAX_AMOUNT, type ErrorBody, type ExpressRequestRow, type ExpressStatus } from '@ushirika/shared/contract';
import { CONTACT_CHOICE_INVALID, normalizePhone } from '@ushirika/shared/validation';
import { recordActivity, type Actor } from '../../../activity/record';
import { pagedList, type Page } from '../../../db/paged-list';
import type { Database, ExpressRequestStatus } from '../../../db/schema';
import { TenantScope } from '../../../db/tenant-scope';
import { badRequest, HttpError } from '../../../http/errors';
import type { ListParams } from '../../../http/list-query';
import { accountTypesFor, INCOME_ACCOUNT_REFUSED } from '../../ledger-records';
import { formatAmount } from '../../receipts';
import { DarajaError, type DarajaApi, type DarajaDeps } from '../daraja-api';
import { partnerDaraja } from '../partner-daraja';
import { callbackUrls } from '../setup';
import { SIMULATOR_ANSWERS_AFTER_MS } from './simulator';

/*
 * M-Pesa Express prompts (issue 29): from the public giving page (./giving-routes.ts) and staff's 'Request payment'
 * (./express-routes.ts). A prompt is checked, stored 'sending' with its `request` activity event (committed), THEN
 * sent to Daraja outside any transaction, THEN stored 'waiting' with Daraja's CheckoutRequestID, due to be asked
 * about (STK Query, ./reconciler.ts) after EXPRESS_QUERY_AFTER_MS unless its callback (./stk-callback.ts) settles it
 * first. A refusal from Daraja marks it 'failed' with Daraja's words (HTTP 502 to the caller). A prompt is never
 * sent twice, by us or by a retry: a server that stops between storing it and Daraja's answer leaves it 'sending',
 * which the reconciler marks failed after a few minutes (a result that still comes is stored for a person).
 */

export type PromptOrigin = 'giving-page' | 'staff';

export interface PromptInput {
  tenantId: number;
  /** The fund (income account) the money goes to. */
  account: number;
  /** Whole shillings, as text or a number. */
  amount: string | number;
  /** 07…, +2547…, 2547… (read with the partner's country); '' with `memberId` for the contact's own number. */
  phone: string;
  memberId?: number | null;
  origin: PromptOrigin;
  requestedBy?: number | null;
  actor: Actor;
  /**
   * Called once the prompt is valid, before anything is stored or sent, with the number to prompt (E.164): the giving
   * page counts its limits here (and throws its 429).
   */
  beforeSending?: (prompt: { phone: string }) => Promise<void>;
}

export const FUND_REFUSED = 'Choose a fund from the list';
export const AMOUNT_NOT_WHOLE = 'Enter the amount in whole shillings, such as 500';
export const amountOutside = (min: string, max: string) => `An M-Pesa prompt can be for KES ${formatAmount(min)} to KES ${formatAmount(max)}`;
export const PHONE_REFUSED = 'Enter an M-Pesa number such as 0712 345 678';
export const EXPRESS_NOT_SET_UP = 'M-Pesa prompts cannot be sent: the partner has not entered its Daraja credentials (Settings → M-Pesa)';
export const NO_CALLBACK_ADDRESS =
  "M-Pesa prompts cannot be sent: the server does not know its public address (PUBLIC_URL) or the partner has no callback secret, so M-Pesa's answer could not reach us";
export const darajaRefused = (words: string) => `M-Pesa did not send the prompt: ${words}`;
export const REQUEST_NOT_FOUND = 'No such payment prompt';

/** A prompt that cannot be sent now (503) or that Daraja refused (502): its words are for the caller. */
export class PromptNotSent extends HttpError {}

/**
 * Answers `work`'s result, or a PromptNotSent with its words (the error handler keeps the words of 4xx refusals
 * only, and hides a 5xx's).
 */
export async function answeringNotSent<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PromptNotSent)) throw error;
    return reply.code(error.statusCode).send({ status_msg: error.message } satisfies ErrorBody);
  }
}

/** Safaricom M-Pesa numbers: Kenyan mobiles 07… and 01…, in E.164. */
const MPESA_NUMBER = /^\+254[17]\d{8}$/;
/** Whole shillings as typed ('500', '500.00'). */
const WHOLE = /^\d{1,9}(\.0{1,2})?$/;

/** numeric(14, 2) as whole shillings text: '150000.00' -> '150000'. */
export const shillings = (value: string | number) => String(Math.trunc(Number(value)));

/** AccountReference (what the payer's phone shows as the account): the fund's name, letters and digits only, at most 12. */
export const accountReference = (fundName: string) => fundName.replace(/[^A-Za-z0-9]/g, '').slice(0, 12) || 'Giving';
/** TransactionDesc, at most 13 characters. */
const DESCRIPTIONS: Record<PromptOrigin, string> = { 'giving-page': 'Giving', staff: 'Payment' };

/** The prompt's checks (see `sendPrompt`); answers what to store and send. */
async function checkPrompt(db: Kysely<Database>, input: PromptInput) {
  const scope = new TenantScope(db, input.tenantId);
  const partner = await db
    .selectFrom('partners')
    .select(['country', 'giving_min_amount', 'giving_max_amount', 'mpesa_callback_secret'])
    .where('id', '=', input.tenantId)
    .executeTakeFirstOrThrow();
  const givingPage = input.origin === 'giving-page';
  const fund = await scope
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', input.account)
    .where('type', 'in', await accountTypesFor(scope, 'income'))
    .$if(givingPage, (q) => q.where('open_for_giving', '=', true))
    .executeTakeFirst();
  if (!fund) throw badRequest(givingPage ? FUND_REFUSED : INCOME_ACCOUNT_REFUSED);

  const typed = String(input.amount).trim();
  if (!WHOLE.test(typed)) throw badRequest(AMOUNT_NOT_WHOLE);
  const amount = shillings(typed);
  const [min, max] = givingPage ? [shillings(partner.giving_min_amount), shillings(partner.giving_max_amount)] : ['1', MPESA_MAX_AMOUNT];
  if (Number(amount) < Number(min) || Number(amount) > Number(max)) throw badRequest(amountOutside(min, max));

  const contact = input.memberId == null ? null : await scope.selectFrom('members').select(['id', 'phone']).where('id', '=', input.memberId).executeTakeFirst();
  if (contact === undefined) throw badRequest(CONTACT_CHOICE_INVALID);
  const typedPhone = input.phone.trim() === '' && contact ? contact.phone : input.phone;
  const phone = normalizePhone(typedPhone, partner.country);
  if (phone === null || !MPESA_NUMBER.test(phone)) throw badRequest(PHONE_REFUSED);
  return { fund, amount, phone, memberId: contact?.id ?? null, callbackSecret: partner.mpesa_callback_secret };
}

/** The partner's Daraja (or the simulator) and where its answer must come: 503 with words when prompts cannot be sent. */
async function promptingApi(db: Kysely<Database>, deps: DarajaDeps, tenantId: number, callbackSecret: string | null): Promise<{ api: DarajaApi; callbackUrl: string }> {
  let api: DarajaApi | undefined;
  try {
    api = await partnerDaraja(db, tenantId, deps);
  } catch (error) {
    if (error instanceof DarajaError) throw new PromptNotSent(503, `M-Pesa prompts cannot be sent: ${error.words}`);
    throw error;
  }
  if (!api) throw new PromptNotSent(503, EXPRESS_NOT_SET_UP);
  if (api.kind === 'simulator') return { api, callbackUrl: '' };
  const urls = callbackUrls(deps, callbackSecret);
  if (!urls) throw new PromptNotSent(503, NO_CALLBACK_ADDRESS);
  return { api, callbackUrl: urls.stk };
}

/**
 * Sends an M-Pesa Express prompt (see the file's comment). Checks: the fund is the partner's income account (open for
 * giving, for the giving page); the amount is whole shillings within the partner's giving amounts (giving page) or
 * 1 to MPESA_MAX_AMOUNT (staff); the phone is an M-Pesa number read with the partner's country; `memberId` is the
 * partner's contact. 400 with words otherwise; 503 when prompts cannot be sent; 502 with Daraja's words when it
 * refuses. Answers Daraja's CheckoutRequestID, which the caller follows.
 */
export async function sendPrompt(db: Kysely<Database>, deps: DarajaDeps, input: PromptInput): Promise<{ checkoutRequestId: string }> {
  const prompt = await checkPrompt(db, input);
  const { api, callbackUrl } = await promptingApi(db, deps, input.tenantId, prompt.callbackSecret);
  await input.beforeSending?.({ phone: prompt.phone });
  const digits = prompt.phone.slice(1);

  const scope = new TenantScope(db, input.tenantId, input.actor);
  const id = await scope.transaction(async (trx) => {
    const { id } = await trx
      .insertInto('mpesa_express_requests', {
        account_id: prompt.fund.id,
        member_id: prompt.memberId,
        amount: prompt.amount,
        phone: digits,
        origin: input.origin,
        requested_by: input.requestedBy ?? null,
        simulated: api.kind === 'simulator',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The fund and where the prompt came from; never the phone.
    await recordActivity(trx, { action: 'request', entity: 'payment_request', entityId: id, details: { fund: prompt.fund.id, origin: input.origin } });
    return id;
  });

  const requests = scope.updateTable('mpesa_express_requests').where('id', '=', id);
  let answer;
  try {
    answer = await api.stkPush({
      amount: prompt.amount,
      phone: digits,
      callbackUrl,
      accountReference: accountReference(prompt.fund.name),
      description: DESCRIPTIONS[input.origin],
    });
  } catch (error) {
    // Anything else (a bug) leaves it 'sending': the reconciler marks it failed, never sends it again.
    if (!(error instanceof DarajaError)) throw error;
    await requests.set({ status: 'failed', result_desc: error.words.slice(0, 500), settled_at: sql<Date>`now()` }).execute();
    throw new PromptNotSent(502, darajaRefused(error.words));
  }
  const answersAfterMs = api.kind === 'simulator' ? SIMULATOR_ANSWERS_AFTER_MS : (deps.queryAfterMs ?? EXPRESS_QUERY_AFTER_MS);
  await requests
    .set({
      status: 'waiting',
      checkout_request_id: answer.checkoutRequestId.slice(0, 100),
      merchant_request_id: answer.merchantRequestId.slice(0, 100),
      prompted_at: sql<Date>`now()`,
      next_query_at: sql<Date>`now() + make_interval(secs => ${answersAfterMs / 1000})`,
    })
    .execute();
  return { checkoutRequestId: answer.checkoutRequestId };
}

/** What the giving page and the staff screens show of a prompt's status: 'sending' is still 'waiting' to them. */
export const shownStatus = (status: ExpressRequestStatus): ExpressStatus => (status === 'sending' ? 'waiting' : status);

function requestSelect(scope: TenantScope) {
  return scope
    .selectFrom('mpesa_express_requests as r')
    .innerJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.account_id'))
    .leftJoin('online_transactions as t', (join) => join.onRef('t.tenant_id', '=', 'r.tenant_id').onRef('t.id', '=', 'r.online_transaction_id'))
    .select([
      'r.id',
      'r.checkout_request_id',
      'r.status',
      'r.account_id',
      'a.name as fund_name',
      sql<string>`r.amount::text`.as('amount'),
      'r.phone',
      'r.member_id',
      'r.origin',
      'r.result_desc',
      'r.receipt_number',
      't.income_id',
      'r.created_at',
      'r.settled_at',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof requestSelect>['executeTakeFirstOrThrow']>>;

const toRow = (row: Selected): ExpressRequestRow => ({
  // A prompt Daraja never answered has no CheckoutRequestID (failed, or still sending).
  checkoutRequestId: row.checkout_request_id ?? '',
  status: shownStatus(row.status),
  fund: row.account_id,
  FundName: row.fund_name,
  amount: shillings(row.amount),
  phone: row.phone,
  memberId: row.member_id,
  origin: row.origin,
  resultDesc: row.result_desc,
  receiptNumber: row.receipt_number,
  incomeId: row.income_id,
  createdAt: new Date(row.created_at).toISOString(),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
});

/** The partner's prompt with this CheckoutRequestID; undefined when it has none. */
export async function findRequest(scope: TenantScope, checkoutRequestId: string): Promise<ExpressRequestRow | undefined> {
  const row = await requestSelect(scope).where('r.checkout_request_id', '=', checkoutRequestId).executeTakeFirst();
  return row && toRow(row);
}

/** The status of the partner's prompt with this CheckoutRequestID sent from `origin` (the giving page follows only its own); undefined when none. */
export async function requestStatus(scope: TenantScope, checkoutRequestId: string, origin: PromptOrigin): Promise<ExpressStatus | undefined> {
  const row = await scope
    .selectFrom('mpesa_express_requests')
    .select('status')
    .where('checkout_request_id', '=', checkoutRequestId)
    .where('origin', '=', origin)
    .executeTakeFirst();
  return row && shownStatus(row.status);
}

/** One page of the partner's prompts, newest first. */
export async function listRequests(scope: TenantScope, params: ListParams): Promise<Page<ExpressRequestRow>> {
  return pagedList(params, {
    scope,
    matching: scope.selectFrom('mpesa_express_requests as r'),
    id: 'r.id',
    order: [
      ['r.created_at', 'desc'],
      ['r.id', 'desc'],
    ],
    select: requestSelect(scope),
    toRow,
  });
}
