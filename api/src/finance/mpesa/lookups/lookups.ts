import { sql, type Kysely } from 'kysely';
import type { LookupRow } from '@ushirika/shared/contract';
import { recordActivity, type Actor } from '../../../activity/record';
import { pagedList, type Page } from '../../../db/paged-list';
import type { Database } from '../../../db/schema';
import { TenantScope } from '../../../db/tenant-scope';
import { badRequest, conflict } from '../../../http/errors';
import type { ListParams } from '../../../http/list-query';
import { partnerMpesa } from '../../../partners/queries';
import { DarajaError, type DarajaApi, type DarajaDeps } from '../daraja-api';
import { partnerDaraja } from '../partner-daraja';
import { callbackUrls } from '../setup';

/*
 * Looking up a payment a member reports by its M-Pesa code (issue 29.4): Daraja's Transaction Status API, asked from
 * the partner's first short code. A code the partner has in its M-Pesa list already is answered at once ('found').
 * Otherwise the look-up is stored ('sending') with its `look_up` event, Daraja is called outside any transaction,
 * and what it answered is stored: its conversation ids ('waiting' for the result callback, ./status-callback.ts), or
 * its words ('failed'). The result arrives at `<publicUrl><prefix>/<secret>/status-result` (or `/status-timeout`).
 */

/** The M-Pesa code as the SMS shows it: letters and digits, read without case. */
const TRANS_ID = /^[A-Z0-9]{1,40}$/;

export const LOOKUP_TEXTS = {
  badCode: 'The M-Pesa code must be 1 to 40 letters and digits, as in the M-Pesa SMS (e.g. TK60708BHZ)',
  noPaybill: 'This partner takes no M-Pesa payments yet: its paybill or till number is set with pnpm ops set-mpesa',
  noCredentials: 'Enter the Daraja credentials (consumer key and secret, passkey and express short code) in Settings → M-Pesa to look up payments with Safaricom',
  noInitiator: 'Enter the Transaction Status initiator and its security credential in Settings → M-Pesa to look up payments with Safaricom',
  noPublicUrl: 'The server does not know its public address (PUBLIC_URL), so Safaricom could not send its answer: ask whoever runs the server to set it',
  stored: 'This payment is in the M-Pesa list already',
  notSent: 'The look-up could not be sent to Safaricom; try again later',
} as const;

/** The code typed, upper case; 400 with words when it cannot be an M-Pesa code. */
export function readTransId(value: unknown): string {
  const transId = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!TRANS_ID.test(transId)) throw badRequest(LOOKUP_TEXTS.badCode);
  return transId;
}

export interface LookupRequest {
  tenantId: number;
  /** As typed: checked by `readTransId`. */
  transId: unknown;
  requestedBy: number | null;
  /** Who looks it up: the activity log's actor. */
  actor: Actor;
}

/** The look-up as stored; `failure`: Daraja's words when it refused the look-up or could not be reached (502). */
export interface LookupAnswer {
  lookup: LookupRow;
  failure?: string;
}

/**
 * Looks up a reported M-Pesa code (see the file's comment). 400 for a code that cannot be one; 409 with what to set
 * when the partner has no paybill, no Daraja credentials, no Transaction Status initiator, or the server no public
 * address (nothing is stored then). Daraja's refusal is answered with the look-up stored 'failed' and its words.
 */
export async function lookUpPayment(db: Kysely<Database>, deps: DarajaDeps, request: LookupRequest): Promise<LookupAnswer> {
  const transId = readTransId(request.transId);
  const { tenantId } = request;
  const scope = new TenantScope(db, tenantId, request.actor);

  const stored = await scope.selectFrom('online_transactions').select('id').where('trans_id', '=', transId).executeTakeFirst();
  if (stored) return { lookup: await findLookup(scope, await insertLookup(scope, transId, request.requestedBy, stored.id)) };

  const target = await statusTarget(db, tenantId, deps);
  const id = await insertLookup(scope, transId, request.requestedBy);
  let answer;
  try {
    answer = await target.daraja.transactionStatus({ transId, shortCode: target.shortCode, resultUrl: target.resultUrl, queueTimeOutUrl: target.queueTimeOutUrl });
  } catch (error) {
    const words = error instanceof DarajaError ? error.words : LOOKUP_TEXTS.notSent;
    await scope
      .updateTable('mpesa_lookups')
      .set({
        status: 'failed',
        result_code: error instanceof DarajaError ? (error.code?.slice(0, 40) ?? null) : null,
        result_desc: words.slice(0, 500),
        settled_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (!(error instanceof DarajaError)) throw error;
    return { lookup: await findLookup(scope, id), failure: words };
  }
  await scope
    .updateTable('mpesa_lookups')
    .set({ status: 'waiting', conversation_id: answer.conversationId.slice(0, 100), originator_conversation_id: answer.originatorConversationId.slice(0, 100) })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
  return { lookup: await findLookup(scope, id) };
}

/**
 * Stores a look-up with its `look_up` event ({ status }) in one transaction: 'found' at once when `storedId` (the
 * payment in the M-Pesa list) is given, else 'sending' until Daraja answers (the event says 'waiting').
 */
function insertLookup(scope: TenantScope, transId: string, requestedBy: number | null, storedId?: number): Promise<string> {
  const found = storedId === undefined ? {} : { status: 'found' as const, result_desc: LOOKUP_TEXTS.stored, online_transaction_id: storedId, settled_at: new Date() };
  return scope.transaction(async (trx) => {
    const { id } = await trx
      .insertInto('mpesa_lookups', { trans_id: transId, requested_by: requestedBy, ...found })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { action: 'look_up', entity: 'mpesa_lookup', entityId: id, details: { status: storedId === undefined ? 'waiting' : 'found' } });
    return id;
  });
}

/** What a look-up is sent with: the partner's Daraja, its first short code (PartyA), the URLs the result comes to. */
interface StatusTarget {
  daraja: DarajaApi;
  shortCode: string;
  resultUrl: string;
  queueTimeOutUrl: string;
}

/**
 * The partner's Daraja and where its answer goes; 409 with what to set when something is missing: a paybill, Daraja
 * credentials (the development simulator cannot look payments up), the Transaction Status initiator and its security
 * credential, the server's public address.
 */
async function statusTarget(db: Kysely<Database>, tenantId: number, deps: DarajaDeps): Promise<StatusTarget> {
  const mpesa = await partnerMpesa(db, tenantId);
  const shortCode = mpesa?.shortCodes[0]?.shortCode;
  if (!mpesa?.secret || shortCode === undefined) throw conflict(LOOKUP_TEXTS.noPaybill);
  let daraja: DarajaApi | undefined;
  try {
    daraja = await partnerDaraja(db, tenantId, deps);
  } catch (error) {
    // The stored credentials cannot be opened (another SECRETS_KEY): its words say to enter them again.
    if (error instanceof DarajaError) throw conflict(error.words);
    throw error;
  }
  // The development simulator cannot look payments up: only Safaricom can.
  if (!daraja || daraja.kind !== 'daraja') throw conflict(LOOKUP_TEXTS.noCredentials);
  const setup = await db.selectFrom('partner_daraja').select(['initiator', 'secrets_set']).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!setup?.initiator || !setup.secrets_set.includes('securityCredential')) throw conflict(LOOKUP_TEXTS.noInitiator);
  const urls = callbackUrls(deps, mpesa.secret);
  if (!urls) throw conflict(LOOKUP_TEXTS.noPublicUrl);
  return { daraja, shortCode, resultUrl: urls.statusResult, queueTimeOutUrl: urls.statusTimeout };
}

function select(scope: TenantScope) {
  return scope.selectFrom('mpesa_lookups as l').select(['l.id', 'l.trans_id', 'l.status', 'l.result_desc', 'l.online_transaction_id', 'l.created_at', 'l.settled_at']);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A look-up as the API answers it: 'sending' (Daraja not answered yet) is shown as 'waiting'. */
const toLookupRow = (row: Selected): LookupRow => ({
  id: Number(row.id),
  transId: row.trans_id,
  status: row.status === 'sending' ? 'waiting' : row.status,
  resultDesc: row.result_desc,
  transactionId: row.online_transaction_id,
  createdAt: iso(row.created_at),
  settledAt: row.settled_at === null ? null : iso(row.settled_at),
});

async function findLookup(scope: TenantScope, id: string): Promise<LookupRow> {
  return toLookupRow(await select(scope).where('l.id', '=', id).executeTakeFirstOrThrow());
}

/** GET /mpesa/lookups: the partner's look-ups, newest first. */
export function listLookups(scope: TenantScope, params: ListParams): Promise<Page<LookupRow>> {
  return pagedList(params, {
    scope,
    matching: scope.selectFrom('mpesa_lookups as l'),
    id: 'l.id',
    order: [
      ['l.created_at', 'desc'],
      ['l.id', 'desc'],
    ],
    select: select(scope),
    toRow: toLookupRow,
  });
}
