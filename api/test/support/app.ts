import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginResponse } from '@ushirika/shared/contract';
import { buildApp, type AppConfig, type AppOptions } from '../../src/app';
import type { Database } from '../../src/db/schema';
import { createPartner, createUser } from '../../src/partners/queries';
import type { TestDatabaseKind } from './databases';

export const TEST_PASSWORD = 'Test@2026';

export interface Tenant {
  id: number;
  email: string;
  /** `Authorization` header value for this tenant's user. */
  auth: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** A new partner with one user, logged in. Names are unique per call. `country`: the partner's, 'KE' when not given. */
  newTenant(name?: string, country?: string): Promise<Tenant>;
  /** Another user of the tenant's partner, logged in: `{ firstName, lastName }` default to 'Test' 'User'. */
  newColleague(tenant: Tenant, names?: { firstName: string; lastName: string }): Promise<Tenant>;
  /** `app.inject` with the tenant's token; JSON bodies go in `payload`. */
  as(tenant: Tenant, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let tenantCounter = 0;

/** `options.now`: the clock the dashboards read (a test's fixed instant); the system's by default. */
export async function startTestApp(kind: TestDatabaseKind, config: Partial<AppConfig> = {}, options: Pick<AppOptions, 'now'> = {}): Promise<TestApp> {
  const handle = await kind.open();
  const app = await buildApp({
    db: handle.db,
    config: { jwtSecret: 'test-secret-that-is-long-enough-for-hs256', tokenTtlSeconds: 3600, webRoot: undefined, ...config },
    logger: false,
    ...options,
  });

  async function newTenant(name = 'Tenant', country?: string): Promise<Tenant> {
    tenantCounter += 1;
    const id = await createPartner(handle.db, { name: `${name} ${tenantCounter}`, product: 'general', smsUnits: 0, country });
    return userOf(id);
  }

  async function userOf(partnerId: number, { firstName, lastName } = { firstName: 'Test', lastName: 'User' }): Promise<Tenant> {
    tenantCounter += 1;
    const email = `user${tenantCounter}.${Date.now()}@example.test`;
    await createUser(handle.db, { partnerId, email, password: TEST_PASSWORD, firstName, lastName });
    const response = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    if (response.statusCode !== 200) throw new Error(`test login failed: ${response.body}`);
    return { id: partnerId, email, auth: `Bearer ${response.json<LoginResponse>().access_token}` };
  }

  return {
    app,
    db: handle.db,
    newTenant,
    newColleague: (tenant, names) => userOf(tenant.id, names),
    as: (tenant, options) => app.inject({ ...options, headers: { ...options.headers, authorization: tenant.auth } }),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Starting PGlite (WASM) or creating a PostgreSQL database takes a few seconds, more than jest's 5 s default. */
const START_TIMEOUT_MS = 60_000;

/**
 * A test takes well under a second alone, but logins hash with argon2 (19 MiB each) and test files run
 * in parallel beside builds on small CI machines: jest's 5 s default fails a slow run, not a wrong one.
 */
jest.setTimeout(20_000);

/** A fresh app and database for the enclosing `describe`, closed after it. */
export function useTestApp(kind: TestDatabaseKind, config: Partial<AppConfig> = {}, options: Pick<AppOptions, 'now'> = {}): () => TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await startTestApp(kind, config, options);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await testApp?.close();
  }, START_TIMEOUT_MS);
  return () => {
    if (!testApp) throw new Error('the test app did not start');
    return testApp;
  };
}
