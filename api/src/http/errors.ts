import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '@ushirika/shared/contract';

/** A failure the caller should see: its message becomes `status_msg`. Throw it from any route. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

const SERVER_FAILURE = 'Something went wrong on the server. Please try again.';

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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ErrorBody = { status_msg: error.message };
      return reply.code(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ErrorBody = { status_msg: SERVER_FAILURE };
    return reply.code(status >= 500 && status < 600 ? status : 500).send(body);
  });
}

export function notFoundBody(method: string, url: string): ErrorBody {
  return { status_msg: `Not found: ${method} ${url.split('?', 1)[0]}` };
}
