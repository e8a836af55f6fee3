import type { FastifyJWTOptions } from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '@ushirika/shared/contract';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
  }
}

/**
 * The one algorithm tokens are signed and verified with (HMAC-SHA256 with JWT_SECRET). @fastify/jwt would
 * otherwise accept any HS* algorithm the secret can check; `alg: none` and public-key algorithms are refused.
 */
export const JWT_ALGORITHM = 'HS256';
export const jwtAlgorithmOptions = { sign: { algorithm: JWT_ALGORITHM }, verify: { algorithms: [JWT_ALGORITHM] } } satisfies Pick<FastifyJWTOptions, 'sign' | 'verify'>;

/**
 * Signs `{ sub, tenantid, gen, sid, iat, exp }`; exp is computed here so the lifetime's unit is never in doubt.
 * `gen` is the user's token generation (users.token_generation): a token of an older generation is refused.
 * `sid` is the sign-in (user_sessions.id, sessions.ts): a token of an ended one is refused.
 */
export function issueToken(app: FastifyInstance, userId: number, tenantId: number, ttlSeconds: number, generation = 0, sessionId?: string | null): string {
  const iat = Math.floor(Date.now() / 1000);
  return app.jwt.sign({ sub: String(userId), tenantid: tenantId, gen: generation, ...(sessionId ? { sid: sessionId } : {}), iat, exp: iat + ttlSeconds });
}

/** A user id as `sub` carries it: a positive integer column value. */
const USER_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;
/** A sign-in's id as `sid` carries it: a UUID (user_sessions.id). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The claims of a validly signed token that has an exp still in the future and well-formed claims, or
 * undefined for anything else. Whether its user still exists and its generation is current is the token
 * guard's question (tenant-hook.ts).
 */
export function readToken(app: FastifyInstance, token: string): TokenClaims | undefined {
  try {
    const claims = app.jwt.verify<TokenClaims & { purpose?: unknown }>(token);
    // A login challenge (login-challenge.ts) is signed with the same key: it is no access token.
    if (claims.purpose !== undefined) return undefined;
    if (typeof claims.sub !== 'string' || !USER_ID.test(claims.sub) || Number(claims.sub) > MAX_ID) return undefined;
    if (typeof claims.exp !== 'number' || !Number.isSafeInteger(claims.tenantid) || claims.tenantid < 1) return undefined;
    if (claims.gen !== undefined && !(Number.isSafeInteger(claims.gen) && claims.gen >= 0)) return undefined;
    if (claims.sid !== undefined && !(typeof claims.sid === 'string' && SESSION_ID.test(claims.sid))) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
