import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { noPermissionText, type Permission, type RouteAccess } from '@ushirika/shared/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route needs (issue 25): a permission of the shared table, any signed-in user, or nobody.
     * Every /api/v2 route declares it where it is declared; the server refuses to start otherwise.
     */
    permission?: RouteAccess;
  }
  interface FastifyRequest {
    /** What the signed-in user may do now (their roles' permissions; none while a required second step waits to be enrolled). */
    permissions: ReadonlySet<Permission>;
  }
}

/** Thrown at start-up for a route that declares no permission: default deny, decided where the route is. */
export class UndeclaredPermissionError extends Error {
  constructor(route: Pick<RouteOptions, 'method' | 'url'>) {
    super(`${String(route.method)} ${route.url} declares no permission: add config.permission (a permission, 'signed-in' or 'public')`);
  }
}

/** The route options that declare `permission`: `app.get(path, { ...needs('contacts.read'), schema }, handler)`. */
export const needs = (permission: RouteAccess) => ({ config: { permission } });

/** The permission a route declared (undefined only for routes outside /api/v2, which the check below leaves alone). */
export const declaredPermission = (request: FastifyRequest): RouteAccess | undefined => request.routeOptions.config.permission;

/**
 * Registered before any route: every route under /api/v2 must declare what it needs, or the app does not build.
 * (The web's static files, the probes and the API's own documentation at /api/docs are outside it and public.)
 */
export function requireDeclaredPermissions(app: FastifyInstance): void {
  app.decorateRequest('permissions', null as unknown as ReadonlySet<Permission>);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v2/')) return;
    if (route.config?.permission === undefined) throw new UndeclaredPermissionError(route);
  });
}

/**
 * onRequest hook of the authenticated scope, after the token guard: a call the user's roles do not allow
 * answers 403 `{ status_msg: "You do not have permission to …" }` before its body is read, so it changes nothing.
 */
export async function authorize(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const needed = declaredPermission(request);
  if (needed === 'signed-in' || needed === 'public') return;
  if (needed === undefined || !request.permissions.has(needed)) {
    return reply.code(403).send({ status_msg: needed === undefined ? 'You do not have permission to do this.' : noPermissionText(needed) });
  }
}
