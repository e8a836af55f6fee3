import { hash } from '@node-rs/argon2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { MemoryHitCounter, PostgresHitCounter, type HitCounter } from '../src/auth/rate-limit-store';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../src/auth/rate-limits';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/connection';
import { hashPassword } from '../src/auth/passwords';
import { createPartner } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { oneDatabase, testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

const FOR_EMAIL = 'Too many failed logins for this email. Please wait 15 minutes and try again.';
const FROM_ADDRESS = 'Too many login attempts from this network. Please wait 15 minutes and try again.';
const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';
const SECRET = 'test-secret-that-is-long-enough-for-hs256';

/** Each test takes its own client addresses, so the counters of one never reach another. */
let lastAddress = 0;
const newAddress = () => `198.51.100.${(lastAddress += 1)}`;

let lastEmail = 0;
/** `Algorithm.Argon2id`: the package exports a const enum, which isolatedModules cannot inline. */
const ARGON2ID = 2;
/** TEST_PASSWORD hashed once, as the app hashes passwords (argon2id, 19 MiB, 2 passes): each hash takes a moment. */
const productionHash = hashPassword(TEST_PASSWORD);
/**
 * TEST_PASSWORD hashed once as argon2id at a small cost (1 MiB, 1 pass). A login verifies with the cost stored
 * in the hash, so most of the 600-odd logins here take a millisecond instead of some 30: the limits count
 * attempts, and the cost of the check behind them changes no count. The two tests of attempts checked at once
 * keep the production cost, under which concurrent checks overlap as they do in production.
 */
const quickHash = hash(TEST_PASSWORD, { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 });

async function newUser(db: TestApp['db'], passwordHash: Promise<string> = quickHash): Promise<string> {
  lastEmail += 1;
  const email = `limited${lastEmail}.${Date.now()}@example.test`;
  const partnerId = await createPartner(db, { name: `Limited ${lastEmail}`, product: 'general', smsUnits: 0 });
  await db
    .insertInto('users')
    .values({ partner_id: partnerId, email, password_hash: await passwordHash, first_name: 'Test', last_name: 'User', roles: ['owner'] })
    .execute();
  return email;
}

const loginFrom = (app: FastifyInstance, address: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password }, remoteAddress: address });

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const count = (responses: LightMyRequestResponse[], status: number) => statuses(responses).filter((code) => code === status).length;

/** The login limits with each store on each database: PostgreSQL's store runs on PGlite as well. */
const combinations = testDatabases.flatMap(([name, kind]) => (['memory', 'postgres'] as const).map((store) => [`${name}, ${store} store`, kind, store] as const));

describe.each(combinations)('login limits on %s', (_name, database, store) => {
  const limits: RateLimitConfig = { ...DEFAULT_RATE_LIMITS, store };
  const testApp = useTestApp(database, { rateLimits: limits });
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  it('counts attempts before checking them: of 25 wrong passwords sent at once, 10 get 401, the rest 429 with Retry-After', async () => {
    const email = await newUser(t.db, productionHash);
    const address = newAddress();
    const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => loginFrom(t.app, address, email, `guess-${i}`)));

    expect(count(responses, 401)).toBe(10);
    expect(count(responses, 429)).toBe(15);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expectFailure(refused, 429, FOR_EMAIL);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // Past the limit even the right password is refused, from that address.
    expectFailure(await loginFrom(t.app, address, email, TEST_PASSWORD), 429, FOR_EMAIL);
  });

  it('keys on address + email: a stranger elsewhere cannot lock the user out, and other emails from that address still work', async () => {
    const victim = await newUser(t.db);
    const colleague = await newUser(t.db);
    const attacker = newAddress();
    for (let i = 0; i < 10; i += 1) expect((await loginFrom(t.app, attacker, victim, `guess-${i}`)).statusCode).toBe(401);
    expectFailure(await loginFrom(t.app, attacker, victim, TEST_PASSWORD), 429, FOR_EMAIL);
    expectFailure(await loginFrom(t.app, attacker, victim.toUpperCase(), TEST_PASSWORD), 429, FOR_EMAIL);

    expect((await loginFrom(t.app, newAddress(), victim, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom(t.app, attacker, colleague, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('slows one password sprayed over many emails: after 30 attempts from one address, the 31st is refused whatever the email', async () => {
    const sprayer = newAddress();
    const emails = await Promise.all(Array.from({ length: 31 }, () => newUser(t.db)));
    for (const email of emails.slice(0, 30)) expect((await loginFrom(t.app, sprayer, email, 'Summer2026!')).statusCode).toBe(401);

    expectFailure(await loginFrom(t.app, sprayer, emails[30]!, 'Summer2026!'), 429, FROM_ADDRESS);
    expectFailure(await loginFrom(t.app, sprayer, emails[30]!, TEST_PASSWORD), 429, FROM_ADDRESS);
    // Every one of those users still logs in from their own machine.
    expect((await loginFrom(t.app, newAddress(), emails[0]!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('does not spend the budget on logins that succeed: an office behind one address logs in 40 times, then still has its 10 mistakes', async () => {
    const office = newAddress();
    const email = await newUser(t.db);
    for (let i = 0; i < 40; i += 1) expect((await loginFrom(t.app, office, email, TEST_PASSWORD)).statusCode).toBe(200);

    for (let i = 0; i < 10; i += 1) expect((await loginFrom(t.app, office, email, `typo-${i}`)).statusCode).toBe(401);
    expectFailure(await loginFrom(t.app, office, email, TEST_PASSWORD), 429, FOR_EMAIL);
  });

  it('gives no extra guesses for logging in to an account of one’s own: a success takes back its own hit, never a failure’s', async () => {
    const address = newAddress();
    const own = await newUser(t.db);
    const spray = (i: number) => loginFrom(t.app, address, `nobody${i}.${address}@example.test`, 'Summer2026!');
    for (let i = 0; i < 29; i += 1) expect((await spray(i)).statusCode).toBe(401);
    expect((await loginFrom(t.app, address, own, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await spray(29)).statusCode).toBe(401);
    expectFailure(await loginFrom(t.app, address, own, TEST_PASSWORD), 429, FROM_ADDRESS);
    expectFailure(await spray(30), 429, FROM_ADDRESS);
  });

  it('counts forgotten-password codes asked for per account whatever the address, in the configured store (issue 25)', async () => {
    const email = await newUser(t.db);
    const ask = (address: string) => t.app.inject({ method: 'POST', url: '/api/v2/password-reset', payload: { login: email.toUpperCase() }, remoteAddress: address });
    for (let i = 0; i < 3; i += 1) expect((await ask(newAddress())).statusCode).toBe(200);
    expectFailure(await ask(newAddress()), 429, 'Too many codes asked for. Please wait 15 minutes and use the last code sent, or ask again then.');
  });

  it('forgets the email’s failures after a successful login', async () => {
    const address = newAddress();
    const email = await newUser(t.db);
    for (let i = 0; i < 9; i += 1) expect((await loginFrom(t.app, address, email, `typo-${i}`)).statusCode).toBe(401);
    expect((await loginFrom(t.app, address, email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await loginFrom(t.app, address, email, `typo-${i}`)).statusCode).toBe(401);
    expect((await loginFrom(t.app, address, email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('login limits behind a proxy', () => {
  const testApp = useTestApp(oneDatabase, { trustProxy: ['127.0.0.1'] });

  it('count per client address from X-Forwarded-For when TRUST_PROXY names the proxy', async () => {
    const t = testApp();
    const email = await newUser(t.db);
    const viaProxy = (client: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 10; i += 1) expect((await viaProxy('203.0.113.7', `guess-${i}`)).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.7', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.8', TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe.each(testDatabases)('the per-user limit on %s', (_name, database) => {
  const testApp = useTestApp(database, { rateLimits: { ...DEFAULT_RATE_LIMITS, apiPerMinute: 5 }, smsCallbackSecret: 'limits-test-secret' });

  it('refuses a user’s requests over the limit with 429 and Retry-After, counting each user apart', async () => {
    const t = testApp();
    const busy = await t.newTenant();
    const calm = await t.newTenant();
    const list = (tenant: typeof busy) => t.as(tenant, { method: 'GET', url: '/api/v2/meeting_types' });

    const answers = await Promise.all(Array.from({ length: 8 }, () => list(busy)));
    expect(count(answers, 200)).toBe(5);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expectFailure(refused, 429, TOO_MANY_REQUESTS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    expect((await list(calm)).statusCode).toBe(200);
  });

  it('spends no user’s budget on forged or missing tokens, and leaves login, health and the gateway callbacks alone', async () => {
    const t = testApp();
    const tenant = await t.newTenant();
    const forged = tenant.auth.slice(0, -4) + 'AAAA';
    for (let i = 0; i < 10; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v2/meeting_types', headers: { authorization: forged } })).statusCode).toBe(401);
    }
    expect((await t.as(tenant, { method: 'GET', url: '/api/v2/meeting_types' })).statusCode).toBe(200);

    const free = [
      () => t.app.inject({ method: 'GET', url: '/api/v2/health' }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/callbacks/sms/limits-test-secret/delivery',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'id=unknown-message&status=Success&phoneNumber=%2B254700000000',
        }),
    ];
    for (const call of free) {
      const answers = await Promise.all(Array.from({ length: 12 }, call));
      expect(count(answers, 429)).toBe(0);
    }
  });
});

describe.each(testDatabases)('the PostgreSQL store on %s', (_name, database) => {
  /** Two API processes on one database: on PostgreSQL two connection pools, on PGlite (one process) one. */
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  beforeAll(async () => {
    first = await database.open();
    second = first.target.kind === 'postgres' ? await openDatabase(first.target) : { ...first, close: async () => undefined };
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  }, 60_000);

  async function twoProcesses(store: RateLimitConfig['store'], test: (a: FastifyInstance, b: FastifyInstance) => Promise<void>) {
    const config = { jwtSecret: SECRET, tokenTtlSeconds: 3600, webRoot: undefined, rateLimits: { ...DEFAULT_RATE_LIMITS, store } };
    const a = await buildApp({ db: first.db, config, logger: false });
    const b = await buildApp({ db: second.db, config, logger: false });
    try {
      await test(a, b);
    } finally {
      await a.close();
      await b.close();
    }
  }

  it('shares one count between two API processes', () =>
    twoProcesses('postgres', async (a, b) => {
      const email = await newUser(first.db, productionHash);
      const address = newAddress();
      const attempts = await Promise.all(Array.from({ length: 12 }, (_, i) => loginFrom(i % 2 ? a : b, address, email, `guess-${i}`)));
      expect(statuses(attempts).sort()).toEqual([...Array(10).fill(401), 429, 429]);
      expectFailure(await loginFrom(a, address, email, TEST_PASSWORD), 429, FOR_EMAIL);
      expectFailure(await loginFrom(b, address, email, TEST_PASSWORD), 429, FOR_EMAIL);

      // The table holds no email address, in any form a reader could search for.
      const keys = (await first.db.selectFrom('rate_limit_hits').select('key').execute()).map((row) => row.key);
      expect(keys).toContain(`login:ip:${address}`);
      expect(keys.join('\n').toLowerCase()).not.toContain(email.split('@')[0]!.toLowerCase());
    }));

  it('the memory store, by contrast, counts per process', () =>
    twoProcesses('memory', async (a, b) => {
      const email = await newUser(first.db);
      const address = newAddress();
      for (let i = 0; i < 10; i += 1) expect((await loginFrom(a, address, email, `guess-${i}`)).statusCode).toBe(401);
      expect((await loginFrom(a, address, email, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await loginFrom(b, address, email, TEST_PASSWORD)).statusCode).toBe(200);
    }));
});

describe.each(testDatabases)('hit counters on %s', (_name, database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await database.open();
  }, 60_000);
  afterAll(() => handle.close(), 60_000);

  const counters: Array<[string, () => HitCounter]> = [
    ['memory', () => new MemoryHitCounter()],
    ['postgres', () => new PostgresHitCounter(handle.db)],
  ];

  it.each(counters)('%s: counts, refunds, resets and restarts a window that has ended', async (kind, make) => {
    const counter = make();
    const key = `test:${kind}:${Date.now()}`;
    expect(await counter.incr(key, 60_000)).toEqual({ current: 1, ttl: expect.any(Number) });
    expect((await counter.incr(key, 60_000)).current).toBe(2);
    const third = await counter.incr(key, 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(0);
    expect(third.ttl).toBeLessThanOrEqual(60_000);

    await counter.refund(key);
    expect((await counter.incr(key, 60_000)).current).toBe(3);
    await counter.reset(key);
    expect((await counter.incr(key, 60_000)).current).toBe(1);

    // A window of 1 ms has ended by the next call (at least 1 ms later): it starts again at 1.
    const short = `${key}:short`;
    await counter.incr(short, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await counter.incr(short, 1)).current).toBe(1);
    await counter.close();
  });

  it('postgres: concurrent hits on one key get consecutive counts', async () => {
    const counter = new PostgresHitCounter(handle.db);
    const key = `test:concurrent:${Date.now()}`;
    const hits = await Promise.all(Array.from({ length: 30 }, () => counter.incr(key, 60_000)));
    expect(hits.map((hit) => hit.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('memory: keeps at most its number of keys', async () => {
    const counter = new MemoryHitCounter(100);
    for (let i = 0; i < 1000; i += 1) await counter.incr(`key-${i}`, 60_000);
    // The newest keys are still counted; the oldest were dropped to stay within bounds.
    expect((await counter.incr('key-999', 60_000)).current).toBe(2);
    expect((await counter.incr('key-0', 60_000)).current).toBe(1);
  });
});

describe('rate limit settings from the environment', () => {
  const env = { DATA_DIR: '/tmp/ushirika-rate-limit-config', SERVE_WEB: '0', JWT_SECRET: SECRET };

  it('default to 30 logins per address and 10 per address + email per 15 minutes, 600 requests per user per minute', () => {
    expect(loadConfig(env).rateLimits).toEqual({ store: 'memory', loginPerIp: 30, loginPerEmail: 10, apiPerMinute: 600 });
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://x@localhost/x' }).rateLimits.store).toBe('postgres');
    expect(loadConfig(env).trustProxy).toBe(false);
  });

  it('read RATE_LIMIT_STORE, the three counts and TRUST_PROXY', () => {
    const config = loadConfig({
      ...env,
      RATE_LIMIT_STORE: 'postgres',
      LOGIN_LIMIT_PER_IP: '100',
      LOGIN_LIMIT_PER_EMAIL: '5',
      API_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
    });
    expect(config.rateLimits).toEqual({ store: 'postgres', loginPerIp: 100, loginPerEmail: 5, apiPerMinute: 0 });
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    const hops = loadConfig({ ...env, TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1)]).toEqual([true, false]);
  });

  it.each([
    ['RATE_LIMIT_STORE', 'redis'],
    ['LOGIN_LIMIT_PER_IP', '0'],
    ['LOGIN_LIMIT_PER_EMAIL', 'ten'],
    ['API_LIMIT_PER_MINUTE', '-1'],
  ])('refuse %s=%s', (name, value) => {
    expect(() => loadConfig({ ...env, [name]: value })).toThrow(ConfigError);
  });
});
