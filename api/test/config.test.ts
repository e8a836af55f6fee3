import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';
import { DataDirLockedError, lockDataDir } from '../src/db/data-lock';
import { describeSmsGateway } from '../src/messaging/sms/config';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ushirika-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir, SERVE_WEB: '0' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, dataDir, tokenTtlSeconds: 12 * 3600, webRoot: undefined });
  });

  it('puts the data folder in the repository, not the working directory, by default', () => {
    expect(REPO_ROOT).toBe(join(__dirname, '..', '..'));
  });

  it('generates a JWT secret once, readable only by its owner, and reuses it after a restart', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const file = join(dataDir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('prefers JWT_SECRET and then writes nothing', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'given' }).jwtSecret).toBe('given');
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('refuses to start in production on PostgreSQL without JWT_SECRET', () => {
    const env = { DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/ushirika' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET/);
  });

  it.each([
    ['90s', 90],
    ['30m', 1800],
    ['7d', 604800],
    ['3600', 3600],
  ])('reads TOKEN_TTL=%s as %i seconds', (value, seconds) => {
    expect(loadConfig({ DATA_DIR: dataDir, TOKEN_TTL: value }).tokenTtlSeconds).toBe(seconds);
  });

  it.each([
    ['TOKEN_TTL', 'forever'],
    ['TOKEN_TTL', '0'],
    ['PORT', 'http'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
  });

  it('serves the front ends from WEB_ROOT unless SERVE_WEB=0', () => {
    expect(loadConfig({ DATA_DIR: dataDir, WEB_ROOT: dataDir }).webRoot).toBe(dataDir);
    expect(loadConfig({ DATA_DIR: dataDir, WEB_ROOT: dataDir, SERVE_WEB: '0' }).webRoot).toBeUndefined();
  });
});

describe('loadConfig: the SMS gateway and the outbox worker', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ushirika-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const sms = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'given', ...env }).sms;
  const AT = { AT_USERNAME: 'gracechurch', AT_API_KEY: 'atsk_secret_key' };

  it('uses the dev provider and runs the worker in the server by default, outside production', () => {
    expect(sms({})).toEqual({ gateway: { provider: 'dev' }, worker: { inProcess: true, batchSize: 500, pollIntervalMs: 5000, leaseMs: 300_000 } });
    expect(loadConfig({ DATA_DIR: dataDir, SMS_CALLBACK_SECRET: ' cb-secret ' }).smsCallbackSecret).toBe('cb-secret');
  });

  it("uses Africa's Talking when its key is given, with the sender id, on the live host", () => {
    expect(sms({ ...AT, AT_SENDER_ID: 'GRACECHURCH' }).gateway).toEqual({
      provider: 'africastalking',
      baseUrl: 'https://api.africastalking.com',
      sandbox: false,
      username: 'gracechurch',
      apiKey: 'atsk_secret_key',
      senderId: 'GRACECHURCH',
      timeoutMs: 30_000,
    });
  });

  it("uses the sandbox's host and its username with AT_SANDBOX=1, and AT_BASE_URL over either", () => {
    expect(sms({ SMS_PROVIDER: 'africastalking', AT_SANDBOX: '1', AT_API_KEY: 'k' }).gateway).toMatchObject({
      baseUrl: 'https://api.sandbox.africastalking.com',
      sandbox: true,
      username: 'sandbox',
    });
    expect(sms({ ...AT, AT_BASE_URL: 'http://127.0.0.1:9999/', AT_TIMEOUT: '5s' }).gateway).toMatchObject({ baseUrl: 'http://127.0.0.1:9999', timeoutMs: 5000 });
  });

  it('refuses to start in production without a gateway, but takes an explicit SMS_PROVIDER=dev', () => {
    expect(() => sms({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => sms({ NODE_ENV: 'production' })).toThrow(/No SMS gateway is configured: set SMS_PROVIDER=africastalking/);
    expect(sms({ NODE_ENV: 'production', ...AT }).gateway.provider).toBe('africastalking');
    expect(sms({ NODE_ENV: 'production', SMS_PROVIDER: 'dev' }).gateway.provider).toBe('dev');
  });

  it.each([
    [{ SMS_PROVIDER: 'africastalking', AT_USERNAME: 'x' }, 'SMS_PROVIDER=africastalking needs AT_API_KEY'],
    [{ SMS_PROVIDER: 'africastalking' }, 'needs AT_USERNAME and AT_API_KEY'],
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER must be one of africastalking, dev'],
    [{ ...AT, AT_BASE_URL: 'ftp://gateway' }, 'AT_BASE_URL must be an http(s) URL'],
    [{ ...AT, AT_TIMEOUT: '10m' }, 'SMS_WORKER_LEASE must be longer than AT_TIMEOUT'],
    [{ SMS_WORKER_BATCH: '0' }, 'SMS_WORKER_BATCH must be a whole number from 1 to 10000'],
    [{ SMS_WORKER_POLL: 'often' }, 'SMS_WORKER_POLL must be a duration'],
  ])('refuses %j', (env, message) => {
    expect(() => sms(env)).toThrow(ConfigError);
    expect(() => sms(env)).toThrow(message);
  });

  it('reads the worker settings, SMS_WORKER=0 keeping it out of the server process', () => {
    expect(sms({ SMS_WORKER: '0', SMS_WORKER_BATCH: '200', SMS_WORKER_POLL: '1s', SMS_WORKER_LEASE: '2m' }).worker).toEqual({
      inProcess: false,
      batchSize: 200,
      pollIntervalMs: 1000,
      leaseMs: 120_000,
    });
  });

  it('names the gateway for the start-up lines without its key', () => {
    const line = describeSmsGateway(sms({ ...AT, AT_SENDER_ID: 'GRACECHURCH' }).gateway);
    expect(line).toBe("Africa's Talking at api.africastalking.com, username gracechurch, sender id GRACECHURCH");
    expect(describeSmsGateway({ provider: 'dev' })).toMatch(/NOT really sent/);
  });
});

describe('lockDataDir', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'ushirika-lock-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('lets one process hold the folder and refuses a second with a clear message', () => {
    const folder = join(parent, 'pglite');
    const release = lockDataDir(folder);
    const otherProcess = process.ppid; // alive, and not us
    writeFileSync(`${folder}.lock`, String(otherProcess));

    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(folder)).toThrow(`in use by process ${otherProcess}`);
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const folder = join(parent, 'pglite');
    writeFileSync(`${folder}.lock`, '999999999');
    const release = lockDataDir(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
