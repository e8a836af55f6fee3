import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  cancelResult,
  FAILED_NOTIFICATIONS_PATH,
  notificationRow,
  notificationsEndpoint,
  sendQuote,
  sendResult,
  smsOptOutRow,
  smsGatewayStatus,
  smsOptOutsEndpoint,
  smsUnitsBalance,
  uploadedFileRow,
  uploadedFilesEndpoint,
  type CancelResult,
  type SendQuote,
  type SendResult,
  type SmsGatewayStatus,
  type SmsUnitsBalance,
} from '@ushirika/shared/contract';
import { messageSchema, optOutSchema, smsCount } from '@ushirika/shared/validation';
import { MAX_IMPORT_FILE_BYTES } from '../contacts/import';
import type { Database } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { listAnswer, type ListParams } from '../http/list-query';
import { refusingViolations, validBody } from '../http/route-helpers';
import { documented, documentedBody, failures, idParams, jsonSchemaOf, listOf, listQuerySchema, savedOf, type JsonSchema } from '../http/schema';
import { partnerCountry } from '../partners/queries';
import { findNotification, listNotifications, MESSAGE_NOT_FOUND, resendNotification } from './notifications';
import { ALREADY_OPTED_OUT, addOptOut, OPT_OUT_NOT_FOUND, OPT_OUT_REMOVED, optOutQueries, removeOptOut } from './opt-outs';
import { currentPause, waitingMessages } from './outbox/gateway-pause';
import type { OutboxNudge } from './outbox/nudge';
import { notPhoneNumbers } from './recipients';
import { jsonSendRequest, MULTIPART_LIMITS, uploadSendRequest, type SendRequest } from './send-input';
import { cancelScheduledSend, isPersonalised, quoteSample, quoteSend, scheduledInstant, SEND_NOT_FOUND, sendMessages } from './sends';
import { findUploadedFile, listUploadedFiles } from './uploaded-files';
import { unitsBalance } from './units';
import { needs } from '../auth/permissions';

export interface MessagingRouteOptions {
  db: Kysely<Database>;
  outbox: OutboxNudge;
}

export const MESSAGE_SENT = 'Message sent successfully!';
export const SEND_CANCELLED = 'Scheduled message cancelled';
export const FILE_NOT_FOUND = 'File not found';

const TAG = 'Messaging';

/** The multipart form of POST /notifyuploaded and its quote, for the document: the handler reads and checks it (send-input.ts). */
const uploadForm = documented({
  type: 'object',
  required: ['message', 'message_file'],
  properties: {
    message: { type: 'string', description: 'The text, as `textmessage` of POST /notifymany' },
    message_file: {
      type: 'string',
      format: 'binary',
      description: `A CSV or XLSX file of at most ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB: the column headed phone, mobile or msisdn, else the first column`,
    },
    type: { type: 'string', enum: ['SMS'] },
    category: { type: 'string', enum: ['WEBSMS'] },
    send_at: { type: 'string', description: "Optional: 'YYYY-MM-DDTHH:mm' in the partner's time zone (Africa/Nairobi unless set) to schedule the send" },
  },
});

/** How many first recipients a quote names (issue 28.5): the preview shows them before the user confirms. */
export const QUOTE_SAMPLE_SIZE = 3;

const answer = (description: string, schema: Parameters<typeof jsonSchemaOf>[0]): JsonSchema => ({ description, ...jsonSchemaOf(schema, 'output') });

/**
 * Messaging (spec 2.12, 7; issue 8), behind the tenant hook: sends and their quotes, the messages and the
 * failed ones with Resend, cancelling a scheduled send, uploaded files, the units balance and opted-out
 * numbers, and whether the SMS gateway is paused. Sends only enqueue: the outbox worker sends (api/src/messaging/outbox), and is nudged here.
 */
export async function messagingRoutes(app: FastifyInstance, { outbox }: MessagingRouteOptions): Promise<void> {
  // Multipart is parsed only in this plugin's routes (the upload and its quote).
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  // ---------------------------------------------------------------------------------------------
  // Sends

  const sent = { 201: answer('Queued: what was queued and charged', sendResult), ...failures(400, 401, 403) };
  const quoted = { 200: answer('What the send would queue and charge; nothing is saved', sendQuote), ...failures(400, 401, 403) };
  const uploaded = { consumes: ['multipart/form-data'], body: uploadForm };

  app.post(
    '/notifymany',
    {
      ...needs('messaging.send'),
      schema: { tags: [TAG], summary: 'Send a message to typed numbers or a group (0 = All Contacts)', body: documentedBody(messageSchema), response: sent },
    },
    async (request, reply) => send(request, reply, await jsonSendRequest(request)),
  );
  app.post(
    '/notifymany/quote',
    {
      ...needs('messaging.send'),
      schema: { tags: [TAG], summary: 'What POST /notifymany would queue and charge', body: documentedBody(messageSchema), response: quoted },
    },
    async (request) => quote(request, await jsonSendRequest(request)),
  );
  app.post(
    '/notifyuploaded',
    {
      ...needs('messaging.send'),
      schema: { tags: [TAG], summary: 'Send a message to the numbers of an uploaded file', ...uploaded, response: { ...sent, ...failures(400, 401, 403, 413) } },
    },
    async (request, reply) => send(request, reply, await uploadSendRequest(request)),
  );
  app.post(
    '/notifyuploaded/quote',
    {
      ...needs('messaging.send'),
      schema: { tags: [TAG], summary: 'What POST /notifyuploaded would queue and charge', ...uploaded, response: { ...quoted, ...failures(400, 401, 403, 413) } },
    },
    async (request) => quote(request, await uploadSendRequest(request)),
  );

  /** Refuses entries that are not numbers, then queues and charges in one transaction and wakes the worker. */
  async function send(request: FastifyRequest, reply: FastifyReply, input: SendRequest) {
    if (input.reading.invalidCount > 0) throw badRequest(notPhoneNumbers(input.reading.invalid, input.reading.invalidCount));
    const sendAt = await scheduledInstant(request.tenant, input.sendAt);
    const outcome = await sendMessages(request.tenant, {
      recipientType: input.recipientType,
      audience: input.audience,
      text: input.text,
      sendAt,
      file: input.file,
      userId: request.userId,
    });
    if (outcome.queued > 0) outbox.wake();
    // Counts only: numbers and text are personal.
    request.log.info({ sendId: outcome.id, queued: outcome.queued, optedOut: outcome.optedOut, units: outcome.units, scheduled: sendAt !== null }, 'messages queued');
    const body: SendResult = { status_msg: MESSAGE_SENT, send: outcome };
    return reply.code(201).send(body);
  }

  async function quote(request: FastifyRequest, input: SendRequest): Promise<SendQuote> {
    await scheduledInstant(request.tenant, input.sendAt);
    const reach = await quoteSend(request.tenant, input.audience, input.text);
    const sample = await quoteSample(request.tenant, input.audience, input.text, QUOTE_SAMPLE_SIZE);
    const { encoding, characters, segments } = smsCount(input.text);
    return {
      recipients: reach.recipients,
      optedOut: reach.optedOut,
      invalid: input.reading.invalid,
      duplicates: input.reading.duplicates,
      encoding,
      characters,
      segments,
      personalised: isPersonalised(input.text),
      units: reach.units,
      balance: await unitsBalance(request.tenant),
      sample,
    };
  }

  const cancel = {
    tags: [TAG],
    summary: "Cancel a scheduled send's messages that have not gone out, refunding their units",
    params: idParams(SEND_NOT_FOUND),
    response: { 200: answer('Cancelled and refunded', cancelResult), ...failures(400, 401, 403, 404) },
  };
  app.post('/notification/sends/:id/cancel', { ...needs('messaging.send'), schema: cancel }, async (request): Promise<CancelResult> => {
    const { id } = request.params as { id: number };
    const { cancelled, refunded } = await cancelScheduledSend(request.tenant, id);
    return { status_msg: SEND_CANCELLED, cancelled, refunded };
  });

  // ---------------------------------------------------------------------------------------------
  // Messages

  const messages = { 200: listOf(notificationsEndpoint.plural, notificationRow), ...failures(400, 401, 403) };
  app.get(
    '/notification',
    { ...needs('messaging.read'), schema: { tags: [TAG], summary: 'List messages, newest first', querystring: listQuerySchema, response: messages } },
    async (request) => {
      const page = await listNotifications(request.tenant, request.query as ListParams);
      return listAnswer('notifications', page);
    },
  );
  app.get(
    `/${FAILED_NOTIFICATIONS_PATH}`,
    {
      ...needs('messaging.read'),
      schema: { tags: [TAG], summary: 'List failed and unconfirmed messages, newest first', querystring: listQuerySchema, response: messages },
    },
    async (request) => {
      const page = await listNotifications(request.tenant, request.query as ListParams, true);
      return listAnswer('notifications', page);
    },
  );

  const resend = {
    tags: [TAG],
    summary: 'Resend a failed message (once): it is queued again and charged again',
    params: idParams(MESSAGE_NOT_FOUND),
    body: documented({ type: 'object', description: 'The message record as listed; only the id in the path counts' }),
    response: { 200: savedOf(notificationsEndpoint.singular, notificationRow), ...failures(400, 401, 403, 404) },
  };
  app.put('/notification/:id', { ...needs('messaging.send'), schema: resend }, async (request) => {
    const { id } = request.params as { id: number };
    await resendNotification(request.tenant, id);
    outbox.wake();
    const notification = await findNotification(request.tenant, id);
    if (!notification) throw new HttpError(500, 'The resent message could not be read back');
    return { status_msg: notificationsEndpoint.savedText, notification };
  });

  // ---------------------------------------------------------------------------------------------
  // Uploaded files

  const files = { 200: listOf(uploadedFilesEndpoint.plural, uploadedFileRow), ...failures(400, 401, 403) };
  app.get(
    '/uploadedfiles',
    { ...needs('messaging.read'), schema: { tags: [TAG], summary: 'List uploaded recipient files, newest first', querystring: listQuerySchema, response: files } },
    async (request) => {
      const page = await listUploadedFiles(request.tenant, request.query as ListParams);
      return listAnswer('files', page);
    },
  );

  const download = {
    tags: [TAG],
    summary: 'Download an uploaded recipients file as it was uploaded',
    params: idParams(FILE_NOT_FOUND),
    response: {
      200: { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      ...failures(401, 403, 404),
    },
  };
  app.get('/uploadedfiles/:id/download', { ...needs('messaging.read'), schema: download }, async (request, reply) => {
    const { id } = request.params as { id: number };
    const file = await findUploadedFile(request.tenant, id);
    if (!file) throw notFound(FILE_NOT_FOUND);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  });

  // ---------------------------------------------------------------------------------------------
  // Units

  app.get(
    '/smsunits',
    {
      ...needs('messaging.read'),
      schema: { tags: [TAG], summary: "The partner's SMS units balance", response: { 200: answer('Units left', smsUnitsBalance), ...failures(401, 403) } },
    },
    async (request): Promise<SmsUnitsBalance> => ({ balance: await unitsBalance(request.tenant) }),
  );

  // The gateway account's pause (issue 31) is the deployment's, not the partner's: every partner's staff see it,
  // with their own waiting messages only.
  const gatewayStatus = {
    tags: [TAG],
    summary: 'Whether sending is paused because the SMS gateway account cannot send (out of credit, held, or its key or sender id refused)',
    response: { 200: answer("The pause, if any, and the partner's waiting messages", smsGatewayStatus), ...failures(401, 403) },
  };
  app.get('/smsgateway', { ...needs('messaging.read'), schema: gatewayStatus }, async (request): Promise<SmsGatewayStatus> => {
    return request.tenant.raw(async (db, tenantId) => {
      const pause = await currentPause(db);
      const waiting = await waitingMessages(db, tenantId);
      return { paused: pause !== undefined, reason: pause?.reason ?? null, since: pause?.since.toISOString() ?? null, waiting };
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Opted-out numbers

  app.get(
    '/smsoptouts',
    {
      ...needs('messaging.read'),
      schema: {
        tags: [TAG],
        summary: 'List opted-out numbers, newest first',
        querystring: listQuerySchema,
        response: { 200: listOf(smsOptOutsEndpoint.plural, smsOptOutRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await optOutQueries.list(request.tenant, request.query as ListParams);
      return listAnswer('optouts', page);
    },
  );

  const optOut = {
    tags: [TAG],
    summary: 'Opt a number out: it gets no more messages from the partner',
    body: documentedBody(optOutSchema),
    response: { 201: savedOf(smsOptOutsEndpoint.singular, smsOptOutRow), ...failures(400, 401, 403, 409) },
  };
  app.post('/smsoptouts', { ...needs('messaging.send'), schema: optOut }, async (request, reply) => {
    const country = await request.tenant.raw((db, tenantId) => partnerCountry(db, tenantId));
    const input = await validBody(optOutSchema, request.body, { country });
    const id = await refusingViolations({ duplicate: ALREADY_OPTED_OUT }, () => addOptOut(request.tenant, input));
    const optout = await optOutQueries.find(request.tenant, id);
    return reply.code(201).send({ status_msg: smsOptOutsEndpoint.savedText, optout });
  });

  const optIn = {
    tags: [TAG],
    summary: 'Take a number off the opted-out list: it gets messages again',
    params: idParams(OPT_OUT_NOT_FOUND),
    response: { 200: { description: 'Removed', type: 'object', required: ['status_msg'], properties: { status_msg: { type: 'string' } } }, ...failures(401, 403, 404) },
  };
  app.delete('/smsoptouts/:id', { ...needs('messaging.send'), schema: optIn }, async (request) => {
    const { id } = request.params as { id: number };
    if (!(await removeOptOut(request.tenant, id))) throw notFound(OPT_OUT_NOT_FOUND);
    return { status_msg: OPT_OUT_REMOVED };
  });
}

/** `attachment` with the stored name: an ASCII fallback and the exact name in RFC 5987 form. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'recipients';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
