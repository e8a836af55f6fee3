import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  connectionTest,
  MPESA_CALLBACKS_PATH,
  MPESA_SETUP_PATH,
  MPESA_SETUP_REGISTER_PATH,
  MPESA_SETUP_TEST_PATH,
  mpesaCallbackRow,
  mpesaRegistration,
  mpesaSetup,
  type ConnectionTest,
  type MpesaCallbackRow,
  type MpesaRegistration,
  type MpesaSetup,
} from '@ushirika/shared/contract';
import { recordActivity } from '../../activity/record';
import { needs } from '../../auth/permissions';
import { DEFAULT_MSISDN_HASH_FORMS, type MsisdnHashForm } from '../../config';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { listAnswer, type ListParams } from '../../http/list-query';
import { bodyFrom, failures, jsonSchemaOf, listOf, listQuerySchema, staleOrDuplicate, validatedBy, type JsonSchema } from '../../http/schema';
import { callbackUrlProblem } from './daraja';
import { DarajaError, type DarajaDeps } from './daraja-api';
import { httpDaraja } from './daraja-client';
import { listCallbacks, NEEDS_A_PERSON, replayCallbacks, type ListedCallback } from './inbox';
import { callbackUrls, canConnect, loadCredentials, mpesaSetupInputSchema, readSetup, saveRegistration, saveSetup, type MpesaSetupBody } from './setup';

/*
 * Settings → M-Pesa (issue 29), behind the tenant hook, for owners and treasurers (`mpesa.configure`):
 * `GET/PUT /mpesa/setup` (secrets written, never read back), `POST /mpesa/setup/test` (a token fetched, what failed
 * in words), `POST /mpesa/setup/register` (C2B RegisterURL for each short code, the answer kept),
 * `GET /mpesa/callbacks` and `POST /mpesa/callbacks/{id}/replay` (the partner's callbacks that need a person).
 * Daraja is called outside any transaction; what came of it is stored with its activity event after.
 */

const TAG = 'Finance';

export interface MpesaSetupRouteOptions {
  db: Kysely<Database>;
  daraja: DarajaDeps;
  /** MPESA_MSISDN_HASH_FORMS, for a replayed confirmation's allocation. */
  hashForms?: readonly MsisdnHashForm[];
}

export const CALLBACK_NOT_FOUND = 'There is no such M-Pesa callback';
export const NO_PUBLIC_URL = "The server does not know its public address (PUBLIC_URL), so Safaricom could not reach it: ask the server's administrator to set it";
export const NO_SECRET = 'This partner has no callback secret yet: the administrator sets it with pnpm ops set-mpesa';
export const NO_SHORT_CODES = 'This partner has no short code to register yet: the administrator adds it with pnpm ops set-mpesa';
export const NO_CREDENTIALS = 'Enter the consumer key and consumer secret first';

const answer = (description: string, schema: Parameters<typeof jsonSchemaOf>[0]): JsonSchema => ({ description, ...jsonSchemaOf(schema, 'output') });

/** `{ id }` of a callback (a bigint): digits, else 404. */
const callbackParams: JsonSchema = validatedBy(
  { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^\\d{1,18}$', description: "The callback's id" } } },
  (params) => {
    const id = (params as Record<string, unknown> | null)?.id;
    if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) throw notFound(CALLBACK_NOT_FOUND);
    return { id };
  },
);

const callbackRow = (callback: ListedCallback): MpesaCallbackRow => ({
  id: callback.id,
  receivedAt: callback.receivedAt.toISOString(),
  kind: callback.kind,
  outcome: callback.outcome,
  transId: callback.transId,
  detail: callback.detail,
});

export async function mpesaSetupRoutes(app: FastifyInstance, { db, daraja, hashForms = DEFAULT_MSISDN_HASH_FORMS }: MpesaSetupRouteOptions): Promise<void> {
  app.get(
    `/${MPESA_SETUP_PATH}`,
    {
      ...needs('mpesa.configure'),
      schema: {
        tags: [TAG],
        summary: "The partner's M-Pesa set-up: Daraja settings, which secrets are set (never their values), giving page, callback URLs",
        response: { 200: answer('The set-up', mpesaSetup), ...failures(401, 403) },
      },
    },
    async (request): Promise<MpesaSetup> => readSetup(db, request.tenantId, daraja),
  );

  app.put(
    `/${MPESA_SETUP_PATH}`,
    {
      ...needs('mpesa.configure'),
      schema: {
        tags: [TAG],
        summary: "Save the M-Pesa set-up: only the fields given; a secret '' is removed, one not given kept",
        body: {
          ...bodyFrom(mpesaSetupInputSchema),
          examples: [{ environment: 'sandbox', consumerKey: '…', givingCode: 'grace', minAmount: '10', maxAmount: '150000', version: 1 }],
        },
        response: { 200: answer('Saved: the set-up as stored', mpesaSetup), ...failures(400, 401, 403), 409: staleOrDuplicate },
      },
    },
    async (request): Promise<MpesaSetup> => {
      const input = request.body as MpesaSetupBody;
      await request.tenant.transaction((scope) =>
        scope.raw(async (trx, tenantId) => {
          const saved = await saveSetup(trx, tenantId, input, { userId: request.userId, secretsKey: daraja.secretsKey });
          if (saved.changes.length === 0 && Object.keys(saved.secrets).length === 0) return;
          // Which secrets were set or removed, never their values.
          await recordActivity(scope, { action: 'update', entity: 'mpesa_setup', entityId: tenantId, changes: saved.changes, details: saved.secrets });
        }),
      );
      return readSetup(db, request.tenantId, daraja);
    },
  );

  app.post(
    `/${MPESA_SETUP_TEST_PATH}`,
    {
      ...needs('mpesa.configure'),
      schema: {
        tags: [TAG],
        summary: 'Test the connection to Daraja: fetches a token with the consumer key and secret, and says what failed in words',
        response: { 200: answer('What the test came to (ok false: what failed)', connectionTest), ...failures(401, 403) },
      },
    },
    async (request): Promise<ConnectionTest> => {
      let result: ConnectionTest;
      let environment: string | null = null;
      try {
        const credentials = await loadCredentials(db, request.tenantId, daraja.secretsKey);
        if (!canConnect(credentials)) result = { ok: false, message: NO_CREDENTIALS };
        else {
          environment = credentials.environment;
          await httpDaraja(credentials, { baseUrl: daraja.baseUrl }).testConnection();
          result = { ok: true, message: `Connected to Daraja (${credentials.environment})` };
        }
      } catch (error) {
        if (!(error instanceof DarajaError)) throw error;
        result = { ok: false, message: error.words };
      }
      await request.tenant.transaction((scope) =>
        recordActivity(scope, { action: 'test', entity: 'mpesa_setup', entityId: request.tenantId, details: { ok: result.ok, environment } }),
      );
      return result;
    },
  );

  app.post(
    `/${MPESA_SETUP_REGISTER_PATH}`,
    {
      ...needs('mpesa.configure'),
      schema: {
        tags: [TAG],
        summary: "Register the partner's callback URLs with Safaricom (C2B RegisterURL) for each of its short codes; the answer is kept",
        response: {
          200: answer("Safaricom's answer (ok false: what failed, and what to do)", mpesaRegistration),
          ...failures(401, 403),
          409: { ...failures(409)[409], description: 'The server has no PUBLIC_URL, or the partner no credentials, callback secret or short code: nothing was sent' },
        },
      },
    },
    async (request): Promise<MpesaRegistration> => {
      const tenantId = request.tenantId;
      const partner = await db.selectFrom('partners').select('mpesa_callback_secret').where('id', '=', tenantId).executeTakeFirstOrThrow();
      if (!daraja.publicUrl) throw conflict(NO_PUBLIC_URL);
      const urls = callbackUrls(daraja, partner.mpesa_callback_secret);
      if (!urls) throw conflict(NO_SECRET);
      const problem = callbackUrlProblem({ baseUrl: daraja.publicUrl, prefix: daraja.callbackPrefix, secret: partner.mpesa_callback_secret! });
      if (problem) throw conflict(problem.replace('--base-url', 'PUBLIC_URL'));
      const codes = await db.selectFrom('partner_mpesa_short_codes').select('short_code').where('tenant_id', '=', tenantId).orderBy('short_code').execute();
      if (codes.length === 0) throw conflict(NO_SHORT_CODES);
      let credentials;
      try {
        credentials = await loadCredentials(db, tenantId, daraja.secretsKey);
      } catch (error) {
        if (error instanceof DarajaError) throw conflict(error.words);
        throw error;
      }
      if (!canConnect(credentials)) throw conflict(NO_CREDENTIALS);
      const { responseType } = await readSetup(db, tenantId, daraja);

      // One call per short code, outside any transaction; each one's answer in the message.
      const client = httpDaraja(credentials, { baseUrl: daraja.baseUrl });
      const answers: Array<{ shortCode: string; ok: boolean; words: string }> = [];
      for (const { short_code: shortCode } of codes) {
        try {
          const words = await client.registerUrls({ shortCode, responseType, confirmationUrl: urls.confirmation, validationUrl: urls.validation });
          answers.push({ shortCode, ok: true, words });
        } catch (error) {
          if (!(error instanceof DarajaError)) throw error;
          answers.push({ shortCode, ok: false, words: error.words });
        }
      }
      const ok = answers.every((one) => one.ok);
      const message = answers.map((one) => `${one.shortCode}: ${one.words}`).join('\n');
      const at = new Date();
      await request.tenant.transaction((scope) =>
        scope.raw(async (trx) => {
          await saveRegistration(trx, tenantId, { at, ok, message });
          await recordActivity(scope, {
            action: 'register',
            entity: 'mpesa_setup',
            entityId: tenantId,
            details: { ok, shortCodes: answers.length, refused: answers.filter((one) => !one.ok).length },
          });
        }),
      );
      return { ok, message, at: at.toISOString() };
    },
  );

  app.get(
    `/${MPESA_CALLBACKS_PATH}`,
    {
      ...needs('mpesa.configure'),
      schema: {
        tags: [TAG],
        summary: "The partner's M-Pesa callbacks that need a person (failed, held, from an unlisted address, differing repeats), newest first",
        querystring: listQuerySchema,
        response: { 200: listOf('callbacks', mpesaCallbackRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const { offset, pageSize } = request.query as ListParams;
      const tenantId = request.tenantId;
      const [listed, count] = await Promise.all([
        listCallbacks(db, { tenantId, limit: offset + pageSize }),
        db
          .selectFrom('mpesa_callbacks')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('tenant_id', '=', tenantId)
          .where('outcome', 'in', [...NEEDS_A_PERSON])
          .executeTakeFirstOrThrow(),
      ]);
      return listAnswer('callbacks', { rows: listed.slice(offset).map(callbackRow), total: count.n });
    },
  );

  app.post(
    `/${MPESA_CALLBACKS_PATH}/:id/replay`,
    {
      ...needs('mpesa.configure'),
      schema: {
        tags: [TAG],
        summary: "Process one of the partner's callbacks again (a payment is stored once per receipt number, so a replay never doubles one)",
        params: callbackParams,
        response: {
          200: answer('The callback after the replay: its new outcome', mpesaCallbackRow),
          ...failures(401, 403, 404),
          409: { ...failures(409)[409], description: 'The callback needs no person: it was processed' },
        },
      },
    },
    async (request): Promise<MpesaCallbackRow> => {
      const { id } = request.params as { id: string };
      const [callback] = await listCallbacks(db, { id });
      if (!callback || callback.tenantId !== request.tenantId) throw notFound(CALLBACK_NOT_FOUND);
      if (!NEEDS_A_PERSON.includes(callback.outcome)) throw conflict(`This callback needs nothing more: its outcome is ${callback.outcome}`);
      // The replay writes its own events (the payment received); this one says a person asked for it.
      const [result] = await replayCallbacks(db, { id, hashForms, actor: request.tenant.actor });
      const outcome = result?.outcome ?? callback.outcome;
      await request.tenant.transaction((scope) => recordActivity(scope, { action: 'replay', entity: 'mpesa_payment', details: { callbackId: id, outcome } }));
      const [after] = await listCallbacks(db, { id });
      return callbackRow(after ?? callback);
    },
  );
}
