import type { FastifyInstance } from 'fastify';
import {
  CAMPAIGN_NOT_FOUND,
  campaignPledgesImportPath,
  campaignRemindersPath,
  campaignRemindersQuotePath,
  MAX_PLEDGE_IMPORT_BYTES,
  MAX_PLEDGE_IMPORT_ROWS,
  PLEDGE_THANKS_PATH,
  PLEDGE_THANKS_SAVED,
  pledgeImportErrors,
  pledgeImportResult,
  pledgeThanks,
  sendQuote,
  sendResult,
  type PledgeImportResult,
  type PledgeThanks,
  type SendQuote,
  type SendResult,
} from '@ushirika/shared/contract';
import { pledgeThanksSchema, reminderSchema, type PledgeThanksInput, type ReminderInput } from '@ushirika/shared/validation';
import { needs } from '../../auth/permissions';
import { badRequest } from '../../http/errors';
import { bodyFrom, documented, failures, idParams, jsonSchemaOf, savedOf, staleOrDuplicate, withVersion, type JsonSchema } from '../../http/schema';
import { MESSAGE_SENT } from '../../messaging/routes';
import type { OutboxNudge } from '../../messaging/outbox/nudge';
import { importPledges } from './pledge-import';
import { readThanks, saveThanks } from './pledge-thanks';
import { quoteReminder, sendReminder } from './reminders';

/*
 * The messages of campaigns (issue 30.4) and the pledges import (30.2), behind the tenant hook: reminders and their
 * quote and the thank-you set-up for finance.manage; the import for finance.record (a number that is nobody's
 * becomes a contact only for staff who also hold contacts.write). contract/campaigns.ts lists the routes.
 */

export interface CampaignMessageRouteOptions {
  outbox: OutboxNudge;
}

const TAG = 'Finance';

/** What the import accepts: the CSV file's text. */
const CSV = 'text/csv';
export const NOT_CSV = 'Send the CSV file as text/csv';

const answer = (description: string, schema: Parameters<typeof jsonSchemaOf>[0]): JsonSchema => ({ description, ...jsonSchemaOf(schema, 'output') });

export async function campaignMessageRoutes(app: FastifyInstance, { outbox }: CampaignMessageRouteOptions): Promise<void> {
  // The import's body, in this plugin's routes only: bytes (the reader decodes UTF-8 or Windows-1252), bounded.
  app.addContentTypeParser(CSV, { parseAs: 'buffer', bodyLimit: MAX_PLEDGE_IMPORT_BYTES }, (_request, body, done) => done(null, body));

  const campaignParams = idParams(CAMPAIGN_NOT_FOUND);
  const reminderBody = bodyFrom(reminderSchema);

  app.post(
    `/${campaignRemindersQuotePath(':id')}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: "What a reminder would queue and charge, with the first recipients' own texts; nothing is saved",
        params: campaignParams,
        body: reminderBody,
        response: { 200: answer('What the reminder would queue and charge', sendQuote), ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<SendQuote> => {
      const { id } = request.params as { id: number };
      return quoteReminder(request.tenant, id, request.body as ReminderInput);
    },
  );

  app.post(
    `/${campaignRemindersPath(':id')}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: "Send a reminder: one SMS per contact with a balance on their pledge (or only a group's), with their own figures",
        params: campaignParams,
        body: reminderBody,
        response: { 201: answer('Queued: what was queued and charged', sendResult), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const send = await sendReminder(request.tenant, id, request.body as ReminderInput, request.userId);
      if (send.queued > 0) outbox.wake();
      // Counts only: numbers and texts are personal.
      request.log.info({ campaignId: id, sendId: send.id, queued: send.queued, optedOut: send.optedOut, units: send.units }, 'pledge reminders queued');
      const body: SendResult = { status_msg: MESSAGE_SENT, send };
      return reply.code(201).send(body);
    },
  );

  app.get(
    `/${PLEDGE_THANKS_PATH}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: 'The thank-you SMS sent when a pledge is fulfilled: on or off, and its text',
        response: { 200: answer('The set-up', pledgeThanks), ...failures(401, 403) },
      },
    },
    async (request): Promise<PledgeThanks> => readThanks(request.tenant),
  );

  app.put(
    `/${PLEDGE_THANKS_PATH}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: 'Save the thank-you SMS: on or off, and its text (placeholders as in reminders)',
        body: bodyFrom(withVersion(pledgeThanksSchema)),
        response: { 200: savedOf('thanks', pledgeThanks), ...failures(400, 401, 403), 409: staleOrDuplicate },
      },
    },
    async (request) => {
      const thanks = await saveThanks(request.tenant, request.body as PledgeThanksInput & { version?: number }, request.userId);
      return { status_msg: PLEDGE_THANKS_SAVED, thanks };
    },
  );

  app.post(
    `/${campaignPledgesImportPath(':id')}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: 'Import pledges from a CSV file (columns name, phone, amount): all rows or none',
        params: campaignParams,
        consumes: [CSV],
        body: documented({
          type: 'string',
          description: `The CSV file's text (${CSV}), at most ${MAX_PLEDGE_IMPORT_BYTES / 1_000_000} MB: a header row naming name, phone and amount, then at most ${MAX_PLEDGE_IMPORT_ROWS.toLocaleString('en-US')} rows`,
        }),
        response: {
          200: answer('Imported: the pledges made, changed and unchanged, and the contacts added', pledgeImportResult),
          // `errors` for a refused file; a closed campaign's or a body that is no CSV's refusal has none.
          400: { ...answer('Nothing was imported: every bad row (`errors`), or why not', pledgeImportErrors), required: ['status_msg'] },
          ...failures(401, 403, 404, 413),
        },
      },
    },
    async (request): Promise<PledgeImportResult> => {
      const { id } = request.params as { id: number };
      if (!Buffer.isBuffer(request.body)) throw badRequest(NOT_CSV);
      return importPledges(request.tenant, id, request.body, { userId: request.userId, mayAddContacts: request.permissions.has('contacts.write') });
    },
  );
}
