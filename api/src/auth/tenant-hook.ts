import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { permissionsOf, TWO_STEP_ROLES, type ErrorBody, type PartnerArea, type Permission, type Role } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { staffActor } from '../activity/record';
import { TenantScope } from '../db/tenant-scope';
import { findSessionUser } from './queries';
import { LAST_SEEN_EVERY_MS, touchSession } from './sessions';
import { readToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's partner id, from the verified token. Only set on authenticated routes. */
    tenantId: number;
    userId: number;
    /** The sign-in the token belongs to (user_sessions.id); null for a token issued before sign-ins were kept. */
    sessionId: string | null;
    /** The database as the signed-in partner may see it (every query limited to its rows). */
    tenant: TenantScope;
  }
}

const UNAUTHENTICATED: ErrorBody = { status_msg: 'Please log in again: your session is missing or has expired' };
const WRONG_TENANT: ErrorBody = { status_msg: "You can only work with your own organisation's data" };

/**
 * Guards every route of the plugin it is added to. The token comes as `Authorization: Bearer <t>`
 * or, as the legacy client sends it, the bare token. The tenant is ALWAYS the token's; a `tenantid`
 * query parameter is only compared with it, because the legacy client sends one on every call.
 *
 * A well-signed, unexpired token is still refused when its user no longer exists (or belongs to another
 * partner), or when it was issued before the user's last password change or "log out everywhere" (its
 * `gen` is not the user's token generation). That costs one primary-key lookup per request, uncached: a
 * revocation takes effect on the very next request, in every API process.
 */
export function requireTenant(app: FastifyInstance, db: Kysely<Database>) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const claims = readToken(app, tokenFrom(request.headers.authorization));
    if (!claims) return reply.code(401).send(UNAUTHENTICATED);
    const userId = Number(claims.sub);
    const user = await findSessionUser(db, userId, claims.sid ?? null);
    if (!user || !user.active || user.partner_id !== claims.tenantid || user.token_generation !== (claims.gen ?? 0)) return reply.code(401).send(UNAUTHENTICATED);
    // A token naming a sign-in must find it open; one issued before sign-ins were kept names none.
    if (claims.sid !== undefined && (user.session_id === null || user.session_ended_at !== null)) return reply.code(401).send(UNAUTHENTICATED);
    const asked = (request.query as Record<string, unknown> | undefined)?.tenantid;
    if (asked !== undefined && asked !== '' && String(asked) !== String(claims.tenantid)) {
      return reply.code(403).send(WRONG_TENANT);
    }
    request.tenantId = claims.tenantid;
    request.userId = userId;
    request.sessionId = claims.sid ?? null;
    request.tenant = new TenantScope(db, claims.tenantid, staffActor(userId, request.ip), user.time_zone);
    request.permissions = new Set(effectivePermissions(user));
    const lastSeen = user.session_last_seen_at;
    if (request.sessionId !== null && lastSeen !== null && Date.now() - lastSeen.getTime() > LAST_SEEN_EVERY_MS) await touchSession(db, request.sessionId);
  };
}

/** The user as their permissions are computed: roles, second step, and their partner's rule, product and areas. */
export interface PermissionUser {
  roles: readonly Role[];
  totp_enabled_at: Date | null;
  require_two_step: boolean;
  /** The partner's product: an etracker partner's staff hold the permissions of the areas it has turned on only. */
  product?: string;
  /** The areas an etracker partner has turned on (issue 28.7); none when not read. */
  areas?: readonly PartnerArea[] | null;
}

/**
 * The permissions of the user's roles, without those of the areas an etracker partner has not turned on
 * (contacts, groups and meetings; messaging: the contract's AREA_PERMISSIONS), or none while their partner
 * requires a second step of a role they hold and they have not enrolled one: until then only their own
 * account's routes ('signed-in') answer. This one rule gives the server's refusals and, through the session's
 * permissions, the menus and screens.
 */
export function effectivePermissions(user: PermissionUser): Permission[] {
  if (mustEnrolTwoStep(user)) return [];
  return permissionsOf(user.roles, user.product === undefined ? undefined : { product: user.product, areas: user.areas });
}

/** True while the partner requires a second step of one of the user's roles and the user has none. */
export function mustEnrolTwoStep(user: { roles: readonly Role[]; totp_enabled_at: Date | null; require_two_step: boolean }): boolean {
  return user.require_two_step && user.totp_enabled_at === null && user.roles.some((role) => TWO_STEP_ROLES.includes(role));
}

function tokenFrom(header: string | undefined): string {
  const value = header?.trim() ?? '';
  return /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
}

export function decorateTenant(app: FastifyInstance): void {
  app.decorateRequest('tenantId', 0);
  app.decorateRequest('userId', 0);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tenant', null as unknown as TenantScope);
}
