import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import * as yup from 'yup';
import {
  checkoutAnswer,
  expressStatusAnswer,
  GIVING_CODE,
  GIVING_PROMPTS_PER_ADDRESS_PER_HOUR,
  GIVING_PROMPTS_PER_PHONE_PER_HOUR,
  givingPage,
  type CheckoutAnswer,
  type ExpressStatusAnswer,
  type GiveRequest,
  type GivingPage,
} from '@ushirika/shared/contract';
import { MAX_ID, textInput } from '@ushirika/shared/validation';
import type { Actor } from '../../../activity/record';
import { needs } from '../../../auth/permissions';
import { clientAddress } from '../../../auth/rate-limits';
import type { Database } from '../../../db/schema';
import { TenantScope } from '../../../db/tenant-scope';
import { HttpError, notFound } from '../../../http/errors';
import { NO_AUTH } from '../../../http/openapi';
import { bodyFrom, failures, jsonSchemaOf, validatedBy, type JsonSchema } from '../../../http/schema';
import { accountTypesFor } from '../../ledger-records';
import type { DarajaDeps } from '../daraja-api';
import { CHECKOUT_REQUEST_ID } from './stk-callback';
import { AMOUNT_NOT_WHOLE, answeringNotSent, FUND_REFUSED, PHONE_REFUSED, requestStatus, sendPrompt, shillings } from './requests';

/*
 * The public giving page's API (issue 29; shared/src/contract/giving.ts), without a token: `GET /give/{code}` (the
 * partner's name, the funds its treasurer opened for giving, the amounts allowed), `POST /give/{code}` (an M-Pesa
 * Express prompt to the phone given: ./requests.ts) and `GET /give/{code}/{checkoutRequestId}` (what the prompt came
 * to, followed by the page). The partner is the giving code's; a prompt is only ever one of its.
 *
 * Protected against being used to send prompts to strangers: at most GIVING_PROMPTS_PER_PHONE_PER_HOUR prompts per
 * phone number (whichever partner's page sends them) and GIVING_PROMPTS_PER_ADDRESS_PER_HOUR per client address, an
 * hour, counted once a prompt is valid and can be sent (429 with words and Retry-After); no amount outside the
 * partner's (400). The numbers are counted by a keyed digest: the limits' store holds no phone number. A prompt's
 * `request` event is the public's: the system, from the caller's address.
 */

const TAG = 'Giving';
const HOUR_MS = 3_600_000;
/** A giving request is three short fields. */
const BODY_LIMIT_BYTES = 2048;

export const NO_GIVING_PAGE = 'No giving page at this address';
export const NO_SUCH_PROMPT = 'No such payment prompt on this giving page';
export const TOO_MANY_FOR_PHONE = 'Too many M-Pesa prompts were sent to this number in the last hour. Please try again later.';
export const TOO_MANY_FROM_ADDRESS = 'Too many M-Pesa prompts were sent from this network in the last hour. Please try again later.';

/** Who sends a giving page's prompt: a member of the public, from this address (the activity log's `system` with the address). */
export const givingPageActor = (address: string): Actor => ({ type: 'system', userId: null, address: address.slice(0, 64) });

export const giveSchema = yup.object({
  fund: yup.number().typeError(FUND_REFUSED).integer(FUND_REFUSED).min(1, FUND_REFUSED).max(MAX_ID, FUND_REFUSED).required(FUND_REFUSED),
  amount: textInput('amount').max(20, AMOUNT_NOT_WHOLE).required(AMOUNT_NOT_WHOLE),
  phone: textInput('phone').max(40, PHONE_REFUSED).required(PHONE_REFUSED),
});

const codeParams: JsonSchema = validatedBy(
  {
    type: 'object',
    required: ['code'],
    properties: { code: { type: 'string', description: "The partner's giving code (Settings → M-Pesa), e.g. grace", example: 'grace' } },
  },
  (params) => {
    const code = String((params as Record<string, unknown> | null)?.code ?? '').toLowerCase();
    if (!GIVING_CODE.test(code)) throw notFound(NO_GIVING_PAGE);
    return { code };
  },
);

const statusParams: JsonSchema = validatedBy(
  {
    type: 'object',
    required: ['code', 'checkoutRequestId'],
    properties: {
      code: { type: 'string', description: "The partner's giving code" },
      checkoutRequestId: { type: 'string', description: 'What POST /give/{code} answered', example: 'ws_CO_191220191020363925' },
    },
  },
  (params) => {
    const given = (params as Record<string, unknown> | null) ?? {};
    const code = String(given.code ?? '').toLowerCase();
    if (!GIVING_CODE.test(code)) throw notFound(NO_GIVING_PAGE);
    const checkoutRequestId = String(given.checkoutRequestId ?? '');
    if (!CHECKOUT_REQUEST_ID.test(checkoutRequestId)) throw notFound(NO_SUCH_PROMPT);
    return { code, checkoutRequestId };
  },
);

export interface GivingRouteOptions {
  db: Kysely<Database>;
  daraja: DarajaDeps;
}

export async function givingRoutes(app: FastifyInstance, { db, daraja }: GivingRouteOptions): Promise<void> {
  /** The partner whose giving page `code` is: 404 NO_GIVING_PAGE when none. */
  async function partnerOf(code: string) {
    const partner = await db.selectFrom('partners').select(['id', 'name', 'giving_min_amount', 'giving_max_amount']).where('giving_code', '=', code).executeTakeFirst();
    if (!partner) throw notFound(NO_GIVING_PAGE);
    return partner;
  }

  // The limits' store (auth/rate-limits.ts): this process's memory, or PostgreSQL's shared by every process.
  const digestKey = createHmac('sha256', daraja.secretsKey).update('ushirika giving-page limits').digest();
  const promptedPhone = new WeakMap<FastifyRequest, string>();
  const byAddress = app.createRateLimit({
    max: GIVING_PROMPTS_PER_ADDRESS_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `giving:ip:${clientAddress(request)}`,
  });
  const byPhone = app.createRateLimit({
    max: GIVING_PROMPTS_PER_PHONE_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) =>
      `giving:phone:${createHmac('sha256', digestKey)
        .update(promptedPhone.get(request) ?? '')
        .digest('base64url')
        .slice(0, 22)}`,
  });
  async function count(limit: typeof byAddress, request: FastifyRequest, reply: FastifyReply, text: string) {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    throw new HttpError(429, text);
  }

  app.get(
    '/give/:code',
    {
      ...needs('public'),
      schema: {
        tags: [TAG],
        summary: "A partner's giving page: its name, the funds open for giving, the amounts allowed",
        security: NO_AUTH,
        params: codeParams,
        response: { 200: { description: 'The giving page', ...jsonSchemaOf(givingPage, 'output') }, 404: { ...failures(404)[404], description: NO_GIVING_PAGE } },
      },
    },
    async (request): Promise<GivingPage> => {
      const partner = await partnerOf((request.params as { code: string }).code);
      const scope = new TenantScope(db, partner.id);
      const funds = await scope
        .selectFrom('accounts')
        .select(['id', 'name'])
        .where('open_for_giving', '=', true)
        .where('type', 'in', await accountTypesFor(scope, 'income'))
        .orderBy('name')
        .orderBy('id')
        .execute();
      return { partner: { name: partner.name }, funds, minAmount: shillings(partner.giving_min_amount), maxAmount: shillings(partner.giving_max_amount) };
    },
  );

  app.post(
    '/give/:code',
    {
      ...needs('public'),
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: [TAG],
        summary: 'Give: an M-Pesa Express prompt to this phone, for this fund and amount',
        description: `The payer's phone shows the prompt; the page then follows GET /give/{code}/{checkoutRequestId}. At most ${GIVING_PROMPTS_PER_PHONE_PER_HOUR} prompts per phone number and ${GIVING_PROMPTS_PER_ADDRESS_PER_HOUR} per address an hour.`,
        security: NO_AUTH,
        params: codeParams,
        body: { ...bodyFrom(giveSchema), examples: [{ fund: 3, amount: '500', phone: '0712345678' }] },
        response: {
          200: { description: 'The prompt was sent: follow it by its CheckoutRequestID', ...jsonSchemaOf(checkoutAnswer, 'output') },
          400: { ...failures(400)[400], description: 'A fund not open for giving, an amount not in whole shillings or outside the partner’s, or not an M-Pesa number' },
          404: { ...failures(404)[404], description: NO_GIVING_PAGE },
          413: failures(413)[413],
          429: { ...failures(429)[429], description: 'Too many prompts to this number, or from this address, in the last hour: see Retry-After' },
          502: { ...failures(502)[502], description: "M-Pesa refused the prompt: Daraja's words" },
          503: { ...failures(503)[503], description: 'M-Pesa prompts cannot be sent for this partner now (no Daraja credentials, or no address for the answer)' },
        },
      },
    },
    async (request, reply): Promise<CheckoutAnswer | FastifyReply> => {
      const partner = await partnerOf((request.params as { code: string }).code);
      const body = request.body as GiveRequest;
      return answeringNotSent(reply, () =>
        sendPrompt(db, daraja, {
          tenantId: partner.id,
          account: body.fund,
          amount: body.amount,
          phone: body.phone,
          origin: 'giving-page',
          actor: givingPageActor(request.ip),
          beforeSending: async ({ phone }) => {
            await count(byAddress, request, reply, TOO_MANY_FROM_ADDRESS);
            promptedPhone.set(request, phone);
            await count(byPhone, request, reply, TOO_MANY_FOR_PHONE);
          },
        }),
      );
    },
  );

  app.get(
    '/give/:code/:checkoutRequestId',
    {
      ...needs('public'),
      schema: {
        tags: [TAG],
        summary: 'What a giving page prompt came to: waiting, paid, cancelled, timeout or failed',
        security: NO_AUTH,
        params: statusParams,
        response: {
          200: { description: "The prompt's status", ...jsonSchemaOf(expressStatusAnswer, 'output') },
          404: { ...failures(404)[404], description: `${NO_GIVING_PAGE}, or ${NO_SUCH_PROMPT.toLowerCase()}` },
        },
      },
    },
    async (request): Promise<ExpressStatusAnswer> => {
      const { code, checkoutRequestId } = request.params as { code: string; checkoutRequestId: string };
      const partner = await partnerOf(code);
      const status = await requestStatus(new TenantScope(db, partner.id), checkoutRequestId, 'giving-page');
      if (status === undefined) throw notFound(NO_SUCH_PROMPT);
      return { status };
    },
  );
}
