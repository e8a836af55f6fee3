import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './auth/rate-limits';
import { readSmsConfig, type SmsConfig } from './messaging/sms/config';

/** Everything the server reads from the environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the server runs PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  /** Access token lifetime in seconds. */
  tokenTtlSeconds: number;
  /** Login, password-change and per-user limits and where their counters live (auth/rate-limits.ts). */
  rateLimits: RateLimitConfig;
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): which proxies' X-Forwarded-For gives the client's address. The
   * rate limits count per address, so behind a reverse proxy it must be set, or every client looks like the proxy.
   */
  trustProxy: TrustProxy;
  /** Folder holding `host/dist` and `remote-<name>/dist`; undefined when the server serves only the API. */
  webRoot: string | undefined;
  /** The secret in the SMS gateway's callback paths (SMS_CALLBACK_SECRET); no callbacks without it. */
  smsCallbackSecret: string | undefined;
  /**
   * Where Safaricom's C2B callbacks are served (MPESA_CALLBACK_PREFIX): `<prefix>/<secret>/validation` and
   * `/confirmation`. Safaricom refuses callback URLs containing "mpesa" or "safaricom", so production sets
   * one without them (e.g. /api/v2/c2b); the default keeps the documented path.
   */
  mpesaCallbackPrefix: string;
  /** The SMS gateway and the outbox worker (SMS_PROVIDER, AT_*, SMS_WORKER*): messaging/sms/config.ts. */
  sms: SmsConfig;
}

/** The repository root, found from this file (api/src/config.ts) so the cwd does not matter. */
export const REPO_ROOT = resolve(__dirname, '..', '..');

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? join(REPO_ROOT, 'data'));
  return {
    port: parsePort(env.PORT ?? '8080'),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    jwtSecret: resolveJwtSecret(env, databaseUrl, dataDir),
    tokenTtlSeconds: parseDuration(env.TOKEN_TTL ?? '12h', 'TOKEN_TTL'),
    rateLimits: readRateLimits(env, databaseUrl),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webRoot: resolveWebRoot(env),
    smsCallbackSecret: nonEmpty(env.SMS_CALLBACK_SECRET),
    mpesaCallbackPrefix: parseCallbackPrefix(env.MPESA_CALLBACK_PREFIX),
    sms: readSmsConfig(env),
  };
}

export const DEFAULT_MPESA_CALLBACK_PREFIX = '/api/v2/mpesa/c2b';

function parseCallbackPrefix(value: string | undefined): string {
  const prefix = nonEmpty(value) ?? DEFAULT_MPESA_CALLBACK_PREFIX;
  if (!/^(\/[A-Za-z0-9._-]+)+$/.test(prefix)) throw new ConfigError(`MPESA_CALLBACK_PREFIX must be a path such as /api/v2/c2b, got "${prefix}"`);
  return prefix;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${value}"`);
  return port;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** "3600", "90s", "30m", "12h", "7d" -> seconds. */
export function parseDuration(value: string, name: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  const amount = match ? Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1) : NaN;
  if (!(amount > 0)) throw new ConfigError(`${name} must be a duration like 3600, 30m, 12h or 7d, got "${value}"`);
  return amount;
}

/**
 * RATE_LIMIT_STORE: `postgres` (the default on PostgreSQL: every API process shares one count) or `memory`
 * (the default on PGlite, which runs in one process). Counts: LOGIN_LIMIT_PER_IP and LOGIN_LIMIT_PER_EMAIL
 * per 15 minutes, API_LIMIT_PER_MINUTE per signed-in user (0 turns that one off).
 */
function readRateLimits(env: Env, databaseUrl: string | undefined): RateLimitConfig {
  const store = nonEmpty(env.RATE_LIMIT_STORE) ?? (databaseUrl ? 'postgres' : 'memory');
  if (store !== 'memory' && store !== 'postgres') throw new ConfigError(`RATE_LIMIT_STORE must be memory or postgres, got "${store}"`);
  return {
    store,
    loginPerIp: parseCount(env.LOGIN_LIMIT_PER_IP, DEFAULT_RATE_LIMITS.loginPerIp, 'LOGIN_LIMIT_PER_IP', 1),
    loginPerEmail: parseCount(env.LOGIN_LIMIT_PER_EMAIL, DEFAULT_RATE_LIMITS.loginPerEmail, 'LOGIN_LIMIT_PER_EMAIL', 1),
    apiPerMinute: parseCount(env.API_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMITS.apiPerMinute, 'API_LIMIT_PER_MINUTE', 0),
  };
}

function parseCount(value: string | undefined, fallback: number, name: string, min: number): number {
  const given = nonEmpty(value);
  if (given === undefined) return fallback;
  const count = /^\d{1,9}$/.test(given) ? Number(given) : NaN;
  if (!(count >= min)) throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${given}"`);
  return count;
}

/** Fastify's `trustProxy`: none, any, the addresses (or CIDR ranges) of the proxies, or a test by hop. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** TRUST_PROXY: unset or `false` = none; `true` = any; a number N = the N proxies nearest the server; else a comma-separated list of addresses or CIDR ranges. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const given = nonEmpty(value);
  if (given === undefined || given === 'false' || given === '0') return false;
  if (given === 'true') return true;
  if (/^\d{1,2}$/.test(given)) {
    const hops = Number(given);
    return (_address, hop) => hop < hops;
  }
  return given
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * A secret generated on a developer machine is persisted so tokens survive restarts. A production
 * server on PostgreSQL may run as several processes, which must share one secret: it has to be given.
 */
function resolveJwtSecret(env: Env, databaseUrl: string | undefined, dataDir: string): string {
  const given = nonEmpty(env.JWT_SECRET);
  if (given) return given;
  if (databaseUrl && env.NODE_ENV === 'production') {
    throw new ConfigError('JWT_SECRET must be set when NODE_ENV=production and DATABASE_URL is set');
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function resolveWebRoot(env: Env): string | undefined {
  if (env.SERVE_WEB === '0') return undefined;
  const given = nonEmpty(env.WEB_ROOT);
  if (given) return resolve(given);
  return existsSync(join(REPO_ROOT, 'host', 'dist', 'index.html')) ? REPO_ROOT : undefined;
}
