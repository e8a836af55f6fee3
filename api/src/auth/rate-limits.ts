import { createHmac } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { MemoryHitCounter, PostgresHitCounter, rateLimitStore, type HitCounter } from './rate-limit-store';

/**
 * Every rate limit of the API, on @fastify/rate-limit with our counters (./rate-limit-store.ts):
 *
 * - Logins are counted BEFORE the password is checked, under two keys: the client's address (slows one
 *   machine trying one password over many emails) and the address + email (slows guessing one user's
 *   password). Both keys hold the address, so a stranger elsewhere can never lock a user out. A login that
 *   succeeds takes its hit back (the email's count is forgotten, the address's goes down by one): a busy
 *   office behind one address is slowed only by its failures, not by its users signing in. Only the success's
 *   own hit comes back, never a failure's, so logging in to an account of one's own buys no extra guesses.
 * - The login's "email" is an account key: the email as typed, or the accounts a mobile number (typed in any
 *   form) names, so that each form of one number does not get its own guesses (login-lookup.ts).
 * - Two-step codes (the login's second step, turning two-step off) are counted before the code is checked,
 *   per address and per ACCOUNT whatever the address: whoever gets this far knows the password, and 6 digits
 *   must not be guessed from many addresses at once. A success takes its hits back, as the login's does.
 * - Forgotten-password codes: asking for one is counted per address and per account whatever the address (an
 *   SMS to a person's phone must not be sent on a stranger's repeated whim); entering one per address (each
 *   code also allows only 5 tries).
 * - Password changes are counted per user before the current password is checked (a stolen token must not
 *   become a way to guess the password).
 * - Every authenticated /api/v2 request is counted per signed-in user (the verified token's `sub`; the
 *   address when there is none), after the token guard, so a revoked or forged token never spends a user's
 *   budget. Login, health and the SMS and M-Pesa callbacks (no token; their bursts must never be refused)
 *   are outside it. These counters stay in each process's memory whatever the store: counting them in
 *   PostgreSQL wrote a row on every request of every user (the API performance issue), and the limit is a
 *   brake on runaway clients, not a lock against guessing, so with N processes a user may make up to N times
 *   as many. Logins and password changes, which guard secrets, are counted in the configured store.
 *
 * Fixed windows: "wait 15 minutes" is the longest wait; Retry-After says the exact one.
 */
export interface RateLimitConfig {
  /** Where counters live: this process's memory, or PostgreSQL's `rate_limit_hits` shared by every process. */
  store: 'memory' | 'postgres';
  /** Login attempts per client address per window (LOGIN_LIMIT_PER_IP). */
  loginPerIp: number;
  /** Login attempts per client address + email per window (LOGIN_LIMIT_PER_EMAIL). */
  loginPerEmail: number;
  /** Requests per signed-in user per minute on authenticated routes; 0 = no limit (API_LIMIT_PER_MINUTE). */
  apiPerMinute: number;
}

/** What the environment gives when it says nothing (config.ts); the store then follows the database. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = { store: 'memory', loginPerIp: 30, loginPerEmail: 10, apiPerMinute: 600 };

/**
 * When buildApp is given no limits (API tests, benchmarks: thousands of requests a minute as one user), the
 * login limits hold and the per-user one is off. The server (main.ts) always passes loadConfig's.
 */
export const UNCONFIGURED_RATE_LIMITS: RateLimitConfig = { ...DEFAULT_RATE_LIMITS, apiPerMinute: 0 };

/** The login and password-change window. The refusal texts name it: change both together. */
export const ATTEMPT_WINDOW_MS = 15 * 60_000;
const API_WINDOW_MS = 60_000;
/** The per-user limit's keys: counted in this process's memory. */
const API_KEY_PREFIX = 'api:';
/** Password changes per user per window. */
const PASSWORD_CHANGES_PER_WINDOW = 10;
/** Forgotten-password codes asked for per address, and per account, per window; codes entered per address. */
const RESET_REQUESTS_PER_ADDRESS = 10;
const RESET_REQUESTS_PER_ACCOUNT = 3;
const RESET_CONFIRMS_PER_ADDRESS = 20;

export const TOO_MANY_LOGINS_FOR_EMAIL = 'Too many failed logins for this email. Please wait 15 minutes and try again.';
export const TOO_MANY_LOGINS_FROM_ADDRESS = 'Too many login attempts from this network. Please wait 15 minutes and try again.';
export const TOO_MANY_PASSWORD_CHANGES = 'Too many attempts to change the password. Please wait 15 minutes and try again.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';
export const TOO_MANY_CODES_FOR_ACCOUNT = 'Too many wrong codes for this account. Please wait 15 minutes and try again.';
export const TOO_MANY_CODES_FROM_ADDRESS = 'Too many codes tried from this network. Please wait 15 minutes and try again.';
export const TOO_MANY_RESET_REQUESTS = 'Too many codes asked for. Please wait 15 minutes and use the last code sent, or ask again then.';
export const TOO_MANY_RESET_CODES = 'Too many codes entered from this network. Please wait 15 minutes and try again.';

/** An attempt counted before it is checked. */
export interface Attempt {
  /** Set when the attempt is over a limit: what to answer (429). */
  refused?: { text: string; retryAfterSeconds: number };
  /** The attempt succeeded: takes its hits back (see above). */
  succeeded(): Promise<void>;
}

export interface RateLimits {
  /** `account`: the email as typed, or the key of the accounts the login names (login-lookup.ts accountKey). */
  login(request: FastifyRequest, account: string): Promise<Attempt>;
  /** A two-step code of user `userId` (the login's second step, turning it off). */
  twoStepCode(request: FastifyRequest, userId: number): Promise<Attempt>;
  /** A forgotten password's code asked for `account` (login-lookup.ts accountKey). */
  passwordResetRequest(request: FastifyRequest, account: string): Promise<Attempt>;
  /** A forgotten password's code entered. */
  passwordResetCode(request: FastifyRequest): Promise<Attempt>;
  passwordChange(request: FastifyRequest): Promise<Attempt>;
  /** onRequest hook for authenticated routes, after the token guard; a no-op when apiPerMinute is 0. */
  perUser: onRequestHookHandler;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The client's address as the limits see it: an IPv6 address stands for its /64 (one machine usually has a
 * whole /64). Behind a reverse proxy TRUST_PROXY must be set, or every client has the proxy's address.
 */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip ?? 'unknown', 64);

export async function registerRateLimits(app: FastifyInstance, options: { db: Kysely<Database>; config: RateLimitConfig; keySecret: string }): Promise<RateLimits> {
  const { config } = options;
  const counter: HitCounter = config.store === 'postgres' ? new PostgresHitCounter(options.db) : new MemoryHitCounter();
  const perProcess = new MemoryHitCounter();
  app.addHook('onClose', () => counter.close());
  // Not global: each limit below says where it applies.
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore((key) => (key.startsWith(API_KEY_PREFIX) ? perProcess : counter)) });

  // Keys are stored (PostgreSQL): the email inside one is an HMAC, so the table holds no email address.
  const keyedDigest = createHmac('sha256', options.keySecret).update('ushirika rate-limit keys').digest();
  const emailDigest = (email: string) => createHmac('sha256', keyedDigest).update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

  const limiter = (max: number, timeWindow: number, keyGenerator: (request: FastifyRequest) => string): Limiter => app.createRateLimit({ max, timeWindow, keyGenerator });

  /** Counts the request under `limiter`'s key: the key, and the refusal when it is over the limit. */
  async function count(limit: Limiter, request: FastifyRequest, text: string): Promise<{ key: string; refused?: Attempt['refused'] }> {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return { key: result.key };
    return { key: result.key, refused: { text, retryAfterSeconds: Math.max(1, result.ttlInSeconds) } };
  }

  // createRateLimit's key generator sees only the request: the account (read from the body) is kept beside it.
  const attemptedAccount = new WeakMap<FastifyRequest, string>();
  const accountOf = (request: FastifyRequest) => emailDigest(attemptedAccount.get(request) ?? '');
  const loginByAddress = limiter(config.loginPerIp, ATTEMPT_WINDOW_MS, (request) => `login:ip:${clientAddress(request)}`);
  const loginByAddressAndEmail = limiter(config.loginPerEmail, ATTEMPT_WINDOW_MS, (request) => `login:ip+email:${clientAddress(request)}:${accountOf(request)}`);
  const passwordChanges = limiter(PASSWORD_CHANGES_PER_WINDOW, ATTEMPT_WINDOW_MS, (request) => `password:user:${request.userId}`);
  const codesByAddress = limiter(config.loginPerIp, ATTEMPT_WINDOW_MS, (request) => `two-step:ip:${clientAddress(request)}`);
  const codesByAccount = limiter(config.loginPerEmail, ATTEMPT_WINDOW_MS, (request) => `two-step:user:${accountOf(request)}`);
  const resetsByAddress = limiter(RESET_REQUESTS_PER_ADDRESS, ATTEMPT_WINDOW_MS, (request) => `reset:ip:${clientAddress(request)}`);
  const resetsByAccount = limiter(RESET_REQUESTS_PER_ACCOUNT, ATTEMPT_WINDOW_MS, (request) => `reset:account:${accountOf(request)}`);
  const resetCodesByAddress = limiter(RESET_CONFIRMS_PER_ADDRESS, ATTEMPT_WINDOW_MS, (request) => `reset-code:ip:${clientAddress(request)}`);

  /** Counted by address, then by account: refused by the first over its limit; a success takes its hits back. */
  async function addressThenAccount(request: FastifyRequest, account: string, byAddress: [Limiter, string], byAccount: [Limiter, string]): Promise<Attempt> {
    const address = await count(byAddress[0], request, byAddress[1]);
    if (address.refused) return { refused: address.refused, succeeded: async () => undefined };
    attemptedAccount.set(request, account);
    const owner = await count(byAccount[0], request, byAccount[1]);
    return {
      refused: owner.refused,
      succeeded: async () => {
        await counter.reset(owner.key);
        await counter.refund(address.key);
      },
    };
  }

  const perUser: onRequestHookHandler =
    config.apiPerMinute > 0
      ? app.rateLimit({
          max: config.apiPerMinute,
          timeWindow: API_WINDOW_MS,
          keyGenerator: (request) => `${API_KEY_PREFIX}${request.userId ? `user:${request.userId}` : `ip:${clientAddress(request)}`}`,
          errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
          // A counter that cannot be written must not stop the work: the request meets the database itself next.
          skipOnError: true,
        })
      : async () => undefined;

  return {
    login: (request, account) =>
      addressThenAccount(request, account, [loginByAddress, TOO_MANY_LOGINS_FROM_ADDRESS], [loginByAddressAndEmail, TOO_MANY_LOGINS_FOR_EMAIL]),
    twoStepCode: (request, userId) =>
      addressThenAccount(request, String(userId), [codesByAddress, TOO_MANY_CODES_FROM_ADDRESS], [codesByAccount, TOO_MANY_CODES_FOR_ACCOUNT]),
    // A code asked for is not taken back when it was sent: the limit is on the SMS.
    async passwordResetRequest(request, account) {
      const attempt = await addressThenAccount(request, account, [resetsByAddress, TOO_MANY_RESET_REQUESTS], [resetsByAccount, TOO_MANY_RESET_REQUESTS]);
      return { refused: attempt.refused, succeeded: async () => undefined };
    },
    async passwordResetCode(request) {
      const attempt = await count(resetCodesByAddress, request, TOO_MANY_RESET_CODES);
      return { refused: attempt.refused, succeeded: () => counter.refund(attempt.key) };
    },
    async passwordChange(request) {
      const attempt = await count(passwordChanges, request, TOO_MANY_PASSWORD_CHANGES);
      return { refused: attempt.refused, succeeded: () => counter.reset(attempt.key) };
    },
    perUser,
  };
}
