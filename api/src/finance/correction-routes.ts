import type { FastifyInstance } from 'fastify';
import { expenseRow, expensesEndpoint, incomeRow, incomesEndpoint, reversePath, type Expense, type Income, type SaveResponse } from '@ushirika/shared/contract';
import { expenseSchema, incomeSchema, reversalSchema, type ExpenseInput, type IncomeInput, type ReversalInput } from '@ushirika/shared/validation';
import { needs } from '../auth/permissions';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, notFound } from '../http/errors';
import { refusingViolations, validBody } from '../http/route-helpers';
import { bodyFrom, documentedBody, failures, idParams, savedOf, staleOrDuplicate, withVersion, type JsonSchema } from '../http/schema';
import type { OutboxNudge } from '../messaging/outbox/nudge';
import { partnerCountry } from '../partners/queries';
import { accountsFor } from './accounts';
import { reverseExpense, reverseIncome, saveExpense, saveIncome, type CorrectionContext, type LedgerAnswer } from './corrections';
import { EXPENSE_NOT_FOUND, expenses } from './expenses';
import { INCOME_NOT_FOUND, incomes } from './incomes';
import { EXPENSE_ACCOUNT_REFUSED, INCOME_ACCOUNT_REFUSED } from './ledger-records';

/**
 * `PUT /income/{id}`, `POST /income/{id}/reverse` and the same for expenses (issue 26.3): the ledger's own saves,
 * which the CRUD factory leaves to it (corrections.ts). Every save is one transaction with its activity event.
 */

/** 409: a save over a newer version, a reversed or reversing entry, or a month closed (`closedMonth`). */
const conflicts: JsonSchema = {
  ...staleOrDuplicate,
  properties: {
    ...(staleOrDuplicate.properties as object),
    closedMonth: { type: 'string', description: 'The closed month (YYYY-MM) the change is dated in, when that is the refusal' },
  },
  description:
    'A save over a newer version of the record (changedBy, changedAt, version), an entry reversed or reversing (never corrected again), or a change dated in a closed month (closedMonth)',
} satisfies JsonSchema;

interface LedgerRoute<Input extends { account: number }, Row> {
  path: string;
  singular: string;
  row: Parameters<typeof savedOf>[1];
  notFound: string;
  accountRefused: string;
  direction: 'income' | 'expense';
  /** The form body with its version; validated before the handler, or in it when it needs the partner's country. */
  body: JsonSchema;
  input(scope: TenantScope, body: unknown): Promise<Input & { version?: number }>;
  save(scope: TenantScope, id: number, input: Input, context: CorrectionContext): Promise<LedgerAnswer<Row> | undefined>;
  reverse(scope: TenantScope, id: number, reason: string, context: CorrectionContext): Promise<LedgerAnswer<Row> | undefined>;
  example: Record<string, unknown>;
}

const incomeChange = withVersion(incomeSchema);
const expenseChange = withVersion(expenseSchema);

const incomeRoute: LedgerRoute<IncomeInput, Income> = {
  path: incomesEndpoint.path,
  singular: incomesEndpoint.singular,
  row: incomeRow,
  notFound: INCOME_NOT_FOUND,
  accountRefused: INCOME_ACCOUNT_REFUSED,
  direction: 'income',
  // Phones are read in the partner's country: validated in the handler.
  body: documentedBody(incomeChange),
  input: async (scope, body) => validBody(incomeChange, body, { country: await scope.raw(partnerCountry) }),
  save: saveIncome,
  reverse: reverseIncome,
  example: { ...incomes.example, reason: 'Counted twice: 1,250 was 1,520', version: 1 },
};

const expenseRoute: LedgerRoute<ExpenseInput, Expense> = {
  path: expensesEndpoint.path,
  singular: expensesEndpoint.singular,
  row: expenseRow,
  notFound: EXPENSE_NOT_FOUND,
  accountRefused: EXPENSE_ACCOUNT_REFUSED,
  direction: 'expense',
  body: bodyFrom(expenseChange),
  input: async (_scope, body) => body as ExpenseInput & { version?: number },
  save: saveExpense,
  reverse: reverseExpense,
  example: { ...expenses.example, reason: 'The invoice was 4,300.50, not 3,400.50', version: 1 },
};

function ledgerRoutesOf<Input extends { account: number }, Row>(route: LedgerRoute<Input, Row>) {
  return async function routes(app: FastifyInstance, { outbox }: { outbox: OutboxNudge }) {
    const tags = ['Finance'];
    const params = idParams(route.notFound);
    const saved = savedOf(route.singular, route.row);

    /** Runs a save, then wakes the outbox once it has committed a message; answers `{ status_msg, <singular> }` or 404. */
    async function answered(userId: number, version: number | undefined, run: (context: CorrectionContext) => Promise<LedgerAnswer<Row> | undefined>) {
      let queued = false;
      const answer = await refusingViolations({ unknownReference: route.accountRefused }, () => run({ userId, version, queued: () => void (queued = true) }));
      if (queued) outbox.wake();
      if (answer === undefined) throw notFound(route.notFound);
      return { status_msg: answer.status_msg, [route.singular]: answer.record } as SaveResponse<string, Row>;
    }

    app.put(
      `/${route.path}/:id`,
      {
        ...needs('finance.record'),
        schema: {
          tags,
          summary: `Change a ${route.singular}: text in place; a change of money is a correction (a reversing entry and a new one, with a reason), answered with the new entry`,
          params,
          body: { ...route.body, examples: [route.example] },
          response: { 200: saved, ...failures(400, 401, 403, 404), 409: conflicts },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const { version, ...input } = await route.input(request.tenant, request.body);
        if ((await accountsFor(route.direction).queries.find(request.tenant, input.account)) === undefined) throw badRequest(route.accountRefused);
        return answered(request.userId, version, (context) => route.save(request.tenant, id, input as unknown as Input, context));
      },
    );

    app.post(
      `/${reversePath(route.path as 'income' | 'expense', ':id')}`,
      {
        ...needs('finance.record'),
        schema: {
          tags,
          summary: `Reverse a ${route.singular} with nothing in its place, with a reason: answers the reversing entry`,
          params,
          body: { ...bodyFrom(withVersion(reversalSchema)), examples: [{ reason: 'Recorded twice', version: 1 }] },
          response: { 200: saved, ...failures(400, 401, 403, 404), 409: conflicts },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const { reason, version } = request.body as ReversalInput & { version?: number };
        return answered(request.userId, version, (context) => route.reverse(request.tenant, id, reason, context));
      },
    );
  };
}

/** The ledger's own saves of income and expenses, behind the tenant hook (finance.record). */
export const incomeCorrectionRoutes = ledgerRoutesOf(incomeRoute);
export const expenseCorrectionRoutes = ledgerRoutesOf(expenseRoute);
