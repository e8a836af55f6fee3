import type { FastifyError, FastifyInstance, FastifySchema } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { mpesaCallbacks } from '../../metrics/registry';
import { NO_AUTH } from '../../http/openapi';
import type { SourceAllowList } from '../../http/source-allow-list';
import { documented, type JsonSchema } from '../../http/schema';
import { MAX_CALLBACK_BODY_BYTES, rejected, REJECT, SUCCESS, ACCEPTED, type CallbackKind, type DarajaReply } from './daraja';
import { failureDetail, processCallback, settleCallback, storeCallback, type StoredCallback } from './inbox';

/**
 * Safaricom Daraja's C2B callbacks (issue 9; ../shared/INTEGRATIONS.md), without a token, at the configured
 * prefix (MPESA_CALLBACK_PREFIX): `POST <prefix>/{secret}/validation` and `/confirmation`. The partner is
 * the one whose callback secret is in the path (a unique index finds it), checked against its short code.
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
 * Request logs are off (the URL holds the secret); the log lines name the callback id, kind and outcome,
 * never a phone number or a name. Each callback is counted once, by kind and outcome, for GET /metrics
 * (`ushirika_mpesa_callbacks_total`; 'unstored' when the inbox could not be written).
 */

const TAG = 'Finance';

type Params = { secret: string };
const KINDS: readonly CallbackKind[] = ['validation', 'confirmation'];

const reply = (description: string, code: JsonSchema): JsonSchema => ({
  description,
  type: 'object',
  required: ['ResultCode', 'ResultDesc'],
  properties: { ResultCode: code, ResultDesc: { type: 'string' } },
});
const REFUSED = reply(
  'Refused, nothing stored but the raw body: no partner has this secret, the body is not a Daraja payment (or larger than 16 KB), it is for another short code, or it came from an address MPESA_CALLBACK_SOURCES does not list',
  { type: 'string', enum: [REJECT.other] },
);
const UNAVAILABLE = reply('The database is not reachable: the callback was not stored', { type: 'string', enum: [REJECT.other] });

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

const callbackSchema = (kind: CallbackKind): FastifySchema => ({
  tags: [TAG],
  summary: kind === 'validation' ? 'M-Pesa C2B validation: may this payment be made?' : 'M-Pesa C2B confirmation: a payment was made',
  description:
    kind === 'validation'
      ? 'Daraja asks before the money moves. Accepted, or rejected with C2B00013 (an amount not above 0), C2B00011 (no MSISDN) or C2B00012 (a BillRefNumber longer than 100 characters). Nothing is stored but the raw body.'
      : 'The money has moved: the payment is stored once per TransID (a repeat answers Success again) and, when a BillRefNumber rule matches, allocated to its account with an income record.',
  security: NO_AUTH,
  consumes: ['application/json'],
  params: { type: 'object', required: ['secret'], properties: { secret: { type: 'string', description: "The partner's callback secret (pnpm ops set-mpesa)" } } },
  body: paymentBody,
  response: {
    200:
      kind === 'validation'
        ? reply('Accepted ("0"), or rejected with a Daraja code (C2B00016: it could not be checked)', {
            type: 'string',
            enum: [ACCEPTED.ResultCode, ...Object.values(REJECT)],
          })
        : reply('Stored (now or before)', { type: 'integer', enum: [SUCCESS.ResultCode] }),
    400: REFUSED,
    503: UNAVAILABLE,
  },
});

/** Callbacks whose processing threw: a confirmation is in the inbox, so Safaricom hears Success; a validation is refused. */
const afterFailure = (kind: CallbackKind): DarajaReply => (kind === 'confirmation' ? SUCCESS : rejected(REJECT.other));

export interface MpesaCallbackOptions {
  db: Kysely<Database>;
  /** Safaricom's addresses (MPESA_CALLBACK_SOURCES); any address when undefined. */
  sources?: SourceAllowList | undefined;
}

export async function mpesaCallbackRoutes(app: FastifyInstance, { db, sources }: MpesaCallbackOptions): Promise<void> {
  // In this plugin only: every body is read as text, up to 16 KB, whatever its content type, and stored as it came.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_CALLBACK_BODY_BYTES }, (_request, body, done) => done(null, body));

  // A body too large or unreadable never reaches the handler: it is recorded (without its body) and refused alike.
  app.setErrorHandler<FastifyError>(async (error, request, response) => {
    const kind = KINDS.find((name) => request.routeOptions.url?.endsWith(`/${name}`));
    if (kind && (error.statusCode ?? 500) < 500) {
      const recorded = await db
        .insertInto('mpesa_callbacks')
        .values({ kind, body: '', outcome: 'malformed', detail: `the body could not be read: ${error.code ?? error.message}` })
        .returning('id')
        .executeTakeFirst()
        .catch(() => undefined);
      mpesaCallbacks.inc({ kind, outcome: 'malformed' });
      request.log.warn({ callbackId: recorded?.id, kind, outcome: 'malformed', code: error.code }, 'M-Pesa callback refused');
      return response.code(400).send(rejected(REJECT.other));
    }
    request.log.error({ kind, code: error.code }, 'M-Pesa callback failed');
    return response.code(503).send(rejected(REJECT.other));
  });

  for (const kind of KINDS) {
    app.post<{ Params: Params }>(`/:secret/${kind}`, { schema: callbackSchema(kind), logLevel: 'warn' }, async (request, response) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const forbidden =
        sources && !sources.allows(request.ip)
          ? { outcome: 'forbidden-source' as const, detail: `from ${request.ip}, which ${sources.variable} does not list` }
          : undefined;
      let stored: StoredCallback;
      try {
        stored = await storeCallback(db, kind, request.params.secret, body, forbidden);
      } catch (error) {
        mpesaCallbacks.inc({ kind, outcome: 'unstored' });
        request.log.error({ kind, code: (error as { code?: unknown }).code }, 'M-Pesa callback could not be stored');
        return response.code(503).send(rejected(REJECT.other));
      }
      const log = { callbackId: stored.id, kind, tenantId: stored.tenantId };
      if (forbidden) {
        mpesaCallbacks.inc({ kind, outcome: 'forbidden-source' });
        request.log.warn({ ...log, outcome: 'forbidden-source', source: request.ip }, 'M-Pesa callback refused: its source is not allowed');
        return response.code(400).send(rejected(REJECT.other));
      }
      try {
        const processed = await processCallback(db, stored);
        mpesaCallbacks.inc({ kind, outcome: processed.outcome });
        const line = { ...log, outcome: processed.outcome, transactionId: processed.transactionId, allocatedTo: processed.allocatedTo };
        if (processed.status === 200) app.log.info(line, 'M-Pesa callback');
        else request.log.warn(line, 'M-Pesa callback refused');
        return response.code(processed.status).send(processed.reply);
      } catch (error) {
        await settleCallback(db, stored.id, 'failed', failureDetail(error)).catch(() => undefined);
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
