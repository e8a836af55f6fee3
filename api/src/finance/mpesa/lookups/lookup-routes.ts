import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LOOKUPS_PATH, lookupRow, type ErrorBody } from '@ushirika/shared/contract';
import { needs } from '../../../auth/permissions';
import type { Database } from '../../../db/schema';
import { listAnswer, type ListParams } from '../../../http/list-query';
import { errorBodySchema, failures, jsonSchemaOf, listOf, listQuerySchema, validatedBy } from '../../../http/schema';
import type { DarajaDeps } from '../daraja-api';
import { listLookups, lookUpPayment, readTransId } from './lookups';

/**
 * Looking up a payment a member reports by its M-Pesa code (issue 29.4; ./lookups.ts), behind the tenant hook, for
 * those who allocate M-Pesa payments (finance.allocate). `POST /mpesa/lookups` writes one `look_up` event on the
 * look-up; the result callback writes its `receive` (./status-callback.ts). Listing writes none.
 */

const TAG = 'Finance';

export interface LookupRouteOptions {
  db: Kysely<Database>;
  daraja: DarajaDeps;
}

const lookupBody = validatedBy(
  {
    type: 'object',
    required: ['transId'],
    properties: {
      transId: {
        type: 'string',
        pattern: '^[A-Za-z0-9]{1,40}$',
        description: 'The M-Pesa code from the SMS (the receipt number), read without case',
        example: 'TK60708BHZ',
      },
    },
    examples: [{ transId: 'TK60708BHZ' }],
  },
  (body) => ({ transId: readTransId(typeof body === 'object' && body !== null ? (body as { transId?: unknown }).transId : undefined) }),
);

const failure = (description: string) => ({ ...errorBodySchema, description });

export async function mpesaLookupRoutes(app: FastifyInstance, { db, daraja }: LookupRouteOptions): Promise<void> {
  app.post(
    `/${LOOKUPS_PATH}`,
    {
      ...needs('finance.allocate'),
      schema: {
        tags: [TAG],
        summary: 'Look up a payment a member reports by its M-Pesa code (Daraja Transaction Status)',
        description:
          "A code already in the partner's M-Pesa list is answered at once, `found`. Otherwise Safaricom is asked from the partner's first short code and the look-up is `waiting` until its result arrives (a callback): `found` (the payment is stored in the M-Pesa list, waiting for a person to allocate it), `not-found` or `failed`, with Safaricom's words.",
        body: lookupBody,
        response: {
          201: { description: 'The look-up as stored', ...jsonSchemaOf(lookupRow, 'output') },
          ...failures(400, 401, 403),
          409: failure(
            'Nothing was asked: the partner has no paybill or till, no Daraja credentials or no Transaction Status initiator (set in Settings → M-Pesa), or the server no public address (PUBLIC_URL). The words say which.',
          ),
          502: failure('Safaricom refused the look-up or could not be reached: it is stored `failed`, and the words say what failed'),
        },
      },
    },
    async (request, reply) => {
      const { transId } = request.body as { transId: string };
      const { lookup, failure: words } = await lookUpPayment(db, daraja, {
        tenantId: request.tenant.tenantId,
        transId,
        requestedBy: request.userId,
        actor: request.tenant.actor,
      });
      if (words !== undefined) return reply.code(502).send({ status_msg: words } satisfies ErrorBody);
      return reply.code(201).send(lookup);
    },
  );

  app.get(
    `/${LOOKUPS_PATH}`,
    {
      ...needs('finance.allocate'),
      schema: {
        tags: [TAG],
        summary: 'List the look-ups of reported M-Pesa codes, newest first',
        querystring: listQuerySchema,
        response: { 200: listOf('lookups', lookupRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('lookups', await listLookups(request.tenant, request.query as ListParams)),
  );
}
