import fastifyJwt from '@fastify/jwt';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_MPESA_CALLBACK_PREFIX, type Config } from './config';
import { loggableError } from './db/errors';
import type { Database } from './db/schema';
import { loginRoutes } from './auth/routes';
import { decorateTenant, requireTenant } from './auth/tenant-hook';
import { contactRoutes } from './contacts/routes';
import { mpesaCallbackRoutes } from './finance/mpesa/callbacks';
import { financeRoutes } from './finance/routes';
import { notFoundBody, registerErrorHandling } from './http/errors';
import { healthRoutes } from './http/health';
import { registerOpenApi } from './http/openapi';
import { registerSchemaValidation } from './http/schema';
import { crudRoutes } from './http/crud-routes';
import { meetingRoutes } from './meetings/routes';
import { smsCallbackRoutes } from './messaging/callbacks';
import { messageConfigs } from './messaging/message-configs';
import { noNudge, type OutboxNudge } from './messaging/outbox/nudge';
import { messagingRoutes } from './messaging/routes';
import { isSpaRoute, registerWeb, sendSpaIndex } from './web/static';

export type AppConfig = Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'webRoot'> & Partial<Pick<Config, 'smsCallbackSecret' | 'mpesaCallbackPrefix'>>;

export interface AppOptions {
  db: Kysely<Database>;
  config: AppConfig;
  /** pino options; tests pass false. */
  logger?: boolean | { level: string };
  /** The outbox worker of this process, woken when messages are queued; none by default. */
  outbox?: OutboxNudge;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** The whole HTTP application, not listening: main.ts listens, tests `inject`. */
export async function buildApp({ db, config, logger = true, outbox = noNudge }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: logger && {
      ...(typeof logger === 'object' ? logger : {}),
      // Database errors carry their query's parameters: only the SQLSTATE and names are logged (db/errors.ts).
      serializers: { err: loggableError },
      redact: {
        paths: ['req.headers.authorization', 'req.body.password', '*.password', 'password', 'access_token', '*.access_token'],
        censor: '[redacted]',
      },
    },
  });
  registerErrorHandling(app);
  decorateTenant(app);
  await app.register(fastifyJwt, { secret: config.jwtSecret });
  // Before any route: route schemas get our validator compiler, and the OpenAPI document sees every route.
  registerSchemaValidation(app);
  await registerOpenApi(app);

  await app.register(healthRoutes, { prefix: '/api/v2', db });
  await app.register(loginRoutes, { prefix: '/api/v2', db, tokenTtlSeconds: config.tokenTtlSeconds });
  // The SMS gateway's callbacks carry no token: a secret in their path guards them.
  await app.register(smsCallbackRoutes, { prefix: '/api/v2', db, secret: config.smsCallbackSecret });
  // M-Pesa's C2B callbacks carry no token either: the partner is found by the secret in their path.
  await app.register(mpesaCallbackRoutes, { prefix: config.mpesaCallbackPrefix ?? DEFAULT_MPESA_CALLBACK_PREFIX, db });
  // Every route of this plugin needs a valid token and reads the tenant from it: each area's routes go here.
  await app.register(
    async (api) => {
      api.addHook('onRequest', requireTenant(app, db));
      await api.register(meetingRoutes, { db });
      await api.register(contactRoutes, { db });
      await api.register(crudRoutes(messageConfigs));
      await api.register(messagingRoutes, { db, outbox });
      await api.register(financeRoutes, { db, outbox });
    },
    { prefix: '/api/v2' },
  );

  const hostDist = config.webRoot ? await registerWeb(app, config.webRoot) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (hostDist && isSpaRoute(request.method, request.url)) return sendSpaIndex(reply, hostDist);
    return reply.code(404).send(notFoundBody(request.method, request.url));
  });
  return app;
}
