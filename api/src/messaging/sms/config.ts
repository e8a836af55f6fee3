import { ConfigError, ConfigProblems, parseDuration } from '../../config';
import { AFRICAS_TALKING_HOST, AFRICAS_TALKING_SANDBOX_HOST, africasTalkingProvider } from './africas-talking';
import { devSmsProvider } from './dev-provider';
import type { SmsProvider } from './provider';
import { DEFAULT_PAUSE_BACKOFF, type PauseBackoff } from '../outbox/gateway-pause';

/**
 * The SMS settings (docs/operations.md, "SMS gateway"): which gateway sends, and how the outbox worker runs. Read
 * once at start by ../../config.ts. Without a gateway a developer machine uses the dev provider (it
 * records messages as delivered and says so); a production server (NODE_ENV=production) refuses to
 * start instead, unless SMS_PROVIDER=dev asks for the fake out loud.
 */

export type SmsGatewayConfig =
  | {
      provider: 'africastalking';
      baseUrl: string;
      sandbox: boolean;
      username: string;
      apiKey: string;
      /** Sent as `from` when the partner has no `sender_id` message config; the gateway's default when absent. */
      senderId: string | undefined;
      timeoutMs: number;
    }
  | { provider: 'dev' };

export interface OutboxWorkerConfig {
  /** Run the worker inside the web server process (SMS_WORKER=0: another process runs it). */
  inProcess: boolean;
  /** Messages claimed at a time. */
  batchSize: number;
  /** How often an idle worker looks for due messages (a send wakes it at once). */
  pollIntervalMs: number;
  /** How long a claimed or sending message may stay so before recovery takes it back (a dead worker's). */
  leaseMs: number;
  /** After the gateway account could not send (out of credit …): when the first probe goes out; each next one waits twice as long, at most an hour. */
  pauseBackoff: PauseBackoff;
}

export interface SmsConfig {
  gateway: SmsGatewayConfig;
  worker: OutboxWorkerConfig;
}

type Env = Record<string, string | undefined>;

const PROVIDERS = ['africastalking', 'dev'] as const;

const DEV_GATEWAY: SmsGatewayConfig = { provider: 'dev' };
const DEFAULT_LEASE = '5m';
const DEFAULT_AT_TIMEOUT = '30s';

/**
 * Every problem found goes into `problems` (loadConfig names them all at once, then throws, so the
 * stand-in values of bad variables are never used); without it a ConfigError names them.
 */
export function readSmsConfig(env: Env, problems?: ConfigProblems): SmsConfig {
  const collector = problems ?? new ConfigProblems();
  const check = collector.check.bind(collector);
  const gateway = check(() => readGateway(env, collector), DEV_GATEWAY);
  const worker: OutboxWorkerConfig = {
    inProcess: env.SMS_WORKER?.trim() !== '0',
    batchSize: check(() => readCount(env, 'SMS_WORKER_BATCH', 500, 10_000), 500),
    pollIntervalMs: check(() => parseDuration(env.SMS_WORKER_POLL ?? '5s', 'SMS_WORKER_POLL'), 5) * 1000,
    leaseMs: check(() => parseDuration(env.SMS_WORKER_LEASE ?? DEFAULT_LEASE, 'SMS_WORKER_LEASE'), NaN) * 1000,
    pauseBackoff: {
      ...DEFAULT_PAUSE_BACKOFF,
      firstMs: check(() => parseDuration(env.SMS_PAUSE_PROBE ?? '1m', 'SMS_PAUSE_PROBE'), 60) * 1000,
    },
  };
  // Compared only when both were read: a bad one is already named.
  if (gateway.provider === 'africastalking' && worker.leaseMs <= gateway.timeoutMs) {
    collector.add('SMS_WORKER_LEASE must be longer than AT_TIMEOUT: a message being sent would otherwise be taken back while its request runs');
  }
  if (problems === undefined) collector.throwIfAny();
  return { gateway, worker };
}

function readGateway(env: Env, problems: ConfigProblems): SmsGatewayConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const chosen = value('SMS_PROVIDER')?.toLowerCase();
  if (chosen !== undefined && !(PROVIDERS as readonly string[]).includes(chosen)) {
    throw new ConfigError(`SMS_PROVIDER must be one of ${PROVIDERS.join(', ')}, got "${chosen}"`);
  }
  const provider = chosen ?? (value('AT_API_KEY') ? 'africastalking' : undefined);
  if (provider === 'dev') return { provider: 'dev' };
  if (provider === undefined) {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError(
        'No SMS gateway is configured: set SMS_PROVIDER=africastalking with AT_USERNAME and AT_API_KEY (SMS_PROVIDER=dev records messages without sending them)',
      );
    }
    return { provider: 'dev' };
  }

  const sandbox = value('AT_SANDBOX') === '1';
  const username = sandbox ? 'sandbox' : value('AT_USERNAME');
  const apiKey = value('AT_API_KEY');
  const missing = [!username && 'AT_USERNAME', !apiKey && 'AT_API_KEY'].filter(Boolean);
  const defaultHost = sandbox ? AFRICAS_TALKING_SANDBOX_HOST : AFRICAS_TALKING_HOST;
  const baseUrl = problems.check(() => readBaseUrl(value('AT_BASE_URL') ?? defaultHost), defaultHost);
  const timeoutMs = problems.check(() => parseDuration(env.AT_TIMEOUT ?? DEFAULT_AT_TIMEOUT, 'AT_TIMEOUT'), NaN) * 1000;
  if (!username || !apiKey) throw new ConfigError(`SMS_PROVIDER=africastalking needs ${missing.join(' and ')}`);
  return {
    provider: 'africastalking',
    baseUrl,
    sandbox,
    username,
    apiKey,
    senderId: value('AT_SENDER_ID'),
    timeoutMs,
  };
}

function readBaseUrl(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw new ConfigError(`AT_BASE_URL must be an http(s) URL, got "${text}"`);
  return text.replace(/\/+$/, '');
}

function readCount(env: Env, name: string, fallback: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > max) throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${text}"`);
  return count;
}

/** The provider the settings name. `warn` hears the dev provider's start-up warning. */
export function smsProviderFor(gateway: SmsGatewayConfig, warn: (message: string) => void): SmsProvider {
  return gateway.provider === 'dev' ? devSmsProvider(warn) : africasTalkingProvider(gateway);
}

/** One line for the start-up banner: which gateway, never its key. */
export function describeSmsGateway(gateway: SmsGatewayConfig): string {
  if (gateway.provider === 'dev')
    return 'dev provider: messages are recorded as delivered but NOT really sent (set AT_USERNAME and AT_API_KEY: docs/operations.md, "SMS gateway")';
  const host = new URL(gateway.baseUrl).host;
  return `Africa's Talking${gateway.sandbox ? ' sandbox' : ''} at ${host}, username ${gateway.username}${gateway.senderId ? `, sender id ${gateway.senderId}` : ''}`;
}
