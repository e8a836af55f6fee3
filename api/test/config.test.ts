import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLBACK_SECRET_RULE, ConfigError, EXAMPLE_JWT_SECRET, KNOWN_VARIABLES, loadConfig, REPO_ROOT } from '../src/config';
import { DataDirLockedError, lockDataDir } from '../src/db/data-lock';
import { describeSmsGateway } from '../src/messaging/sms/config';
import { MPESA_CALLBACK_SECRET } from '../src/partners/queries';

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

  // Security review, "Timeouts": none was set. The defaults and their reasons: http/timeouts.ts.
  it('reads the HTTP timeouts, defaults for slow mobile networks, and refuses headers longer than the request', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).httpTimeouts).toEqual({ headersMs: 20_000, requestMs: 300_000, idleMs: 60_000, keepAliveMs: 75_000 });
    const env = { DATA_DIR: dataDir, HTTP_HEADERS_TIMEOUT: '10s', HTTP_REQUEST_TIMEOUT: '10m', HTTP_IDLE_TIMEOUT: '90', HTTP_KEEP_ALIVE_TIMEOUT: '2m' };
    expect(loadConfig(env).httpTimeouts).toEqual({ headersMs: 10_000, requestMs: 600_000, idleMs: 90_000, keepAliveMs: 120_000 });
    expect(() => loadConfig({ ...env, HTTP_HEADERS_TIMEOUT: '11m' })).toThrow('HTTP_HEADERS_TIMEOUT must not be longer than HTTP_REQUEST_TIMEOUT');
    expect(() => loadConfig({ ...env, HTTP_IDLE_TIMEOUT: '0' })).toThrow('HTTP_IDLE_TIMEOUT must be a duration like 3600, 30m, 12h or 7d, got "0"');
    expect(() => loadConfig({ ...env, HTTP_REQUEST_TIMEOUT: '30d' })).toThrow('HTTP_REQUEST_TIMEOUT must be at most 1d, got "30d"');
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

describe('loadConfig: every problem at once', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ushirika-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      if (error instanceof ConfigError) return [...error.problems];
      throw error;
    }
    throw new Error('loadConfig accepted the configuration');
  };

  it('names two bad variables in one error, one a line', () => {
    const env = { DATA_DIR: dataDir, PORT: 'x', TOKEN_TTL: 'forever' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow('PORT must be a port number, got "x"');
    expect(() => loadConfig(env)).toThrow('TOKEN_TTL must be a duration like 3600, 30m, 12h or 7d, got "forever"');
    const lines = (() => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message.split('\n');
      }
      return [];
    })();
    expect(lines).toEqual([
      '2 problems in the configuration:',
      '  - PORT must be a port number, got "x"',
      '  - TOKEN_TTL must be a duration like 3600, 30m, 12h or 7d, got "forever"',
    ]);
  });

  it('keeps a single problem as its own message', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: '70000' })).toThrow(new ConfigError('PORT must be a port number, got "70000"'));
  });

  it('collects the problems of every part: server, rate limits, M-Pesa, SMS gateway and worker', () => {
    expect(
      problemsOf({
        PORT: '-1',
        RATE_LIMIT_STORE: 'redis',
        LOGIN_LIMIT_PER_IP: '0',
        API_LIMIT_PER_MINUTE: 'lots',
        MPESA_CALLBACK_PREFIX: 'c2b',
        MPESA_CALLBACK_SOURCES: '196.201.214.0/24, safaricom.com',
        SMS_PROVIDER: 'africastalking',
        AT_BASE_URL: 'ftp://gateway',
        AT_TIMEOUT: 'soon',
        SMS_WORKER_BATCH: '0',
        SMS_WORKER_POLL: 'often',
        SMS_WORKER_LEASE: 'never',
      }),
    ).toEqual([
      'PORT must be a port number, got "-1"',
      'RATE_LIMIT_STORE must be memory or postgres, got "redis"',
      'LOGIN_LIMIT_PER_IP must be a whole number of at least 1, got "0"',
      'API_LIMIT_PER_MINUTE must be a whole number of at least 0, got "lots"',
      'MPESA_CALLBACK_PREFIX must be a path such as /api/v2/c2b, got "c2b"',
      'MPESA_CALLBACK_SOURCES must list IP addresses or CIDR ranges (196.201.214.0/24), separated by commas; "safaricom.com" is neither',
      'AT_BASE_URL must be an http(s) URL, got "ftp://gateway"',
      'AT_TIMEOUT must be a duration like 3600, 30m, 12h or 7d, got "soon"',
      'SMS_PROVIDER=africastalking needs AT_USERNAME and AT_API_KEY',
      'SMS_WORKER_BATCH must be a whole number from 1 to 10000, got "0"',
      'SMS_WORKER_POLL must be a duration like 3600, 30m, 12h or 7d, got "often"',
      'SMS_WORKER_LEASE must be a duration like 3600, 30m, 12h or 7d, got "never"',
    ]);
  });

  it('writes no generated secret while the configuration has a problem', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'x' })).toThrow(ConfigError);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('refuses the placeholder JWT_SECRET in production, beside the other problems', () => {
    const production = { NODE_ENV: 'production', SMS_PROVIDER: 'dev', SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' };
    expect(problemsOf({ ...production, JWT_SECRET: EXAMPLE_JWT_SECRET })).toEqual([
      'JWT_SECRET is the placeholder from .env.example: set a random secret (e.g. openssl rand -base64 48) when NODE_ENV=production',
    ]);
    expect(problemsOf({ ...production, JWT_SECRET: 'CHANGEME' })[0]).toMatch(/JWT_SECRET is the placeholder/);
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/ushirika', PORT: 'x' })).toEqual([
      'PORT must be a port number, got "x"',
      'No SMS gateway is configured: set SMS_PROVIDER=africastalking with AT_USERNAME and AT_API_KEY (SMS_PROVIDER=dev records messages without sending them)',
      'JWT_SECRET must be set when NODE_ENV=production and DATABASE_URL is set',
      "SECRETS_KEY must be set when NODE_ENV=production: 32 random bytes, e.g. openssl rand -hex 32 (it seals partners' M-Pesa credentials)",
    ]);
    // Outside production the placeholder is a developer's choice.
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: EXAMPLE_JWT_SECRET }).jwtSecret).toBe(EXAMPLE_JWT_SECRET);
  });

  it('reads SECRETS_KEY as 32 bytes of hex or base64 (a generated one kept in the data folder outside production) and DARAJA_BASE_URL as an http(s) address', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' }).secretsKey.toString('hex')).toBe(
      '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    );
    expect(loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') }).secretsKey).toEqual(Buffer.alloc(32, 7));
    expect(problemsOf({ SECRETS_KEY: 'short' })).toEqual(['SECRETS_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)']);
    expect(loadConfig({ DATA_DIR: dataDir, DARAJA_BASE_URL: 'http://127.0.0.1:9300/' }).darajaBaseUrl).toBe('http://127.0.0.1:9300');
    expect(problemsOf({ DARAJA_BASE_URL: 'ftp://daraja' })).toEqual(['DARAJA_BASE_URL must be an http(s) address such as http://127.0.0.1:9300, got "ftp://daraja"']);
    const generated = loadConfig({ DATA_DIR: dataDir }).secretsKey;
    expect(generated).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secretsKey).toEqual(generated);
  });

  it("names the health, metrics and shutdown settings' problems with the others", () => {
    expect(problemsOf({ PORT: 'x', SHUTDOWN_TIMEOUT: 'later' })).toEqual([
      'PORT must be a port number, got "x"',
      'SHUTDOWN_TIMEOUT must be a duration like 3600, 30m, 12h or 7d, got "later"',
    ]);
  });

  it('names a misspelt variable and the one it probably means', () => {
    expect(problemsOf({ JWT_SECRT: 'x'.repeat(40), SMS_WORKERS: '0', log_level: 'debug' })).toEqual([
      'JWT_SECRT is not a variable Ushirika reads: did you mean JWT_SECRET? (.env.example lists them all)',
      'SMS_WORKERS is not a variable Ushirika reads: did you mean SMS_WORKER? (.env.example lists them all)',
      'log_level is not a variable Ushirika reads: did you mean LOG_LEVEL? (.env.example lists them all)',
    ]);
    // Names of other programs, even close to ours, are left alone.
    expect(() => loadConfig({ DATA_DIR: dataDir, HOME: '/root', HOSTNAME: 'vm', PATH: '/bin', E2E_DATA_DIR: dataDir, NODE_OPTIONS: '' })).not.toThrow();
  });
});

/** `NAME=value` and commented-out `# NAME=value` lines of .env.example. */
function exampleVariables(): Map<string, string> {
  const text = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
  return new Map([...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
}

const SET_BY_TOOLS = ['INIT_CWD'];

/** Every variable the server, the worker and `pnpm ops` read, found in their source. */
function variablesReadBySource(): Map<string, string> {
  const found = new Map<string, string>();
  const scan = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') scan(path);
        continue;
      }
      if (!/\.(ts|mts|cts|js|mjs|cjs)$/.test(entry.name) || /\.test\.[a-z]+$/.test(entry.name)) continue;
      const text = readFileSync(path, 'utf8');
      const patterns = [
        /\benv\.([A-Z][A-Z0-9_]*)\b/g, // env.NAME, process.env.NAME
        /\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g, // env['NAME']
      ];
      // The config readers also pass names as strings (value('AT_API_KEY'), readCount(env, 'SMS_WORKER_BATCH', ...)).
      if (/config\.ts$/.test(entry.name)) patterns.push(/['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"`]/g, /\bvalue\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g);
      for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.set(match[1]!, path.slice(REPO_ROOT.length + 1));
    }
  };
  for (const folder of ['api/src', 'scripts']) scan(join(REPO_ROOT, folder));
  // Set by pnpm (the folder it was started in), not by whoever deploys.
  for (const name of SET_BY_TOOLS) found.delete(name);
  return found;
}

describe('.env.example', () => {
  it('lists every variable the source reads', () => {
    const example = exampleVariables();
    const missing = [...variablesReadBySource()].filter(([name]) => !example.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it('lists the variables config.ts knows, and only those', () => {
    expect([...exampleVariables().keys()].sort()).toEqual([...KNOWN_VARIABLES].sort());
    expect([...variablesReadBySource().keys()].filter((name) => !(KNOWN_VARIABLES as readonly string[]).includes(name))).toEqual([]);
  });

  it('holds valid values: refused in production only for its placeholder secrets', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ushirika-config-'));
    try {
      const env = { ...Object.fromEntries(exampleVariables()), DATA_DIR: dataDir };
      expect(() => loadConfig(env)).toThrow(
        [
          '4 problems in the configuration:',
          '  - SMS_CALLBACK_SECRET is the placeholder from .env.example: set a random secret (e.g. openssl rand -hex 24) when NODE_ENV=production',
          '  - METRICS_TOKEN is the .env.example placeholder: set a random token of your own',
          '  - JWT_SECRET is the placeholder from .env.example: set a random secret (e.g. openssl rand -base64 48) when NODE_ENV=production',
          "  - SECRETS_KEY must be set when NODE_ENV=production: 32 random bytes, e.g. openssl rand -hex 32 (it seals partners' M-Pesa credentials)",
        ].join('\n'),
      );
      const own = {
        JWT_SECRET: 'a-secret-long-enough-for-production-use',
        METRICS_TOKEN: 'a-token-of-our-own-1234',
        SMS_CALLBACK_SECRET: 'an-sms-secret-of-our-own',
        SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      };
      expect(loadConfig({ ...env, ...own })).toMatchObject({
        port: 8080,
        sms: { gateway: { provider: 'africastalking' } },
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('loadConfig: the SMS gateway and the outbox worker', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ushirika-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const sms = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'given', SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', ...env }).sms;
  const AT = { AT_USERNAME: 'gracechurch', AT_API_KEY: 'atsk_secret_key' };

  it('uses the dev provider and runs the worker in the server by default, outside production', () => {
    expect(sms({})).toEqual({
      gateway: { provider: 'dev' },
      worker: { inProcess: true, batchSize: 500, pollIntervalMs: 5000, leaseMs: 300_000, pauseBackoff: { firstMs: 60_000, maxMs: 3_600_000 } },
    });
    expect(loadConfig({ DATA_DIR: dataDir, SMS_CALLBACK_SECRET: ' cb-secret-8f2a ' }).smsCallbackSecret).toBe('cb-secret-8f2a');
    expect(loadConfig({ DATA_DIR: dataDir, SMS_CALLBACK_SECRET: ' ' }).smsCallbackSecret).toBeUndefined();
  });

  // Security review: the SMS callback secret had no minimum, the M-Pesa ones (pnpm ops set-mpesa) have 12 characters.
  it('refuses an SMS_CALLBACK_SECRET the M-Pesa secrets would refuse, without showing it, and its placeholder in production', () => {
    expect(CALLBACK_SECRET_RULE.source).toBe(MPESA_CALLBACK_SECRET.source);
    const secret =
      (value: string, env: Record<string, string> = {}) =>
      () =>
        loadConfig({ DATA_DIR: dataDir, SMS_CALLBACK_SECRET: value, ...env });
    for (const [value, why] of [
      ['cb-secret', 'it has 9'],
      ['12345678901', 'it has 11'],
      ['x'.repeat(101), 'it has 101'],
      ['a secret with spaces', 'it holds other characters'],
      ['a/secret/with/slashes', 'it holds other characters'],
    ] as const) {
      expect(secret(value)).toThrow(ConfigError);
      expect(secret(value)).toThrow(`SMS_CALLBACK_SECRET must be 12 to 100 letters, digits, - or _ like the M-Pesa callback secrets (${why}): e.g. openssl rand -hex 24`);
      expect(secret(value)).not.toThrow(value);
    }
    expect(secret('123456789012')().smsCallbackSecret).toBe('123456789012');
    expect(secret('x'.repeat(100))().smsCallbackSecret).toBe('x'.repeat(100));
    const production = { NODE_ENV: 'production', SMS_PROVIDER: 'dev', JWT_SECRET: 'a-secret-long-enough-for-production-use' };
    expect(secret('change-me-sms-callback-secret', production)).toThrow('SMS_CALLBACK_SECRET is the placeholder from .env.example');
    expect(secret('change-me-sms-callback-secret')().smsCallbackSecret).toBe('change-me-sms-callback-secret');
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
    expect(sms({ SMS_WORKER: '0', SMS_WORKER_BATCH: '200', SMS_WORKER_POLL: '1s', SMS_WORKER_LEASE: '2m', SMS_PAUSE_PROBE: '30s' }).worker).toEqual({
      inProcess: false,
      batchSize: 200,
      pollIntervalMs: 1000,
      leaseMs: 120_000,
      pauseBackoff: { firstMs: 30_000, maxMs: 3_600_000 },
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
