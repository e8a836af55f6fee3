import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ErrorBody } from '@ushirika/shared/contract';
import type { Database } from '../db/schema';
import { TenantScope } from '../db/tenant-scope';
import { findSessionUser } from './queries';
import { readToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's partner id, from the verified token. Only set on authenticated routes. */
    tenantId: number;
    userId: number;
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
    const user = await findSessionUser(db, userId);
    if (!user || user.partner_id !== claims.tenantid || user.token_generation !== (claims.gen ?? 0)) return reply.code(401).send(UNAUTHENTICATED);
    const asked = (request.query as Record<string, unknown> | undefined)?.tenantid;
    if (asked !== undefined && asked !== '' && String(asked) !== String(claims.tenantid)) {
      return reply.code(403).send(WRONG_TENANT);
    }
    request.tenantId = claims.tenantid;
    request.userId = userId;
    request.tenant = new TenantScope(db, claims.tenantid);
  };
}

function tokenFrom(header: string | undefined): string {
  const value = header?.trim() ?? '';
  return /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
}

export function decorateTenant(app: FastifyInstance): void {
  app.decorateRequest('tenantId', 0);
  app.decorateRequest('userId', 0);
  app.decorateRequest('tenant', null as unknown as TenantScope);
}
