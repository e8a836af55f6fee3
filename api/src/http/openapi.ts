import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '@ushirika/shared/contract';

/** One route as Fastify registered it: `GET /api/v2/member/:id`, and the permission it declared (issue 25). */
export interface RouteEntry {
  method: string;
  url: string;
  permission?: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server registered (HEAD routes included), in order: the OpenAPI test walks it. */
    routeTable: RouteEntry[];
  }
}

export const DOCS_PREFIX = '/api/docs';
const API_PREFIX = '/api/v2/';

/** The security scheme every authenticated route takes; login and health say `security: []`. */
export const BEARER = 'bearerAuth';
export const NO_AUTH: Array<Record<string, string[]>> = [];

const apiVersion = (): string => (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The `/api/v2` contract as OpenAPI 3.0.3, built from the route schemas (`./schema.ts`): the document at
 * `/api/docs/json` (and `/yaml`), Swagger UI at `/api/docs` (its assets come inside @fastify/swagger-ui;
 * nothing is fetched at run time). Register before any route: @fastify/swagger collects routes as they
 * are added. Only `/api/v2/...` routes are documented; the static web routes and the docs' own are not.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, permission: route.config?.permission });
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ushirika API',
        version: apiVersion(),
        description: 'The back-office API. Every failure answers `{ status_msg }`, the text to show the user. ' + 'Authentication, tenancy and conventions: docs/api.md.',
      },
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access_token of POST /api/v2/login; the bare token without "Bearer " is accepted too.',
          },
        },
      },
      // Every route needs the token unless it says `security: []` (login, health).
      security: [{ [BEARER]: [] }],
      tags: [
        { name: 'Session', description: 'Health and login' },
        { name: 'Dashboards', description: "Each dashboard's figures in one call: this week (Monday to Sunday in the partner's time zone), 12 months, the newest rows" },
        { name: 'Contacts', description: 'Contacts, group types, groups, group members, import and export' },
        { name: 'Meetings', description: 'Meeting types, meetings and attendance' },
        { name: 'Messaging', description: 'Sends and their cost, messages, resend, uploaded files, SMS units, opted-out numbers, message configs' },
        { name: 'Messaging callbacks', description: "The SMS gateway's delivery reports and incoming messages: no token, a secret in the path" },
        {
          name: 'Finance',
          description: 'Accounts, income with receipt numbers and SMS receipts, expenses, M-Pesa transactions and their allocation, statements and budgets',
        },
      ],
    },
    transform: ({ schema, url }) => ({ schema: url.startsWith(API_PREFIX) ? schema : { ...schema, hide: true }, url }),
  });
  // The docs page answers its own content security policy: swagger-ui's, which allows its inline script by hash.
  // swagger-ui also sets inline styles at run time, which no hash can name: its styles get 'unsafe-inline' (a
  // hash in the directive would disable that keyword, so the directive is replaced whole), never its scripts.
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
}
