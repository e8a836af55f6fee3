import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import * as yup from 'yup';
import {
  ACCOUNT_STATEMENT_PATH,
  BUDGETS_PATH,
  ETRACKER_PRODUCT,
  GIVING_STATEMENT_PATH,
  GIVING_STATEMENT_SEND_PATH,
  GIVING_STATEMENT_SEND_QUOTE_PATH,
  givingSmsQuote,
  accountStatement as accountStatementSchema,
  budgetSaved,
  budgetYear as budgetYearSchema,
  givingStatement as givingStatementSchema,
  sendResult,
  type AccountStatement,
  type BudgetSaved,
  type BudgetYear,
  type ErrorBody,
  type GivingSmsQuote,
  type GivingStatement,
  type SendResult,
} from '@ushirika/shared/contract';
import {
  accountStatementSchema as statementQuery,
  budgetSchema,
  numberInput,
  givingStatementSchema as givingQuery,
  type AccountStatementInput,
  type BudgetInput,
} from '@ushirika/shared/validation';
import type { AnyObjectSchema } from 'yup';
import type { Database } from '../../db/schema';
import { validBody } from '../../http/route-helpers';
import { bodyFrom, documented, failures, jsonSchemaOf, tenantIdParameter, type JsonSchema } from '../../http/schema';
import type { OutboxNudge } from '../../messaging/outbox/nudge';
import { partnerCountry } from '../../partners/queries';
import { accountStatement } from './account-statement';
import { BUDGET_SAVED, BUDGET_YEARS, budgetYear, currentYear, saveBudget } from './budgets';
import { GIVING_STATEMENT_SENT, givingStatement, quoteGivingStatement, sendGivingStatement } from './giving-statement';
import { statementCsv, statementFileName, statementXlsx } from './statement-export';
import { needs } from '../../auth/permissions';

const TAG = 'Finance';

const INVALID_YEAR = `Year must be a year from ${BUDGET_YEARS.min} to ${BUDGET_YEARS.max}`;
const year = () => numberInput(INVALID_YEAR).integer(INVALID_YEAR).min(BUDGET_YEARS.min, INVALID_YEAR).max(BUDGET_YEARS.max, INVALID_YEAR);

/** A query documented and checked by a yup schema (400 with its first message), with the legacy `tenantid`. */
function queryFrom(schema: AnyObjectSchema, check: JsonSchema = bodyFrom(schema)): JsonSchema {
  return { ...check, properties: { ...(check.properties as object), tenantid: tenantIdParameter } };
}

const answer = (description: string, schema: AnyObjectSchema): JsonSchema => ({ description, ...jsonSchemaOf(schema, 'output') });
const download = (description: string, contentType: string): JsonSchema => ({
  description,
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The giving statement's phone is read in the partner's country (a local '0712 345 678' is +254712345678 in Kenya). */
async function givingInput(request: FastifyRequest, input: unknown) {
  return validBody(givingQuery, input, { country: await request.tenant.raw((db, tenantId) => partnerCountry(db, tenantId)) });
}

/** The answer to an etracker partner's call to a giving statement route (403: the product does not offer it). */
export const NO_GIVING_STATEMENTS = 'Giving statements are not part of this product.';
const NO_GIVING: ErrorBody = { status_msg: NO_GIVING_STATEMENTS };

/** Every route under /statements/giving: the statement, its SMS and whatever else a giving statement gets. */
const GIVING_ROUTE = new RegExp(`/${GIVING_STATEMENT_PATH}(/|$)`);

/**
 * A giving statement is a church's (issue 28.7): an etracker partner (a trading group's money) is offered none,
 * and its calls to any giving statement route are refused before their input is read, so nothing is sent or
 * charged. Its screens show no giving statement either (remote-finance StatementsPage).
 */
async function refuseGivingToEtracker(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!GIVING_ROUTE.test(request.routeOptions.url ?? '')) return;
  const { product } = await request.tenant.raw((db, tenantId) => db.selectFrom('partners').select('product').where('id', '=', tenantId).executeTakeFirstOrThrow());
  if (product === ETRACKER_PRODUCT) return reply.code(403).send(NO_GIVING);
}

/**
 * Statements and budgets (issue 9, beyond the spec's 'Coming Soon'): an account's statement as JSON, CSV
 * and XLSX; a contributor's giving statement and its SMS summary (none for an etracker partner); a year's
 * budgets with their actuals.
 */
export async function reportRoutes(app: FastifyInstance, { outbox }: { db: Kysely<Database>; outbox: OutboxNudge }): Promise<void> {
  // After the token guard and the permission check (the parent scope's onRequest hooks run first).
  app.addHook('onRequest', refuseGivingToEtracker);

  // ---------------------------------------------------------------------------------------------
  // Account statement

  const statementSchema = (summary: string, ok: JsonSchema) => ({
    tags: [TAG],
    summary,
    querystring: queryFrom(statementQuery),
    response: { 200: ok, ...failures(400, 401, 403, 404) },
  });
  const statementOf = (request: FastifyRequest) => accountStatement(request.tenant, request.query as AccountStatementInput);

  app.get(
    `/${ACCOUNT_STATEMENT_PATH}`,
    {
      ...needs('finance.reports'),
      schema: statementSchema(
        'An account with its sub-accounts over a period: opening balance, every income and expense with the running balance, totals, closing balance',
        answer('The statement', accountStatementSchema),
      ),
    },
    async (request): Promise<AccountStatement> => statementOf(request),
  );
  // The statement is read whole before any header is set: a refusal answers the usual JSON error.
  app.get(
    `/${ACCOUNT_STATEMENT_PATH}.csv`,
    { ...needs('finance.reports'), schema: statementSchema('The account statement as a CSV download (UTF-8 with BOM)', download('The CSV file', 'text/csv')) },
    async (request, reply) => {
      const statement = await statementOf(request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementFileName(statement, 'csv')}"`)
        .header('cache-control', 'private, no-store')
        .send(statementCsv(statement));
    },
  );
  app.get(
    `/${ACCOUNT_STATEMENT_PATH}.xlsx`,
    { ...needs('finance.reports'), schema: statementSchema('The account statement as an Excel (.xlsx) download', download('The XLSX workbook', XLSX_TYPE)) },
    async (request, reply) => {
      const statement = await statementOf(request);
      // Written before any header is set: a failure answers the normal JSON error.
      const workbook = await statementXlsx(statement);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${statementFileName(statement, 'xlsx')}"`)
        .header('cache-control', 'private, no-store')
        .send(workbook);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Giving statement

  const givingDocument = documented(jsonSchemaOf(givingQuery, 'input'));
  app.get(
    `/${GIVING_STATEMENT_PATH}`,
    {
      ...needs('finance.reports'),
      schema: {
        tags: [TAG],
        summary: "A contributor's gifts over a period, matched by phone number, with their receipt numbers and the total",
        querystring: queryFrom(givingQuery, givingDocument),
        response: { 200: answer('The giving statement', givingStatementSchema), ...failures(400, 401, 403) },
      },
    },
    async (request): Promise<GivingStatement> => givingStatement(request.tenant, await givingInput(request, request.query)),
  );
  app.post(
    `/${GIVING_STATEMENT_SEND_PATH}`,
    {
      ...needs('finance.reports'),
      schema: {
        tags: [TAG],
        summary: "Send the contributor the giving statement's summary by SMS (queued in the outbox, charged in SMS units)",
        body: givingDocument,
        response: { 201: answer('Queued: what was queued and charged', sendResult), ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const send = await sendGivingStatement(request.tenant, await givingInput(request, request.body), request.userId);
      if (send.queued > 0) outbox.wake();
      request.log.info({ sendId: send.id, queued: send.queued, units: send.units }, 'giving statement queued');
      const body: SendResult = { status_msg: GIVING_STATEMENT_SENT, send };
      return reply.code(201).send(body);
    },
  );

  app.post(
    `/${GIVING_STATEMENT_SEND_QUOTE_PATH}`,
    {
      ...needs('finance.reports'),
      schema: {
        tags: [TAG],
        summary: "What sending the giving statement's SMS would queue and charge: its text, recipient, parts and units; nothing is saved",
        body: givingDocument,
        response: { 200: answer('What the send would queue and charge; nothing is saved', givingSmsQuote), ...failures(400, 401, 403) },
      },
    },
    async (request): Promise<GivingSmsQuote> => quoteGivingStatement(request.tenant, await givingInput(request, request.body)),
  );

  // ---------------------------------------------------------------------------------------------
  // Budgets

  app.get(
    `/${BUDGETS_PATH}`,
    {
      ...needs('finance.reports'),
      schema: {
        tags: [TAG],
        summary: 'Every income and expense account with its monthly budgets and actuals for a year, the variance in amount and percent',
        querystring: queryFrom(yup.object({ year: year().meta({ jsonSchema: { description: "The year; this year in the partner's time zone when not given" } }) })),
        response: { 200: answer("The year's budgets", budgetYearSchema), ...failures(400, 401, 403) },
      },
    },
    async (request): Promise<BudgetYear> => {
      const query = request.query as { year?: number };
      return budgetYear(request.tenant, query.year ?? (await currentYear(request.tenant)));
    },
  );
  app.put(
    `/${BUDGETS_PATH}/:year`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: "Replace the named accounts' 12 monthly budgets of a year (all or nothing); other accounts keep theirs",
        params: bodyFrom(yup.object({ year: year().required(INVALID_YEAR) })),
        body: bodyFrom(budgetSchema),
        response: { 200: answer('Saved: the year as it now is', budgetSaved), ...failures(400, 401, 403) },
      },
    },
    async (request): Promise<BudgetSaved> => {
      const { year: chosen } = request.params as { year: number };
      await saveBudget(request.tenant, chosen, request.body as BudgetInput);
      return { status_msg: BUDGET_SAVED, budget: await budgetYear(request.tenant, chosen) };
    },
  );
}
