import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@ushirika/shared/contract';
import { isDatabaseUnavailable, isUnstorableValue } from '../db/errors';

/**
 * A failure the caller should see: its message becomes `status_msg`. Throw it from any route. `details`: more
 * fields of the answer beside `status_msg` (a stale save's who and when), which the route's schema documents.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A multipart body that cannot be read at all: no boundary, a malformed part, a body cut short. */
export const UNREADABLE_FORM = 'The form could not be read: the upload is incomplete or malformed. Please try again.';

const SERVER_FAILURE = 'Something went wrong on the server. Please try again.';
export const DATABASE_UNAVAILABLE = 'The database is not reachable just now. Please try again in a moment.';
const UNSTORABLE_VALUE = 'A value is too long, out of range or contains characters that cannot be saved. Please check what you typed.';

/**
 * Every failure answers `{ status_msg }` (spec 8 shows it in the 'Error!' dialog): our own HttpErrors,
 * Fastify's client errors (bad JSON, body too large) with their message, and anything else as a
 * plain 500 whose details go to the log, never to the caller. Validation failures come here too (4xx,
 * `error.validationContext` set): our route schemas' checks (./schema.ts) fail with the yup schema's
 * message or the resource's not-found text, sent as it is; only Ajv's messages (plain JSON schemas, e.g.
 * the login body) carry Fastify's part prefix ("body must have required property 'password'").
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    // A download that failed half-way (a statement, the contacts export) has set its file's headers already:
    // the answer is JSON whatever the route meant to send.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ErrorBody = { ...(error instanceof HttpError ? error.details : undefined), status_msg: error.message };
      return reply.code(status).send(body);
    }
    if (isUnstorableValue(error)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.code(400).send({ status_msg: UNSTORABLE_VALUE } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status_msg: DATABASE_UNAVAILABLE } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ErrorBody = { status_msg: SERVER_FAILURE };
    return reply.code(status >= 500 && status < 600 ? status : 500).send(body);
  });
}

const ROUTER_REFUSALS: Record<string, [status: number, message: string]> = {
  FST_ERR_BAD_URL: [400, 'The address of the request is not valid.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address of the request is too long.'],
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route, hook or error handler runs (a
 * path part over 100 characters, a malformed %-escape) is answered like every other failure, `{ status_msg }`.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = ROUTER_REFUSALS[error.code] ?? [500, SERVER_FAILURE];
  if (status >= 500) request.log.error({ err: error }, 'request failed in the router');
  void reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ status_msg: message } satisfies ErrorBody);
}

export function notFoundBody(method: string, url: string): ErrorBody {
  return { status_msg: `Not found: ${method} ${url.split('?', 1)[0]}` };
}
