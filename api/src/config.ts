import { EXPRESS_QUERY_AFTER_MS } from '@ushirika/shared/contract';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './auth/rate-limits';
import { parseSourceAllowList, type SourceAllowList } from './http/source-allow-list';
import { DEFAULT_HTTP_TIMEOUTS, httpTimeoutsProblem, type HttpTimeouts } from './http/timeouts';
import { readSmsConfig, type SmsConfig } from './messaging/sms/config';
import { readOperationsConfig } from './operations-config';

/** Everything the server reads from the environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the server runs PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * The database owner's connection string (MIGRATION_DATABASE_URL), when the application connects as a role of its
   * own (scripts/app-role.sql): each process runs the migrations over it, closes it, then works over DATABASE_URL.
   * Unset: the migrations run over DATABASE_URL.
   */
  migrationDatabaseUrl: string | undefined;
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
  /**
   * The address people open the product at (PUBLIC_URL, e.g. https://ushirika.example.org, no trailing slash):
   * staff invitation links point there (staff/invitations.ts). Unset: the address the inviting request came to.
   */
  publicUrl: string | undefined;
  /** Folder holding `host/dist` and `remote-<name>/dist`; undefined when the server serves only the API. */
  webRoot: string | undefined;
  /** Which build of each remote is live (REMOTES_FILE, default `<dataDir>/remotes.json`): web/remote-versions.ts. */
  remotesFile: string;
  /** The secret in the SMS gateway's callback paths (SMS_CALLBACK_SECRET); no callbacks without it. */
  smsCallbackSecret: string | undefined;
  /**
   * Where Safaricom's C2B callbacks are served (MPESA_CALLBACK_PREFIX): `<prefix>/<secret>/validation` and
   * `/confirmation`. Safaricom refuses callback URLs containing "mpesa", "safaricom", "exe", "cmd", "sql" or
   * "query", so the default has none (/api/v2/c2b); with the default, the former default path is served too
   * (finance/mpesa/callbacks.ts `mpesaCallbackPrefixes`).
   */
  mpesaCallbackPrefix: string;
  /**
   * The key partners' Daraja secrets are sealed with (SECRETS_KEY: 32 bytes as 64 hex digits or base64; AES-256-GCM,
   * partners/secrets.ts). Required in production; elsewhere generated once into `<dataDir>/secrets-key`.
   */
  secretsKey: Buffer;
  /**
   * DARAJA_BASE_URL: every Daraja call goes to this address (a fake in tests) instead of Safaricom's sandbox or
   * production host chosen by the partner's environment.
   */
  darajaBaseUrl: string | undefined;
  /**
   * MPESA_QUERY_AFTER: how long a prompt waits for its callback before the reconciler asks STK Query about it
   * (default 2m, EXPRESS_QUERY_AFTER_MS); crash tests shorten it.
   */
  mpesaQueryAfterMs: number;
  /**
   * Where each provider's callbacks may come from (MPESA_CALLBACK_SOURCES, SMS_CALLBACK_SOURCES: addresses and
   * CIDR ranges): http/source-allow-list.ts. Unset: any source, guarded by the secret in the path alone.
   */
  mpesaCallbackSources: SourceAllowList | undefined;
  smsCallbackSources: SourceAllowList | undefined;
  /** M-Pesa callbacks with an unknown secret kept per source address per minute (MPESA_CALLBACK_LIMIT_PER_IP): finance/mpesa/callbacks.ts. */
  mpesaCallbackLimitPerIp: number;
  /**
   * The forms of a payer's number whose SHA-256 a hashed MSISDN may be (MPESA_MSISDN_HASH_FORMS, e.g.
   * `international,national`), in the order tried: finance/mpesa/payer-match.ts.
   */
  mpesaMsisdnHashForms: readonly MsisdnHashForm[];
  /** The SMS gateway and the outbox worker (SMS_PROVIDER, AT_*, SMS_WORKER*): messaging/sms/config.ts. */
  sms: SmsConfig;
  /** How long the server waits on a client: headers, whole request, idle connection, keep-alive (HTTP_*_TIMEOUT): http/timeouts.ts. */
  httpTimeouts: HttpTimeouts;
}

/** The repository root, found from this file (api/src/config.ts) so the cwd does not matter. */
export const REPO_ROOT = resolve(__dirname, '..', '..');

/**
 * A configuration the server cannot start with. `problems` holds one message per bad variable; the message
 * is that one message, or all of them, one a line, under a heading saying how many.
 */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(message: string | readonly string[]) {
    const problems = typeof message === 'string' ? [message] : message;
    super(problems.length === 1 ? problems[0]! : [`${problems.length} problems in the configuration:`, ...problems.map((problem) => `  - ${problem}`)].join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Collects configuration problems so that one start names them all, not only the first. Parsers keep
 * throwing `ConfigError`; `check` records the message and carries on with a fallback value.
 */
export class ConfigProblems {
  private readonly messages: string[] = [];

  add(message: string): void {
    this.messages.push(message);
  }

  /** `read()`, or `fallback` once its ConfigError is recorded. Any other error is a bug and goes on up. */
  check<T>(read: () => T, fallback: T): T {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      for (const problem of error.problems) this.add(problem);
      return fallback;
    }
  }

  get count(): number {
    return this.messages.length;
  }

  /** Throws one ConfigError naming every problem recorded, if there is any. */
  throwIfAny(): void {
    if (this.messages.length > 0) throw new ConfigError([...this.messages]);
  }
}

type Env = Record<string, string | undefined>;

/**
 * Every environment variable the server, the SMS worker and `pnpm ops` read. `.env.example` at the
 * repository root lists the same names (test/config.test.ts checks both against the source), and a
 * variable one letter away from one of them is refused as a likely misspelling.
 */
export const KNOWN_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'MIGRATION_DATABASE_URL',
  'DATA_DIR',
  'JWT_SECRET',
  'TOKEN_TTL',
  'WEB_ROOT',
  'SERVE_WEB',
  'REMOTES_FILE',
  'SEED_DEMO',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'PUBLIC_URL',
  'RATE_LIMIT_STORE',
  'LOGIN_LIMIT_PER_IP',
  'LOGIN_LIMIT_PER_EMAIL',
  'API_LIMIT_PER_MINUTE',
  'METRICS_TOKEN',
  'SHUTDOWN_TIMEOUT',
  'HTTP_HEADERS_TIMEOUT',
  'HTTP_REQUEST_TIMEOUT',
  'HTTP_IDLE_TIMEOUT',
  'HTTP_KEEP_ALIVE_TIMEOUT',
  'READYZ_WORKER',
  'WORKER_METRICS_PORT',
  'MPESA_CALLBACK_PREFIX',
  'MPESA_CALLBACK_SOURCES',
  'MPESA_CALLBACK_LIMIT_PER_IP',
  'MPESA_MSISDN_HASH_FORMS',
  'SECRETS_KEY',
  'DARAJA_BASE_URL',
  'MPESA_QUERY_AFTER',
  'SMS_CALLBACK_SECRET',
  'SMS_CALLBACK_SOURCES',
  'SMS_PROVIDER',
  'AT_USERNAME',
  'AT_API_KEY',
  'AT_SENDER_ID',
  'AT_SANDBOX',
  'AT_BASE_URL',
  'AT_TIMEOUT',
  'SMS_WORKER',
  'SMS_WORKER_BATCH',
  'SMS_WORKER_POLL',
  'SMS_WORKER_LEASE',
  'SMS_PAUSE_PROBE',
  'OPS_PASSWORD',
] as const;

/** The JWT_SECRET placeholder in .env.example: a production server refuses it. */
export const EXAMPLE_JWT_SECRET = 'change-me-to-a-long-random-string';

export function loadConfig(env: Env = process.env): Config {
  const problems = new ConfigProblems();
  const check = problems.check.bind(problems);
  for (const message of misspeltVariables(env)) problems.add(message);

  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? join(REPO_ROOT, 'data'));
  const config: Omit<Config, 'jwtSecret' | 'secretsKey'> = {
    port: check(() => parsePort(env.PORT ?? '8080'), 8080),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl,
    migrationDatabaseUrl: check(() => parseMigrationUrl(env.MIGRATION_DATABASE_URL, databaseUrl), undefined),
    dataDir,
    tokenTtlSeconds: check(() => parseDuration(env.TOKEN_TTL ?? '12h', 'TOKEN_TTL'), 12 * 3600),
    rateLimits: readRateLimits(env, databaseUrl, problems),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: check(() => parsePublicUrl(env.PUBLIC_URL), undefined),
    webRoot: resolveWebRoot(env),
    remotesFile: resolve(nonEmpty(env.REMOTES_FILE) ?? join(dataDir, 'remotes.json')),
    smsCallbackSecret: check(() => parseSmsCallbackSecret(env), undefined),
    mpesaCallbackPrefix: check(() => parseCallbackPrefix(env.MPESA_CALLBACK_PREFIX), DEFAULT_MPESA_CALLBACK_PREFIX),
    mpesaCallbackSources: check(() => readSourceAllowList(env, 'MPESA_CALLBACK_SOURCES'), undefined),
    smsCallbackSources: check(() => readSourceAllowList(env, 'SMS_CALLBACK_SOURCES'), undefined),
    mpesaCallbackLimitPerIp: check(
      () => parseCount(env.MPESA_CALLBACK_LIMIT_PER_IP, DEFAULT_MPESA_CALLBACK_LIMIT_PER_IP, 'MPESA_CALLBACK_LIMIT_PER_IP', 1),
      DEFAULT_MPESA_CALLBACK_LIMIT_PER_IP,
    ),
    mpesaMsisdnHashForms: check(() => parseMsisdnHashForms(env.MPESA_MSISDN_HASH_FORMS), DEFAULT_MSISDN_HASH_FORMS),
    darajaBaseUrl: check(() => parseDarajaBaseUrl(env.DARAJA_BASE_URL), undefined),
    mpesaQueryAfterMs: check(() => parseDuration(env.MPESA_QUERY_AFTER ?? '2m', 'MPESA_QUERY_AFTER'), EXPRESS_QUERY_AFTER_MS / 1000) * 1000,
    sms: readSmsConfig(env, problems),
    httpTimeouts: readHttpTimeouts(env, problems),
  };
  // Health, metrics and shutdown settings are read by main.ts and worker-cli.ts (operations-config.ts);
  // checked here too, so that their problems are named with the others.
  problems.check(() => readOperationsConfig(env, config.sms), undefined);
  checkJwtSecret(env, databaseUrl, problems);
  const givenSecretsKey = check(() => parseSecretsKey(env), undefined);
  problems.throwIfAny();
  // Only a valid configuration may write a generated secret into the data folder.
  return { ...config, jwtSecret: resolveJwtSecret(env, dataDir), secretsKey: givenSecretsKey ?? generatedSecretsKey(dataDir) };
}

/** DARAJA_BASE_URL: an http(s) origin (and path), no trailing slash. */
export function parseDarajaBaseUrl(value: string | undefined): string | undefined {
  return parseHttpAddress(value, (given) => `DARAJA_BASE_URL must be an http(s) address such as http://127.0.0.1:9300, got "${given}"`);
}

/** SECRETS_KEY: 32 bytes, as 64 hex digits or base64; required when NODE_ENV=production. Undefined: generate one. */
export function parseSecretsKey(env: Env): Buffer | undefined {
  const given = nonEmpty(env.SECRETS_KEY);
  if (given === undefined) {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError("SECRETS_KEY must be set when NODE_ENV=production: 32 random bytes, e.g. openssl rand -hex 32 (it seals partners' M-Pesa credentials)");
    }
    return undefined;
  }
  const key = /^[0-9a-fA-F]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
  if (key.length !== 32) throw new ConfigError('SECRETS_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)');
  return key;
}

/** A developer machine's key, generated once and kept beside the JWT secret so sealed secrets survive restarts. */
function generatedSecretsKey(dataDir: string): Buffer {
  const file = join(dataDir, 'secrets-key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(stored)) return Buffer.from(stored, 'hex');
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** MIGRATION_DATABASE_URL: only beside a DATABASE_URL (PGlite has one role). */
function parseMigrationUrl(value: string | undefined, databaseUrl: string | undefined): string | undefined {
  const url = nonEmpty(value);
  if (url !== undefined && databaseUrl === undefined) throw new Error('MIGRATION_DATABASE_URL needs DATABASE_URL: the embedded database has no roles');
  return url;
}

export const DEFAULT_MPESA_CALLBACK_PREFIX = '/api/v2/c2b';
/** The default before issue 31: URLs registered under it keep working while the prefix is the default. */
export const FORMER_MPESA_CALLBACK_PREFIX = '/api/v2/mpesa/c2b';

/**
 * The strings Safaricom may hash a payer's number as (C2B callbacks carry a SHA-256 hex digest; which string is
 * hashed is not published): `international` 2547XXXXXXXX (E.164 without '+'), `national` 07XXXXXXXX.
 * Each has an index on members (migration 0021), so a form without one is no choice here.
 */
export const MSISDN_HASH_FORMS = ['international', 'national'] as const;
export type MsisdnHashForm = (typeof MSISDN_HASH_FORMS)[number];
export const DEFAULT_MSISDN_HASH_FORMS: readonly MsisdnHashForm[] = MSISDN_HASH_FORMS;

/** MPESA_MSISDN_HASH_FORMS: forms joined with commas, in the order tried; unset or empty: both. */
export function parseMsisdnHashForms(value: string | undefined): readonly MsisdnHashForm[] {
  const given = nonEmpty(value);
  if (given === undefined) return DEFAULT_MSISDN_HASH_FORMS;
  const forms = [...new Set(given.split(',').map((form) => form.trim().toLowerCase()))];
  const unknown = forms.filter((form) => !(MSISDN_HASH_FORMS as readonly string[]).includes(form));
  if (unknown.length > 0 || forms.length === 0) {
    throw new ConfigError(`MPESA_MSISDN_HASH_FORMS must be one or more of ${MSISDN_HASH_FORMS.join(', ')} joined with commas, got "${given}"`);
  }
  return forms as MsisdnHashForm[];
}

/** Unknown-secret M-Pesa callbacks kept per source address per minute: a partner's own callbacks are never counted. */
export const DEFAULT_MPESA_CALLBACK_LIMIT_PER_IP = 60;

/**
 * The rule of an M-Pesa callback secret (partners/queries.ts MPESA_CALLBACK_SECRET, `pnpm ops set-mpesa`), kept
 * equal to it by test/config.test.ts: 12 to 100 letters, digits, - or _. The secret is all that guards the
 * callbacks, it sits in a path (no / ? # % or spaces), and Fastify matches path parameters of 100 characters at most.
 */
export const CALLBACK_SECRET_RULE = /^[A-Za-z0-9_-]{12,100}$/;

/** SMS_CALLBACK_SECRET: unset (no callback routes), or a secret of the M-Pesa secrets' rule; never the placeholder in production. */
function parseSmsCallbackSecret(env: Env): string | undefined {
  const secret = nonEmpty(env.SMS_CALLBACK_SECRET);
  if (secret === undefined) return undefined;
  if (!CALLBACK_SECRET_RULE.test(secret)) {
    // The secret itself stays out of the message, which ends up in logs.
    const why = secret.length < 12 || secret.length > 100 ? `it has ${secret.length}` : 'it holds other characters';
    throw new ConfigError(`SMS_CALLBACK_SECRET must be 12 to 100 letters, digits, - or _ like the M-Pesa callback secrets (${why}): e.g. openssl rand -hex 24`);
  }
  if (env.NODE_ENV === 'production' && /change[-_ ]?me/i.test(secret)) {
    throw new ConfigError('SMS_CALLBACK_SECRET is the placeholder from .env.example: set a random secret (e.g. openssl rand -hex 24) when NODE_ENV=production');
  }
  return secret;
}

function parseCallbackPrefix(value: string | undefined): string {
  const prefix = nonEmpty(value) ?? DEFAULT_MPESA_CALLBACK_PREFIX;
  if (!/^(\/[A-Za-z0-9._-]+)+$/.test(prefix)) throw new ConfigError(`MPESA_CALLBACK_PREFIX must be a path such as /api/v2/c2b, got "${prefix}"`);
  return prefix;
}

function readSourceAllowList(env: Env, variable: 'MPESA_CALLBACK_SOURCES' | 'SMS_CALLBACK_SOURCES'): SourceAllowList | undefined {
  try {
    return parseSourceAllowList(variable, env[variable]);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
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

/** HTTP_HEADERS_TIMEOUT, HTTP_REQUEST_TIMEOUT, HTTP_IDLE_TIMEOUT, HTTP_KEEP_ALIVE_TIMEOUT: durations up to a day (http/timeouts.ts). */
function readHttpTimeouts(env: Env, problems: ConfigProblems): HttpTimeouts {
  type Name = 'HTTP_HEADERS_TIMEOUT' | 'HTTP_REQUEST_TIMEOUT' | 'HTTP_IDLE_TIMEOUT' | 'HTTP_KEEP_ALIVE_TIMEOUT';
  const milliseconds = (name: Name, fallback: number) =>
    problems.check(() => {
      const given = nonEmpty(env[name]);
      if (given === undefined) return fallback;
      const seconds = parseDuration(given, name);
      // Node's timers take at most 24.8 days, and silently fire at once beyond.
      if (seconds > UNIT_SECONDS.d!) throw new ConfigError(`${name} must be at most 1d, got "${given}"`);
      return seconds * 1000;
    }, fallback);
  const timeouts: HttpTimeouts = {
    headersMs: milliseconds('HTTP_HEADERS_TIMEOUT', DEFAULT_HTTP_TIMEOUTS.headersMs),
    requestMs: milliseconds('HTTP_REQUEST_TIMEOUT', DEFAULT_HTTP_TIMEOUTS.requestMs),
    idleMs: milliseconds('HTTP_IDLE_TIMEOUT', DEFAULT_HTTP_TIMEOUTS.idleMs),
    keepAliveMs: milliseconds('HTTP_KEEP_ALIVE_TIMEOUT', DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
  };
  const problem = httpTimeoutsProblem(timeouts);
  if (problem) problems.add(problem);
  return problem ? DEFAULT_HTTP_TIMEOUTS : timeouts;
}

/**
 * RATE_LIMIT_STORE: `postgres` (the default on PostgreSQL: every API process shares one count) or `memory`
 * (the default on PGlite, which runs in one process). Counts: LOGIN_LIMIT_PER_IP and LOGIN_LIMIT_PER_EMAIL
 * per 15 minutes, API_LIMIT_PER_MINUTE per signed-in user (0 turns that one off).
 */
function readRateLimits(env: Env, databaseUrl: string | undefined, problems: ConfigProblems): RateLimitConfig {
  const fallbackStore = databaseUrl ? 'postgres' : 'memory';
  const store = nonEmpty(env.RATE_LIMIT_STORE) ?? fallbackStore;
  const count = (name: 'LOGIN_LIMIT_PER_IP' | 'LOGIN_LIMIT_PER_EMAIL' | 'API_LIMIT_PER_MINUTE', fallback: number, min: number) =>
    problems.check(() => parseCount(env[name], fallback, name, min), fallback);
  if (store !== 'memory' && store !== 'postgres') problems.add(`RATE_LIMIT_STORE must be memory or postgres, got "${store}"`);
  return {
    store: store === 'memory' || store === 'postgres' ? store : fallbackStore,
    loginPerIp: count('LOGIN_LIMIT_PER_IP', DEFAULT_RATE_LIMITS.loginPerIp, 1),
    loginPerEmail: count('LOGIN_LIMIT_PER_EMAIL', DEFAULT_RATE_LIMITS.loginPerEmail, 1),
    apiPerMinute: count('API_LIMIT_PER_MINUTE', DEFAULT_RATE_LIMITS.apiPerMinute, 0),
  };
}

function parseCount(value: string | undefined, fallback: number, name: string, min: number): number {
  const given = nonEmpty(value);
  if (given === undefined) return fallback;
  const count = /^\d{1,9}$/.test(given) ? Number(given) : NaN;
  if (!(count >= min)) throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${given}"`);
  return count;
}

/** PUBLIC_URL: unset, or an http(s) address without query or fragment; answered without a trailing slash. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  return parseHttpAddress(value, (given) => `PUBLIC_URL must be the http(s) address people open the product at, e.g. https://ushirika.example.org, got "${given}"`);
}

/**
 * An http(s) address of an environment variable (PUBLIC_URL, DARAJA_BASE_URL): no query, fragment or user, kept
 * without its trailing slashes; undefined when unset. `refusal` words the ConfigError.
 */
function parseHttpAddress(value: string | undefined, refusal: (given: string) => string): string | undefined {
  const given = nonEmpty(value);
  if (given === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ConfigError(refusal(given));
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
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
 * A production server on PostgreSQL may run as several processes, which must share one secret: it has to
 * be given. A production server also refuses the .env.example placeholder (or any "change me"): anyone who
 * reads the example would sign tokens as anyone.
 */
function checkJwtSecret(env: Env, databaseUrl: string | undefined, problems: ConfigProblems): void {
  if (env.NODE_ENV !== 'production') return;
  const given = nonEmpty(env.JWT_SECRET);
  if (!given) {
    if (databaseUrl) problems.add('JWT_SECRET must be set when NODE_ENV=production and DATABASE_URL is set');
  } else if (given === EXAMPLE_JWT_SECRET || /change[-_ ]?me/i.test(given)) {
    problems.add('JWT_SECRET is the placeholder from .env.example: set a random secret (e.g. openssl rand -base64 48) when NODE_ENV=production');
  }
}

/** A secret generated on a developer machine (or a one-process PGlite server) is persisted so tokens survive restarts. */
function resolveJwtSecret(env: Env, dataDir: string): string {
  const given = nonEmpty(env.JWT_SECRET);
  if (given) return given;
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

/**
 * Variables one edit (a letter added, dropped, changed, or two swapped) or only letter case away from
 * one we read: a misspelt name would otherwise be ignored without a word, its default silently used.
 */
export function misspeltVariables(env: Env): string[] {
  const known = new Set<string>(KNOWN_VARIABLES);
  const messages: string[] = [];
  for (const name of Object.keys(env)) {
    if (known.has(name) || name.length < 5 || env[name] === undefined) continue;
    const meant = KNOWN_VARIABLES.find((candidate) => candidate === name.toUpperCase() || editDistanceAtMostOne(name, candidate));
    if (meant) messages.push(`${name} is not a variable Ushirika reads: did you mean ${meant}? (.env.example lists them all)`);
  }
  return messages;
}

/** Whether `a` becomes `b` by one insertion, deletion, substitution or swap of neighbours. */
function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  if (restA.length <= 1 && restB.length <= 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}
