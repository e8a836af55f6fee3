import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import * as yup from 'yup';
import { checkoutAnswer, EXPRESS_PATH, expressRequestRow, type CheckoutAnswer, type ExpressRequestRow, type PaymentRequest } from '@ushirika/shared/contract';
import { CONTACT_CHOICE_INVALID, MAX_ID, textInput } from '@ushirika/shared/validation';
import { needs } from '../../../auth/permissions';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { listAnswer, type ListParams } from '../../../http/list-query';
import { bodyFrom, failures, jsonSchemaOf, listOf, listQuerySchema, validatedBy, type JsonSchema } from '../../../http/schema';
import type { DarajaDeps } from '../daraja-api';
import { CHECKOUT_REQUEST_ID } from './stk-callback';
import { AMOUNT_NOT_WHOLE, answeringNotSent, findRequest, listRequests, PHONE_REFUSED, REQUEST_NOT_FOUND, sendPrompt } from './requests';
import { INCOME_ACCOUNT_REFUSED } from '../../ledger-records';

/*
 * Staff's M-Pesa Express prompts (issue 29): 'Request payment' on a contact's page sends a prompt to the contact's
 * number (or another) for one of the partner's income accounts, and staff follow it; all finance.record. The prompt
 * is checked, stored and sent as the giving page's is (./requests.ts), without its limits, for any whole amount M-Pesa
 * takes; its `request` event is the staff member's, and the income its callback makes is linked to the contact.
 */

const TAG = 'Finance';

export const paymentRequestSchema = yup.object({
  fund: yup
    .number()
    .typeError(INCOME_ACCOUNT_REFUSED)
    .integer(INCOME_ACCOUNT_REFUSED)
    .min(1, INCOME_ACCOUNT_REFUSED)
    .max(MAX_ID, INCOME_ACCOUNT_REFUSED)
    .required(INCOME_ACCOUNT_REFUSED),
  amount: textInput('amount').max(20, AMOUNT_NOT_WHOLE).required(AMOUNT_NOT_WHOLE),
  /** '' (or none) with a memberId: the contact's own number. */
  phone: textInput('phone').max(40, PHONE_REFUSED).default(''),
  memberId: yup
    .number()
    .typeError(CONTACT_CHOICE_INVALID)
    .integer(CONTACT_CHOICE_INVALID)
    .min(1, CONTACT_CHOICE_INVALID)
    .max(MAX_ID, CONTACT_CHOICE_INVALID)
    .nullable()
    .optional(),
});

const checkoutParams: JsonSchema = validatedBy(
  {
    type: 'object',
    required: ['checkoutRequestId'],
    properties: { checkoutRequestId: { type: 'string', description: "Daraja's CheckoutRequestID of the prompt", example: 'ws_CO_191220191020363925' } },
  },
  (params) => {
    const checkoutRequestId = String((params as Record<string, unknown> | null)?.checkoutRequestId ?? '');
    if (!CHECKOUT_REQUEST_ID.test(checkoutRequestId)) throw notFound(REQUEST_NOT_FOUND);
    return { checkoutRequestId };
  },
);

export interface ExpressRouteOptions {
  db: Kysely<Database>;
  daraja: DarajaDeps;
}

export async function expressRoutes(app: FastifyInstance, { db, daraja }: ExpressRouteOptions): Promise<void> {
  app.post(
    `/${EXPRESS_PATH}`,
    {
      ...needs('finance.record'),
      bodyLimit: 2048,
      schema: {
        tags: [TAG],
        summary: "Request payment: an M-Pesa Express prompt to a contact's (or any) M-Pesa number, for an income account",
        body: { ...bodyFrom(paymentRequestSchema), examples: [{ fund: 3, amount: '1000', phone: '', memberId: 12 }] },
        response: {
          200: { description: 'The prompt was sent: follow it by its CheckoutRequestID', ...jsonSchemaOf(checkoutAnswer, 'output') },
          ...failures(400, 401, 403),
          502: { ...failures(502)[502], description: "M-Pesa refused the prompt: Daraja's words" },
          503: { ...failures(503)[503], description: 'M-Pesa prompts cannot be sent for this partner now (no Daraja credentials, or no address for the answer)' },
        },
      },
    },
    async (request, reply): Promise<CheckoutAnswer | FastifyReply> => {
      const body = request.body as PaymentRequest;
      return answeringNotSent(reply, () =>
        sendPrompt(db, daraja, {
          tenantId: request.tenant.tenantId,
          account: body.fund,
          amount: body.amount,
          phone: body.phone ?? '',
          memberId: body.memberId ?? null,
          origin: 'staff',
          requestedBy: request.userId,
          actor: request.tenant.actor,
        }),
      );
    },
  );

  app.get(
    `/${EXPRESS_PATH}/:checkoutRequestId`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: 'An M-Pesa Express prompt: what it came to, its receipt number and income once paid',
        params: checkoutParams,
        response: { 200: { description: 'The prompt', ...jsonSchemaOf(expressRequestRow, 'output') }, ...failures(401, 403, 404) },
      },
    },
    async (request): Promise<ExpressRequestRow> => {
      const row = await findRequest(request.tenant, (request.params as { checkoutRequestId: string }).checkoutRequestId);
      if (!row) throw notFound(REQUEST_NOT_FOUND);
      return row;
    },
  );

  app.get(
    `/${EXPRESS_PATH}`,
    {
      ...needs('finance.record'),
      schema: {
        tags: [TAG],
        summary: "The partner's M-Pesa Express prompts, newest first (the giving page's and staff's)",
        querystring: listQuerySchema,
        response: { 200: listOf('requests', expressRequestRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('requests', await listRequests(request.tenant, request.query as ListParams)),
  );
}
