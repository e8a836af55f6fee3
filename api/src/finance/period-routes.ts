import type { FastifyInstance } from 'fastify';
import {
  CORRECTION_SMS_OFF,
  CORRECTION_SMS_ON,
  LEDGER_SETTINGS_PATH,
  ledgerPeriods,
  ledgerSettings,
  ledgerSettingsRequest,
  ledgerSettingsSaved,
  MONTH_CLOSED,
  MONTH_REOPENED,
  periodClosePath,
  periodReopenPath,
  PERIODS_PATH,
  periodSaved,
  type LedgerPeriods,
  type LedgerSettings,
  type LedgerSettingsRequest,
  type LedgerSettingsSaved,
  type PeriodSaved,
} from '@ushirika/shared/contract';
import { periodReopenSchema, type PeriodReopenInput } from '@ushirika/shared/validation';
import { changesBetween, recordActivity } from '../activity/record';
import { needs } from '../auth/permissions';
import { bodyFrom, failures, jsonSchemaOf, validatedBy, type JsonSchema } from '../http/schema';
import { closePeriod, listPeriods, parseMonth, reopenPeriod } from './periods';

/**
 * Closing a month (issue 26.4) and the ledger's settings (the correction SMS, issue 26.3), behind the tenant hook:
 * `GET /periods`, `POST /periods/{YYYY-MM}/close`, `POST /periods/{YYYY-MM}/reopen`, `GET/PUT /ledger-settings`.
 */

const TAG = 'Finance';

/** `{ month }` path parameter: 'YYYY-MM', else 400 MONTH_INVALID; request.params becomes `{ month }`. */
const monthParams: JsonSchema = validatedBy(
  { type: 'object', required: ['month'], properties: { month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'The month, YYYY-MM' } } },
  (params) => ({ month: parseMonth((params as Record<string, unknown> | null)?.month) }),
);

const answer = (description: string, schema: Parameters<typeof jsonSchemaOf>[0]): JsonSchema => ({ description, ...jsonSchemaOf(schema, 'output') });

export async function periodRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  app.get(
    `/${PERIODS_PATH}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "The partner's months, from its first entry to this month, newest first: closed or open, who closed or reopened them and why",
        response: { 200: answer('The months', ledgerPeriods), ...failures(401, 403) },
      },
    },
    async (request): Promise<LedgerPeriods> => listPeriods(request.tenant, now()),
  );

  app.post(
    `/${periodClosePath(':month')}`,
    {
      ...needs('finance.close'),
      schema: {
        tags: [TAG],
        summary: 'Close a month that has ended: nothing dated in it can be recorded, corrected or reversed until an owner reopens it',
        params: monthParams,
        response: { 200: answer('Closed: the month as it now is', periodSaved), ...failures(400, 401, 403, 409) },
      },
    },
    async (request): Promise<PeriodSaved> => {
      const { month } = request.params as { month: string };
      return { status_msg: MONTH_CLOSED, period: await closePeriod(request.tenant, month, request.userId, now()) };
    },
  );

  app.post(
    `/${periodReopenPath(':month')}`,
    {
      ...needs('finance.reopen'),
      schema: {
        tags: [TAG],
        summary: 'Reopen a closed month, with a reason (owners)',
        params: monthParams,
        body: { ...bodyFrom(periodReopenSchema), examples: [{ reason: 'A cheque from March was banked late' }] },
        response: { 200: answer('Reopened: the month as it now is', periodSaved), ...failures(400, 401, 403, 409) },
      },
    },
    async (request): Promise<PeriodSaved> => {
      const { month } = request.params as { month: string };
      const { reason } = request.body as PeriodReopenInput;
      return { status_msg: MONTH_REOPENED, period: await reopenPeriod(request.tenant, month, request.userId, reason) };
    },
  );

  app.get(
    `/${LEDGER_SETTINGS_PATH}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "The ledger's settings: whether a corrected income's payer gets a correction SMS",
        response: { 200: answer('The settings', ledgerSettings), ...failures(401, 403) },
      },
    },
    async (request): Promise<LedgerSettings> => {
      const partner = await request.tenant.raw((db, tenantId) => db.selectFrom('partners').select('correction_sms').where('id', '=', tenantId).executeTakeFirstOrThrow());
      return { correctionSms: partner.correction_sms };
    },
  );

  app.put(
    `/${LEDGER_SETTINGS_PATH}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: "Turn the correction SMS on or off: a corrected income's payer gets one SMS with the new entry",
        body: { ...bodyFrom(ledgerSettingsRequest), examples: [{ correctionSms: true }] },
        response: { 200: answer('Saved', ledgerSettingsSaved), ...failures(400, 401, 403) },
      },
    },
    async (request): Promise<LedgerSettingsSaved> => {
      const { correctionSms } = request.body as LedgerSettingsRequest;
      // The setting and its `update partner` event (the setting before and after, read under the row's lock) commit together.
      await request.tenant.transaction((scope) =>
        scope.raw(async (trx, tenantId) => {
          const before = await trx.selectFrom('partners').select('correction_sms').where('id', '=', tenantId).forUpdate().executeTakeFirstOrThrow();
          await trx.updateTable('partners').set({ correction_sms: correctionSms }).where('id', '=', tenantId).execute();
          await recordActivity(scope, {
            action: 'update',
            entity: 'partner',
            entityId: tenantId,
            changes: changesBetween({ correctionSms: before.correction_sms }, { correctionSms }),
          });
        }),
      );
      return { status_msg: correctionSms ? CORRECTION_SMS_ON : CORRECTION_SMS_OFF, correctionSms };
    },
  );
}
