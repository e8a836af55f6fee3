import { createHash, timingSafeEqual } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Kysely } from 'kysely';
import { normalizePhone } from '@ushirika/shared/validation';
import { gatewayActor } from '../activity/record';
import type { Database } from '../db/schema';
import { notFoundBody } from '../http/errors';
import { NO_AUTH } from '../http/openapi';
import type { SourceAllowList } from '../http/source-allow-list';
import { failures, type JsonSchema } from '../http/schema';
import { applyDeliveryReport, isStopReply, optOutByReply, optOutBySender, reportedState } from './outbox/reports';
import { needs } from '../auth/permissions';

/**
 * The SMS gateway's callbacks (issue 8), without a token: Africa's Talking signs nothing, so the secret
 * in the path (SMS_CALLBACK_SECRET) is the guard - compared in constant time, and a wrong one is
 * answered exactly like a path that does not exist. No secret configured: no routes at all. With
 * SMS_CALLBACK_SOURCES, a request from any other address is answered the same way, before its secret is
 * looked at (so the answer never tells a stranger the secret was right), with a warning naming the address.
 *
 * - `POST /callbacks/sms/{secret}/delivery`: a delivery report moves its message forward (./outbox/reports.ts);
 *   a blacklist failure also opts the number out for the partner whose message it was.
 * - `POST /callbacks/sms/{secret}/incoming`: a reply (to a short code); a short STOP reply opts the number
 *   out for every partner that has sent to it.
 * - `POST /callbacks/sms/{secret}/optout`: the gateway's 'Bulk SMS Opt Out' notice, the only word of an opt-out
 *   from an alphanumeric sender id (no replies reach us for those): opts the number out for the partners that
 *   sent to it under that sender id, or for all that sent to it (`optOutBySender`).
 *
 * Each change they make is written with its activity event, as the SMS gateway from the request's address
 * (./outbox/reports.ts); one that changes nothing writes none.
 *
 * All answer 200 at once for anything they can read, so the gateway does not retry. Bodies are
 * form-encoded (the gateway's format; @fastify/formbody is registered for these routes only) or JSON.
 * Their request logs are turned off: the URL holds the secret.
 */

export interface SmsCallbackOptions {
  db: Kysely<Database>;
  /** The secret in the callback paths; no callback routes without one. */
  secret: string | undefined;
  /** The gateway's addresses (SMS_CALLBACK_SOURCES); any address when undefined. */
  sources?: SourceAllowList | undefined;
}

interface DeliveryBody {
  id: string;
  status: string;
  phoneNumber?: string;
  networkCode?: string;
  failureReason?: string;
  retryCount?: string;
}

interface IncomingBody {
  from: string;
  text: string;
  to?: string;
  date?: string;
  id?: string;
  linkId?: string;
}

interface OptOutBody {
  senderId: string;
  phoneNumber: string;
}

type Params = { secret: string };

/** A field of the gateway's form; bounded far above what the gateway sends, so nothing unbounded reaches a query. */
const text = (description: string, maxLength = 200): JsonSchema => ({ type: 'string', maxLength, description });
const received: JsonSchema = { description: 'Received', type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } };

const callbackSchema = (summary: string, description: string, body: JsonSchema): FastifySchema => ({
  tags: ['Messaging callbacks'],
  summary,
  description,
  security: NO_AUTH,
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  params: { type: 'object', required: ['secret'], properties: { secret: text('SMS_CALLBACK_SECRET') } },
  body,
  response: { 200: received, ...failures(400, 404) },
});

const deliverySchema = callbackSchema(
  "The gateway's delivery report",
  'Moves the message with this gateway id forward: Sent/Submitted/Buffered -> sent, Success -> delivered, Rejected/Failed/AbsentSubscriber/Expired -> failed with the reason. A failure with the reason UserInBlackList also opts the number out for the partner whose message it was. Never backwards; repeats change nothing.',
  {
    type: 'object',
    required: ['id', 'status'],
    properties: {
      id: text("The gateway's message id"),
      status: text('Sent, Submitted, Buffered, Success, Rejected, Failed, AbsentSubscriber or Expired'),
      phoneNumber: text('The recipient, E.164'),
      networkCode: text("The recipient's network"),
      failureReason: text('Why it failed (Rejected, Failed)', 1000),
      retryCount: text('How often the gateway tried'),
    },
  },
);

const incomingSchema = callbackSchema(
  'A reply to a message',
  "A short reply asking to stop (STOP, STOPALL, UNSUBSCRIBE or ACHA, in any case, with at most a few words of courtesy: 'Stop please', 'ACHA TAFADHALI') opts the sender out for every partner that has sent to the number. Anything else is ignored.",
  {
    type: 'object',
    required: ['from', 'text'],
    properties: {
      from: text('The sender, E.164'),
      to: text('Our short code'),
      text: text('The reply', 2000),
      date: text('When it was received'),
      id: text("The gateway's id for it"),
      linkId: text('For premium replies'),
    },
  },
);

const optOutSchema = callbackSchema(
  "The gateway's opt-out notice (Bulk SMS Opt Out)",
  'The subscriber opted out of messages from this sender id: opts the number out for the partners that have sent to it with that sender id (their sender_id message config), or, when none has it, for every partner that has sent to it.',
  {
    type: 'object',
    required: ['senderId', 'phoneNumber'],
    properties: {
      senderId: text('The alphanumeric sender id (or short code) the subscriber opted out of'),
      phoneNumber: text('The subscriber, E.164'),
    },
  },
);

const sha256 = (value: string) => createHash('sha256').update(value).digest();

export async function smsCallbackRoutes(app: FastifyInstance, { db, secret, sources }: SmsCallbackOptions): Promise<void> {
  if (!secret) return;
  await app.register(fastifyFormbody);

  const expected = sha256(secret);
  /** Another source, or an unknown secret: the same 404 as a path that does not exist, before the body is even read. */
  const guard = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const notFound = () => reply.code(404).send(notFoundBody(request.method, request.url));
    if (sources && !sources.allows(request.ip)) {
      request.log.warn({ source: request.ip }, `SMS callback refused: its source is not in ${sources.variable}`);
      return notFound();
    }
    if (!timingSafeEqual(sha256(request.params.secret), expected)) return notFound();
  };
  // 'warn': no request log lines, whose URL would carry the secret.
  const route = { logLevel: 'warn' as const, onRequest: guard, ...needs('public') };

  app.post<{ Params: Params; Body: DeliveryBody }>('/callbacks/sms/:secret/delivery', { ...route, schema: deliverySchema }, async (request) => {
    const { id, status, phoneNumber, failureReason } = request.body;
    const state = reportedState(status.trim());
    if (state && id.trim()) {
      await applyDeliveryReport(
        db,
        {
          messageId: id.trim(),
          state,
          phone: phoneNumber ? (normalizePhone(phoneNumber) ?? undefined) : undefined,
          reason: failureReason?.trim() || status.trim(),
        },
        gatewayActor('sms_gateway', request.ip),
      );
    }
    return { status: 'ok' };
  });

  app.post<{ Params: Params; Body: IncomingBody }>('/callbacks/sms/:secret/incoming', { ...route, schema: incomingSchema }, async (request) => {
    const phone = normalizePhone(request.body.from);
    if (phone && isStopReply(request.body.text)) await optOutByReply(db, phone, gatewayActor('sms_gateway', request.ip));
    return { status: 'ok' };
  });

  app.post<{ Params: Params; Body: OptOutBody }>('/callbacks/sms/:secret/optout', { ...route, schema: optOutSchema }, async (request) => {
    const phone = normalizePhone(request.body.phoneNumber);
    if (phone) await optOutBySender(db, phone, request.body.senderId.trim(), gatewayActor('sms_gateway', request.ip));
    return { status: 'ok' };
  });
}
