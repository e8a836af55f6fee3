import { createHash } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_MPESA_CALLBACK_LIMIT_PER_IP, DEFAULT_MPESA_CALLBACK_PREFIX, DEFAULT_MSISDN_HASH_FORMS, type Config } from './config';
import type { Database } from './db/schema';
import { activityRoutes } from './activity/routes';
import { accountRoutes } from './auth/account-routes';
import { registerRateLimits, UNCONFIGURED_RATE_LIMITS } from './auth/rate-limits';
import { loginRoutes } from './auth/routes';
import { meRoutes } from './auth/me';
import { passwordResetRoutes } from './auth/password-reset';
import { securityRoutes } from './auth/security-routes';
import { sessionRoutes } from './auth/session-routes';
import { twoStepRoutes } from './auth/two-step-routes';
import { authorize, requireDeclaredPermissions } from './auth/permissions';
import { decorateTenant, requireTenant } from './auth/tenant-hook';
import { jwtAlgorithmOptions } from './auth/tokens';
import { contactRoutes } from './contacts/routes';
import { mpesaCallbackPrefixes, mpesaCallbackRoutes } from './finance/mpesa/callbacks';
import { darajaDepsFrom } from './finance/mpesa/partner-daraja';
import { financeRoutes } from './finance/routes';
import { mpesaSetupRoutes } from './finance/mpesa/setup-routes';
import { expressRoutes } from './finance/mpesa/express/express-routes';
import { givingRoutes } from './finance/mpesa/express/giving-routes';
import { mpesaLookupRoutes } from './finance/mpesa/lookups/lookup-routes';
import { campaignMessageRoutes } from './finance/campaigns/message-routes';
import { registerConnectionDraining } from './http/draining';
import { answerRouterError, notFoundBody, registerErrorHandling } from './http/errors';
import { healthRoutes, probeRoutes } from './http/health';
import { registerJsonBodyParser } from './http/json-body';
import { logSerializers } from './http/log-serializers';
import { metricsRoutes, registerRequestMetrics } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import type { Lifecycle, WorkerExpectation } from './http/readiness';
import { registerSchemaValidation } from './http/schema';
import { registerCompression } from './http/compression';
import { registerSecurityHeaders } from './http/security-headers';
import { registerNoStore } from './http/no-store';
import { DEFAULT_HTTP_TIMEOUTS, httpTimeoutOptions } from './http/timeouts';
import { crudRoutes } from './http/crud-routes';
import { dashboardRoutes } from './dashboards/routes';
import { meetingRoutes } from './meetings/routes';
import { smsCallbackRoutes } from './messaging/callbacks';
import { messageConfigs } from './messaging/message-configs';
import { noNudge, type OutboxNudge } from './messaging/outbox/nudge';
import { messagingRoutes } from './messaging/routes';
import { readMetricsToken } from './operations-config';
import { invitationRoutes } from './staff/invitation-routes';
import { staffRoutes } from './staff/routes';
import { isSpaRoute, registerWeb, sendSpaIndex } from './web/static';

/** Without `remotesFile` (tests, benchmarks) no area is pinned: each runs its newest build. */
export type AppConfig = Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'webRoot'> &
  Partial<
    Pick<
      Config,
      | 'remotesFile'
      | 'smsCallbackSecret'
      | 'smsCallbackSources'
      | 'mpesaCallbackPrefix'
      | 'mpesaCallbackSources'
      | 'mpesaCallbackLimitPerIp'
      | 'mpesaMsisdnHashForms'
      | 'rateLimits'
      | 'trustProxy'
      | 'publicUrl'
      | 'httpTimeouts'
      | 'secretsKey'
      | 'darajaBaseUrl'
      | 'mpesaQueryAfterMs'
    >
  >;

export interface AppOptions {
  db: Kysely<Database>;
  config: AppConfig;
  /** pino options; tests pass false, or a stream to read what would be logged. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** The outbox worker of this process, woken when messages are queued; none by default. */
  outbox?: OutboxNudge;
  /** The clock the dashboards read "this week" at: the system's, or a test's. */
  now?: () => Date;
  /** /readyz and /metrics (operations-config.ts); by default no worker is required and METRICS_TOKEN is read from the environment. */
  operations?: OperationsOptions;
}

export interface OperationsOptions {
  /** Whether /readyz needs a fresh outbox worker heartbeat. */
  worker?: WorkerExpectation;
  /** Set by the shutdown (shutdown.ts) before it closes the app: /readyz answers 503 from then on. */
  lifecycle?: Lifecycle;
  metricsToken?: string | undefined;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** The whole HTTP application, not listening: main.ts listens, tests `inject`. */
export async function buildApp({ db, config, logger = true, outbox = noNudge, now = () => new Date(), operations = {} }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // Header, request, idle and keep-alive timeouts for slow mobile networks (http/timeouts.ts, docs/operations.md "Timeouts").
    ...httpTimeoutOptions(config.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS),
    // On close (shutdown.ts): idle keep-alive connections are closed at once, requests in flight finish, and a
    // request that still arrives on an open connection answers 503 with `Connection: close`. Fastify 5's
    // defaults, spelled out because graceful shutdown depends on them.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // What the router refuses (a path part over 100 characters, a malformed %-escape) answers { status_msg } too.
    frameworkErrors: answerRouterError,
    // The client's address (rate limits, logs) from X-Forwarded-For only behind the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy ?? false,
    logger: logger && {
      ...(typeof logger === 'object' ? logger : {}),
      // No personal data, token or secret in a log line: requests by route pattern, errors without parameters.
      serializers: logSerializers,
      redact: {
        paths: ['req.headers.authorization', 'req.body.password', '*.password', 'password', 'access_token', '*.access_token'],
        censor: '[redacted]',
      },
    },
  });
  // First of all hooks, so that every API answer (refusals by later hooks too) says Cache-Control: no-store.
  registerNoStore(app);
  registerErrorHandling(app);
  // JSON bodies nested deeper than any form are refused before they are parsed.
  registerJsonBodyParser(app);
  await registerSecurityHeaders(app);
  // Before any route, so its hooks wrap every answer.
  await registerCompression(app);
  decorateTenant(app);
  // Before any route: every /api route declares the permission it needs, or the app does not build (default deny).
  requireDeclaredPermissions(app);
  await app.register(fastifyJwt, { secret: config.jwtSecret, ...jwtAlgorithmOptions });
  // Every Daraja caller's configuration (issue 29): tests and benchmarks that pass no SECRETS_KEY seal with one derived from their JWT secret.
  const daraja = darajaDepsFrom({
    ...config,
    secretsKey: config.secretsKey ?? createHash('sha256').update(`ushirika-secrets:${config.jwtSecret}`).digest(),
  });
  const limits = await registerRateLimits(app, { db, config: config.rateLimits ?? UNCONFIGURED_RATE_LIMITS, keySecret: config.jwtSecret });
  // Before any route: route schemas get our validator compiler, and the OpenAPI document sees every route.
  registerSchemaValidation(app);
  await registerOpenApi(app);

  // Every request's latency by route pattern (GET /metrics), and answers sent while closing end their
  // connection (graceful shutdown): before any route, so their hooks see them all.
  registerRequestMetrics(app);
  registerConnectionDraining(app);
  // The probes and the metrics, at the root, without a token or a rate limit.
  await app.register(probeRoutes, { db, worker: operations.worker ?? 'optional', lifecycle: operations.lifecycle ?? { shuttingDown: false } });
  await app.register(metricsRoutes, { db, token: 'metricsToken' in operations ? operations.metricsToken : readMetricsToken(process.env) });
  await app.register(healthRoutes, { prefix: '/api/v2', db });
  await app.register(loginRoutes, { prefix: '/api/v2', db, tokenTtlSeconds: config.tokenTtlSeconds, limits });
  // A forgotten password: no token, a code by SMS.
  await app.register(passwordResetRoutes, { prefix: '/api/v2', db, limits, outbox, keySecret: config.jwtSecret });
  // A staff member's invitation link carries its own one-time secret: no token yet.
  await app.register(invitationRoutes, { prefix: '/api/v2', db });
  // The SMS gateway's callbacks carry no token: a secret in their path guards them.
  await app.register(smsCallbackRoutes, { prefix: '/api/v2', db, secret: config.smsCallbackSecret, sources: config.smsCallbackSources });
  // M-Pesa's C2B callbacks carry no token either: the partner is found by the secret in their path.
  for (const { prefix, documented } of mpesaCallbackPrefixes(config.mpesaCallbackPrefix ?? DEFAULT_MPESA_CALLBACK_PREFIX)) {
    await app.register(mpesaCallbackRoutes, {
      prefix,
      documented,
      db,
      sources: config.mpesaCallbackSources,
      unknownPerMinute: config.mpesaCallbackLimitPerIp ?? DEFAULT_MPESA_CALLBACK_LIMIT_PER_IP,
      hashForms: config.mpesaMsisdnHashForms ?? DEFAULT_MSISDN_HASH_FORMS,
    });
  }
  // The public giving pages (issue 29): no token, the partner is the giving code's; limited per phone and per address.
  await app.register(givingRoutes, { prefix: '/api/v2', db, daraja });
  // Every route of this plugin needs a valid token and reads the tenant from it: each area's routes go here.
  await app.register(
    async (api) => {
      api.addHook('onRequest', requireTenant(app, db));
      // Then the route's declared permission against the user's roles: 403 before the body is read.
      api.addHook('onRequest', authorize);
      // Counted per signed-in user once the token is known good: a revoked or forged token spends no one's budget.
      api.addHook('onRequest', limits.perUser);
      await api.register(accountRoutes, { db, tokenTtlSeconds: config.tokenTtlSeconds, limits });
      await api.register(meRoutes, { db });
      await api.register(twoStepRoutes, { db, limits });
      await api.register(sessionRoutes, { db, tokenTtlSeconds: config.tokenTtlSeconds });
      await api.register(securityRoutes, { db });
      await api.register(meetingRoutes, { db });
      await api.register(contactRoutes, { db });
      await api.register(crudRoutes(messageConfigs));
      await api.register(messagingRoutes, { db, outbox });
      await api.register(financeRoutes, { db, outbox, mpesaHashForms: config.mpesaMsisdnHashForms ?? DEFAULT_MSISDN_HASH_FORMS, now });
      await api.register(mpesaSetupRoutes, { db, daraja, hashForms: config.mpesaMsisdnHashForms ?? DEFAULT_MSISDN_HASH_FORMS });
      await api.register(expressRoutes, { db, daraja });
      await api.register(mpesaLookupRoutes, { db, daraja });
      await api.register(campaignMessageRoutes, { outbox });
      await api.register(dashboardRoutes, { now });
      await api.register(staffRoutes, { db, outbox, publicUrl: config.publicUrl });
      await api.register(activityRoutes);
    },
    { prefix: '/api/v2' },
  );

  const hostDist = config.webRoot ? await registerWeb(app, { webRoot: config.webRoot, remotesFile: config.remotesFile }) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (hostDist && isSpaRoute(request.method, request.url)) return sendSpaIndex(reply, hostDist);
    return reply.code(404).send(notFoundBody(request.method, request.url));
  });
  return app;
}
