import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '@ushirika/shared/contract';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
  }
}

/** Signs `{ sub, tenantid, iat, exp }`; exp is computed here so the lifetime's unit is never in doubt. */
export function issueToken(app: FastifyInstance, userId: number, tenantId: number, ttlSeconds: number): string {
  const iat = Math.floor(Date.now() / 1000);
  return app.jwt.sign({ sub: String(userId), tenantid: tenantId, iat, exp: iat + ttlSeconds });
}

/** The claims of a valid token that has an exp still in the future, or undefined for anything else. */
export function readToken(app: FastifyInstance, token: string): TokenClaims | undefined {
  try {
    const claims = app.jwt.verify<TokenClaims>(token);
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || !Number.isSafeInteger(claims.tenantid) || claims.tenantid < 1) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
