import type { FastifyInstance } from 'fastify';
import {
  ALLOCATE_PATH,
  allocationResult,
  billRefRuleRow,
  billRefRulesEndpoint,
  onlineTransactionRow,
  onlineTransactionsEndpoint,
  UNALLOCATED_TRANSACTIONS_PATH,
  type AllocationResult,
} from '@ushirika/shared/contract';
import { allocationSchema, billRefRuleSchema, type AllocationInput, type BillRefRuleInput } from '@ushirika/shared/validation';
import { changesBetween, createdValues, recordActivity } from '../../activity/record';
import type { TenantScope } from '../../db/tenant-scope';
import { deleteRoute } from '../../http/delete-route';
import { HttpError, notFound } from '../../http/errors';
import { listAnswer, type ListParams } from '../../http/list-query';
import { refusingViolations } from '../../http/route-helpers';
import { bodyFrom, failures, idParams, jsonSchemaOf, listOf, listQuerySchema, recordOf, savedOf, staleOrDuplicate, withVersion } from '../../http/schema';
import { savingVersion } from '../../db/record-versions';
import type { FinanceRouteOptions } from '../routes';
import { mpesaPaymentsAllocated } from '../../metrics/registry';
import { accountTypesFor, INCOME_ACCOUNT_REFUSED, requireAccount } from '../ledger-records';
import { ALLOCATION_CONFLICT, allocatePayments } from './allocation';
import { billRefRuleQueries, deleteBillRefRule, RULE_DELETED, RULE_DUPLICATE, RULE_NOT_FOUND } from './bill-ref-rules';
import { listTransactions } from './transactions';
import { needs } from '../../auth/permissions';

/**
 * M-Pesa payments behind the tenant hook (spec 3, 7; issue 9): the payments that arrived through the C2B
 * callbacks (./callbacks.ts), all or those waiting for an account; their allocation by a person; and the
 * BillRefNumber rules that allocate them as they arrive (ours). Every change writes its activity event in its
 * transaction: one `allocate` per income (./allocation.ts), a rule's `create`, `update` (the fields that changed)
 * and `delete`.
 */

const TAG = 'Finance';

/** The account income from M-Pesa may go to: one of the partner's income accounts (CR; ROOT too for etracker). */
async function incomeAccount(scope: TenantScope, id: number) {
  return requireAccount(scope, id, await accountTypesFor(scope, 'income'), INCOME_ACCOUNT_REFUSED);
}

/** "12, 40,41" -> [12, 40, 41] (the schema has checked the form). */
const idsOf = (selectedRecords: string) => selectedRecords.split(',').map((id) => Number(id.trim()));

export async function mpesaRoutes(app: FastifyInstance, { mpesaHashForms }: FinanceRouteOptions): Promise<void> {
  // ---------------------------------------------------------------------------------------------
  // Payments

  const transactions = { 200: listOf(onlineTransactionsEndpoint.plural, onlineTransactionRow), ...failures(400, 401, 403) };
  const list = (unallocatedOnly: boolean) => async (request: { tenant: TenantScope; query: unknown }) => {
    const page = await listTransactions(request.tenant, request.query as ListParams, unallocatedOnly);
    return listAnswer('transactions', page);
  };
  app.get(
    `/${onlineTransactionsEndpoint.path}`,
    { ...needs('finance.allocate'), schema: { tags: [TAG], summary: 'List M-Pesa payments, latest first', querystring: listQuerySchema, response: transactions } },
    list(false),
  );
  app.get(
    `/${UNALLOCATED_TRANSACTIONS_PATH}`,
    {
      ...needs('finance.allocate'),
      schema: { tags: [TAG], summary: 'List the M-Pesa payments waiting for an account, latest first', querystring: listQuerySchema, response: transactions },
    },
    list(true),
  );

  const allocate = {
    tags: [TAG],
    summary: 'Allocate M-Pesa payments to an income account: one income record each, all or none',
    body: { ...bodyFrom(allocationSchema), examples: [{ account: 3, selectedRecords: '12,40,41' }] },
    response: {
      200: { description: 'Allocated: one income record per payment, in the order selected', ...jsonSchemaOf(allocationResult, 'output') },
      ...failures(400, 401, 403),
      409: {
        ...failures(409)[409],
        properties: {
          ...(failures(409)[409]!.properties as object),
          closedMonth: { type: 'string', description: 'The closed month (YYYY-MM) a payment is dated in, when that is the refusal' },
        },
        description: 'A selected payment is allocated already, unknown or not the partner’s, or dated in a closed month (`closedMonth`: YYYY-MM): nothing was allocated',
      },
    },
  };
  app.post(`/${ALLOCATE_PATH}`, { ...needs('finance.allocate'), schema: allocate }, async (request): Promise<AllocationResult> => {
    const input = request.body as AllocationInput;
    const account = await incomeAccount(request.tenant, input.account);
    const incomeIds = await refusingViolations({ duplicate: ALLOCATION_CONFLICT }, () =>
      request.tenant.transaction((trx) =>
        allocatePayments(trx, account.id, idsOf(input.selectedRecords), { by: 'staff', userId: request.userId, hashForms: mpesaHashForms }),
      ),
    );
    // Counted once committed (GET /metrics). Ids only: the payers' names and numbers stay out of the log.
    mpesaPaymentsAllocated.inc({ by: 'staff' }, incomeIds.length);
    request.log.info({ account: account.id, allocated: incomeIds.length }, 'M-Pesa payments allocated');
    return { status_msg: onlineTransactionsEndpoint.savedText, allocated: incomeIds.length, incomeIds };
  });

  // ---------------------------------------------------------------------------------------------
  // BillRefNumber rules

  const { path, plural, singular, savedText } = billRefRulesEndpoint;
  const ruleBody = { ...bodyFrom(billRefRuleSchema), examples: [{ billRef: 'TITHE', account: 3 }] };
  const ruleChangeBody = { ...bodyFrom(withVersion(billRefRuleSchema)), examples: [{ billRef: 'TITHE', account: 3, version: 1 }] };
  const saved = savedOf(singular, billRefRuleRow);
  const ruleTexts = { duplicate: RULE_DUPLICATE, unknownReference: INCOME_ACCOUNT_REFUSED };

  async function answer(scope: TenantScope, id: number) {
    const rule = await billRefRuleQueries.find(scope, id);
    if (!rule) throw new HttpError(500, 'The saved rule could not be read back');
    return { status_msg: savedText, [singular]: rule };
  }

  app.get(
    `/${path}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: 'List BillRefNumber rules, newest first',
        querystring: listQuerySchema,
        response: { 200: listOf(plural, billRefRuleRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await billRefRuleQueries.list(request.tenant, request.query as ListParams);
      return listAnswer('rules', page);
    },
  );

  app.post(
    `/${path}`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: 'Add a BillRefNumber rule: matching payments are allocated to its account as they arrive',
        body: ruleBody,
        response: { 201: saved, ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const input = request.body as BillRefRuleInput;
      await incomeAccount(request.tenant, input.account);
      const id = await refusingViolations(ruleTexts, () =>
        request.tenant.transaction(async (trx) => {
          const id = await billRefRuleQueries.insert(trx, input);
          await recordActivity(trx, { action: 'create', entity: 'bill_ref_rule', entityId: id, changes: createdValues((await billRefRuleQueries.find(trx, id)) ?? {}) });
          return id;
        }),
      );
      return reply.code(201).send(await answer(request.tenant, id));
    },
  );

  app.get(
    `/${path}/:id`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: 'One BillRefNumber rule, with its version (what the edit screen opens)',
        params: idParams(RULE_NOT_FOUND),
        response: { 200: recordOf(singular, billRefRuleRow), ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const rule = await billRefRuleQueries.find(request.tenant, (request.params as { id: number }).id);
      if (!rule) throw notFound(RULE_NOT_FOUND);
      return { [singular]: rule };
    },
  );

  app.put(
    `/${path}/:id`,
    {
      ...needs('finance.manage'),
      schema: {
        tags: [TAG],
        summary: 'Change a BillRefNumber rule, over the version its form was read at',
        params: idParams(RULE_NOT_FOUND),
        body: ruleChangeBody,
        response: { 200: saved, ...failures(400, 401, 403, 404), 409: staleOrDuplicate },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { version, ...input } = request.body as BillRefRuleInput & { version?: number };
      await incomeAccount(request.tenant, input.account);
      const change = { userId: request.userId, version };
      const changed = await refusingViolations(ruleTexts, () =>
        savingVersion(request.tenant, 'bill_ref_rules', id, change, async (trx) => {
          const before = await billRefRuleQueries.find(trx, id);
          if (!(await billRefRuleQueries.update(trx, id, input))) return false;
          const after = await billRefRuleQueries.find(trx, id);
          await recordActivity(trx, { action: 'update', entity: 'bill_ref_rule', entityId: id, changes: changesBetween(before, after) });
          return true;
        }),
      );
      if (!changed) throw notFound(RULE_NOT_FOUND);
      return answer(request.tenant, id);
    },
  );

  deleteRoute(app, {
    path,
    tag: TAG,
    permission: 'finance.manage',
    summary: 'Delete a BillRefNumber rule: payments already allocated keep their account',
    notFound: RULE_NOT_FOUND,
    deleted: RULE_DELETED,
    entity: 'bill_ref_rule',
    find: billRefRuleQueries.find,
    remove: deleteBillRefRule,
  });
}
