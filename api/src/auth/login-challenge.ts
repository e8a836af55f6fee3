import type { FastifyInstance } from 'fastify';
import { LOGIN_CHALLENGE_SECONDS, type TokenClaims } from '@ushirika/shared/contract';

/**
 * The login's first step, for a user with two-step sign-in on: a JWT (the tokens' key and algorithm) that
 * says only "this user gave the right password, 5 minutes ago at most", to send back with the code. It has
 * no `tenantid`, so the token guard refuses it for every other call (tokens.ts readToken), and its `gen`
 * makes a password change or "log out everywhere" void it too.
 */
const PURPOSE = 'two-step';

interface ChallengeClaims {
  sub: string;
  purpose: typeof PURPOSE;
  gen: number;
  iat: number;
  exp: number;
}

const USER_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

export function issueChallenge(app: FastifyInstance, userId: number, generation: number): string {
  const iat = Math.floor(Date.now() / 1000);
  const claims: ChallengeClaims = { sub: String(userId), purpose: PURPOSE, gen: generation, iat, exp: iat + LOGIN_CHALLENGE_SECONDS };
  // @fastify/jwt types its payload as the access token's claims: this one is another kind, told by `purpose`.
  return app.jwt.sign(claims as unknown as TokenClaims);
}

/** The user and token generation of a valid, unexpired challenge, or undefined for anything else. */
export function readChallenge(app: FastifyInstance, challenge: string): { userId: number; generation: number } | undefined {
  try {
    const claims = app.jwt.verify<Partial<ChallengeClaims>>(challenge);
    if (claims.purpose !== PURPOSE || typeof claims.sub !== 'string' || !USER_ID.test(claims.sub) || Number(claims.sub) > MAX_ID) return undefined;
    if (!Number.isSafeInteger(claims.gen) || claims.gen! < 0) return undefined;
    return { userId: Number(claims.sub), generation: claims.gen! };
  } catch {
    return undefined;
  }
}
