import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Kysely } from 'kysely';
import { gatewayActor } from '../../activity/record';
import { clientAddress } from '../../auth/rate-limits';
import { DEFAULT_MPESA_CALLBACK_PREFIX, FORMER_MPESA_CALLBACK_PREFIX, type MsisdnHashForm } from '../../config';
import type { Database, MpesaCallbackKind } from '../../db/schema';
import { mpesaCallbacks } from '../../metrics/registry';
import { NO_AUTH } from '../../http/openapi';
import type { SourceAllowList } from '../../http/source-allow-list';
import { documented, type JsonSchema } from '../../http/schema';
import { MAX_CALLBACK_BODY_BYTES, rejected, REJECT, SUCCESS, ACCEPTED, type DarajaReply } from './daraja';
import { RESULT_ACCEPTED } from './express/stk-callback';
import { failCallback, processCallback, storeCallback, storeUnknownCallback, type Arrival, type StoredCallback } from './inbox';
import { needs } from '../../auth/permissions';

/**
 * Safaricom Daraja's callbacks (issue 9; docs/integrations.md), without a token, at the configured
 * prefix (MPESA_CALLBACK_PREFIX): `POST <prefix>/{secret}/validation` and `/confirmation` (C2B), `/stk` (an
 * M-Pesa Express prompt's result, issue 29: ./express/stk-callback.ts), `/status-result` and `/status-timeout`
 * (Transaction Status: ./lookups/status-callback.ts). These three answer `{ ResultCode: 0, ResultDesc: 'Accepted' }`
 * once stored, whatever they come to, and follow the same store-first rules. The partner is
 * the one whose callback secret (or previous secret, while its new URLs wait to be registered) is in the
 * path (a unique index finds it), checked against its short codes: a validation for another is refused, a
 * confirmation for another stored flagged for a person (the money has moved).
 *
 * The raw body (at most 16 KB, whatever its content type) is stored in the inbox first (./inbox.ts), then
 * read. Every answer is in Daraja's format, never a 500: an unknown secret, a body that is not a payment or
 * a payment for another short code is refused with HTTP 400 { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };
 * a confirmation stored now or before answers { ResultCode: 0, ResultDesc: 'Success' }. When processing
 * fails after the body was stored, the callback is marked 'failed' (replayed by `pnpm ops
 * replay-mpesa-callbacks`) and a confirmation still answers Success: the payment is in the inbox. Only when
 * even the inbox cannot be written (the database is down) is the answer a 503.
 *
 * With MPESA_CALLBACK_SOURCES, a callback from any other address is stored too (a payment is never lost to a
 * list that missed one of Safaricom's new addresses), marked 'forbidden-source' with the address in its detail,
 * and refused like an unknown secret; once its address is checked, `pnpm ops replay-mpesa-callbacks --callback
 * ID` processes it.
 *
 * A callback whose secret no partner has is anyone's: it keeps no body, only its time, source address and size
 * ('unknown-partner'), and such callbacks are counted per source address (`clientAddress`: an IPv6 address by
 * its /64), at most MPESA_CALLBACK_LIMIT_PER_IP a minute kept; beyond, they are answered HTTP 429 in Daraja's
 * refusal format with Retry-After, and nothing is written. Only these are counted: a callback with a partner's
 * secret is never counted nor limited, so a flood of bad attempts from an address never refuses a real payment.
 *
 * A partner's callback that is answered writes one activity event (`receive`, as M-Pesa from the request's
 * address) with its outcome, in the transaction that records it; a refused one writes none (./inbox.ts).
 *
 * Request logs are off (the URL holds the secret); the log lines name the callback id, kind and outcome,
 * never a phone number or a name. Each callback is counted once, by kind and outcome, for GET /metrics
 * (`ushirika_mpesa_callbacks_total`; 'unstored' when the inbox could not be written).
 */

const TAG = 'Finance';

type Params = { secret: string };
const KINDS: readonly MpesaCallbackKind[] = ['validation', 'confirmation', 'stk', 'status-result', 'status-timeout'];

const reply = (description: string, code: JsonSchema): JsonSchema => ({
  description,
  type: 'object',
  required: ['ResultCode', 'ResultDesc'],
  properties: { ResultCode: code, ResultDesc: { type: 'string' } },
});
const REFUSED = reply(
  "Refused: no partner has this secret (only the time, source address and size are kept), or nothing stored but the raw body: the body is not a Daraja payment (or larger than 16 KB), a validation is for a short code not the partner's, a confirmation's TransID or amount cannot be read (held for a person), or it came from an address MPESA_CALLBACK_SOURCES does not list",
  { type: 'string', enum: [REJECT.other] },
);
const UNAVAILABLE = reply('The database is not reachable: the callback was not stored', { type: 'string', enum: [REJECT.other] });
const LIMITED = reply(
  'Refused, nothing stored: too many callbacks with an unknown secret from this address in the last minute (MPESA_CALLBACK_LIMIT_PER_IP); Retry-After says when to try again',
  { type: 'string', enum: [REJECT.other] },
);

const text = (description: string, example: string): JsonSchema => ({ type: 'string', description, example });
const paymentBody = documented({
  type: 'object',
  required: ['TransID', 'TransTime', 'TransAmount', 'BusinessShortCode'],
  properties: {
    TransactionType: text('"Pay Bill" or "Buy Goods"', 'Pay Bill'),
    TransID: text("M-Pesa's transaction id: one payment per TransID and partner", 'TK60708BHZ'),
    TransTime: text('YYYYMMDDHHmmss, East Africa Time', '20260301103000'),
    TransAmount: text('The amount, e.g. "750.00"', '750.00'),
    BusinessShortCode: text("The partner's paybill or till number", '600100'),
    BillRefNumber: text("What the payer typed as 'account' (BillRefNumber rules match it)", 'TITHE'),
    InvoiceNumber: text('Usually empty', ''),
    OrgAccountBalance: text("The paybill's balance after the payment", '49197.00'),
    ThirdPartyTransID: text('Usually empty', ''),
    MSISDN: text('The payer: a phone number, or a SHA-256 hash of it', '254712345678'),
    FirstName: text("The payer's first name", 'Amina'),
    MiddleName: text("The payer's middle name", ''),
    LastName: text("The payer's last name", 'Wanjiru'),
  },
});

const anyValue: JsonSchema = { description: 'A number or a text' };
const stkBody = documented({
  type: 'object',
  required: ['Body'],
  properties: {
    Body: {
      type: 'object',
      required: ['stkCallback'],
      properties: {
        stkCallback: {
          type: 'object',
          required: ['CheckoutRequestID', 'ResultCode'],
          properties: {
            MerchantRequestID: text("Daraja's id of the prompt's request", '29115-34620561-1'),
            CheckoutRequestID: text('The id Daraja answered the prompt with: finds the prompt', 'ws_CO_191220191020363925'),
            ResultCode: { description: '0 paid, 1032 cancelled by the payer, 1037 no answer from the phone; any other failed', example: 0 },
            ResultDesc: text("Daraja's words", 'The service request is processed successfully.'),
            CallbackMetadata: {
              type: 'object',
              description: 'Only when paid: read by Name, never by position',
              properties: {
                Item: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      Name: text('Amount, MpesaReceiptNumber, TransactionDate (YYYYMMDDHHmmss, a number), PhoneNumber, Balance', 'MpesaReceiptNumber'),
                      Value: anyValue,
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
const statusBody = documented({
  type: 'object',
  required: ['Result'],
  properties: {
    Result: {
      type: 'object',
      properties: {
        ResultType: anyValue,
        ResultCode: { description: '0: the transaction was found; its ResultParameters follow', example: 0 },
        ResultDesc: text("Daraja's words", 'The service request is processed successfully.'),
        OriginatorConversationID: text("The look-up's id as Daraja acknowledged it: finds the look-up", '10571-7910404-1'),
        ConversationID: text("Daraja's id of the query", 'AG_20191219_00004e48cf7e3533f581'),
        TransactionID: text('The M-Pesa code asked about', 'NLJ41HAY6Q'),
        ResultParameters: {
          type: 'object',
          properties: {
            ResultParameter: { type: 'array', items: { type: 'object', properties: { Key: text('ReceiptNo, Amount, DebitPartyName, ...', 'Amount'), Value: anyValue } } },
          },
        },
      },
    },
  },
});

const SUMMARIES: Record<MpesaCallbackKind, string> = {
  validation: 'M-Pesa C2B validation: may this payment be made?',
  confirmation: 'M-Pesa C2B confirmation: a payment was made',
  stk: "M-Pesa Express: a prompt's result",
  'status-result': "Transaction Status: a look-up's result",
  'status-timeout': 'Transaction Status: a look-up that timed out in Daraja’s queue',
};

const DESCRIPTIONS: Record<MpesaCallbackKind, string> = {
  validation:
    "Daraja asks before the money moves. Accepted, or rejected with C2B00013 (an amount not as M-Pesa writes it: digits with at most two decimals, above 0, within the income form's maximum), C2B00011 (no MSISDN) or C2B00012 (a BillRefNumber longer than 100 characters); refused (400, C2B00016) for a short code the partner has not registered. Nothing is stored but the raw body.",
  confirmation:
    "The money has moved: the payment is stored once per TransID, compared without case (a repeat answers Success again; one with another amount, MSISDN, payer names or short code flags the stored payment for a person) and, when a BillRefNumber rule matches, allocated to its account with an income record. A payment failing the validation's checks (no MSISDN, a BillRefNumber over 100 characters, a TransTime outside 1900 to 2100, dated by its arrival then) or paid to a short code the partner has not registered is stored flagged for a person and never allocated by a rule; one whose TransID or amount cannot be read is held in the inbox. A TransID a prompt's callback stored first is the same payment: compared by its amount only, answered Success, no second income.",
  stk: "The prompt (found by CheckoutRequestID among the partner's) is settled: paid (ResultCode 0), cancelled (1032), timed out (1037) or failed (any other). Paid: the payment is stored once per MpesaReceiptNumber and allocated to the prompt's fund with one income linked to the contact, whose SMS receipt is queued (skipped, and said in the inbox, when the partner is short of SMS units); the same receipt number arriving also as a C2B confirmation, before or after, stays one income. A paid result for a CheckoutRequestID the partner has no prompt of is stored flagged for a person. A repeat changes nothing. Answered Accepted once stored.",
  'status-result':
    "The result of a look-up of a reported M-Pesa code (found by OriginatorConversationID): the payment is stored once per TransID when it is the partner's. Answered Accepted once stored.",
  'status-timeout': 'Daraja could not answer a look-up in time: the look-up is marked failed with its words. Answered Accepted once stored.',
};

const BODIES: Record<MpesaCallbackKind, JsonSchema> = {
  validation: paymentBody,
  confirmation: paymentBody,
  stk: stkBody,
  'status-result': statusBody,
  'status-timeout': statusBody,
};

const ANSWERS: Record<MpesaCallbackKind, JsonSchema> = {
  validation: reply('Accepted ("0"), or rejected with a Daraja code (C2B00016: it could not be checked)', {
    type: 'string',
    enum: [ACCEPTED.ResultCode, ...Object.values(REJECT)],
  }),
  confirmation: reply('Stored (now or before)', { type: 'integer', enum: [SUCCESS.ResultCode] }),
  stk: reply('Stored (now or before), whatever it came to', { type: 'integer', enum: [RESULT_ACCEPTED.ResultCode] }),
  'status-result': reply('Stored (now or before), whatever it came to', { type: 'integer', enum: [RESULT_ACCEPTED.ResultCode] }),
  'status-timeout': reply('Stored (now or before)', { type: 'integer', enum: [RESULT_ACCEPTED.ResultCode] }),
};

const callbackSchema = (kind: MpesaCallbackKind, documented: boolean): FastifySchema => ({
  ...(documented ? {} : { hide: true }),
  tags: [TAG],
  summary: SUMMARIES[kind],
  description: DESCRIPTIONS[kind],
  security: NO_AUTH,
  consumes: ['application/json'],
  params: { type: 'object', required: ['secret'], properties: { secret: { type: 'string', description: "The partner's callback secret (pnpm ops set-mpesa)" } } },
  body: BODIES[kind],
  response: {
    200: ANSWERS[kind],
    400: REFUSED,
    429: LIMITED,
    503: UNAVAILABLE,
  },
});

/** Callbacks whose processing threw: a confirmation (or a result) is in the inbox, so Safaricom hears Success (Accepted); a validation is refused. */
const afterFailure = (kind: MpesaCallbackKind): DarajaReply => (kind === 'validation' ? rejected(REJECT.other) : kind === 'confirmation' ? SUCCESS : RESULT_ACCEPTED);

export interface MpesaCallbackOptions {
  db: Kysely<Database>;
  /** Safaricom's addresses (MPESA_CALLBACK_SOURCES); any address when undefined. */
  sources?: SourceAllowList | undefined;
  /** Callbacks with an unknown secret kept per source address per minute (MPESA_CALLBACK_LIMIT_PER_IP). */
  unknownPerMinute: number;
  /** The forms a hashed payer number may be in (MPESA_MSISDN_HASH_FORMS), for a rule's allocation. */
  hashForms: readonly MsisdnHashForm[];
  /** False for the former default path (`mpesaCallbackPrefixes`): served, not in the OpenAPI document. */
  documented?: boolean;
}

/**
 * Where the callbacks are served: the configured prefix and, when it is the default, the former default
 * (FORMER_MPESA_CALLBACK_PREFIX, which has 'mpesa' in it) too, so that URLs a deployment registered under it
 * keep working. A deployment that set its own prefix registered its URLs under that one only.
 */
export function mpesaCallbackPrefixes(prefix: string): Array<{ prefix: string; documented: boolean }> {
  return [{ prefix, documented: true }, ...(prefix === DEFAULT_MPESA_CALLBACK_PREFIX ? [{ prefix: FORMER_MPESA_CALLBACK_PREFIX, documented: false }] : [])];
}

const LIMIT_WINDOW_MS = 60_000;

export async function mpesaCallbackRoutes(app: FastifyInstance, { db, sources, unknownPerMinute, hashForms, documented = true }: MpesaCallbackOptions): Promise<void> {
  // In this plugin only: every body is read as text, up to 16 KB, whatever its content type, and stored as it came.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_CALLBACK_BODY_BYTES }, (_request, body, done) => done(null, body));

  // The store the other limits use (auth/rate-limits.ts: this process's memory, or PostgreSQL's shared by every process).
  const unknownSecrets = app.createRateLimit({
    max: unknownPerMinute,
    timeWindow: LIMIT_WINDOW_MS,
    keyGenerator: (request) => `mpesa-unknown:ip:${clientAddress(request)}`,
  });

  const forbiddenSource = (request: FastifyRequest) =>
    sources && !sources.allows(request.ip) ? `from ${request.ip}, which ${sources.variable} does not list` : undefined;

  /**
   * A callback no partner's secret opens: counted for its address, then kept without its body (400), or, over
   * the limit, not kept at all (429). `note` says what else was wrong with it.
   */
  async function refuseUnknown(request: FastifyRequest, response: FastifyReply, kind: MpesaCallbackKind, arrival: Arrival, note?: string) {
    let limit: Awaited<ReturnType<typeof unknownSecrets>> | undefined;
    try {
      limit = await unknownSecrets(request);
    } catch (error) {
      // A counter that cannot be written does not stop the refusal; the inbox's own write is next.
      request.log.warn({ kind, code: (error as { code?: unknown }).code }, 'M-Pesa callback limit could not be counted');
    }
    if (limit && !limit.isAllowed && limit.isExceeded) {
      mpesaCallbacks.inc({ kind, outcome: 'limited' });
      request.log.warn({ kind, outcome: 'limited', source: request.ip }, 'M-Pesa callback refused: too many with an unknown secret from this address');
      return response
        .code(429)
        .header('retry-after', String(Math.max(1, limit.ttlInSeconds)))
        .send(rejected(REJECT.other));
    }
    let id: string;
    try {
      id = await storeUnknownCallback(db, kind, arrival, note);
    } catch (error) {
      mpesaCallbacks.inc({ kind, outcome: 'unstored' });
      request.log.error({ kind, code: (error as { code?: unknown }).code }, 'M-Pesa callback could not be stored');
      return response.code(503).send(rejected(REJECT.other));
    }
    mpesaCallbacks.inc({ kind, outcome: 'unknown-partner' });
    request.log.warn({ callbackId: id, kind, outcome: 'unknown-partner', source: request.ip }, 'M-Pesa callback refused: no partner has its secret');
    return response.code(400).send(rejected(REJECT.other));
  }

  // A body too large or unreadable never reaches the handler: it is recorded (without its body) and refused alike.
  app.setErrorHandler<FastifyError>(async (error, request, response) => {
    const kind = KINDS.find((name) => request.routeOptions.url?.endsWith(`/${name}`));
    if (kind && (error.statusCode ?? 500) < 500) {
      const detail = `the body could not be read: ${error.code ?? error.message}`;
      const declared = Number(request.headers['content-length']);
      const arrival: Arrival = { source: request.ip, bodySize: Number.isSafeInteger(declared) && declared >= 0 ? declared : null };
      const secret = (request.params as Partial<Params> | undefined)?.secret ?? '';
      const recorded = await storeCallback(db, kind, secret, '', arrival, { outcome: 'malformed', detail }).catch(() => null);
      if (recorded === undefined) return refuseUnknown(request, response, kind, arrival, detail);
      mpesaCallbacks.inc({ kind, outcome: 'malformed' });
      request.log.warn({ callbackId: recorded?.id, kind, outcome: 'malformed', code: error.code }, 'M-Pesa callback refused');
      return response.code(400).send(rejected(REJECT.other));
    }
    request.log.error({ kind, code: error.code }, 'M-Pesa callback failed');
    return response.code(503).send(rejected(REJECT.other));
  });

  for (const kind of KINDS) {
    app.post<{ Params: Params }>(`/:secret/${kind}`, { ...needs('public'), schema: callbackSchema(kind, documented), logLevel: 'warn' }, async (request, response) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const arrival: Arrival = { source: request.ip, bodySize: Buffer.byteLength(body) };
      const notListed = forbiddenSource(request);
      const forbidden = notListed ? { outcome: 'forbidden-source' as const, detail: notListed } : undefined;
      let stored: StoredCallback | undefined;
      try {
        stored = await storeCallback(db, kind, request.params.secret, body, arrival, forbidden);
      } catch (error) {
        mpesaCallbacks.inc({ kind, outcome: 'unstored' });
        request.log.error({ kind, code: (error as { code?: unknown }).code }, 'M-Pesa callback could not be stored');
        return response.code(503).send(rejected(REJECT.other));
      }
      if (!stored) return refuseUnknown(request, response, kind, arrival, notListed);
      const log = { callbackId: stored.id, kind, tenantId: stored.tenantId };
      if (forbidden) {
        mpesaCallbacks.inc({ kind, outcome: 'forbidden-source' });
        request.log.warn({ ...log, outcome: 'forbidden-source', source: request.ip }, 'M-Pesa callback refused: its source is not allowed');
        return response.code(400).send(rejected(REJECT.other));
      }
      // M-Pesa, from this address, makes the changes the activity log records (./inbox.ts).
      const actor = gatewayActor('mpesa', request.ip);
      try {
        const processed = await processCallback(db, stored, hashForms, actor);
        mpesaCallbacks.inc({ kind, outcome: processed.outcome });
        const line = { ...log, outcome: processed.outcome, transactionId: processed.transactionId, allocatedTo: processed.allocatedTo, toCheck: processed.toCheck };
        if (processed.status === 200) app.log.info(line, 'M-Pesa callback');
        else request.log.warn(line, 'M-Pesa callback refused');
        return response.code(processed.status).send(processed.reply);
      } catch (error) {
        await failCallback(db, stored, error, actor).catch(() => undefined);
        mpesaCallbacks.inc({ kind, outcome: 'failed' });
        request.log.error(
          { ...log, outcome: 'failed', code: (error as { code?: unknown }).code },
          'M-Pesa callback failed: replay it with pnpm ops replay-mpesa-callbacks',
        );
        return response.code(200).send(afterFailure(kind));
      }
    });
  }
}
